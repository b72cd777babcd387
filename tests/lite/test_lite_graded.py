"""A graded course (course.toml's `show_answers = false`): its lite wheel holds no answer and
no reasoning, yet the checks it ships judge every right answer right; its student's copy holds
none either; and the reveal button says, in the course's language, that answers are not shown."""

import json
import shutil
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

import checks.student.exercise
from checks.student.tr import kontrol
from checks.definition import COURSE_FILE, read_definition
from checks.exercises import course_registry
from checks.exercises.kinds import NO_ANSWER, FunctionTask
from checks.kernel_course import DEFINITION_IN_WHEEL
from checks.words import words
from course_copies import ROOT, copy_course
from publish.lite.course_code import course_code, lesson_cells
from publish.lite.project_wheel import write_project_wheel
from publish.lite.without_answers import leaked_answers
from publish.study import prepare
from publish.strings import STRINGS
from test_exercises_every import right_answer

EXERCISES = course_registry().exercises
# Judges each observation (a Python literal, as plain data is written) with the exercises
# package of the folder given; prints the verdicts and each exercise's reasoning as it holds it.
JUDGE = """
import ast, json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from checks.exercises import load_registry
registry = load_registry("alistirmalar", Path(sys.argv[1]))
observed = ast.literal_eval(sys.stdin.read())
print(json.dumps({identifier: [registry.exercises[identifier].judge(observation).correct,
                               registry.exercises[identifier].why]
                  for identifier, observation in observed.items()}))
"""


@pytest.fixture(scope="module")
def graded_course(tmp_path_factory) -> Path:
    """The course with its code, its course.toml saying `show_answers = false`."""
    root = copy_course(tmp_path_factory.mktemp("graded"))
    for name, path in course_code(ROOT).paths.items():
        if path.is_relative_to(ROOT):
            shutil.copytree(path, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    definition = root / COURSE_FILE
    definition.write_text(definition.read_text(encoding="utf-8") + "show_answers = false\n",
                          encoding="utf-8")
    assert not read_definition(root).show_answers
    return root


def unzipped(wheel: Path, folder: Path) -> Path:
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    return folder


@pytest.fixture(scope="module")
def graded_wheel(graded_course, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    return unzipped(write_project_wheel(graded_course, folder), folder / "unzipped")


def answers_in(folder: Path) -> set[str]:
    """The exercises whose reasoning, or a line of whose answer, a file under `folder` holds."""
    texts = {path.as_posix(): path.read_text(encoding="utf-8", errors="replace")
             for path in folder.rglob("*") if path.is_file() and path.suffix != ".pyc"}
    return {identifier for _, identifier
            in leaked_answers(texts, EXERCISES, (code for _, code in lesson_cells(ROOT)))}


def test_the_graded_wheel_holds_no_answer_and_no_reasoning(graded_wheel, tmp_path):
    shown = unzipped(write_project_wheel(ROOT, tmp_path), tmp_path / "unzipped")
    function_tasks = {identifier for identifier, exercise in EXERCISES.items()
                      if isinstance(exercise, FunctionTask)}
    assert answers_in(shown) >= function_tasks  # a course that shows them ships them
    assert answers_in(graded_wheel) == set()


def test_the_graded_wheel_tells_the_browsers_kernel_that_answers_are_not_shown(graded_wheel):
    """The lite kernel has no course.toml: it reads the one the wheel's dist-info carries."""
    (carried,) = graded_wheel.glob(f"*.dist-info/{DEFINITION_IN_WHEEL}")
    text = carried.read_text(encoding="utf-8")
    assert not read_definition(graded_wheel, lambda _: text).show_answers


def test_the_graded_wheels_checks_judge_every_right_answer_right(graded_wheel):
    observed = {identifier: exercise.observe(right_answer(exercise))
                for identifier, exercise in EXERCISES.items()}
    judged = subprocess.run([sys.executable, "-c", JUDGE, str(graded_wheel)],
                            input=repr(observed), capture_output=True, text=True,
                            check=True, cwd=graded_wheel)
    assert json.loads(judged.stdout) == {identifier: [True, ""] for identifier in EXERCISES}


def test_the_graded_courses_student_copy_holds_no_answer(graded_course, tmp_path):
    prepare(graded_course, tmp_path / "calisma", STRINGS["tr"])
    assert answers_in(tmp_path / "calisma") == set()


def test_in_a_graded_course_the_reveal_button_says_answers_are_not_shown(monkeypatch):
    graded = replace(read_definition(ROOT), show_answers=False)
    monkeypatch.setattr(checks.student.exercise, "kernel_definition", lambda: graded)
    for identifier in EXERCISES:
        buttons = kontrol(identifier, NO_ANSWER).children[0]
        (reveal,) = [button for button in buttons.children
                     if button.description == words()["answers_hidden"]]
        assert reveal.disabled and reveal.tooltip == words()["answers_hidden_why"]
