"""Every exercise's revealed answer (the "Cevabı göster" button's text) passes when pasted, as it
is, into its exercise cell: each lesson runs once, in a fresh kernel, with every exercise cell's
student part (all before its `kontrol(` line) replaced by that exercise's answer, or the whole
cell when the answer is a whole cell (a Modify step's). Only the exercise cells are used: the
answer's button lives in their output."""

import difflib
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from checks.exercises import course_registry
from checks.definition import read_definition
from checks.words import words_in
from course_copies import ROOT, lessons_in_order
from pasted_answers import CHECK, exercise_cells, pasted

EXERCISES = course_registry().exercises  # the one `kontrol` reads

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

RIGHT = words_in(read_definition(ROOT).language)["right"]  # "✔ Doğru."


def check_lines(source: str) -> list[str]:
    return [line for line in source.splitlines() if line.startswith(f"{CHECK}(")]


def shown(cell: nbformat.NotebookNode) -> str:
    """What a run cell shows: what it printed, and the error that stopped it, if any (not the
    widgets it displays)."""
    return "".join(output.get("text", "") if output.output_type == "stream"
                   else f"{output.get('ename')}: {output.get('evalue')}"
                   for output in cell.outputs if output.output_type in ("stream", "error"))


def run(notebook: nbformat.NotebookNode, folder: Path) -> None:
    """Every cell, in a fresh kernel in the lesson's folder; a cell's error is kept as its
    output, so that every exercise is reported, not only the first that fails."""
    NotebookClient(notebook, timeout=120, allow_errors=True, record_timing=False,
                   store_widget_state=False, resources={"metadata": {"path": str(folder)}}
                   ).execute()


def lesson_cells(name: str) -> tuple[nbformat.NotebookNode, dict[int, str]]:
    notebook = nbformat.read(ROOT / "lessons" / name, as_version=4)
    return notebook, exercise_cells(notebook)


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_whole_cell_answer_is_its_cell_changed_a_little_with_the_check_kept(name):
    """The answer reads as the lesson's cell does after the change: the same `kontrol(` line,
    the other lines (imports, comments) as they were, one or two lines changed."""
    notebook, cells = lesson_cells(name)
    whole = {index: exercise_id for index, exercise_id in cells.items()
             if EXERCISES[exercise_id].whole_cell}
    assert whole, "every lesson has a Modify step"
    for index, exercise_id in whole.items():
        handed, answer = notebook.cells[index].source, EXERCISES[exercise_id].answer_text()
        assert check_lines(answer) == check_lines(handed) == [handed.splitlines()[-1]]
        removed = [line for line in difflib.ndiff(handed.splitlines(), answer.splitlines())
                   if line.startswith("- ")]
        assert 1 <= len(removed) <= 2, (exercise_id, removed)


@pytest.mark.parametrize("name", lessons_in_order())
def test_every_revealed_answer_passes_when_pasted_into_its_exercise_cell(name):
    path = ROOT / "lessons" / name
    notebook = nbformat.read(path, as_version=4)
    cells = exercise_cells(notebook)
    registered = sorted(exercise for exercise in EXERCISES if exercise[:2] == name[:2])
    assert registered and sorted(cells.values()) == registered  # each once, none left out
    for index, exercise_id in cells.items():
        cell = notebook.cells[index]
        cell.source = pasted(cell.source, EXERCISES[exercise_id])
    run(notebook, path.parent)
    failing = {exercise_id: shown(notebook.cells[index])
               for index, exercise_id in cells.items()
               if not shown(notebook.cells[index]).startswith(f"{RIGHT} ")}
    assert not failing, "\n\n".join(f"{exercise_id}, answer pasted:\n{text}"
                                     for exercise_id, text in failing.items())
