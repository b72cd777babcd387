"""The answer key on a lesson's instructor page: each exercise's answer, highlighted, and why;
each prediction's right choice, as the lesson's run stored it, and the assumption each wrong one
reveals. Never on a learner's page, nor in a downloaded notebook."""

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from markupsafe import escape

from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.exercises import of_course
from checks.calls import exercise_ids
from checks.markers import CHECK_CALLS, MEASUREMENTS, measurements
from course_copies import ROOT
from publish.highlight import highlight_code
from publish.site import build_site
from publish.strings import STRINGS

ENGLISH = Path(__file__).parents[1] / "english_course"


@pytest.fixture(scope="module")
def english_site(tmp_path_factory) -> Path:
    """The second course (tests/english_course/, two lessons): a build of under a second."""
    root = tmp_path_factory.mktemp("answer-key") / "counting-work"
    shutil.copytree(ENGLISH, root, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    return build_site(root, root.parent / "site").out


def answer_key(root: Path, name: str) -> dict[str, tuple[list[str], list[str]]]:
    """By item of lesson `name` of the course at `root`: the texts only its answer key holds
    (each wrong choice's assumption, an exercise's why), and the HTML the key shows besides (the
    right choice the lesson's run stored, in a code mark; the answer, highlighted; for a whole
    number, the words for a prediction below and above it)."""
    definition = read_definition(root)
    registry = of_course(definition)
    lesson = read_lesson(root / LESSONS_DIR / name)
    said = STRINGS[definition.interface_language]
    key: dict[str, tuple[list[str], list[str]]] = {}
    for identifier, right in measurements(lesson.notebook).items():
        prediction = registry.predictions[identifier]
        sides = [] if prediction.choices else [said["answer_key_fewer"], said["answer_key_more"]]
        key[identifier] = ([assumption for choice, assumption in prediction.assumptions.items()
                            if choice != right],
                           [f"<dd><code>{escape(right)}</code></dd>", *sides])
    checked = {identifier for _, cell in lesson.code_cells
               for identifier in exercise_ids(cell.source, CHECK_CALLS)}
    for identifier in checked:
        exercise = registry.exercises[identifier]
        key[identifier] = ([exercise.why], [highlight_code(exercise.answer_text(), "python")])
    return key


def page(site: Path, name: str, instructor: bool) -> str:
    stem = name.replace(".ipynb", ".html")
    return (site / (f"instructor-{stem}" if instructor else stem)).read_text(encoding="utf-8")


def lessons(root: Path) -> list[str]:
    return list(dict.fromkeys(read_definition(root).lessons))


@pytest.mark.parametrize("root", [ROOT, ENGLISH], ids=["tr", "en"])
def test_every_lesson_stores_a_right_choice_for_every_prediction_it_asks(root):
    for name in lessons(root):
        notebook = read_lesson(root / LESSONS_DIR / name).notebook
        asked = [prediction for cell in notebook.cells if cell.cell_type == "code"
                 for prediction in of_course(read_definition(root)).predictions
                 if f'tahmin_et("{prediction}")' in cell.source]
        assert asked and sorted(measurements(notebook)) == sorted(asked), name


@pytest.mark.parametrize("root, site", [(ROOT, "whole_course_site"), (ENGLISH, "english_site")],
                         ids=["tr", "en"])
def test_the_instructors_page_shows_the_answer_key_and_the_learners_page_none_of_it(
        root, site, request):
    built, registry = request.getfixturevalue(site), of_course(read_definition(root))
    heading = STRINGS[read_definition(root).interface_language]["answer_key"]
    for name in lessons(root):
        instructor, learner = page(built, name, True), page(built, name, False)
        key = instructor[instructor.index('<section class="answer-key"'):]
        assert f">{heading}</h2>" in key
        items = answer_key(root, name)
        assert set(items) & set(registry.exercises) and set(items) & set(registry.predictions)
        for identifier, (texts, html) in items.items():
            item = key[key.index(f"<h4><code>{identifier}</code>"):].split('<div class="key">')[0]
            shown = [*map(str, map(escape, texts)), *html]
            assert [part for part in shown if part not in item] == [], (name, identifier)
            assert [part for part in shown if part in learner] == [], (name, identifier)
        assert "answer-key" not in learner and heading not in learner


def test_a_downloaded_notebook_carries_no_answer_key(whole_course_site):
    for name in lessons(ROOT):
        assert MEASUREMENTS in nbformat.read(ROOT / LESSONS_DIR / name, as_version=4).metadata
        download = (whole_course_site / "notebooks" / name).read_text(encoding="utf-8")
        texts = [text for texts, _ in answer_key(ROOT, name).values() for text in texts]
        assert texts and MEASUREMENTS not in download
        assert [text for text in texts
                if json.dumps(text, ensure_ascii=False)[1:-1] in download] == []
