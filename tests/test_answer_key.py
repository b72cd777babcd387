"""The instructor's answer key, from the lessons' own runs: what a measurement notes in the
kernel, what `build.py run` stores, a stored key that no longer holds failing the lesson's run,
what the instructor's pages are given, and no student's notebook carrying it."""

import json
import shutil
from dataclasses import replace
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from checks.student import measured
from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.exercises import course_registry, of_course
from checks.exercises.kinds import ModifyTask, Prediction
from checks.kernel_course import kernel_definition
from checks.markers import MEASUREMENTS, STORING, measurements
from checks.student.progress_file import STUDY_MARKER
from checks.run_lesson import kernel_config, run_lesson, store_measured
from checks.student.tr import tahmin_sonucu
from course_copies import LESSON, ROOT, copy_course, edit_notebook, lessons_in_order
from publish import SiteError
from publish.plan_items import plan_items, prediction_key
from publish.study import course_files

PREDICTIONS = course_registry().predictions  # the one `tahmin_sonucu` reads
ENGLISH = Path(__file__).parent / "english_course"
RANGED, WHOLE = "04-cift-isleme", "04-geri-basma"  # a prediction of ranges, one of a number
STORED = "01-hakki-biten"  # a prediction of LESSON's


@pytest.fixture(autouse=True)
def nothing_measured(monkeypatch):
    monkeypatch.setattr(measured, "MEASURED", {})


def stored_in(lesson: Path) -> dict[str, str | int]:
    return measurements(nbformat.read(lesson, as_version=4))


def test_a_measurement_is_noted_as_the_choice_it_falls_in_and_prints_nothing(capsys):
    ranged = PREDICTIONS[RANGED]
    assert ranged.group is not None
    tahmin_sonucu(RANGED, 100)
    tahmin_sonucu(WHOLE, "60")  # a number as a cell may pass it
    tahmin_sonucu(STORED, "3")
    assert measured.MEASURED == {RANGED: ranged.group(100), WHOLE: 60, STORED: "3"}
    assert capsys.readouterr().out == ""  # a lesson's stored outputs stay as they are


@pytest.fixture
def lessons_folder(tmp_path, monkeypatch) -> Path:
    """This process working in the lessons of a copy of the course, as their kernel does."""
    course = copy_course(tmp_path / "course", only=(LESSON,))
    monkeypatch.chdir(course / LESSONS_DIR)
    monkeypatch.delenv(STORING, raising=False)
    kernel_definition.cache_clear()
    yield course / LESSONS_DIR
    kernel_definition.cache_clear()


@pytest.fixture
def lessons_kernel(lessons_folder, monkeypatch) -> Path:
    """This process as a notebook's kernel there."""
    monkeypatch.setattr(measured, "_running_a_notebook", lambda: True)
    return lessons_folder


def test_in_a_notebooks_kernel_a_right_choice_other_than_the_stored_one_fails(lessons_kernel):
    right = stored_in(lessons_kernel / LESSON)[STORED]
    measured.check_stored(STORED, right)
    with pytest.raises(measured.StaleKey) as stale:
        measured.check_stored(STORED, "4")
    assert str(stale.value) == (
        f"{LESSON} stores {right!r} as the right choice of {STORED!r}, and this run measured "
        f"'4': store the new answer key with python build.py run lessons/{LESSON}")


def test_the_key_is_not_checked_by_run_nor_where_progress_is_kept(lessons_kernel, monkeypatch):
    monkeypatch.setenv(STORING, "1")
    measured.check_stored(STORED, "4")  # `run` is about to store it
    monkeypatch.delenv(STORING)
    (lessons_kernel / STUDY_MARKER).write_text("", encoding="utf-8")
    measured.check_stored(STORED, "4")  # a student's copy: its notebooks carry no key


def test_a_program_calling_the_tools_is_no_notebooks_kernel(lessons_folder):
    """A test may give a verdict on any measurement, in the lessons' folder too."""
    assert not measured._running_a_notebook()
    measured.check_stored(STORED, "4")


def test_run_stores_the_measurements_and_none_for_a_lesson_without_predictions():
    notebook = nbformat.v4.new_notebook(metadata={MEASUREMENTS: {"00-eski": "a"}})
    store_measured(notebook, {})
    assert MEASUREMENTS not in notebook.metadata
    store_measured(notebook, {"00-yeni": 3})
    assert notebook.metadata[MEASUREMENTS] == {"00-yeni": 3}


@pytest.mark.slow  # starts kernels
def test_a_stale_key_fails_the_lessons_run_until_run_stores_it_anew(tmp_path):
    course = tmp_path / "counting-work"
    shutil.copytree(ENGLISH, course, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    lesson = course / LESSONS_DIR / "00-work-in-the-request.ipynb"
    right = stored_in(lesson)
    (identifier, choice), = right.items()
    stale = next(other for other in of_course(read_definition(course)).predictions[
        identifier].choices if other != choice)
    edit_notebook(lesson, lambda notebook: notebook["metadata"][MEASUREMENTS].update(
        {identifier: stale}))
    cells = nbformat.read(lesson, as_version=4).cells

    def plain_run() -> None:
        """As nbval and JupyterLab run it: a kernel in the lesson's folder."""
        NotebookClient(nbformat.read(lesson, as_version=4), config=kernel_config(course.parent),
                       resources={"metadata": {"path": str(lesson.parent)}}).execute()

    with pytest.raises(CellExecutionError) as failed:
        plain_run()
    assert failed.value.ename == "StaleKey" and failed.value.evalue.startswith(
        f"{lesson.name} stores {stale!r} as the right choice of {identifier!r}, and this run "
        f"measured {choice!r}: ")
    run_lesson(lesson)
    assert stored_in(lesson) == right and nbformat.read(lesson, as_version=4).cells == cells
    plain_run()


def test_the_plan_gives_each_prediction_its_stored_right_choice_and_the_wrong_ones_assumptions():
    definition = read_definition(ROOT)
    for name in lessons_in_order():
        lesson = read_lesson(ROOT / LESSONS_DIR / name)
        stored = measurements(lesson.notebook)
        items = plan_items(lesson, definition)
        assert sorted(key.id for key in items.predictions) == sorted(stored)
        for key in items.predictions:
            prediction = PREDICTIONS[key.id]
            assert key.right == stored[key.id] and key.question == prediction.question
            if prediction.choices:
                assert key.right in prediction.choices and not key.whole_number
                assert key.wrong == tuple((choice, prediction.assumptions.get(choice))
                                          for choice in prediction.choices if choice != key.right)
            else:
                assert key.whole_number and key.wrong == (
                    ("fewer", prediction.assumptions["az"]),
                    ("more", prediction.assumptions["çok"]))
        assert items.exercises
        for key in items.exercises:
            exercise = course_registry().exercises[key.id]
            assert (key.kind, key.answer, key.why) == (type(exercise).__name__,
                                                       exercise.answer_text(), exercise.why)


def test_a_whole_numbers_sides_are_the_assumptions_the_courses_words_name():
    prediction = Prediction("How many?", (), {"fewer": "below", "more": "above"})
    key = prediction_key("00-many", prediction, 3, "en")
    assert (key.right, key.wrong, key.whole_number) == (
        3, (("fewer", "below"), ("more", "above")), True)


@pytest.mark.parametrize("root", [ROOT, ENGLISH], ids=["tr", "en"])
def test_no_students_copy_carries_the_answer_key(root):
    """The study copy's lessons; the download's and the lite course's are `student_notebook`'s
    (tests/test_student_notebook.py, tests/site, tests/lite)."""
    studied = course_files(root)
    for name in dict.fromkeys(read_definition(root).lessons):
        assert nbformat.read(root / LESSONS_DIR / name, as_version=4).metadata[MEASUREMENTS]
        assert MEASUREMENTS not in json.loads(studied[name])["metadata"]


def test_an_answer_that_cannot_be_made_stops_the_build_naming_its_module(monkeypatch):
    definition = read_definition(ROOT)
    registered = of_course(definition).exercises  # the one the plan reads
    task = registered["01-hak-ayari"]
    assert isinstance(task, ModifyTask)
    monkeypatch.setitem(registered, "01-hak-ayari", replace(task, solution=lambda: str(1 / 0)))
    with pytest.raises(SiteError) as failed:
        plan_items(read_lesson(ROOT / LESSONS_DIR / LESSON), definition)
    assert str(failed.value) == ("alistirmalar/ders01.py: the answer of '01-hak-ayari' cannot "
                                 "be made: ZeroDivisionError: division by zero")
