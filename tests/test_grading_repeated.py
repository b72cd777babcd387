"""An exercise checked more often than its `kontrol(` call is written earns nothing and is
flagged: a loop that tries every answer, or observations forged beside the real one."""

from dataclasses import replace

from checks.course import read_lesson
from checks.exercises import course_registry
from course_copies import NAMES, ROOT
from grading.grader import Doubts, exercise_grades, flags
from grading.results import RIGHT, WRONG
from grading.submissions import Submission
from grading.words import WORDS
from grading_class import FIRST, FIRST_ID, first_right, right_observation, small
from test_grading_not_run import a_run

SAID = WORDS["tr"]


def graded(cells: tuple[str, ...], published: int, failed: int = 0
           ) -> tuple[str, str, tuple[str, ...]]:
    """The first exercise's verdict and feedback, and the flags, for a notebook of `cells`
    whose run published the right observation `published` times, and a failed one `failed`
    times."""
    lesson = read_lesson(ROOT / "lessons" / f"{FIRST}.ipynb")
    submitted = replace(lesson, notebook=small(FIRST, *cells))
    submission = Submission("ayse", "ayse/00.ipynb", b"", lesson, submitted)
    failure = repr({"id": FIRST_ID, "failed": "KeyboardInterrupt"})
    run = replace(a_run(()), captured=(right_observation(),) * published + (failure,) * failed)
    doubts = Doubts()
    [first, *_] = exercise_grades(submission, run, course_registry(), NAMES, SAID, False,
                                  doubts)
    assert first.item == FIRST_ID
    return first.verdict, first.feedback, flags([], run, doubts, SAID)


def test_a_check_that_ran_as_often_as_it_is_written_counts():
    assert graded((first_right(), first_right()), 2)[0] == RIGHT


def test_a_check_that_ran_more_often_than_it_is_written_earns_nothing_and_is_flagged():
    loop = f"for tahmin in cevaplar:\n    kontrol({FIRST_ID!r}, tahmin)"
    verdict, feedback, flagged = graded((first_right(), loop), 5)
    assert (verdict, feedback) == (WRONG, SAID["repeated"])
    assert flagged == (SAID["flag_repeated"].format(item=FIRST_ID),)


def test_a_forged_observation_beside_a_written_call_whose_answer_failed_earns_nothing():
    assert graded((first_right(),), 1, failed=1)[0] == WRONG
