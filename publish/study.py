"""The student's own copy of the course: a folder of student notebooks and the glossary they
link to, where a student works in JupyterLab while `lessons/` stays the instructor's source.

Preparing it again never overwrites a file the student changed: the copy keeps a record of
what it last wrote to each file, and a new version of a changed file goes beside it."""

import hashlib
import json
import os
import platform
import shutil
import sys
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path

from checks.course import read_lesson
from checks.course_path import with_course_on_path
from checks.definition import LESSONS_DIR, CourseError, read_definition
from checks.markers import ToolNames
from checks.glossary import GLOSSARY_FILE
from checks.student.progress_file import STUDY_MARKER
from publish.student import GLOSSARY_NAME, STUDENT_SETTINGS, student_notebook

# What was last written to each file of the copy, by its sha256; it marks the folder as a
# student's copy, where the student's progress is recorded (checks.student.progress, beside it in
# ilerleme.jsonl, which preparing the copy again never touches).
RECORD = STUDY_MARKER
LAB_SETTINGS = ".jupyterlab"  # JupyterLab's application settings for the copy
# Jupyter's runtime files (the server's address, the kernels' connection files) and
# JupyterLab's workspaces, kept in the copy instead of the home folder; there the study command
# also finds a JupyterLab already serving the copy.
RUNTIME_DIR = Path(".jupyter") / "runtime"
WORKSPACES_DIR = Path(".jupyter") / "workspaces"
LANGUAGE_PACKS = "jupyterlab.languagepack"  # the entry points of JupyterLab's language packs
TRANSLATION = "@jupyterlab/translation-extension:plugin"  # its setting `locale` picks one
# The copy's kernels' IPython folder: its startup file gives every kernel the student's tools,
# as the lessons import them, so that after a restart any cell finds them (not a NameError).
IPYTHON_DIR = ".ipython"
STARTUP = Path("profile_default") / "startup" / "00-kurs-araclari.py"


def tools_startup(tools: ToolNames) -> str:
    """The startup file's code: every tool, by the names of the course's lessons."""
    return tools.import_line(*sorted(tools.calls)) + "\n"


def course_files(root: Path) -> dict[str, bytes]:
    """The copy's files, by name: every lesson in course order as a student notebook, then the
    glossary. Raises CourseError, naming the file, for a lesson that cannot be read. The
    notebooks name this Python's version, which the copy's kernels run (the study command runs
    in the student's environment), so that opening one in JupyterLab changes nothing in it."""
    definition = read_definition(root)
    files = {name: student_notebook(read_lesson(root / LESSONS_DIR / name).notebook,
                                    python=platform.python_version())
             for name in dict.fromkeys(definition.lessons)}
    if (root / GLOSSARY_FILE).is_file():
        files[GLOSSARY_NAME] = (root / GLOSSARY_FILE).read_bytes()
    return files


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class Copy:
    """The folder, and what was last written to each of its files."""

    folder: Path
    written: dict[str, str] = field(default_factory=dict)

    @classmethod
    def open(cls, folder: Path) -> "Copy":
        """The copy in `folder`; a record that cannot be read counts as none, so every file
        that differs from the course's counts as the student's."""
        try:
            record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
            written = {str(name): str(digest) for name, digest in record["files"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            written = {}
        return cls(folder, written)

    def current(self, name: str) -> str | None:
        """The hash of the file as it is now; None when it does not exist."""
        try:
            return sha256((self.folder / name).read_bytes())
        except FileNotFoundError:
            return None

    def untouched(self, name: str) -> bool:
        """Whether the student has not changed the file since it was written (or deleted it)."""
        now = self.current(name)
        return now is None or now == self.written.get(name)

    def write(self, name: str, data: bytes) -> None:
        _write_atomically(self.folder / name, data)
        self.written[name] = sha256(data)

    def save_record(self) -> None:
        record = {"files": dict(sorted(self.written.items()))}
        _write_atomically(self.folder / RECORD, json.dumps(record, indent=1).encode())


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)


def beside_name(name: str, newer: str, number: int) -> str:
    """`00-ders.ipynb` → `00-ders.yeni.ipynb`, then `00-ders.yeni-2.ipynb`..."""
    stem, dot, suffix = name.rpartition(".")
    tag = newer if number == 1 else f"{newer}-{number}"
    return f"{stem}.{tag}.{suffix}" if dot else f"{name}.{tag}"


def _place(copy: Copy, name: str, data: bytes, newer: str) -> str | None:
    """Write the course's `data` for `name` unless the student changed that file; then write
    it beside, and return the beside file's name (None when nothing went beside)."""
    digest = sha256(data)
    if copy.current(name) == digest:
        copy.written[name] = digest
        return None
    if copy.untouched(name):
        copy.write(name, data)
        return None
    if copy.written.get(name) == digest:  # the course has not changed since: the student's
        return None
    number = 1
    while True:
        beside = beside_name(name, newer, number)
        if copy.current(beside) == digest:
            copy.written[beside] = digest
            return None  # written beside before: said then
        if copy.untouched(beside):
            copy.write(beside, data)
            return beside
        number += 1


def copy_folder(root: Path, strings: dict[str, str]) -> Path:
    """The student's copy of the course under `root`, named in the interface's language (calisma,
    study); it ignores itself in git."""
    return root / strings["study_folder"]


def prepare(root: Path, folder: Path, strings: dict[str, str]) -> list[str]:
    """Bring the student's copy in `folder` up to the course under `root`; returns a line for
    each lesson whose new version went beside the student's changed one. Nothing is written
    when a lesson cannot be read (CourseError)."""
    files = course_files(root)
    if folder.exists() and not folder.is_dir():
        raise CourseError(folder, "not a folder; the student's copy of the course goes there")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ".gitignore").write_text("*\n", encoding="utf-8")  # the copy is the student's
    startup = folder / IPYTHON_DIR / STARTUP
    startup.parent.mkdir(parents=True, exist_ok=True)
    startup.write_text(tools_startup(read_definition(root).tools), encoding="utf-8")
    copy = Copy.open(folder)
    said = []
    for name, data in files.items():
        beside = _place(copy, name, data, strings["study_newer"])
        if beside is not None:
            said.append(strings["study_beside"].format(name=name, beside=beside))
        if name.endswith(".ipynb") and not _a_notebook(folder / name):
            said.append(strings["study_broken"].format(name=name))
    copy.save_record()
    return said


def _a_notebook(path: Path) -> bool:
    """Whether the file at `path` is JSON that JupyterLab can open as a notebook (a missing
    one is no broken one: the command has just written it back)."""
    try:
        notebook = json.loads(path.read_bytes())
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return isinstance(notebook, dict) and isinstance(notebook.get("cells"), list)


def lab_locale(language: str) -> str | None:
    """The locale of an installed JupyterLab language pack for the course's `language` (`tr`:
    `tr_TR`); None when there is none, and JupyterLab speaks its own English."""
    locales = sorted(point.name for point in entry_points(group=LANGUAGE_PACKS))
    return next((locale for locale in locales
                 if locale == language or locale.startswith(f"{language}_")), None)


def student_settings(language: str) -> dict[str, dict[str, object]]:
    """What the copy's JupyterLab settings override: the student's settings, and JupyterLab's
    language the course's, where a language pack for it is installed."""
    settings: dict[str, dict[str, object]] = dict(STUDENT_SETTINGS)
    if (locale := lab_locale(language)) is not None:
        settings[TRANSLATION] = {"locale": locale}
    return settings


def lab_settings(folder: Path, language: str) -> Path:
    """JupyterLab's application settings for the copy: the environment's own, if it has any,
    overridden by the student's (nothing is written to the environment or to the home
    folder)."""
    from jupyterlab.commands import get_app_dir
    settings = folder / LAB_SETTINGS
    environment = Path(get_app_dir()) / "settings"
    if environment.is_dir():
        shutil.copytree(environment, settings, dirs_exist_ok=True)
    settings.mkdir(exist_ok=True)
    overrides_file = settings / "overrides.json"
    try:
        overrides = json.loads(overrides_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        overrides = {}
    for plugin, values in student_settings(language).items():
        overrides[plugin] = {**overrides.get(plugin, {}), **values}
    _write_atomically(overrides_file, json.dumps(overrides, indent=1).encode())
    return settings


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_command(folder: Path, language: str, options: list[str]) -> list[str]:
    """JupyterLab in the copy, started as the README starts it: the kernel's messages encrypted
    where pyzmq can (so it does not warn on every start); as root (a container's user, often),
    allowed to start, which JupyterLab otherwise refuses; then the student's own `options`
    (`--port=8890`), which JupyterLab reads last."""
    from checks.run_lesson import TRANSPORT_ENCRYPTION
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder.resolve()}",
            f"--LabApp.app_settings_dir={lab_settings(folder, language).resolve()}",
            f"--KernelManager.transport_encryption={TRANSPORT_ENCRYPTION}",
            *(["--ServerApp.allow_root=True"] if running_as_root() else []), *options]


def running_lab(folder: Path) -> str | None:
    """The address of a JupyterLab already serving the copy, with its token, if one is."""
    from jupyter_server.serverapp import list_running_servers
    for server in list_running_servers(str(folder / RUNTIME_DIR)):
        if Path(str(server.get("root_dir", ""))).resolve() == folder.resolve():
            return f"{str(server['url']).rstrip('/')}/lab?token={server.get('token', '')}"
    return None


def open_lab(folder: Path, root: Path, language: str, options: list[str]) -> None:
    """This process becomes JupyterLab in the copy (so stopping it stops JupyterLab), in the
    course's `language`, with the student's `options`, its kernels importing the course's own
    packages from `root` and starting with the student's tools (the copy's IPython folder)."""
    command = lab_command(folder, language, options)
    sys.stdout.flush()
    sys.stderr.flush()
    environment = with_course_on_path(root, os.environ)
    environment["IPYTHONDIR"] = str((folder / IPYTHON_DIR).resolve())
    environment["JUPYTER_RUNTIME_DIR"] = str((folder / RUNTIME_DIR).resolve())
    environment["JUPYTERLAB_WORKSPACES_DIR"] = str((folder / WORKSPACES_DIR).resolve())
    os.execve(command[0], command, environment)
