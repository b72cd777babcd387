"""`python build.py`: the command line around the linter and the lesson runner."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import build
from course_copies import LESSON, ROOT, edit_notebook, first_cell, source

LESSON_PATH = Path("lessons") / LESSON


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


def test_run_stores_fresh_outputs_without_timings(course):
    lesson = course / LESSON_PATH
    edit_notebook(lesson, lambda nb: [cell.update(outputs=[], execution_count=None)
                                      for cell in nb["cells"] if cell["cell_type"] == "code"])
    assert build.main(["--root", str(course), "run", str(lesson)]) == 0
    ran = json.loads(lesson.read_text(encoding="utf-8"))
    original = json.loads((ROOT / LESSON_PATH).read_text(encoding="utf-8"))
    outputs = [[out.get("text") for out in cell.get("outputs", [])] for cell in ran["cells"]]
    assert outputs == [[out.get("text") for out in cell.get("outputs", [])]
                       for cell in original["cells"]]
    assert "iopub" not in lesson.read_text(encoding="utf-8")
    views = [out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
             for cell in ran["cells"] for out in cell.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    assert views and all(view.endswith("-0") for view in views)


def test_run_writes_nothing_when_a_cell_fails(course, capsys):
    lesson = course / LESSON_PATH

    def break_a_cell(notebook):
        cell = notebook["cells"][first_cell(notebook, lambda c: "isci_gunlugu = " in source(c))]
        cell["source"] = "raise RuntimeError('bozuk')"
    edit_notebook(lesson, break_a_cell)
    before = lesson.read_bytes()
    assert build.main(["--root", str(course), "run", str(lesson)]) == 1
    assert "a cell failed, nothing was written" in capsys.readouterr().err
    assert lesson.read_bytes() == before
    assert list(lesson.parent.glob(".*.tmp")) == []


@pytest.mark.parametrize("args", [["run"], ["check", "lessons/x.ipynb"], ["bogus"]])
def test_bad_arguments_are_usage_errors(args):
    result = run_cli(*args)
    assert result.returncode == 2 and "usage:" in result.stderr
