"""Each lesson's stored outputs print its seed's blocks, line for line.

nbval checks that re-running a lesson reproduces its stored outputs; this checks that those
stored outputs are the figures the seed printed. `tests/expected/NN-name.txt` is a block that
lesson NN must print whole, in one cell; lesson 05 prints its seed's figures in a table of its own
(`05-iki-yurutucu.seed`, below).
"""

import re
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


# Lesson 05 prints its seed's figures in a table of its own (`iki_yurutucu`), not the seed's
# lines: `05-iki-yurutucu.seed` is the block as the seed printed it, and the figures read from it
# must be the figures read from the lesson's cell.
SEED_05 = EXPECTED / "05-iki-yurutucu.seed"
SEED_KINDS = {"bir kez duraklayan": "BirKezDuraklar", "hemen hazir": "HemenHazir"}
YES = {"true": True, "false": False, "evet": True, "hayır": False}


def seed_05_figures(block: str) -> dict:
    """The seed's figures: each task kind's polls under kostur and kostur_dongu, whether the two
    are equal, how many records, and whether each value is its task's own name (a record)."""
    polls, values = {}, []
    for kind, alone, loop, *value in re.findall(
            r"^(bir kez duraklayan|hemen hazir): +kostur=(\d+) kostur_dongu=(\d+) "
            r"\(deger (\S+) / (\S+)\)$", block, re.M):
        polls[SEED_KINDS[kind]] = (int(alone), int(loop))
        values += value
    [equal] = re.findall(r"^ayni yoklama sayisi mi: duraklayan=(\w+) hazir=(\w+)$", block, re.M)
    [(count, lines)] = re.findall(r"^kayitlar \((\d+)\):\n((?:  \S+\n)*)", block, re.M)
    return {"polls": polls, "equal": tuple(YES[flag] for flag in equal),
            "records": (int(count), len(lines.split())),
            "own names": sorted(values) == lines.split()}


def lesson_05_figures(printed: str) -> dict:
    """The same figures, read from the table `iki_yurutucu` prints."""
    rows = re.findall(r"^(BirKezDuraklar|HemenHazir) +(\d+) +(\d+) +(evet|hayır)$", printed, re.M)
    [own] = re.findall(r"^her görevin değeri kendi adı mı: (evet|hayır)$", printed, re.M)
    [(count, lines)] = re.findall(r"^kanalda (\d+) kayıt:\n((?:  \S+\n)*)", printed, re.M)
    return {"polls": {kind: (int(alone), int(loop)) for kind, alone, loop, _ in rows},
            "equal": tuple(YES[flag] for *_, flag in rows),
            "records": (int(count), len(lines.split())), "own names": YES[own]}


def test_the_seed_05_block_is_read_whole():
    figures = seed_05_figures(SEED_05.read_text(encoding="utf-8"))
    assert set(figures["polls"]) == set(SEED_KINDS.values())
    assert len(figures["equal"]) == 2 and figures["records"][0] == figures["records"][1]


def test_lesson_05_prints_the_seed_figures_in_its_own_table():
    seed = seed_05_figures(SEED_05.read_text(encoding="utf-8"))
    tables = [out for out in cell_stdouts(lesson_numbered("05")) if out.startswith("görev türü")]
    assert tables and all(lesson_05_figures(table) == seed for table in tables)
