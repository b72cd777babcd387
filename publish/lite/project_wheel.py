"""The project's own wheel for the browser: the course's code its lessons import, its exercises
package, the toolkit's checks, and nothing else (publish/lite/course_code.py finds them); its
entry point names the exercises package for the kernel, which has no course.toml to read, and
its dist-info carries the course's definition, listing only the lessons the lite site holds.
A graded course's exercises package goes in without its answers
(publish/lite/without_answers.py).

It is written byte for byte the same from the same sources (fixed dates, sorted entries), and
its version carries their hash, so that a browser never takes an older wheel for a newer one."""

import base64
import hashlib
import zipfile
from collections.abc import Collection
from pathlib import Path

import tomlkit

from checks.definition import COURSE_FILE, CourseDefinition, read_definition
from checks.exercises import of_course
from checks.kernel_course import DEFINITION_IN_WHEEL, ENTRY_POINTS
from publish import SiteError
from publish.cache import digest, skipped, tree_digest
from publish.lite.course_code import CourseCode, course_code, left_out, lesson_cells
from publish.lite.inputs import REQUIREMENTS
from publish.lite.without_answers import leaked_answers, without_answers

NAME = "kuyruk-kursu"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def shipped_files(code: CourseCode) -> dict[str, bytes]:
    """Each shipped module's files, by their path in the wheel."""
    files = {}
    for path in code.paths.values():
        for file in sorted(path.rglob("*")) if path.is_dir() else [path]:
            if file.is_file() and not skipped(file.relative_to(path.parent)):
                files[file.relative_to(path.parent).as_posix()] = file.read_bytes()
    return files


def graded(root: Path, definition: CourseDefinition, files: dict[str, bytes]
           ) -> dict[str, bytes]:
    """The shipped files with the exercises package's modules taken without their answers;
    raises SiteError, naming the file and the exercise, for an answer still in a shipped
    module."""
    package = str(definition.exercises).replace(".", "/")
    modules = {name: data.decode("utf-8") for name, data in files.items()
               if name.endswith(".py") and (name.startswith(f"{package}/")
                                            or name == f"{package}.py")}
    try:
        files = {**files, **{name: text.encode() for name, text
                             in without_answers(modules).items()}}
    except SyntaxError as error:
        raise SiteError(root / (error.filename or package), f"cannot be read to take its "
                                                           f"answers out: {error.msg}") from None
    shipped = {name: data.decode("utf-8") for name, data in files.items()
               if name.endswith(".py")}
    leaks = leaked_answers(shipped, of_course(definition).exercises,
                           (code for _, code in lesson_cells(root)))
    if leaks:
        name, identifier = leaks[0]
        raise SiteError(root / name, f"still holds the answer of {identifier!r} in a course "
                                     "with show_answers = false: write it as the exercise's "
                                     "solution= (or why=), which the graded wheel leaves out")
    return files


def _record_line(name: str, data: bytes) -> str:
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(data)}"


def lite_definition(root: Path, leave_out: Collection[str]) -> bytes:
    """course.toml as the lite kernel reads it: without the lessons in `leave_out` in its
    `lessons`, so that the student's progress there counts and links only the lessons there."""
    text = (root / COURSE_FILE).read_text(encoding="utf-8")
    document = tomlkit.parse(text)
    lessons = document["lessons"]
    assert isinstance(lessons, tomlkit.items.Array)  # read_definition checked it
    for index in reversed(range(len(lessons))):
        if lessons[index] in leave_out:
            del lessons[index]
    return tomlkit.dumps(document).encode()


def write_project_wheel(root: Path, folder: Path) -> Path:
    """Write the wheel into `folder`; returns its path."""
    code = course_code(root)
    if code.exercises and code.exercises.split(".")[0] not in code.paths:
        raise SiteError(root / COURSE_FILE, f"names the exercises package {code.exercises!r}, "
                                            "which is not in the course's folder")
    files = shipped_files(code)
    if code.exercises and not (course := read_definition(root)).show_answers:
        files = graded(root, course, files)
    definition = lite_definition(root, left_out(root))
    version = "0+" + digest(tree_digest(*code.paths.values()), definition)[:12]
    dist_info = f"{NAME.replace('-', '_')}-{version}.dist-info"
    requires = "".join(f"Requires-Dist: {requirement}\n" for requirement in REQUIREMENTS)
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\n"
                                      f"Version: {version}\n{requires}").encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: kuyruk-kursu build.py\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    if code.exercises:  # the course the kernel's checks read, named as an installed one is
        files[f"{dist_info}/entry_points.txt"] = \
            f"[{ENTRY_POINTS}]\n{NAME} = {code.exercises}\n".encode()
    # the course's definition, for what the kernel's tools read of it (its language, the lessons
    # whose progress it counts)
    files[f"{dist_info}/{DEFINITION_IN_WHEEL}"] = definition
    record = [_record_line(name, data) for name, data in files.items()]
    files[f"{dist_info}/RECORD"] = "\n".join([*record, f"{dist_info}/RECORD,,", ""]).encode()
    wheel = folder / f"{NAME.replace('-', '_')}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data, zipfile.ZIP_DEFLATED)
    return wheel
