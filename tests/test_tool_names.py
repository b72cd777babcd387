"""The student's tools by the names of a course's language: each language's module holds exactly
the names checks.markers.TOOL_NAMES gives, each the tool itself; a language with no names of
its own takes the English ones; the modules lessons imported the tools from before they moved
still import them, for a student's copy of an earlier lesson; the linter reads a lesson's calls
by its course's names."""

import importlib

import pytest

from checks.markers import TOOL_NAMES, tool_names
from checks.student import exercise, prediction, progress
from checks.student.tr import ilerleme
from course_copies import copy_course, edit_notebook, first_cell, source, tagged
from test_lint import findings_of

IMPLEMENTED = {"check": exercise.check, "form": exercise.form, "predict": prediction.predict,
               "verdict": prediction.prediction_result}


@pytest.mark.parametrize("language", sorted(TOOL_NAMES))
def test_each_languages_module_holds_its_names_each_the_tool(language):
    names = TOOL_NAMES[language]
    module = importlib.import_module(names.module)
    assert sorted(module.__all__) == sorted(names.calls)
    for role, tool in IMPLEMENTED.items():
        assert getattr(module, getattr(names, role)) is tool, role


def test_turkish_progress_takes_its_turkish_arguments(monkeypatch):
    asked = []
    monkeypatch.setattr("checks.student.tr.progress",
                        lambda **arguments: asked.append(arguments))
    ilerleme()
    ilerleme(sifirla=True)
    ilerleme(hepsi=True)
    assert asked == [{"reset": False, "all_lessons": False}, {"reset": True, "all_lessons": False},
                     {"reset": False, "all_lessons": True}]
    assert TOOL_NAMES["en"].progress == progress.progress.__name__


def test_a_language_without_names_of_its_own_takes_the_english_ones():
    assert tool_names("de") == TOOL_NAMES["en"] and tool_names("tr") == TOOL_NAMES["tr"]


@pytest.mark.parametrize("old, names", [("checks.alistirma", ("form", "kontrol")),
                                        ("checks.tahmin", ("tahmin_et", "tahmin_sonucu")),
                                        ("checks.ilerleme", ("ilerleme",))])
def test_the_modules_lessons_imported_from_before_still_import_the_tools(old, names):
    module, turkish = importlib.import_module(old), importlib.import_module("checks.student.tr")
    assert all(getattr(module, name) is getattr(turkish, name) for name in names)


def test_the_linter_reads_a_lessons_calls_by_its_courses_names(tmp_path):
    """An exercise cell of a Turkish course that checks with the English name checks nothing."""
    course = copy_course(tmp_path, only=("01-kuyruklar-ve-isler.ipynb",))

    def english_check(notebook: dict) -> None:
        cell = notebook["cells"][first_cell(notebook, tagged("exercise"))]
        cell["source"] = source(cell).replace("kontrol(", "check(")
    edit_notebook(course / "lessons" / "01-kuyruklar-ve-isler.ipynb", english_check)
    [finding] = findings_of(course, "exercise-without-check")
    assert "calls no check" in finding.message and 'kontrol("NN-name", ...)' in finding.message
