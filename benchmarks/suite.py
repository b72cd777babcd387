"""Time the test suite as the README runs it, say where its time goes, and set it beside its
peer: every lesson run once, top to bottom, by `jupyter execute`, the least any suite of these
lessons must do.

Run by hand from the repository root, on a machine doing nothing else:
`python benchmarks/suite.py [--workers N]`. It runs `pytest -n N` (default `auto`, as the
README's test command does) with the plugin `benchmarks/_suite_cpu.py`, which records each
test's wall seconds and the CPU seconds of its worker's processes, then the peer, and prints
the suite's seconds and their ratio to the peer's, the least those CPU seconds take on this
machine's cores and the CPU seconds the README's four minutes allow, the CPU and wall seconds
of each test module, most CPU first, and the ten slowest tests."""

import argparse
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from _commands import CommandFailed, timed
from _options import Parser

from publish.forked import usable_cpus

ROOT = Path(__file__).parents[1]
MODULES_SHOWN = 25
BUDGET = 240.0  # seconds of pytest the README allows the suite


class Record(NamedTuple):
    test: str
    wall: float
    cpu: float


def workers(text: str) -> str:
    """An argparse type: `auto`, or a whole number of workers from 1 to 64."""
    if text != "auto" and not (text.isdecimal() and 1 <= int(text) <= 64):
        raise argparse.ArgumentTypeError(f"must be auto or a whole number from 1 to 64 "
                                         f"(not {text})")
    return text


def by_module(records: list[Record]) -> list[tuple[str, float, float]]:
    """(module, CPU seconds, wall seconds) of each test module, most CPU first."""
    cpu: dict[str, float] = collections.defaultdict(float)
    wall: dict[str, float] = collections.defaultdict(float)
    for record in records:
        module = record.test.partition("::")[0]
        cpu[module] += record.cpu
        wall[module] += record.wall
    return sorted(((module, cpu[module], wall[module]) for module in cpu),
                  key=lambda row: (-row[1], row[0]))


def floor_line(cpu: float, cores: int, budget: float = BUDGET) -> str:
    """What the suite's `cpu` seconds take at the least on `cores` busy without a gap, and what
    `budget` seconds of pytest allow."""
    return (f"on {cores} cores busy from the first second to the last: at least "
            f"{cpu / cores:.1f} s; {budget:.0f} s allow {budget * cores:.0f} CPU s")


def slowest(records: list[Record], count: int = 10) -> list[Record]:
    return sorted(records, key=lambda record: -record.wall)[:count]


def run_suite(workers: str, folder: Path) -> tuple[float, list[Record]]:
    """The suite's seconds, and its records."""
    records = folder / "records.jsonl"
    environment = {**os.environ, "SUITE_CPU_RECORDS": str(records),
                   "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT / "benchmarks"),
                                                               os.environ.get("PYTHONPATH")]))}
    seconds = timed([sys.executable, "-m", "pytest", "-q", "-n", workers, "-p", "_suite_cpu"],
                    environment)
    return seconds, [Record(**json.loads(line))
                     for line in records.read_text(encoding="utf-8").splitlines()]


def peer_seconds() -> float:
    jupyter = str(Path(sys.executable).parent / "jupyter")
    lessons = sorted(str(path) for path in (ROOT / "lessons").glob("[0-9]*.ipynb"))
    start = time.perf_counter()
    for lesson in lessons:
        timed([jupyter, "execute", "--output", str(Path(tempfile.mkdtemp()) / "run.ipynb"),
               lesson])
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--workers", type=workers, default="auto",
                        help="pytest -n's workers (default: auto)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        try:
            suite, records = run_suite(args.workers, Path(folder))
            peer = peer_seconds()
        except CommandFailed as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
    modules, cpu = by_module(records), sum(record.cpu for record in records)
    print(f"pytest -n {args.workers}: {suite:.1f} s, {len(records)} tests, {cpu:.0f} CPU s; "
          f"every lesson run once by jupyter execute: {peer:.1f} s; "
          f"suite / peer = {suite / peer:.1f}")
    print(floor_line(cpu, usable_cpus()))
    print(f"{'CPU s':>8} {'wall s':>8}  module (most CPU first)")
    for module, cpu, wall in modules[:MODULES_SHOWN]:
        print(f"{cpu:8.1f} {wall:8.1f}  {module}")
    rest = modules[MODULES_SHOWN:]
    print(f"{sum(row[1] for row in rest):8.1f} {sum(row[2] for row in rest):8.1f}  "
          f"the other {len(rest)} modules")
    print("the ten slowest tests:")
    for record in slowest(records):
        print(f"{record.wall:8.1f} s  {record.test}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
