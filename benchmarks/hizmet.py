"""Time the visibility sweep against the seed's own gorunurluk.mjs under node, and the simulation.

Run by hand from the repository root: `python benchmarks/hizmet.py [--runs N]`. The sweep runs at
10^6 messages as a command a person types, `python -m kernel.hizmet gorunurluk --ileti 1000000`,
side by side with node running the seed's program, cut from the seed document (beside the
repository, in ../shared/seeds/) into a temporary folder with N = 1000000; the goal is within 5x
of node. The seed's program spreads a million durations into `Math.max(...)`, which overflows
node's default stack, so node gets a larger one. The simulation runs the seed's workload at
10^4 and 10^5 messages at a 5-unit timeout, in this process; 10x the messages should take about
10x the time. Wall-clock medians, and the CPU time of the same runs (steadier on a busy machine).
The garbage collector stays on, as in a student's session; the time it takes is shown.
"""

import gc
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from _options import Parser, run_count
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.sonuc import Sonuc
from kernel.hizmet.yuk import Ileti, IsYuku

ROOT = Path(__file__).parents[1]
SEED = ROOT.parent / "shared" / "seeds" / "002_0401412d5fc9efef.txt"
SWEEP_MESSAGES = 10**6
SIMULATION_MESSAGES = (10**4, 10**5)
GOAL = 5.0
NODE_STACK_KB = 32768  # a million arguments to Math.max need about 8 MiB of stack
# The kernel's table spells its words with Turkish letters, the seed's program without them.
SEED_LETTERS = str.maketrans("çğıöşüÇĞİÖŞÜ", "cgiosuCGIOSU")


class Timing:
    """Wall-clock and CPU seconds of each run, and the garbage collector's share of its wall."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.collector: list[float] = []
        self._started = 0.0

    def collecting(self, phase: str, _: dict[str, int]) -> None:
        """A `gc.callbacks` entry: adds each collection's wall time to the current run."""
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.collector[-1] += time.perf_counter() - self._started

    def median(self) -> tuple[float, float]:
        return statistics.median(self.wall), statistics.median(self.cpu)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def command(argv: list[str], runs: int) -> tuple[Timing, subprocess.CompletedProcess[str]]:
    """Run `argv` `runs` times; the last run's output is kept to compare."""
    timing = Timing()
    for _ in range(runs):
        cpu, start = children_cpu(), time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False,
                              preexec_fn=unlimited_stack)
        timing.wall.append(time.perf_counter() - start)
        timing.cpu.append(children_cpu() - cpu)
    return timing, done


def unlimited_stack() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_STACK)
    resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))


def in_process(call: Callable[[], object], runs: int) -> Timing:
    timing = Timing()
    gc.callbacks.append(timing.collecting)
    try:
        for _ in range(runs):
            timing.collector.append(0.0)
            cpu, start = time.process_time(), time.perf_counter()
            call()
            timing.wall.append(time.perf_counter() - start)
            timing.cpu.append(time.process_time() - cpu)
    finally:
        gc.callbacks.remove(timing.collecting)
    return timing


def seed_program(folder: Path) -> Path:
    """The seed's gorunurluk.mjs with a million messages, written into `folder`; ValueError
    if the seed document holds it no more as this benchmark knows it."""
    text = SEED.read_text(encoding="utf-8")
    start = text.find("// gorunurluk.mjs")
    source = text[start:text.find("node gorunurluk.mjs", start)] if start >= 0 else ""
    anchor = "const N = 400, AZAMI = 5;"
    if source.count(anchor) != 1:
        raise ValueError(f"{SEED} holds no gorunurluk.mjs with {anchor!r}")
    path = folder / "gorunurluk.mjs"
    path.write_text(source.replace(anchor, f"const N = {SWEEP_MESSAGES}, AZAMI = 5;"),
                    encoding="utf-8")
    return path


def row(name: str, timing: Timing) -> str:
    wall, cpu = timing.median()
    return f"  {name:34} {wall * 1000:9.0f} ms wall {cpu * 1000:9.0f} ms cpu"


def sweep(runs: int) -> None:
    print(f"sweep at {SWEEP_MESSAGES:,} messages, median of {runs} run(s):")
    ours, done = command([sys.executable, "-m", "kernel.hizmet", "gorunurluk",
                          "--ileti", str(SWEEP_MESSAGES)], runs)
    print(row("python -m kernel.hizmet gorunurluk", ours))
    node = shutil.which("node")
    if node is None or not SEED.is_file():
        print(f"  no peer: {'node is not installed' if node is None else f'{SEED} is missing'}")
        return
    with tempfile.TemporaryDirectory() as folder:
        try:
            program = seed_program(Path(folder))
        except ValueError as changed:
            print(f"  no peer: {changed}")
            return
        default = subprocess.run([node, str(program)], capture_output=True, text=True,
                                 check=False)
        if default.returncode != 0:
            error = next((line for line in default.stderr.splitlines() if "Error" in line), "")
            print(f"  node with its default stack fails: {error.strip()}")
        theirs, peer = command([node, f"--stack-size={NODE_STACK_KB}", str(program)], runs)
    if peer.returncode != 0:
        print(f"  node failed even with a larger stack: {peer.stderr.strip()[:200]}")
        return
    print(row(f"node --stack-size={NODE_STACK_KB} (seed's)", theirs))
    same = peer.stdout == done.stdout.translate(SEED_LETTERS)
    print(f"  same table, letters aside: {'yes' if same else 'NO'}")
    for kind, mine, peers in zip(("wall", "cpu"), ours.median(), theirs.median(), strict=True):
        ratio = mine / peers
        verdict = "meets" if ratio <= GOAL else "misses"
        print(f"  ours / node ({kind}) = {ratio:.2f} ({verdict} the goal {GOAL:.0f}x)")


def simulate(iletiler: list[Ileti]) -> Sonuc:
    return Benzetim(iletiler, 5).calistir()


def simulation(runs: int) -> None:
    print(f"simulation of the seed's workload at a 5-unit timeout, median of {runs} run(s):")
    medians = []
    for messages in SIMULATION_MESSAGES:
        iletiler = IsYuku(ileti=messages).iletiler()
        timing = in_process(partial(simulate, iletiler), runs)
        medians.append(timing.median())
        print(row(f"{messages:,} messages", timing)
              + f" {timing.median()[1] / messages * 1e6:7.2f} us cpu/message, "
              f"gc {statistics.median(timing.collector) * 1000:.0f} ms")
    for kind, small, large in zip(("wall", "cpu"), *medians, strict=True):
        print(f"  10x the messages ({kind}): {large / small:.1f}x the time")


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=3, help="runs of each (default: 3)")
    args = parser.parse_args(argv)
    os.chdir(ROOT)  # `python -m kernel.hizmet` finds the kernel from here
    sweep(args.runs)
    simulation(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
