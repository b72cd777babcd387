"""Time the preview's round trip against `jupyter nbconvert --to html` of the same lesson.

Run by hand from the repository root: `python benchmarks/preview.py [--runs N]`. It copies the
course, runs `python build.py serve` on the copy and opens the lesson's page in Chromium; each
run saves the lesson with a new sentence (as editors do: a temporary file renamed over it) and
times from the save to the reloaded page having loaded with the sentence in it. The peer renders
the one lesson with nbconvert, timed as the command a person types. Goal: under one second, and
well under nbconvert."""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from _runs import run_count

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browsers import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (started as the browser tests do)

GOAL_S = 1.0
SECTION = "## Modelin sınırları"  # the section every lesson has, where the sentence goes
WAIT_MS = 30_000


def with_sentence(text: str, word: str) -> str:
    notebook = json.loads(text)
    cell = next(cell for cell in notebook["cells"] if "".join(cell["source"]).startswith(SECTION))
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
    raise SystemExit(f"build.py serve stopped (exit status {process.wait()})")


def preview_times(root: Path, lesson: str, runs: int) -> list[float]:
    """Seconds from each save to the reloaded page's load, the new sentence in it."""
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
                page.get_by_text(f"Önizleme ölçümü: {word}.").wait_for(timeout=WAIT_MS)
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
    times = []
    for run in range(runs):
        start = time.perf_counter()
        subprocess.run([jupyter, "nbconvert", "--to", "html", "--output-dir",
                        str(folder / f"nbconvert-{run}"), str(notebook)], check=True,
                       capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=5, help="edits, and nbconvert runs "
                        "(default: 5)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the course repository")
    parser.add_argument("--lesson", help="the lesson edited (default: the course's first)")
    args = parser.parse_args(argv)
    definition = tomllib.loads((args.root / "course" / "course.toml").read_text("utf-8"))
    lesson = args.lesson or definition["lessons"][0]
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "course"
        for part in ("course", "lessons", "kernel"):
            if (args.root / part).is_dir():
                shutil.copytree(args.root / part, copy / part,
                                ignore=shutil.ignore_patterns("__pycache__", "_lite_cache"))
        medians = {"save to reloaded page": statistics.median(
                       preview_times(copy, lesson, args.runs)),
                   "nbconvert": statistics.median(
                       nbconvert_times(args.root / "lessons" / lesson, args.runs, Path(folder)))}
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
