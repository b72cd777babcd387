"""Which submitted notebook is whose, and of which lesson: two notebooks of one student for one
lesson are neither graded, each naming the other, while the student's other lessons are."""

import json
import re
import shutil

from checks.course import read_lesson
from course_copies import ROOT, lessons_in_order
from grading.submissions import place
from grading.words import WORDS


def test_two_notebooks_of_one_lesson_are_both_left_ungraded_each_naming_the_other(tmp_path):
    first, second = (read_lesson(ROOT / "lessons" / name) for name in lessons_in_order()[:2])
    lessons = {lesson.front_matter["title"]: lesson for lesson in (first, second)}
    for name in ("hakan__01-a-final.ipynb", "hakan__01-b-eski.ipynb"):
        shutil.copy(first.path, tmp_path / name)
    shutil.copy(second.path, tmp_path / "hakan__02.ipynb")
    shutil.copy(first.path, tmp_path / "ayse__01.ipynb")

    placed, unplaced = place(tmp_path, lessons, WORDS["tr"])

    assert sorted((s.student, s.source) for s in placed) == [
        ("ayse", "ayse__01.ipynb"), ("hakan", "hakan__02.ipynb")]
    reasons = {file.source: file.reason for file in unplaced}
    assert set(reasons) == {"hakan__01-a-final.ipynb", "hakan__01-b-eski.ipynb"}
    assert "(hakan__01-b-eski.ipynb)" in reasons["hakan__01-a-final.ipynb"]
    assert "(hakan__01-a-final.ipynb)" in reasons["hakan__01-b-eski.ipynb"]


def test_what_jupyterlab_and_the_system_keep_is_not_a_submission(tmp_path):
    """A checkpoint copy (`.ipynb_checkpoints/`) and `.DS_Store` are neither graded nor listed."""
    lesson = read_lesson(ROOT / "lessons" / lessons_in_order()[0])
    (tmp_path / "ayse" / ".ipynb_checkpoints").mkdir(parents=True)
    shutil.copy(lesson.path, tmp_path / "ayse" / "00.ipynb")
    shutil.copy(lesson.path, tmp_path / "ayse" / ".ipynb_checkpoints" / "00-checkpoint.ipynb")
    (tmp_path / ".DS_Store").write_bytes(b"\0")

    placed, unplaced = place(tmp_path, {lesson.front_matter["title"]: lesson}, WORDS["tr"])

    assert [s.source for s in placed] == ["ayse/00.ipynb"] and unplaced == []


def test_why_a_notebook_cannot_be_read_is_said_in_the_courses_language(tmp_path):
    """Turkish only: no parser's English ("Expecting value", "front matter missing")."""
    first = read_lesson(ROOT / "lessons" / lessons_in_order()[0])
    lessons = {first.front_matter["title"]: first}
    without_front_matter = json.loads(first.path.read_text(encoding="utf-8"))
    without_front_matter["cells"] = without_front_matter["cells"][1:]
    files = {"kesik.ipynb": b'{"cells": [', "latin.ipynb": "{'ş': 'é'}".encode("cp1254"),
             "onbilgisiz.ipynb": json.dumps(without_front_matter).encode(),
             "dizi.ipynb": b"[1, 2]"}
    for name, data in files.items():
        (tmp_path / f"ayse__{name}").write_bytes(data)
    _, unplaced = place(tmp_path, lessons, WORDS["tr"])
    reasons = {file.source.removeprefix("ayse__"): file.reason for file in unplaced}
    said = WORDS["tr"]
    assert reasons == {name: said["unreadable"].format(problem=said[key]) for name, key in (
        ("kesik.ipynb", "unreadable_not-json"), ("latin.ipynb", "unreadable_not-utf8"),
        ("onbilgisiz.ipynb", "unreadable_front-matter"), ("dizi.ipynb", "unreadable_notebook"))}
    assert not any(re.search(r"\b(the|not|missing|Expecting)\b", reason)
                   for reason in reasons.values())
