"""Each lesson's stored outputs print its seed's blocks, line for line.

nbval checks that re-running a lesson reproduces its stored outputs; this checks that those
stored outputs are the figures the seed printed. `tests/expected/NN-name.txt` is a block that
lesson NN must print whole, in one cell.
"""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).parents[1]
EXPECTED = Path(__file__).parent / "expected"


def cell_stdouts(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [
        "".join(out.text for out in cell.outputs
                if out.output_type == "stream" and out.name == "stdout")
        for cell in notebook.cells
        if cell.cell_type == "code"
    ]


def lesson_numbered(number: str) -> Path:
    (lesson,) = (ROOT / "lessons").glob(f"{number}-*.ipynb")
    return lesson


@pytest.mark.parametrize("block", sorted(path.name for path in EXPECTED.glob("*.txt")))
def test_a_cell_prints_exactly_the_seed_block(block):
    lesson = lesson_numbered(block[:2])
    assert (EXPECTED / block).read_text(encoding="utf-8") in cell_stdouts(lesson)
