"""The student's notebook, one function's work for the student's copy, the site's download and
the lite course: nothing in it answers a question before it is asked (no output, note, claim
or answer key)."""

import nbformat
import pytest

from checks.definition import read_definition
from checks.glossary import MARK_TARGET
from checks.markers import CLAIM, DISCUSSION, INSTRUCTOR, MEASUREMENTS, tags
from checks.words import words_in
from course_copies import ROOT, lessons_in_order
from publish.student import GLOSSARY_NAME, NO_WIDGETS, student_notebook


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "lessons" / name, as_version=4)


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_student_notebook_has_no_output_no_note_and_no_claim(name):
    source = read(name)
    student = nbformat.reads(student_notebook(source).decode(), as_version=4)
    nbformat.validate(student)
    kept = [cell for cell in source.cells if not tags(cell) & {CLAIM, INSTRUCTOR}]
    assert len(kept) < len(source.cells)  # every lesson has notes and claims to leave out
    assert [cell.id for cell in student.cells] == [cell.id for cell in kept]
    for cell in student.cells:
        assert not tags(cell) & {CLAIM, INSTRUCTOR}
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    assert any(cell.cell_type == "code" and cell.outputs for cell in source.cells)
    assert source.metadata[MEASUREMENTS]  # the instructor's answer key stays with the lesson
    assert student.metadata == {**{key: value for key, value in source.metadata.items()
                                   if key != MEASUREMENTS}, "widgets": NO_WIDGETS}


@pytest.mark.parametrize("name", lessons_in_order())
def test_its_marked_terms_link_to_the_glossary_beside_it_and_no_other_text_changes(name):
    """But a discussion's first line, which says how to open it."""
    source = read(name)
    student = nbformat.reads(student_notebook(source).decode(), as_version=4)
    kept = [cell for cell in source.cells if not tags(cell) & {CLAIM, INSTRUCTOR}]
    text = "".join(cell.source for cell in student.cells)
    assert f"]({GLOSSARY_NAME}#" in text and MARK_TARGET not in text
    assert [(f"{folded_line(cell)}\n\n" if DISCUSSION in tags(cell) else "")
            + cell.source.replace(f"]({MARK_TARGET}", f"]({GLOSSARY_NAME}#") for cell in kept] \
        == [cell.source for cell in student.cells]


@pytest.mark.parametrize("name", lessons_in_order())
def test_every_discussion_and_the_front_matter_are_stored_folded_and_nothing_else_is(name):
    """JupyterLab then shows only its first line: of a discussion, how to open it (tests/lab
    looks); of the front matter, its opening `---`."""
    student = nbformat.reads(student_notebook(read(name)).decode(), as_version=4)
    folded = [cell.source.splitlines()[0] for cell in student.cells
              if cell.metadata.get("jupyter", {}).get("source_hidden")]
    discussions = [cell for cell in read(name).cells if DISCUSSION in tags(cell)]
    assert len(discussions) >= read_definition(ROOT).minimums.predictions
    assert student.cells[0].cell_type == "raw" and student.cells[0].source == read(name).cells[
        0].source
    assert folded == ["---", *(folded_line(cell) for cell in discussions)]
    summary = words_in("tr")["section_folded"].format(title=read_definition(ROOT).sections.summary)
    assert folded.count(summary) == 1


def folded_line(discussion: nbformat.NotebookNode) -> str:
    """What JupyterLab shows of the lesson's `discussion` folded: how to open it; for one that
    is a section of its own (the summary), with the section's title."""
    said = words_in("tr")
    heading, _, _ = discussion.source.partition("\n")
    if heading.startswith("## "):
        return said["section_folded"].format(title=heading[3:])
    return said["discussion_folded"]


def test_what_a_run_stored_makes_no_difference():
    """The student notebook is the same whatever outputs the instructor's copy stores."""
    source = read(lessons_in_order()[0])
    cleared = nbformat.reads(nbformat.writes(source), as_version=4)
    for cell in cleared.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    assert student_notebook(source) == student_notebook(cleared)


def test_a_kernelspec_given_replaces_the_lessons_and_changes_nothing_else():
    """The lite course's notebooks name the Pyodide kernel, the rest is the download's."""
    source = read(lessons_in_order()[0])
    pyodide = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    student = nbformat.reads(student_notebook(source).decode(), as_version=4)
    lite = nbformat.reads(student_notebook(source, pyodide).decode(), as_version=4)
    assert lite.metadata.kernelspec == pyodide
    assert source.metadata.kernelspec["name"] == "python3"  # the lesson itself is untouched
    lite.metadata.kernelspec = student.metadata.kernelspec
    assert lite == student
