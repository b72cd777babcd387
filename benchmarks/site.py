"""Time the site build against `jupyter nbconvert --to html` on the same notebooks.

Run by hand from the repository root: `python benchmarks/site.py [--runs N]`. Each run, side
by side: a full build into a new folder, a rebuild with nothing changed, and nbconvert; all
three are timed as the commands a person types, so each pays its own start-up."""

import statistics
import sys
import tempfile
from pathlib import Path

from _commands import CommandFailed, timed
from _options import Course, Parser, run_count

ROOT = Path(__file__).parents[1]
TARGETS = {"full build": 0.10, "no-change rebuild": 0.02}


def run_times(course: Course, runs: int) -> dict[str, list[float]]:
    """Each run's seconds: a full build, a rebuild with nothing changed, and nbconvert."""
    notebooks = [str(course.path(name)) for name in course.lessons]
    jupyter = str(Path(sys.executable).parent / "jupyter")
    times: dict[str, list[float]] = {"full build": [], "no-change rebuild": [], "nbconvert": []}
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            build = [sys.executable, str(ROOT / "build.py"), "--root", str(course.root),
                     "--out", f"{folder}/site-{run}"]
            times["full build"].append(timed(build))
            times["no-change rebuild"].append(timed(build))
            times["nbconvert"].append(timed([jupyter, "nbconvert", "--to", "html", "--output-dir",
                                             f"{folder}/nbconvert-{run}", *notebooks]))
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
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{len(args.course.lessons)} notebook(s), {args.runs} run(s) each, medians:")
    for name, median in medians.items():
        print(f"  {name:18} {median * 1000:8.1f} ms")
    for name, target in TARGETS.items():
        ratio = medians[name] / medians["nbconvert"]
        verdict = "meets" if ratio <= target else "misses"
        print(f"  {name} / nbconvert = {ratio:.3f} ({verdict} the target {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
