"""`python build.py`: the command line around the linter and the lesson runner."""

import os
import stat
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from checks.run_lesson import run_lesson
from course_copies import LESSON, ROOT, copy_course, edit_notebook, first_cell, source
from publish import cli
from unavailable import unavailable

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

LESSON_PATH = Path("lessons") / LESSON


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the course with one lesson: the command line treats every lesson alike, and
    `check` lints one lesson in a sixth of the time."""
    return copy_course(tmp_path, only=(LESSON,))


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True,
                          text=True, env=env)


def test_check_reports_path_cell_and_message_and_exits_non_zero(course):
    edit_notebook(course / LESSON_PATH, lambda nb: nb["cells"][0].update(source="başlık yok"))
    result = run_cli("--root", str(course), "check", env={"PATH": "", "CI": ""})
    assert result.returncode == 1
    assert f"{LESSON_PATH}: cell 0: front matter missing" in result.stderr
    assert "Traceback" not in result.stderr and "::error" not in result.stderr


def test_check_writes_github_annotations_in_ci(course):
    edit_notebook(course / LESSON_PATH, lambda nb: nb["cells"][0].update(source="başlık yok"))
    result = run_cli("--root", str(course), "check", env={"PATH": "", "CI": "true"})
    assert result.returncode == 1
    assert f"::error file={LESSON_PATH},title=front-matter::cell 0: front matter missing" \
        in result.stderr


def test_a_broken_notebook_stops_the_default_command_before_anything_is_written(course):
    (course / LESSON_PATH).write_text("", encoding="utf-8")
    result = run_cli("--root", str(course))
    assert result.returncode == 1 and result.stdout == ""
    assert f"{LESSON_PATH}: not a JSON notebook" in result.stderr
    assert not (course / "_site").exists()


def test_the_stored_bytes_check_stores_nbvals_run_as_run_stores_it(pytester):
    """Each lesson runs once in the suite, under nbval; its `stored bytes` test (conftest.py)
    stores that run as `run` would. A notebook `run` has just stored passes it, prints, a
    result, a widget and all; with one count changed, which nbval does not compare, it fails."""
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_raw_cell("---\ntitle: Örnek\n---"),
        nbformat.v4.new_code_cell("import sys\nfor parca in ('bir ', 'iki', '\\n'):\n"
                                  "    sys.stdout.write(parca)\n    sys.stdout.flush()"),
        nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3)"),
        nbformat.v4.new_code_cell("print('sonuç:')\n6 * 7")])
    lesson = pytester.path / "00-ornek.ipynb"
    nbformat.write(notebook, lesson)
    run_lesson(lesson)
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8"))
    nbval = ("--nbval", "--nbval-current-env", "-p", "no:cacheprovider", str(lesson))
    pytester.runpytest_subprocess(*nbval).assert_outcomes(passed=4)

    edit_notebook(lesson, lambda nb: nb["cells"][3].update(execution_count=9))
    result = pytester.runpytest_subprocess(*nbval)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(["FAILED *00-ornek.ipynb::stored bytes*"])


def test_run_stores_a_print_that_arrives_in_chunks_as_one_output(tmp_path):
    """A flush sends what is buffered: the kernel's client then sees three stream messages."""
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_raw_cell("---\ntitle: Parçalar\n---"),
        nbformat.v4.new_code_cell("import sys\nfor parca in ('bir ', 'iki', '\\n'):\n"
                                  "    sys.stdout.write(parca)\n    sys.stdout.flush()")])
    lesson = tmp_path / "00-parcalar.ipynb"
    nbformat.write(notebook, lesson)
    run_lesson(lesson)
    (cell,) = nbformat.read(lesson, as_version=4).cells[1:]
    assert [(out.output_type, out.text) for out in cell.outputs] == [("stream", "bir iki\n")]


def test_run_shows_no_warning_from_the_kernel(course, tmp_path):
    """The kernel's "running over TCP without encryption" is not for instructors to read."""
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_raw_cell("---\ntitle: Sessiz\n---"),
        nbformat.v4.new_code_cell("print('merhaba')")])
    lesson = tmp_path / "00-sessiz.ipynb"
    nbformat.write(notebook, lesson)
    result = run_cli("--root", str(course), "run", str(lesson))
    assert f"ran {lesson}\n" in result.stdout
    assert "WARNING" not in result.stderr and "encryption" not in result.stderr, result.stderr


@pytest.mark.skipif(os.name != "posix", reason="socket files are POSIX's")
def test_run_talks_to_its_kernel_through_socket_files_it_removes_after(tmp_path, monkeypatch):
    """Not through TCP ports, which a kernel starting beside it may take first (it then dies
    at its start with "Address already in use", and the run waits a minute for it)."""
    started: list[tuple[str, Path, list[bool]]] = []
    start = NotebookClient.start_new_kernel_client

    def noted(self):
        client = start(self)
        folder = Path(self.km.ip).parent
        started.append((self.km.transport, folder,
                        [stat.S_ISSOCK(path.stat().st_mode) for path in folder.iterdir()
                         if path.name.startswith("kernel-")]))
        return client
    monkeypatch.setattr(NotebookClient, "start_new_kernel_client", noted)
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_raw_cell("---\ntitle: Soketler\n---"),
        nbformat.v4.new_code_cell("print('merhaba')")])
    lesson = tmp_path / "00-soketler.ipynb"
    nbformat.write(notebook, lesson)
    run_lesson(lesson)
    [(transport, folder, sockets)] = started
    assert transport == "ipc" and sockets and all(sockets)
    assert not folder.exists()
    assert nbformat.read(lesson, as_version=4).cells[1].outputs[0].text == "merhaba\n"


def test_run_writes_nothing_when_a_cell_fails(course, capsys):
    lesson = course / LESSON_PATH

    def break_a_cell(notebook):
        cell = notebook["cells"][first_cell(notebook, lambda c: "isci_gunlugu = " in source(c))]
        cell["source"] = "raise RuntimeError('bozuk')"
    edit_notebook(lesson, break_a_cell)
    before = lesson.read_bytes()
    assert cli.main(["--root", str(course), "run", str(lesson)]) == 1
    assert "a cell failed, nothing was written" in capsys.readouterr().err
    assert lesson.read_bytes() == before
    assert list(lesson.parent.glob(".*.tmp")) == []


@pytest.mark.parametrize("args, problem", [
    (["run"], "lesson paths go with 'run', and 'run' needs at least one"),
    (["check", "lessons/x.ipynb"], "lesson paths go with 'run'"),
    (["bogus"], "argument command: invalid choice: 'bogus'"),
    (["serve", "--port", "80000"], "argument --port: 80000 is not a port (0-65535)"),
    (["serve", "--port", "http"], "argument --port: http is not a port (0-65535)"),
    (["serve", "--port", "-1"], "argument --port: -1 is not a port (0-65535)"),
    (["--port", "8001"], "--port goes with 'serve'"),
    (["check", "--port", "8001"], "--port goes with 'serve'"),
    (["check", "--out", "site"], "--out goes with building the site"),
    (["run", "--lite", "lessons/x.ipynb"], "--lite goes with building the site"),
    (["run", "--out", "site", "lessons/x.ipynb"], "--out goes with building the site"),
    (["--instructor"], "--instructor goes with building the site (no command, or 'serve') and "
                       "--out DIR, a folder of its own"),
    (["check", "--instructor", "--out", "key"], "--out goes with building the site"),
    (["serve", "--instructor"], "--instructor goes with building the site"),
    (["--root", "/nonexistent", "check"],
     "argument --root: /nonexistent is not a course's repository (it has no course/course.toml)"),
])
def test_bad_arguments_are_usage_errors(args, problem):
    """A line that says what is wrong and where to read more, exit status 2, no traceback."""
    result = run_cli(*args)
    assert result.returncode == 2 and result.stdout == ""
    line = result.stderr.splitlines()[0]  # a --root that is no course says it again in Turkish
    assert line.startswith(f"build.py: error: {problem}")
    assert line.endswith("; see python build.py --help")


@pytest.fixture
def kurs() -> Path:
    """The console script `pip install` puts beside this Python: the same command line as
    build.py's, for the course of the folder it is run in."""
    script = Path(sys.executable).parent / "kurs"
    if not script.is_file():
        unavailable(f"{script} is not installed (pip install -e . installs it)",
                    "the console script's test")
    return script


def test_kurs_checks_and_builds_the_course_of_the_folder_it_is_run_in(kurs, course,
                                                                      tmp_path_factory):
    """From a copy of the course outside this repository, with no --root: the copy's one
    lesson is linted and built, not this repository's six."""
    def run_kurs(*args: str, cwd: Path) -> subprocess.CompletedProcess:
        return subprocess.run([str(kurs), *args], cwd=cwd, capture_output=True, text=True)

    assert not course.is_relative_to(ROOT)
    checked = run_kurs("check", cwd=course)
    assert checked.returncode == 0 and checked.stdout == "0 error(s), 0 warning(s)\n", \
        checked.stderr
    site = tmp_path_factory.mktemp("kurs") / "site"
    built = run_kurs("--out", str(site), cwd=course)
    assert built.returncode == 0, built.stderr
    assert f"in {site}; open {site / 'index.html'}" in built.stdout
    assert (site / "index.html").is_file() and (site / LESSON.replace(".ipynb", ".html")).is_file()
    assert not (site / "00-olcum-cekirdegi.html").exists()


@pytest.mark.parametrize("command", [[], ["study"]])
def test_kurs_in_a_folder_with_no_course_is_a_usage_error_naming_root(kurs, tmp_path, command):
    """No course says which language to speak: the message comes in English, then in each
    other language of the interface (a student's `kurs study` in the wrong folder)."""
    result = subprocess.run([str(kurs), *command], cwd=tmp_path, capture_output=True,
                            text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "kurs: error: argument --root: . is not a course's repository (it has no "
        "course/course.toml); see kurs --help",
        f"{tmp_path.resolve()} bir kursun klasörü değil (course/course.toml yok); komutu "
        "kursun klasöründe çalıştırın."]
