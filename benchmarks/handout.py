"""Time `build.py handout` (every lesson's PDF and the course book) against its peers on the same
notebooks: the course site's build, and `jupyter nbconvert --to html`.

Run by hand from the repository root: `python benchmarks/handout.py [--runs N]`. Each run, side
by side: the handouts into a new folder, again with nothing changed, the site into a new
folder, and nbconvert; all four are timed as the commands a person types, so each pays its own
start-up. The target: the whole course's handouts in under 30 s on the project's 2-core
machine."""

import sys
import tempfile
from pathlib import Path

from _commands import CommandFailed, medians, nbconvert, timed
from _options import Course, Parser, run_count

ROOT = Path(__file__).parents[1]
TARGET = 30.0  # seconds, for the handouts of every lesson and the book
PEERS = ("site build", "nbconvert")


def run_times(course: Course, runs: int) -> dict[str, list[float]]:
    """Each run's seconds: the handouts, a rebuild with nothing changed, and the two peers."""
    notebooks = [str(course.path(name)) for name in course.lessons]
    build = [sys.executable, str(ROOT / "build.py"), "--root", str(course.root)]
    times: dict[str, list[float]] = {"handouts": [], "no-change rebuild": [],
                                     "site build": [], "nbconvert": []}
    with tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            handout = [*build, "handout", "--out", f"{folder}/handouts-{run}"]
            times["handouts"].append(timed(handout))
            times["no-change rebuild"].append(timed(handout))
            times["site build"].append(timed([*build, "--out", f"{folder}/site-{run}"]))
            times["nbconvert"].append(timed(nbconvert(notebooks, f"{folder}/nbconvert-{run}")))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=3, help="runs of each (default: 3)")
    parser.add_course()
    args = parser.parse_args(argv)
    try:
        times = run_times(args.course, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    found = medians(times, len(args.course.lessons), args.runs)
    for peer in PEERS:
        print(f"  handouts / {peer} = {found['handouts'] / found[peer]:.2f}")
    verdict = "meets" if found["handouts"] <= TARGET else "misses"
    print(f"  handouts: {found['handouts']:.2f} s ({verdict} the target {TARGET:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
