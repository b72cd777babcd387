"""`python build.py` validates the course; broken input gets a located message and exit 1."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).parents[1]
LESSON = "01-kuyruklar-ve-isler.ipynb"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course to break."""
    shutil.copytree(ROOT / "course", tmp_path / "course")
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons")
    return tmp_path


def edit_notebook(path: Path, change) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    change(notebook)
    path.write_text(json.dumps(notebook), encoding="utf-8")


def set_front_matter(text: str):
    def change(notebook):
        notebook["cells"][0]["source"] = text
    return change


def test_the_real_course_is_valid(capsys):
    assert build.main(["--root", str(ROOT)]) == 0
    out = capsys.readouterr().out
    assert "01-kuyruklar-ve-isler.ipynb: Kuyruklar ve İşler" in out
    assert "course is valid" in out


BREAKAGES = {
    "not json": (lambda p: p.write_text("{not json", encoding="utf-8"), f"{LESSON}: not a JSON notebook"),
    "nbformat 3": (lambda p: edit_notebook(p, lambda nb: nb.update(nbformat=3)),
                   f"{LESSON}: not an nbformat v4 notebook"),
    "invalid cell": (lambda p: edit_notebook(p, lambda nb: nb["cells"][1].pop("source")),
                     f"{LESSON}: invalid notebook"),
    "no front matter": (lambda p: edit_notebook(p, lambda nb: nb["cells"].pop(0)),
                        f"{LESSON}: cell 0: front matter missing"),
    "bad yaml": (lambda p: edit_notebook(p, set_front_matter("---\ntitle: [\n---")),
                 f"{LESSON}: cell 0: front matter is not valid YAML"),
    "no objectives": (lambda p: edit_notebook(p, set_front_matter(
        "---\ntitle: T\ncourse: C\nlanguage: tr\nupdated: '2026-11-30'\nlicense: L\n---")),
                      f"{LESSON}: cell 0: front matter has no 'objectives'"),
    "date not iso": (lambda p: edit_notebook(p, set_front_matter(
        "---\ntitle: T\ncourse: C\nlanguage: tr\nupdated: 30.11.2026\nlicense: L\nobjectives: [a]\n---")),
                     f"{LESSON}: cell 0: front matter 'updated' is not an ISO date"),
    "other course": (lambda p: edit_notebook(p, set_front_matter(
        "---\ntitle: T\ncourse: C\nlanguage: tr\nupdated: '2026-11-30'\nlicense: L\nobjectives: [a]\n---")),
                     f"{LESSON}: cell 0: front matter 'course' is 'C'"),
    "missing lesson": (lambda p: p.unlink(), f"{LESSON}: lesson file not found"),
    "unlisted lesson": (lambda p: shutil.copy(p, p.with_name("02-yeni.ipynb")),
                        "02-yeni.ipynb: lesson not in the course order"),
}


@pytest.mark.parametrize("name", BREAKAGES)
def test_broken_course_is_refused_with_file_and_place(course, name, capsys):
    breakage, message = BREAKAGES[name]
    breakage(course / "lessons" / LESSON)
    assert build.main(["--root", str(course)]) == 1
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_course_definition_faults_are_refused(course, capsys):
    definition = course / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace(f'"{LESSON}",', f'"{LESSON}", "{LESSON}",'), encoding="utf-8")
    assert build.main(["--root", str(course)]) == 1
    assert f"course.toml: lessons listed twice: {LESSON}" in capsys.readouterr().err
    definition.write_text("title = ", encoding="utf-8")
    assert build.main(["--root", str(course)]) == 1
    assert "course.toml: not valid TOML" in capsys.readouterr().err


def test_command_line_exit_code(course):
    (course / "lessons" / LESSON).write_text("", encoding="utf-8")
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "--root", str(course)],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and LESSON in result.stderr
