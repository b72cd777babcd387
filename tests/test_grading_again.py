"""Grading a folder again runs only what changed: a notebook graded before from the same bytes,
with the same course and grader, keeps its recorded grade unless --force; a notebook handed in
anew, or a change to the course's packages, is run again."""

import nbformat
import pytest

from course_copies import ROOT
from grading import command
from grading.command import Request, grade_class
from grading.gradebook import GRADEBOOK, Gradebook
from grading_class import FIRST, FIRST_ID, first_right, small

pytestmark = pytest.mark.slow  # starts kernels


def handed_in(folder, student: str, cell: str) -> None:
    (folder / student).mkdir(parents=True, exist_ok=True)
    (folder / student / "odev.ipynb").write_text(nbformat.writes(small(FIRST, cell)),
                                                 encoding="utf-8")


def verdict(out, student: str) -> str:
    with Gradebook(out / GRADEBOOK) as book:
        [grade] = book.grades_of(student)
    return next(item.verdict for item in grade.items if item.item == FIRST_ID)


def test_only_what_changed_is_graded_again(tmp_path, capsys, monkeypatch):
    submissions, out = tmp_path / "teslimler", tmp_path / "notlar"
    handed_in(submissions, "ayse", first_right())
    handed_in(submissions, "burak", f"kontrol({FIRST_ID!r}, {{}})")
    ran = []  # whose notebooks each grading ran
    real_grade = command.grade

    def grade(placed, *arguments, **keywords):
        ran.append(sorted(submission.student for submission in placed))
        return real_grade(placed, *arguments, **keywords)

    monkeypatch.setattr(command, "grade", grade)

    assert grade_class(Request(ROOT, submissions, out)) == 0
    handed_in(submissions, "burak", first_right())  # burak hands in again, right this time
    assert grade_class(Request(ROOT, submissions, out)) == 0
    said = capsys.readouterr().out
    assert "1 defter değerlendirildi" in said and "1 defter, not defterindeki" in said
    assert verdict(out, "burak") == "right"

    assert grade_class(Request(ROOT, submissions, out, force=True)) == 0
    monkeypatch.setattr(command, "grading_fingerprint", lambda request, packages: "değişti")
    assert grade_class(Request(ROOT, submissions, out)) == 0  # the course changed: all again
    assert ran == [["ayse", "burak"], ["burak"], ["ayse", "burak"], ["ayse", "burak"]]


def test_the_fingerprint_follows_the_courses_files_and_the_options(tmp_path):
    (tmp_path / "course").mkdir()
    (tmp_path / "course" / "course.toml").write_text('title = "Bir"\n')
    (tmp_path / "modeller").mkdir()
    (tmp_path / "modeller" / "__init__.py").write_text("HAK = 3\n")
    request = Request(tmp_path, tmp_path, tmp_path)
    before = command.grading_fingerprint(request, ("modeller",))
    assert command.grading_fingerprint(request, ("modeller",)) == before
    assert command.grading_fingerprint(Request(tmp_path, tmp_path, tmp_path, with_answers=True),
                                       ("modeller",)) != before
    (tmp_path / "modeller" / "__pycache__").mkdir()
    (tmp_path / "modeller" / "__pycache__" / "x.pyc").write_bytes(b"compiled")
    assert command.grading_fingerprint(request, ("modeller",)) == before  # not the course's
    (tmp_path / "modeller" / "__init__.py").write_text("HAK = 4\n")
    assert command.grading_fingerprint(request, ("modeller",)) != before
    (tmp_path / "modeller" / "__init__.py").write_text("HAK = 3\n")
    (tmp_path / "course" / "course.toml").write_text('title = "İki"\n')
    assert command.grading_fingerprint(request, ("modeller",)) != before
