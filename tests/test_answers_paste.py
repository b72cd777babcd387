"""A revealed answer that replaces the whole exercise cell (a Modify step's) reads as the cell
after the change: the same `kontrol(` line, the other lines as they were. That every revealed
answer passes when pasted is checked in each lesson's own run (conftest.py's
`revealed answers pass when pasted`, in the kernel nbval ran the lesson in)."""

import difflib

import nbformat
import pytest

from checks.calls import checked_cells
from checks.exercises import course_registry
from course_copies import NAMES, ROOT, lessons_in_order

EXERCISES = course_registry().exercises  # the one `kontrol` reads
CHECK = "kontrol"


def check_lines(source: str) -> list[str]:
    return [line for line in source.splitlines() if line.startswith(f"{CHECK}(")]


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_whole_cell_answer_is_its_cell_changed_a_little_with_the_check_kept(name):
    """The answer reads as the lesson's cell does after the change: the same `kontrol(` line,
    the other lines (imports, comments) as they were, one or two lines changed."""
    notebook = nbformat.read(ROOT / "lessons" / name, as_version=4)
    whole = {index: exercise_id
             for index, exercise_id in checked_cells(notebook.cells, NAMES.check).items()
             if EXERCISES[exercise_id].whole_cell}
    assert whole, "every lesson has a Modify step"
    for index, exercise_id in whole.items():
        handed, answer = notebook.cells[index].source, EXERCISES[exercise_id].answer_text()
        assert check_lines(answer) == check_lines(handed) == [handed.splitlines()[-1]]
        removed = [line for line in difflib.ndiff(handed.splitlines(), answer.splitlines())
                   if line.startswith("- ")]
        assert 1 <= len(removed) <= 2, (exercise_id, removed)
