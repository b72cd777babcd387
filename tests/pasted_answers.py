"""Exercise cells as a student leaves them after pasting the revealed answer (the "Cevabı
göster" button's text) where the button says: over their part (all before the `kontrol(` line),
or over the whole cell when the answer is a whole cell (a Modify step's)."""

import nbformat

from checks.exercises.kinds import Exercise
from checks.markers import EXERCISE, tags
from checks.rules_structure import exercise_ids

CHECK = "kontrol"


def pasted(source: str, exercise: Exercise) -> str:
    """The exercise cell `source` with `exercise`'s answer pasted in."""
    if exercise.whole_cell:
        return exercise.answer_text()
    lines = source.splitlines(keepends=True)
    start = next(number for number, line in enumerate(lines) if line.startswith(f"{CHECK}("))
    return f"{exercise.answer_text().rstrip()}\n{''.join(lines[start:])}"


def exercise_cells(notebook: nbformat.NotebookNode) -> dict[int, str]:
    """The exercise cells that check an answer, by index, with their exercise's id."""
    found = {index: exercise_ids(cell.source, (CHECK,)) for index, cell
             in enumerate(notebook.cells) if EXERCISE in tags(cell)}
    return {index: exercise_id for index, ids in found.items() for exercise_id in ids}
