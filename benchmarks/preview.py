"""Time the preview's round trip against `jupyter nbconvert --to html` of the same lesson.

Run by hand from the repository root: `python benchmarks/preview.py [--runs N]`. It copies the
course, runs `python build.py serve` on the copy and opens the lesson's page in Chromium; each
run saves the lesson with a new sentence (as editors do: a temporary file renamed over it) and
times from the save to the reloaded page having loaded with the sentence in it. The peer renders
the one lesson with nbconvert, timed as the command a person types. Goal: under one second, and
well under nbconvert."""

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _commands import CommandFailed, timed
from _options import Course, Parser, run_count

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browsers import (  # noqa: E402  (started as the browser tests do)
    CHROMIUM, CHROMIUM_ARGS, browser_missing)

GOAL_S = 1.0
SECTION = "## Modelin sınırları"  # the section every lesson has, where the sentence goes
WAIT_MS = 30_000


def section(notebook: dict) -> dict | None:
    """The cell that opens SECTION, where the sentence goes; None if the lesson has none."""
    return next((cell for cell in notebook.get("cells", [])
                 if "".join(cell.get("source", "")).startswith(SECTION)), None)


def editable(path: Path) -> bool:
    """Whether the lesson is a notebook with a SECTION cell."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False
    return isinstance(notebook, dict) and section(notebook) is not None


def with_sentence(text: str, word: str) -> str:
    notebook = json.loads(text)
    cell = section(notebook)
    assert cell is not None, "checked by editable()"
    cell["source"] = "".join(cell["source"]) + f"\n\nÖnizleme ölçümü: {word}.\n"
    return json.dumps(notebook, ensure_ascii=False, indent=1)


def save(path: Path, text: str) -> float:
    """Save as editors do; the wall-clock time of the save, in seconds."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
    return time.time()


def serve(root: Path) -> tuple[subprocess.Popen, str]:
    """`python build.py serve` on `root`, and its address once it watches the course."""
    process = subprocess.Popen([sys.executable, str(ROOT / "build.py"), "--root", str(root),
                                "serve", "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("serving the site at "):
            return process, line.split()[4]
    raise SystemExit(f"error: build.py serve stopped (exit status {process.wait()})")


def preview_times(root: Path, lesson: str, runs: int) -> list[float]:
    """Seconds from each save to the reloaded page's load, the new sentence in it."""
    from playwright.sync_api import TimeoutError as PageTimeout
    from playwright.sync_api import sync_playwright
    path = root / "lessons" / lesson
    original = path.read_text(encoding="utf-8")
    process, url = serve(root)
    times = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(url + lesson.replace(".ipynb", ".html"))
            page.wait_for_load_state("load")
            for run in range(runs):
                word = "".join(chr(ord("a") + int(digit)) for digit in f"{run:03d}") + "ölçüt"
                saved = save(path, with_sentence(original, word))
                try:
                    page.get_by_text(f"Önizleme ölçümü: {word}.").wait_for(timeout=WAIT_MS)
                except PageTimeout:
                    raise CommandFailed(f"build.py serve: the page did not show the saved "
                                        f"change within {WAIT_MS // 1000} s") from None
                page.wait_for_load_state("load")
                loaded = page.evaluate("performance.timeOrigin + performance"
                                       ".getEntriesByType('navigation')[0].loadEventEnd")
                times.append(loaded / 1000 - saved)
            browser.close()
    finally:
        process.terminate()
        process.wait()
    return times


def nbconvert_times(notebook: Path, runs: int, folder: Path) -> list[float]:
    jupyter = str(Path(sys.executable).parent / "jupyter")
    return [timed([jupyter, "nbconvert", "--to", "html", "--output-dir",
                   str(folder / f"nbconvert-{run}"), str(notebook)]) for run in range(runs)]


def run_medians(course: Course, lesson: str, runs: int) -> dict[str, float]:
    """The medians of the round trip, on a copy of the course, and of nbconvert."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "course"
        for part in ("course", "lessons", "kernel"):
            if (course.root / part).is_dir():
                shutil.copytree(course.root / part, copy / part,
                                ignore=shutil.ignore_patterns("__pycache__", "_lite_cache"))
        return {"save to reloaded page": statistics.median(preview_times(copy, lesson, runs)),
                "nbconvert": statistics.median(
                    nbconvert_times(course.path(lesson), runs, Path(folder)))}


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=5, help="edits, and nbconvert runs "
                        "(default: 5)")
    parser.add_course(lesson="edited")
    args = parser.parse_args(argv)
    lesson = parser.lesson(args.course, args.lesson)
    if not editable(args.course.path(lesson)):
        parser.error(f"argument {'--root' if args.lesson is None else '--lesson'}: {lesson} "
                     f"is not a notebook with a '{SECTION}' cell to edit")
    missing = browser_missing()
    if missing is not None:
        print(f"error: {missing}", file=sys.stderr)
        return 1
    try:
        medians = run_medians(args.course, lesson, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{lesson}, {args.runs} run(s) each, medians:")
    for name, median in medians.items():
        print(f"  {name:22} {median * 1000:8.1f} ms")
    preview = medians["save to reloaded page"]
    ratio = preview / medians["nbconvert"]
    print(f"  save to reloaded page / nbconvert = {ratio:.3f}; "
          f"{'meets' if preview < GOAL_S else 'misses'} the goal of under {GOAL_S:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
