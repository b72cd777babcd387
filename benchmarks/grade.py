"""Time `build.py grade` on a class's submissions of one lesson against plain nbclient (`jupyter
execute`) running the same notebooks, as many at a time, and against itself sending them to a
Dask cluster.

Run by hand from the repository root: `python benchmarks/grade.py [--students N] [--workers
LIST] [--runs N] [--root DIR] [--lesson NAME]`. It writes N submissions of the lesson (the
student's copy with every exercise's revealed answer pasted in), then, for each number of
workers W in LIST, grades them with `build.py grade --workers W`, runs them in W `jupyter
execute` processes, and grades them with `build.py grade --scheduler` on a Dask LocalCluster of
W single-threaded worker processes (started before, as a class's cluster is, and not timed),
the three taking turns to go first. The grader's time over the peer's is what a confined
kernel, the capture and the judging cost; Dask's over this machine's is what sending the jobs
to a cluster costs; how each time falls as W grows is what more cores buy."""

import argparse
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

import nbformat

from _commands import CommandFailed, timed_together
from _options import Course, Parser, run_count
from checks.calls import checked_cells
from checks.course import read_lesson
from checks.definition import read_definition
from checks.exercises import load_registry
from publish.student import student_notebook

ROOT = Path(__file__).parents[1]

GRADER, PEER, DASK = "build.py grade", "jupyter execute", "grade on Dask"
TOOLS = (GRADER, PEER, DASK)


def worker_counts(text: str) -> list[int]:
    """An argparse type: numbers of workers, as 1,2,4 (each from 1 to 64)."""
    counts = [part.strip() for part in text.split(",")]
    if not all(part.isdecimal() and 1 <= int(part) <= 64 for part in counts):
        raise argparse.ArgumentTypeError(f"must be whole numbers from 1 to 64 with commas "
                                         f"between, as 1,2,4 (not {text})")
    return sorted({int(part) for part in counts})


def submission(course: Course, lesson: str) -> nbformat.NotebookNode:
    """The lesson as a student hands it in with every exercise answered as its answer shows."""
    definition = read_definition(course.root)
    registry = load_registry(definition.exercises, course.root)
    notebook = nbformat.reads(
        student_notebook(read_lesson(course.path(lesson)).notebook).decode(), as_version=4)
    for index, exercise_id in checked_cells(notebook.cells, definition.tools.check).items():
        cell = notebook.cells[index]
        cell.source = registry.exercises[exercise_id].pasted(cell.source, definition.tools)
    return notebook


def write_class(notebook: nbformat.NotebookNode, lesson: str, students: int,
                folder: Path) -> list[Path]:
    """A folder per student, each holding the same submission; the notebooks' paths."""
    paths = []
    for number in range(1, students + 1):
        path = folder / f"ogrenci{number:03}" / lesson
        path.parent.mkdir(parents=True)
        nbformat.write(notebook, path)
        paths.append(path)
    return paths


def peer_commands(notebooks: list[Path], workers: int) -> list[list[str]]:
    """`workers` `jupyter execute` commands sharing the notebooks, each running its share in
    turn (errors in a cell allowed, as the grader allows them)."""
    jupyter = str(Path(sys.executable).parent / "jupyter")
    shares = [notebooks[start::workers] for start in range(workers)]
    return [[jupyter, "execute", "--allow-errors", *map(str, share)] for share in shares if share]


def run_times(course: Course, lesson: str, students: int, workers: list[int],
              runs: int) -> dict[tuple[str, int], list[float]]:
    """Each run's seconds, for each tool and number of workers."""
    from distributed import LocalCluster

    times: dict[tuple[str, int], list[float]] = {(tool, count): [] for count in workers
                                                 for tool in TOOLS}
    with tempfile.TemporaryDirectory() as temporary, ExitStack() as clusters:
        folder = Path(temporary)
        notebooks = write_class(submission(course, lesson), lesson, students,
                                folder / "submissions")
        addresses = {count: clusters.enter_context(LocalCluster(
            n_workers=count, threads_per_worker=1, processes=True,
            dashboard_address=None)).scheduler_address for count in workers}
        def grade(out: str, *how: str) -> list[str]:
            return [sys.executable, str(ROOT / "build.py"), "--root", str(course.root), "grade",
                    str(folder / "submissions"), "--out", str(folder / out), *how]

        for run in range(runs):
            for count in workers:
                commands = {GRADER: [grade(f"here-{run}-{count}", "--workers", str(count))],
                            PEER: peer_commands(notebooks, count),
                            DASK: [grade(f"dask-{run}-{count}", "--scheduler", addresses[count])]}
                turn = run % len(TOOLS)
                for tool in TOOLS[turn:] + TOOLS[:turn]:
                    times[tool, count].append(timed_together(commands[tool]))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=3, help="runs of each (default: 3)")
    parser.add_argument("--students", type=run_count, default=40, help="submissions in the "
                        "class (default: 40)")
    parser.add_argument("--workers", type=worker_counts, default=[1, 2, 4],
                        help="the numbers of workers to time, as 1,2,4 (the default)")
    parser.add_course(lesson="submitted")
    args = parser.parse_args(argv)
    lesson = parser.lesson(args.course, args.lesson)
    try:
        times = run_times(args.course, lesson, args.students, args.workers, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    medians = {key: statistics.median(values) for key, values in times.items()}
    print(f"{args.students} submissions of {lesson}, {args.runs} run(s) of each, medians:")
    print(f"  {'workers':>7}  {GRADER:>14}  {PEER:>15}  {DASK:>13}  {'grade / execute':>15}"
          f"  {'Dask / grade':>12}")
    for count in args.workers:
        grading, peer, dask = (medians[tool, count] for tool in TOOLS)
        print(f"  {count:>7}  {grading:>12.1f} s  {peer:>13.1f} s  {dask:>11.1f} s"
              f"  {grading / peer:>15.2f}  {dask / grading:>12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
