"""Time the site build against `jupyter nbconvert --to html` on the same notebooks.

Run by hand from the repository root: `python benchmarks/site.py [--runs N]`. Each run, side
by side: a full build into a new folder, a rebuild with nothing changed, and nbconvert; all
three are timed as the commands a person types, so each pays its own start-up."""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from _runs import run_count

ROOT = Path(__file__).parents[1]
TARGETS = {"full build": 0.10, "no-change rebuild": 0.02}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def lesson_paths(root: Path) -> list[str]:
    course = tomllib.loads((root / "course" / "course.toml").read_text(encoding="utf-8"))
    return [str(root / "lessons" / name) for name in course["lessons"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=5, help="runs of each (default: 5)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the course repository")
    args = parser.parse_args(argv)
    notebooks = lesson_paths(args.root)
    jupyter = str(Path(sys.executable).parent / "jupyter")
    times: dict[str, list[float]] = {"full build": [], "no-change rebuild": [], "nbconvert": []}
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs):
            build = [sys.executable, str(ROOT / "build.py"), "--root", str(args.root),
                     "--out", f"{folder}/site-{run}"]
            times["full build"].append(timed(build))
            times["no-change rebuild"].append(timed(build))
            times["nbconvert"].append(timed([jupyter, "nbconvert", "--to", "html", "--output-dir",
                                             f"{folder}/nbconvert-{run}", *notebooks]))
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{len(notebooks)} notebook(s), {args.runs} run(s) each, medians:")
    for name, median in medians.items():
        print(f"  {name:18} {median * 1000:8.1f} ms")
    for name, target in TARGETS.items():
        ratio = medians[name] / medians["nbconvert"]
        verdict = "meets" if ratio <= target else "misses"
        print(f"  {name} / nbconvert = {ratio:.3f} ({verdict} the target {target})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
