"""The answer key on a lesson's instructor page: each exercise's answer, highlighted, and why;
each prediction's right choice, as the lesson's run stored it, and the assumption each wrong one
reveals. Never on a learner's page, nor in a downloaded notebook."""

import json
import shutil
from pathlib import Path

import nbformat
import pytest
from markupsafe import escape

from answer_keys import answer_key, key_patterns, leaks, lessons
from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.exercises import of_course
from checks.markers import MEASUREMENTS, measurements
from course_copies import ROOT, copy_course
from publish.site import build_site
from publish.strings import STRINGS

ENGLISH = Path(__file__).parents[1] / "english_course"


@pytest.fixture(scope="module")
def english_site(tmp_path_factory) -> Path:
    """The second course (tests/english_course/, two lessons), its instructor's build: under a
    second."""
    root = tmp_path_factory.mktemp("answer-key") / "counting-work"
    shutil.copytree(ENGLISH, root, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    return build_site(root, root.parent / "site", instructor=True).out


@pytest.fixture(scope="module")
def whole_course_instructors(tmp_path_factory) -> Path:
    """The whole real course's instructor's build."""
    root = copy_course(tmp_path_factory.mktemp("whole-course-key") / "course")
    return build_site(root, root.parent / "instructor", instructor=True).out


def page(site: Path, name: str, instructor: bool) -> str:
    stem = name.replace(".ipynb", ".html")
    return (site / (f"instructor-{stem}" if instructor else stem)).read_text(encoding="utf-8")


@pytest.mark.parametrize("root", [ROOT, ENGLISH], ids=["tr", "en"])
def test_every_lesson_stores_a_right_choice_for_every_prediction_it_asks(root):
    for name in lessons(root):
        notebook = read_lesson(root / LESSONS_DIR / name).notebook
        asked = [prediction for cell in notebook.cells if cell.cell_type == "code"
                 for prediction in of_course(read_definition(root)).predictions
                 if f'{read_definition(root).tools.predict}("{prediction}")' in cell.source]
        assert asked and sorted(measurements(notebook)) == sorted(asked), name


@pytest.mark.parametrize("root, site", [(ROOT, "whole_course_instructors"),
                                        (ENGLISH, "english_site")],
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


def test_the_public_site_holds_no_text_of_the_answer_key_in_any_file(whole_course_site,
                                                                      whole_course_instructors):
    """No answer, why, wrong choice's assumption or right choice's mark; no instructor's page
    and no link to one (the lite site's files: tests/lite/test_lite_browser.py)."""
    patterns = key_patterns(ROOT)
    assert leaks(whole_course_site, patterns) == []
    assert not list(whole_course_site.glob("instructor*"))
    assert leaks(whole_course_instructors, patterns)  # the same search finds the key there
