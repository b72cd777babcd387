"""A class graded end to end (`build.py grade`): right, wrong, partial and untouched notebooks of
two lessons, and every bad submission (tampering, endless loops, huge outputs, exits, crashes,
escapes from its folder, files that are no notebook of the course). Each student gets what their
answers deserve by the course's own checks, and no submission stops the others."""

import csv
import sqlite3

import pytest

from checks.exercises.kinds import NO_ANSWER
from grading.command import FEEDBACK, Request, grade_class
from grading.export import CSV
from grading.gradebook import GRADEBOOK, Gradebook
from grading.results import EXERCISE, PREDICTION, WRONG
from grading.sandbox import Limits
from grading_class import (
    EXERCISES,
    FIRST,
    FIRST_ID,
    SECOND,
    TAMPERING,
    TRYING_ALL,
    the_class,
    write_class,
)
from course_copies import ROOT
from processes import kernels

pytestmark = pytest.mark.slow  # starts kernels: not in the quick subset

LIMITS = Limits(cell_seconds=5, notebook_seconds=120)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The class, graded once for every test here: (submissions, out, students, sentinel)."""
    top = tmp_path_factory.mktemp("class")
    submissions, out, sentinel = top / "teslimler", top / "notlar", top / "outside" / "secret"
    sentinel.parent.mkdir()
    sentinel.write_text("öğretmenin dosyası", encoding="utf-8")
    students = the_class(submissions, sentinel)
    write_class(submissions, students)
    status = grade_class(Request(ROOT, submissions, out, csv=True, limits=LIMITS))
    assert status == 0
    return submissions, out, students, sentinel


def test_each_student_gets_what_their_answers_deserve(graded):
    _, out, students, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        got = {(student, grade.lesson, item.item): item.verdict
               for student in book.students() for grade in book.grades_of(student)
               for item in grade.items}
    for student, submitted in students.items():
        for (lesson, item), verdict in submitted.expected.items():
            assert got.get((student, lesson, item)) == verdict, (student, lesson, item)


def test_a_run_that_stops_says_why_and_what_came_before_still_counts(graded):
    _, out, students, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        failures = {(student, grade.lesson): grade.failure for student in book.students()
                    for grade in book.grades_of(student)}
    for (student, lesson), failure in failures.items():
        word = students[student].failure.get(lesson)
        assert (failure is None) == (word is None), (student, lesson, failure)
        assert word is None or word in failure


def test_code_that_reaches_for_the_grading_gets_no_credit_and_is_flagged(graded):
    """A redefined kontrol, a printed verdict, patched checks, a forged observation published
    on the capture's own channel: each notebook's exercises earn nothing, its page says why,
    and its flags name the cell and what it reached for. No other student is flagged so."""
    _, out, _, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        grades = book.class_grades()
    for student in TAMPERING:
        [grade] = grades[student]
        exercises = [item for item in grade.items if item.kind == EXERCISE]
        assert exercises and all(item.verdict == WRONG for item in exercises), student
        assert all("notlamanın kendisine uzanıyor" in item.feedback for item in exercises)
        assert any("kod hücresi notlamaya uzanıyor" in flag for flag in grade.flags), student
    assert not [student for student, submitted in grades.items() if student not in TAMPERING
                for grade in submitted for flag in grade.flags if "notlamaya uzanıyor" in flag]


def test_a_loop_that_tries_every_answer_earns_nothing_and_is_flagged(graded):
    _, out, _, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        [grade] = book.class_grades()[TRYING_ALL]
    [item] = [item for item in grade.items if item.item == FIRST_ID]
    assert item.verdict == WRONG and "daha çok kez denetlendi" in item.feedback
    assert [flag for flag in grade.flags if "daha çok kez denetlendi" in flag] == [
        f"{FIRST_ID}, kontrol çağrısının yazıldığından daha çok kez denetlendi (döngü ya da "
        "taklit?); puan almadı"]


def test_an_exception_in_a_cell_is_flagged_with_its_cell(graded):
    _, out, _, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        [grade] = book.grades_of("kaan")  # tries to leave its folder: each attempt raises
    assert [flag.split(":")[0] for flag in grade.flags] == [
        f"{cell}. kod hücresi hata verdi" for cell in range(1, 6)]
    assert all("PermissionError" in flag for flag in grade.flags)


def test_no_submission_reaches_outside_its_folder(graded):
    submissions, _, _, sentinel = graded
    assert sentinel.read_text(encoding="utf-8") == "öğretmenin dosyası"
    assert (submissions / "ayse" / f"{FIRST}.ipynb").is_file()


def test_no_kernel_or_process_of_a_submission_is_left(graded):
    assert kernels() == []


def test_files_that_are_no_notebook_of_the_course_are_listed_with_their_reasons(graded):
    _, out, _, _ = graded
    with Gradebook(out / GRADEBOOK) as book:
        reasons = {file.source: file.reason for file in book.unplaced()}
    assert set(reasons) == {"leyla/notes.txt", "leyla/kesik.ipynb", "leyla/baska.ipynb",
                            "kimsenin.ipynb"}
    assert "Başka Bir Ders" in reasons["leyla/baska.ipynb"]
    assert "JSON" in reasons["leyla/kesik.ipynb"]


def test_the_feedback_page_gives_each_exercises_feedback_and_no_answer(graded):
    _, out, _, _ = graded
    page = (out / FEEDBACK / "burak.html").read_text(encoding="utf-8")
    unanswered = str(EXERCISES[FIRST_ID].check(NO_ANSWER))
    assert "✘" in page and FIRST in page or "Ölçüm" in page
    assert unanswered.splitlines()[0] not in page  # burak answered it, wrongly
    for exercise in EXERCISES.values():
        assert exercise.answer_text() not in page


def test_the_csv_has_a_row_a_student_and_a_column_an_exercise(graded):
    _, out, students, _ = graded
    with (out / CSV).open(encoding="utf-8-sig", newline="") as file:
        rows = list(csv.DictReader(file))
    assert {row["student"] for row in rows} == {s for s, v in students.items() if v.expected}
    ayse = next(row for row in rows if row["student"] == "ayse")
    assert {ayse[item] for (_, item), verdict in students["ayse"].expected.items()
            if item in EXERCISES} == {"1"}
    cem = next(row for row in rows if row["student"] == "cem")
    assert {cem[item] for item in EXERCISES if item.startswith(SECOND[:2])} == {""}


def test_grading_again_replaces_a_students_lesson_and_nothing_else(graded, tmp_path):
    submissions, out, _, _ = graded
    again = tmp_path / "again"
    (again / "cem").mkdir(parents=True)
    (again / "cem" / "x.ipynb").write_bytes((submissions / "ayse" / f"{FIRST}.ipynb").read_bytes())
    book = out / GRADEBOOK
    before = sqlite3.connect(book).execute(
        "SELECT student, lesson, item, verdict FROM items WHERE student != 'cem'").fetchall()
    assert grade_class(Request(ROOT, again, out, limits=LIMITS)) == 0
    with Gradebook(book) as gradebook:
        [cem] = gradebook.grades_of("cem")
    assert {item.verdict for item in cem.items if item.kind == EXERCISE} == {"right"}
    assert any(item.kind == PREDICTION for item in cem.items)
    after = sqlite3.connect(book).execute(
        "SELECT student, lesson, item, verdict FROM items WHERE student != 'cem'").fetchall()
    assert after == before
