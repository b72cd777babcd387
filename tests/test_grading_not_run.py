"""An exercise that got no verdict says why: the exception its own cell raised (a syntax error,
say), with the cell's number, rather than that its line never ran."""

from dataclasses import replace

from checks.course import read_lesson
from checks.exercises import course_registry
from course_copies import NAMES, ROOT, lessons_in_order
from grading.grader import Doubts, checking_cell, exercise_grades, failure_reason
from grading.results import UNANSWERED
from grading.sandbox import CELL_TIMEOUT, Run
from grading.submissions import Submission
from grading.words import WORDS

ERROR = "SyntaxError: invalid syntax (3566577440.py, line 1)"


def a_run(errors: tuple[tuple[int, str], ...]) -> Run:
    return Run(captured=(), cells_run=0, failure=None, failed_cell=None, detail="",
               confined=True, offline=True, output="", truncated=False, errors=errors)


def test_an_exercise_whose_cell_raised_names_the_error_and_the_cell():
    lesson = read_lesson(ROOT / "lessons" / lessons_in_order()[1])
    submission = Submission("ayse", "ayse/01.ipynb", b"", lesson, lesson)
    grades = exercise_grades(submission, a_run(()), course_registry(), NAMES, WORDS["tr"], False,
                             Doubts())
    first = grades[0].item
    cell = checking_cell(submission, first, NAMES.check)
    assert cell is not None
    failed = exercise_grades(submission, a_run(((cell, ERROR),)), course_registry(), NAMES,
                             WORDS["tr"], False, Doubts())
    assert (failed[0].verdict, failed[0].feedback) == (UNANSWERED, WORDS["tr"][
        "not_run_error"].format(cell=cell + 1, error=ERROR))
    assert f"{cell + 1}. kod hücresi" in failed[0].feedback and "SyntaxError" in failed[0].feedback
    assert [grade.feedback for grade in failed[1:]] == [grade.feedback for grade in grades[1:]]
    assert grades[0].feedback == WORDS["tr"]["not_run"]


def test_a_run_stopped_in_a_cell_names_that_cell_counting_from_one():
    stopped = replace(a_run(()), failure=CELL_TIMEOUT, failed_cell=2)
    assert failure_reason(stopped, WORDS["tr"]) == WORDS["tr"]["failure_cell_timeout"].format(
        cell="3", detail="")
    assert failure_reason(stopped, WORDS["tr"]).startswith("3. kod hücresi")
