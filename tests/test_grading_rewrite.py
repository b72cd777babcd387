"""What the grader runs of a submission's cell: its `kontrol("id", ...)` calls go to the run's
capture, and a cell the grader cannot read as Python runs as it is, never stopping the grader;
the cells are read in the grader's own thread."""

import ast
import shutil
import threading

from checks.course import read_lesson
from checks.exercises import course_registry
from course_copies import NAMES, ROOT, lessons_in_order
from grading.grader import grade, on_this_machine
from grading.rewrite import graded_source
from grading.sandbox import Limits, Run
from grading.submissions import place
from grading.words import WORDS


def test_each_check_with_an_id_goes_to_the_capture_and_nothing_else_changes():
    source = 'kontrol("01-a", tahmin)\nkontrol(kimlik, tahmin)\nprint(kontrol)'
    assert graded_source(source, "yakala", NAMES.check).splitlines() == [
        "yakala('01-a', tahmin)", "kontrol(kimlik, tahmin)", "print(kontrol)"]


def test_a_cell_that_is_not_python_or_too_deep_to_read_runs_as_it_is():
    for source in ["kontrol(", "x = " + "-" * 100_000 + "1"]:
        assert graded_source(source, "yakala", NAMES.check) == source


def test_every_cell_is_parsed_in_the_graders_own_thread(monkeypatch, tmp_path):
    """CPython 3.11's `ast` keeps one count of its depth for every thread: two threads parsing
    at once can fail with "AST constructor recursion depth mismatch". The runner's threads,
    which wait on the kernels, must parse nothing."""
    lesson = read_lesson(ROOT / "lessons" / lessons_in_order()[0])
    for student in ("ayse", "burak", "cem"):
        (tmp_path / student).mkdir()
        shutil.copy(lesson.path, tmp_path / student)
    submissions, _ = place(tmp_path, {lesson.front_matter["title"]: lesson}, WORDS["tr"])
    parsing = set()

    def parse(*arguments, **keywords):
        parsing.add(threading.current_thread())
        return real_parse(*arguments, **keywords)

    def ran(cells, **_):
        return Run(captured=(), cells_run=len(cells), failure=None, failed_cell=None,
                   detail="", confined=True, offline=True, output="", truncated=False)

    real_parse = ast.parse
    monkeypatch.setattr(ast, "parse", parse)
    monkeypatch.setattr("grading.grader.run_cells", ran)
    grade(submissions, course_registry(), on_this_machine(2), package="alistirmalar",
          root=str(ROOT), packages=(), limits=Limits(), words=WORDS["tr"], with_answers=False)
    assert parsing == {threading.main_thread()}
