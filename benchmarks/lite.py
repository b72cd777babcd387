"""Time a lesson's start in the lite site against a bare Pyodide kernel on the same build.

Run by hand from the repository root: `python benchmarks/lite.py [--runs N]`. It builds the
course's lite site into --out (or reuses it there, up to date), copies it with one notebook
more, which imports nothing of the course, serves the copy on 127.0.0.1 and opens, in
Chromium, the lesson and that notebook, each in a fresh browser profile (cold), then again in
the same profile (warm). An open is timed from the address entered to the kernel idle with the
lesson's cells run up to and including its first import from the course (the bare notebook's
one cell). Goal: warm, at most 1.3 times the bare kernel's time."""

import json
import re
import shutil
import statistics
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from _commands import CommandFailed
from _options import Parser, run_count
from publish import LintFailed, SiteError
from publish.lite.course_code import course_code
from publish.lite.inputs import CACHE
from publish.serve import address, make_server
from publish.site import build_site

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browsers import (  # noqa: E402  (started as the browser tests do)
    CHROMIUM, CHROMIUM_ARGS, browser_missing)

GOAL = 1.3  # warm, the lesson's time over the bare kernel's
BARE = "bare-kernel.ipynb"
BARE_CODE = "import inspect\n\nprint(inspect.isfunction(print))"
WAIT_MS = 300_000
KERNEL = "Python (Pyodide) | "  # the status bar's kernel, then its state
# JupyterLab has opened the notebook, given its first cell the keyboard and started its
# session with a kernel (a cell run before that asks for a kernel, or runs nowhere).
OPENED = f"""() => document.activeElement?.closest('.jp-Notebook') != null
  && [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(item =>
    item.textContent.startsWith('{KERNEL}') && !item.textContent.endsWith('Initializing'))"""
# Every cell up to the one at `arg` has run, and the kernel is idle: when, in ms since the
# page's navigation started.
READY = """(last) => {
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-Cell')].slice(0, last + 1)
    .filter(cell => cell.classList.contains('jp-CodeCell'))
    .map(cell => cell.querySelector('.jp-InputPrompt'));
  const idle = [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(item => item.textContent === '""" + KERNEL + """Idle');
  return idle && prompts.length > 0
    && prompts.every(prompt => /\\[\\d+\\]/.test(prompt.textContent)) && performance.now();
}"""


def first_course_import(cells: list[dict], modules: list[str]) -> int | None:
    """The index of the first cell whose code imports one of `modules`, if any does."""
    pattern = re.compile(rf"^\s*(from|import)\s+({'|'.join(map(re.escape, modules))})\b",
                         re.MULTILINE)
    return next((index for index, cell in enumerate(cells) if cell["cell_type"] == "code"
                 and pattern.search("".join(cell["source"]))), None)


def bare_notebook() -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "bare",
                       "metadata": {}, "outputs": [], "source": BARE_CODE}],
            "metadata": {"kernelspec": {"display_name": "Python (Pyodide)",
                                        "language": "python", "name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def with_bare_notebook(site: Path, copy: Path) -> None:
    """Copy the site's lite site into `copy`, with BARE in its contents."""
    shutil.copytree(site / "lite", copy / "lite")
    contents = copy / "lite" / "files"
    (contents / BARE).write_text(json.dumps(bare_notebook(), indent=1), encoding="utf-8")
    listing_file = copy / "lite" / "api" / "contents" / "all.json"
    listing = json.loads(listing_file.read_text(encoding="utf-8"))
    model = next(entry for entry in listing["content"] if entry["type"] == "notebook")
    listing["content"].append({**model, "name": BARE, "path": BARE,
                               "size": (contents / BARE).stat().st_size})
    listing_file.write_text(json.dumps(listing, indent=1), encoding="utf-8")


@contextmanager
def serving(site: Path) -> Iterator[str]:
    with make_server(site, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield address(server)
        finally:
            server.shutdown()


def open_time(playwright, profile: Path, url: str, last: int) -> float:
    """Seconds from opening `url` in Chromium with `profile` to the kernel idle, with every
    cell up to index `last` run."""
    from playwright.sync_api import TimeoutError as PageTimeout
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(OPENED, timeout=WAIT_MS, polling=50)
        for _ in range(last + 1):
            page.keyboard.press("Shift+Enter")
        ready = page.wait_for_function(READY, arg=last, timeout=WAIT_MS, polling=50)
        return ready.json_value() / 1000
    except PageTimeout:
        raise CommandFailed(f"{url} was not ready within {WAIT_MS // 1000} s") from None
    finally:
        context.close()


def open_times(base: str, notebooks: dict[str, int], runs: int) -> dict[str, list[float]]:
    """Each notebook's cold and warm times, `runs` of each, side by side."""
    from playwright.sync_api import sync_playwright
    times: dict[str, list[float]] = {f"{state} {name}": [] for state in ("cold", "warm")
                                     for name in notebooks}
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        for run in range(runs):
            order = list(notebooks) if run % 2 == 0 else list(reversed(notebooks))
            for name in order:
                profile = Path(folder) / f"profile-{run}-{name}"
                url = f"{base}lite/lab/index.html?path={name}"
                for state in ("cold", "warm"):
                    times[f"{state} {name}"].append(
                        open_time(playwright, profile, url, notebooks[name]))
    return times


def build_lite_site(root: Path, out: Path) -> Path:
    try:
        return build_site(root, out, lite=True).out
    except (LintFailed, SiteError) as error:
        raise CommandFailed(f"the lite build failed: {error}") from None


def main(argv: list[str] | None = None) -> int:
    parser = Parser(__file__, __doc__.splitlines()[0])
    parser.add_argument("--runs", type=run_count, default=3, help="opens of each notebook, "
                        "cold and warm (default: 3)")
    parser.add_course(lesson="opened")
    parser.add_argument("--out", type=Path, help="where the course site with its lite site is "
                        "built, or reused (default: _lite_cache/benchmark-site in the course)")
    args = parser.parse_args(argv)
    lesson = parser.lesson(args.course, args.lesson)
    missing = browser_missing()
    if missing is not None:
        print(f"error: {missing}", file=sys.stderr)
        return 1
    try:
        site = build_lite_site(args.course.root, args.out or args.course.root / CACHE /
                               "benchmark-site")
        notebook = json.loads((site / "lite" / "files" / lesson).read_text(encoding="utf-8"))
        last = first_course_import(notebook["cells"], list(course_code(args.course.root).paths))
        if last is None:
            raise CommandFailed(f"{lesson} imports nothing from the course")
        with tempfile.TemporaryDirectory() as folder:
            with_bare_notebook(site, Path(folder))
            with serving(Path(folder)) as base:
                times = open_times(base, {lesson: last, BARE: 0}, args.runs)
    except CommandFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{lesson} (up to its first import from the course) and {BARE}, "
          f"{args.runs} run(s) each, medians from the address to the kernel idle:")
    for name, median in medians.items():
        print(f"  {name:36} {median * 1000:8.1f} ms")
    for state in ("cold", "warm"):
        ratio = medians[f"{state} {lesson}"] / medians[f"{state} {BARE}"]
        verdict = f"; {'meets' if ratio <= GOAL else 'misses'} the goal of {GOAL}" \
            if state == "warm" else ""
        print(f"  {state}: lesson / bare = {ratio:.3f}{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
