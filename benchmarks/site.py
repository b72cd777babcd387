"""Time the site build against `jupyter nbconvert --to html` on the same notebooks.

Run by hand from the repository root: `python benchmarks/site.py [--runs N]`. Each run, side
by side: a full build into a new folder, a rebuild with nothing changed, and nbconvert; all
three are timed as the commands a person types, so each pays its own start-up. First, untimed,
a build and nbconvert run once each, so that every timed run starts as a person's second run
does: its bytecode compiled and kept (`bytecode_kept`), its files read before."""

import sys
import tempfile
from pathlib import Path

from _commands import CommandFailed, bytecode_kept, medians, nbconvert, timed
from _options import Course, Parser, run_count

ROOT = Path(__file__).parents[1]
TARGETS = {"full build": 0.10, "no-change rebuild": 0.02}


def build_into(course: Course, out: str) -> list[str]:
    return [sys.executable, str(ROOT / "build.py"), "--root", str(course.root), "--out", out]


def run_times(course: Course, runs: int) -> dict[str, list[float]]:
    """Each run's seconds: a full build, a rebuild with nothing changed, and nbconvert."""
    notebooks = [str(course.path(name)) for name in course.lessons]
    times: dict[str, list[float]] = {"full build": [], "no-change rebuild": [], "nbconvert": []}
    env = bytecode_kept()
    with tempfile.TemporaryDirectory() as folder:
        timed(build_into(course, f"{folder}/site-warm-up"), env)
        timed(nbconvert(notebooks, f"{folder}/nbconvert-warm-up"), env)
        for run in range(runs):
            build = build_into(course, f"{folder}/site-{run}")
            times["full build"].append(timed(build, env))
            times["no-change rebuild"].append(timed(build, env))
            times["nbconvert"].append(timed(nbconvert(notebooks, f"{folder}/nbconvert-{run}"),
                                            env))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=5, help="runs of each (default: 5)")
    parser.add_course()
    args = parser.parse_args(argv)
    try:
        times = run_times(args.course, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    found = medians(times, len(args.course.lessons), args.runs, in_ms=True)
    for name, target in TARGETS.items():
        ratio = found[name] / found["nbconvert"]
        verdict = "meets" if ratio <= target else "misses"
        print(f"  {name} / nbconvert = {ratio:.3f} ({verdict} the target {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
