"""The stored outputs of lesson 01 print the seed's two blocks, line for line.

nbval checks that re-running a lesson reproduces its stored outputs; this checks that
those stored outputs are the figures the seed lesson printed.
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


@pytest.mark.parametrize("block", ["01-kuyruk.txt", "01-deneme.txt"])
def test_a_cell_prints_exactly_the_seed_block(block):
    lesson = ROOT / "lessons" / "01-kuyruklar-ve-isler.ipynb"
    assert (EXPECTED / block).read_text(encoding="utf-8") in cell_stdouts(lesson)
