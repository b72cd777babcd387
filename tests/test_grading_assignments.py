"""An assignment (`[assignments.NAME]` in course.toml) grades a class on some lessons, or some
of their exercises: the CSV's columns, the percentage and the pages count those alone, and a
notebook of another lesson is named as not graded."""

import csv
import dataclasses

import nbformat
import pytest

from checks.course import read_lesson
from checks.definition import Assignment, CourseError, read_definition
from course_copies import ROOT, copy_course
from grading import command
from grading.command import Request, assignment_outline, grade_class
from grading.export import CSV, LessonOutline
from grading.feedback import FEEDBACK, INDEX
from grading.gradebook import GRADEBOOK, Gradebook
from grading_class import FIRST, FIRST_ID, SECOND, first_right, small

COURSE_TOML = "course/course.toml"


def with_table(course, table: str):
    path = course / COURSE_TOML
    path.write_text(path.read_text(encoding="utf-8") + "\n" + table, encoding="utf-8")
    return course


def test_course_toml_lists_each_assignments_lessons_and_exercises(tmp_path):
    course = with_table(copy_course(tmp_path), '[assignments.hafta-1]\nlessons = '
                        '["00-olcum-cekirdegi.ipynb", "01-kuyruklar-ve-isler.ipynb"]\n'
                        '[assignments.hafta-2]\nlessons = ["03-ara-katman.ipynb"]\n'
                        'exercises = ["03-sogan-sirasi"]\n')
    assert read_definition(course).assignments == {
        "hafta-1": Assignment(("00-olcum-cekirdegi.ipynb", "01-kuyruklar-ve-isler.ipynb")),
        "hafta-2": Assignment(("03-ara-katman.ipynb",), ("03-sogan-sirasi",))}
    assert read_definition(ROOT).assignments == {}


@pytest.mark.parametrize("table, message", [
    ('[assignments.a]\nlessons = ["99-yok.ipynb"]', "names '99-yok.ipynb', which 'lessons' does "
                                                     "not list"),
    ("[assignments.a]\nlessons = []", "'assignments.a.lessons' lists no lesson"),
    ('[assignments.a]\nlessons = "00-olcum-cekirdegi.ipynb"', "'assignments.a.lessons' must "
                                                              "list names"),
    ('[assignments.a]\nlessons = ["00-olcum-cekirdegi.ipynb"]\nweight = 2',
     "'assignments.a.weight' is not one of lessons, exercises"),
    ('assignments = ["a"]', "'assignments' must hold a table for each assignment"),
])
def test_a_wrong_assignment_is_named_with_its_key(tmp_path, table, message):
    course = with_table(copy_course(tmp_path), table + "\n")
    with pytest.raises(CourseError, match="course.toml") as raised:
        read_definition(course)
    assert message in raised.value.message


OUTLINE = [LessonOutline("00-a", "A", ("00-x", "00-y"), ("00-t",)),
           LessonOutline("01-b", "B", ("01-x",), ())]


def test_an_assignment_narrows_the_outline_to_its_lessons_and_exercises():
    here = ROOT / COURSE_TOML
    assert assignment_outline(OUTLINE, Assignment(("01-b.ipynb",)), "a", here) == [OUTLINE[1]]
    assert assignment_outline(OUTLINE, Assignment(("00-a.ipynb",), ("00-y",)), "a", here) == [
        LessonOutline("00-a", "A", ("00-y",), ("00-t",))]
    with pytest.raises(CourseError, match="'assignments.a.exercises' names '01-x', an exercise "
                                          "of none of its lessons"):
        assignment_outline(OUTLINE, Assignment(("00-a.ipynb",), ("01-x",)), "a", here)


@pytest.mark.slow  # starts kernels
def test_a_class_graded_on_an_assignment_is_scored_on_it_alone(tmp_path, monkeypatch):
    """Ayşe hands in the first lesson's first exercise right and a notebook of the second
    lesson; Burak the first exercise wrong. The assignment is that one exercise."""
    real = read_definition(ROOT)
    assignment = Assignment((f"{FIRST}.ipynb",), (FIRST_ID,))
    monkeypatch.setattr(command, "read_definition", lambda root: dataclasses.replace(
        real, assignments={"ilk": assignment}))
    submissions, out = tmp_path / "teslimler", tmp_path / "notlar"
    for student, lesson, cell in (("ayse", FIRST, first_right()), ("ayse", SECOND, "1 + 1"),
                                  ("burak", FIRST, f"kontrol({FIRST_ID!r}, {{}})")):
        (submissions / student).mkdir(parents=True, exist_ok=True)
        (submissions / student / f"{lesson}.ipynb").write_text(
            nbformat.writes(small(lesson, cell)), encoding="utf-8")
    assert grade_class(Request(ROOT, submissions, out, csv=True, assignment="ilk")) == 0
    with (out / CSV).open(newline="", encoding="utf-8-sig") as text:
        assert list(csv.reader(text)) == [
            ["student", FIRST_ID, "exercises_right", "percent", "predictions_made", "flags"],
            ["ayse", "1", "1", "100.0", "0", f"ayse/{SECOND}.ipynb: Bu ödevin (ilk) derslerinden "
                                              "birinin defteri değil."],
            ["burak", "0", "0", "0.0", "0", ""]]
    with Gradebook(out / GRADEBOOK) as book:
        [outside] = book.unplaced()
    assert (outside.source, outside.student) == (f"ayse/{SECOND}.ipynb", "ayse")
    assert "Bu ödevin (ilk) derslerinden" in outside.reason
    index = (out / FEEDBACK / INDEX).read_text(encoding="utf-8")
    assert "<td>1/1</td>" in index and "<td>0/1</td>" in index


def test_an_assignment_the_course_does_not_have_is_named_before_anything_runs(tmp_path,
                                                                            capsys):
    assert grade_class(Request(ROOT, tmp_path, tmp_path / "notlar", assignment="yok")) == 1
    assert "no assignment 'yok' ([assignments] has: none)" in capsys.readouterr().err
    assert not (tmp_path / "notlar").exists()


def test_the_readmes_assignment_is_one_the_course_can_grade(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    example = readme.split("**Assignments.**", 1)[1].split("```toml\n", 1)[1].split("```")[0]
    definition = read_definition(with_table(copy_course(tmp_path), example))
    [(name, assignment)] = definition.assignments.items()
    lessons = [read_lesson(ROOT / "lessons" / lesson) for lesson in definition.lessons]
    narrowed = assignment_outline(command._outline(lessons, definition.tools), assignment, name,
                                  definition.path)
    assert [item for lesson in narrowed for item in lesson.exercises] == \
        list(assignment.exercises)
