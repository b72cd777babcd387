"""The `lesson-link` rule: a relative link to a notebook names a lesson of the course order."""

from pathlib import Path

import pytest

from checks.findings import ERROR
from checks.linter.lint import lint_course
from course_copies import LESSON, copy_course, edit_notebook, first_cell, source

LESSON_PATH = Path("lessons") / LESSON
OTHER = "00-olcum-cekirdegi.ipynb"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """Two lessons of the course: the one the tests write links in, and one it may link to."""
    return copy_course(tmp_path, only=(OTHER, LESSON))


def add_to_next_step(root: Path, text: str) -> int:
    """`text` in a cell of its own after the lesson's `## Sonraki Adım` cell, apart from the
    links the lesson has; returns that cell's index."""
    found = {}

    def change(notebook: dict) -> None:
        index = first_cell(notebook, lambda cell: cell["cell_type"] == "markdown"
                           and source(cell).startswith("## Sonraki Adım")) + 1
        notebook["cells"].insert(index, {"cell_type": "markdown", "id": "baglanti",
                                         "metadata": {}, "source": text})
        found["index"] = index
    edit_notebook(root / LESSON_PATH, change)
    return found["index"]


def link_findings(root: Path, cell: int):
    return [finding for finding in lint_course(root)
            if finding.rule == "lesson-link" and finding.cell == cell]


@pytest.mark.parametrize("target", [OTHER, f"{OTHER}#olcum-cekirdegi", LESSON,
                                    "https://example.org/notlar.ipynb", "ders.md",
                                    "../course/glossary.yaml#kuyruk"])
def test_a_link_to_a_lesson_of_the_course_or_to_no_notebook_passes(course, target):
    cell = add_to_next_step(course, f"Sıradaki: [ders]({target}).")
    assert link_findings(course, cell) == []


@pytest.mark.parametrize("target", ["99-olmayan-ders.ipynb", f"./{OTHER}", f"../lessons/{OTHER}",
                                    f"{OTHER}?v=2", "02-olaylar-ve-dinleyiciler.ipynb",
                                    "notlar/taslak.ipynb", "00-Olcum-Cekirdegi.IPYNB"])
def test_a_relative_link_to_a_notebook_off_the_course_order_is_an_error_naming_it(course,
                                                                                  target):
    """02 is a lesson of the real course, but not of this copy's order."""
    cell = add_to_next_step(course, f"Sıradaki: [ders]({target}).")
    [finding] = link_findings(course, cell)
    assert (finding.path, finding.severity) == (LESSON_PATH, ERROR)
    assert f"links to {target!r}, which is not a lesson in the course order" in finding.message


TERM = "../course/glossary.yaml#kuyruk"


@pytest.mark.parametrize("text", [
    f"[[kuyruk]({TERM})]({TERM})", f"[[[[kuyruk]({TERM})]({TERM})]({TERM})]({TERM})",
    f"[bir [kuyruk]({TERM}) daha]({TERM})", f"[**[kuyruk]({TERM})**]({TERM})",
])
def test_a_link_inside_a_link_is_an_error(course, text):
    cell = add_to_next_step(course, f"Sıradaki ders {text} üzerine.")
    findings = [f for f in lint_course(course) if f.rule == "nested-link" and f.cell == cell]
    assert findings and all(f.severity == ERROR for f in findings)
    assert "a link inside another link's text" in findings[0].message


@pytest.mark.parametrize("text", [
    f"[kuyruk]({TERM}) ve [kuyruğu]({TERM})", "bir dizi: `a[0](1)`", "köşeli [ayraç] (böyle)",
    "```python\nx = [f](y)\n```",
])
def test_links_side_by_side_and_brackets_in_code_pass(course, text):
    cell = add_to_next_step(course, text)
    assert [f for f in lint_course(course) if f.rule == "nested-link" and f.cell == cell] == []
