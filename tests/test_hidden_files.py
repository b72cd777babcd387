"""What JupyterLab leaves in `lessons/` (`.ipynb_checkpoints/`) and other hidden files are no
lessons: the linter, the site, the lite build's inputs and the test run all pass them by."""

import shutil

import nbformat
import pytest

from course_copies import LESSON, ROOT
from checks.linter.lint import lint_course
from checks.run_lesson import run_lesson
from publish.site import build_site

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset


def leave_hidden_files(lessons) -> None:
    """A checkpoint as JupyterLab writes one, a half-saved hidden copy, and a stray file."""
    checkpoints = lessons / ".ipynb_checkpoints"
    checkpoints.mkdir(exist_ok=True)  # the course copied may have one already
    shutil.copy(lessons / LESSON, checkpoints / LESSON.replace(".ipynb", "-checkpoint.ipynb"))
    (lessons / f".{LESSON}").write_text("{ yarım", encoding="utf-8")
    (checkpoints / "notlar.txt").write_text("taslak", encoding="utf-8")


def site_files(site) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in site.rglob("*")
            if path.is_file()}


@pytest.fixture
def lite_inputs(monkeypatch) -> list[dict]:
    """The notebooks each lite build is given (JupyterLite's own build stood in for)."""
    given = []

    def lite_files(root, notebooks):
        given.append(notebooks)
        return {"lite/index.html": b"<p>lite</p>"}
    monkeypatch.setattr("publish.lite.site.lite_files", lite_files)
    return given


def test_the_linter_passes_hidden_files_by(course):
    leave_hidden_files(course / "lessons")
    assert lint_course(course) == []


def test_the_site_and_the_lite_course_are_made_as_without_them(course, tmp_path, lite_inputs):
    before = site_files(build_site(course, tmp_path / "before", lite=True).out)
    leave_hidden_files(course / "lessons")
    after = build_site(course, tmp_path / "after", lite=True)
    assert site_files(after.out) == before and lite_inputs[0] == lite_inputs[1]
    checkpoint = next((course / "lessons" / ".ipynb_checkpoints").glob("*.ipynb"))
    checkpoint.write_text("{ JupyterLab kaydederken", encoding="utf-8")  # autosave, mid-write
    assert build_site(course, tmp_path / "after", lite=True).up_to_date
    assert len(lite_inputs) == 2


def test_pytest_runs_no_hidden_notebook(pytester):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_raw_cell("---\ntitle: Ö\n---"),
                                               nbformat.v4.new_code_cell("print(1)")])
    lessons = pytester.path / "lessons"
    lessons.mkdir()
    nbformat.write(notebook, lessons / LESSON)
    run_lesson(lessons / LESSON)
    leave_hidden_files(lessons)
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8"))
    result = pytester.runpytest_subprocess("--nbval", "--nbval-current-env", "-p",
                                           "no:cacheprovider", "--collect-only", "-q", "lessons")
    result.assert_outcomes()  # no error collecting anything
    collected = [line for line in result.stdout.lines if "::" in line]
    assert collected and all(line.startswith(f"lessons/{LESSON}::") for line in collected)
