"""The lite site, built once for this module from the real course and served on 127.0.0.1:
every lesson it ships (those of course.toml whose front matter does not say `not_in_browser`)
opens with no output at all (the student's notebook, the same the site offers for download),
then, run cell by cell by Pyodide in headless chromium, in a kernel of its own, prints what the
instructor's copy stores, and the student's progress at its end, which outlives a reload of the
page; no request leaves the machine, nothing is logged as an error, and the lock lists exactly
the wheels shipped.

JupyterLite loads once, in one page of a chromium with a profile on disk, opened from the first
lesson's page's link (every lesson page's link is checked in the built pages). Each lesson runs
once, opened from JupyterLite's file browser (the first is open already) and closed with File >
Close and Shut Down Notebook, and its test checks what that run showed; the first lesson's run
also reads its next step's link and makes the progress that the reload's test looks for."""

import hashlib
import json
import re
import threading
import time
import urllib.parse
import zipfile
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from answer_keys import key_patterns, leaks
from browsers import chromium_with_a_profile
from checks.definition import read_definition
from checks.front_matter import not_in_browser, read_front_matter
from checks.glossary import GLOSSARY_FILE
from checks.markers import (
    LEFT_OUT_OF_STUDENT_COPY,
    MEASUREMENTS,
    tags,
)
from checks.student.progress_file import PROGRESS_FILE
from course_copies import NAMES, ROOT, lessons_in_order
from kernel.yurutucu.dis_kaynak import IS_PARCACIGI_YOK
from progress_in_browser import (
    SAID,
    Progress,
    check_progress_kept,
    check_recorded,
    make_progress,
    progress_in,
    run_cell,
)
from publish.lite import LiteUnavailable
from publish.lite.inputs import KERNELSPEC
from publish.lite.project_wheel import NAME
from publish.lite.site import SITECUSTOMIZE
from publish.serve import address, make_server
from publish.site import build_site
from publish.student import student_notebook
from unavailable import unavailable

PYODIDE = Path("lite/static/pyodide")
LITE_FILES = Path("lite/files")  # the notebooks the lite site ships
KERNEL_EXTENSION = Path("lite/extensions/@jupyterlite/pyodide-kernel-extension/static")
# What the kernel's worker installs as it starts unless Pyodide has loaded it: a package by name
# (`….includes("micropip")||await …`) or each of a list (`for(let e of[…])t.includes(e)||…`).
WORKER_INSTALLS = re.compile(r'includes\("([\w-]+)"\)\|\||'
                             r'for\(let \w+ of(\[[^\]]*\])\)\w+\.includes')
KERNEL_IDLE = ".jp-StatusBar-TextItem:has-text('Python (Pyodide) | Idle')"
# Each code cell's outputs as (kind, text): printed text whole, a widget by its kind alone.
DOM_OUTPUTS = """() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(cell =>
  [...cell.querySelectorAll('.jp-OutputArea-output')].map(output =>
    output.getAttribute('data-mime-type') === 'application/vnd.jupyter.stdout'
      ? ['stdout', output.textContent]
      : output.querySelector('.jupyter-widgets') ? ['widget', '']
      : output.getAttribute('data-mime-type') === 'image/svg+xml'
        ? ['figure', [...output.querySelectorAll('img')].map(img => img.naturalWidth > 0)]
      : [output.getAttribute('data-mime-type') || 'unknown', output.textContent]))"""
# Every figure's image has loaded (a data URL, but still decoded after the cell has run).
FIGURES_LOADED = """() => [...document.querySelectorAll("[data-mime-type='image/svg+xml'] img")]
  .every(img => img.complete)"""
# Every code cell has run, or the run stopped: none is queued, and one at least has a count.
FINISHED = """() => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
  return !prompts.some(p => p.textContent.includes('*'))
    && prompts.some(p => /\\[\\d+\\]/.test(p.textContent));
}"""
RAN = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
  .map(p => p.textContent.trim())"""
OPEN_TABS = ".lm-DockPanel-tabBar .lm-TabBar-tabLabel"
# Waiting polls every POLL ms, not at every frame, which would keep the browser busy for nothing.
POLL = 100
# Every form's 'Kontrol et' has been answered by the kernel, in the line under it.
FORMS_ANSWERED = """() => [...document.querySelectorAll('button')]
  .filter(button => button.textContent.includes('Kontrol et'))
  .every(button => button.nextElementSibling.textContent.trim() !== '')"""


@pytest.fixture(scope="module")
def site(playwright_driver, tmp_path_factory) -> Path:
    """The course site with its lite site; where the lite build cannot run, a skip (a failure
    in CI). Downloads come from the course's cache, so only the first build fetches."""
    try:
        return build_site(ROOT, tmp_path_factory.mktemp("lite") / "site", lite=True).out
    except LiteUnavailable as reason:
        unavailable(f"the lite build cannot run here: {reason}", "the lite build")


@pytest.fixture(scope="module")
def served(site):
    with make_server(site, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield address(server)
        server.shutdown()


@pytest.fixture(scope="module")
def shipped(site) -> list[str]:
    """The lessons the lite site ships: its notebooks, by name (a lesson's number leads it)."""
    return sorted(path.name for path in (site / LITE_FILES).glob("*.ipynb"))


def skip_left_out(name: str) -> None:
    """A lesson the lite site leaves out skips, with the reason its front matter gives; left out
    without one, it fails."""
    path = ROOT / "lessons" / name
    why = not_in_browser(read_front_matter(path, nbformat.read(path, as_version=4)))
    assert why, f"the lite site leaves {name} out, and its front matter does not say why"
    pytest.skip(f"not in the lite site: {why}")


def student_code_cells(name: str) -> list[nbformat.NotebookNode]:
    """The code cells of the lesson as a student gets it, with the outputs the instructor's
    copy stores."""
    notebook = nbformat.read(ROOT / "lessons" / name, as_version=4)
    return [cell for cell in notebook.cells
            if cell.cell_type == "code" and not tags(cell) & LEFT_OUT_OF_STUDENT_COPY]


def shown_outputs(cell: nbformat.NotebookNode) -> list[list[str]]:
    """A cell's stored outputs as the page shows them: a stream whole, a widget by its kind."""
    outputs: list[list[str]] = []
    for output in cell.outputs:
        if output.output_type == "stream" and outputs and outputs[-1][0] == output.name:
            outputs[-1][1] += output.text
        elif output.output_type == "stream":
            outputs.append([output.name, output.text])
        elif "application/vnd.jupyter.widget-view+json" in output.get("data", {}):
            outputs.append(["widget", ""])
        elif "image/svg+xml" in output.get("data", {}):
            outputs.append(["figure", [True]])  # one image, drawn
        else:
            outputs.append([output.output_type, ""])
    return outputs


def browser_outputs(cell: nbformat.NotebookNode) -> list[list[str]]:
    """What Pyodide prints for a cell: its stored outputs, with one documented exception.
    Pyodide starts no thread, so lesson 05's thread-woken measurement, the one cell that
    prints the kernel's `IS_PARCACIGI_YOK` when it cannot start one, prints that sentence
    there, and nothing else, instead of the figures JupyterLab stored."""
    if "IS_PARCACIGI_YOK" in cell.source:
        return [["stdout", IS_PARCACIGI_YOK + "\n"]]
    return shown_outputs(cell)


class Watched:
    """A browser context, and every request that leaves 127.0.0.1 and every error it logs,
    from its pages and their workers alike."""

    def __init__(self, context, base: str) -> None:
        self.base, self.problems, self.heard = base, [], []
        self.context = context
        self.context.set_default_timeout(120_000)  # a loaded machine is slow, not wrong
        self.context.on("request", self.check_request)
        self.context.on("console", self.check_console)
        self.context.on("weberror", lambda error: self.problems.append(str(error.error)))
        self.page = context.pages[0] if context.pages else context.new_page()
        self.page.on("websocket", lambda socket: self.check_url(socket.url))

    def forget(self) -> None:
        """Start listening afresh, for the next lesson."""
        self.problems.clear()
        self.heard.clear()

    def check_url(self, url: str) -> None:
        host = urllib.parse.urlsplit(url).hostname
        if host != "127.0.0.1" and not url.startswith(("data:", "blob:")):
            self.problems.append(f"request left 127.0.0.1: {url}")

    def check_request(self, request) -> None:
        self.heard.append(request.url)
        self.check_url(request.url)

    def check_console(self, message) -> None:
        self.heard.append(message.text)
        if message.type == "error":
            self.problems.append(f"console error: {message.text} at {message.location}")


def wait_for_the_kernel(watched: Watched, timeout: float = 180) -> None:
    """Until Pyodide's kernel is idle; what went wrong as soon as something is logged."""
    deadline = time.monotonic() + timeout
    while not watched.page.locator(KERNEL_IDLE).is_visible():
        assert watched.problems == [], "the kernel did not start"
        assert time.monotonic() < deadline, f"the kernel did not start in {timeout} s"
        watched.page.wait_for_timeout(250)


def menu(page, name: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=name).click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def close_lesson(page) -> None:
    """Close the notebook in sight and shut its kernel down."""
    page.keyboard.press("Escape")  # a menu or dialog a failed test left open
    opened = page.locator(".jp-Notebook").count()
    menu(page, "File", "Close and Shut Down Notebook")
    page.locator(".jp-Dialog-button.jp-mod-accept").click()
    page.wait_for_function("(n) => document.querySelectorAll('.jp-Notebook').length < n",
                           arg=opened, polling=POLL)


@pytest.fixture(scope="module")
def watched(playwright_driver, served, shipped, tmp_path_factory):
    """The page, with JupyterLite opened from the first lesson's page's link."""
    context = chromium_with_a_profile(playwright_driver, tmp_path_factory.mktemp("chromium"),
                                      viewport={"width": 1280, "height": 900})
    watched = Watched(context, served)
    watched.page.goto(served + shipped[0].replace(".ipynb", ".html"))
    watched.page.get_by_role("link", name="Tarayıcıda çalıştır").click()
    watched.page.locator(".jp-Notebook").wait_for(timeout=60_000)
    yield watched
    context.close()


def load_the_lite_site_again(watched: Watched) -> None:
    """JupyterLite loaded again in the page, with `?reset`: it forgets the tabs it had open,
    which it would otherwise open again at a moment no test can wait for."""
    lab = f"{watched.base}lite/lab/index.html"
    watched.page.goto(f"{lab}?reset")
    watched.page.wait_for_url(lab)  # the workspace is cleared


def open_lesson(watched: Watched, name: str) -> None:
    """Lesson `name` alone in the page: the first lesson is open already; any other is opened
    from the file browser once what is open is closed, its kernel started first (JupyterLite
    fails to close a notebook whose kernel is starting: the first, in a test of another)."""
    page = watched.page
    if page.locator(OPEN_TABS).all_inner_texts() == [name]:
        return
    while page.locator(".jp-Notebook").count():
        page.locator(KERNEL_IDLE).wait_for()
        close_lesson(page)
    watched.forget()
    page.locator(".jp-DirListing-itemText", has_text=name).dblclick()


def next_step(page, following: str) -> str:
    """Where the lesson's "Sonraki Adım" link goes: the next lesson by its notebook's name, which
    the lite course holds beside it, for JupyterLab's own link handling to open (tests/lab
    clicks it)."""
    [href] = page.locator(f".jp-RenderedMarkdown a[href*='{following}']").evaluate_all(
        "links => links.map(link => link.href)")
    return href


def run_all_cells(page) -> list[str]:
    """Run every cell; returns each code cell's prompt."""
    menu(page, "Run", "Run All Cells")
    page.wait_for_function(FINISHED, timeout=180_000, polling=POLL)
    return page.evaluate(RAN)


def check_every_form(page) -> None:
    """'Kontrol et' pressed under every form, each then answered by the kernel."""
    page.locator("button", has_text="Kontrol et").evaluate_all(
        "buttons => buttons.forEach(button => button.click())")
    page.wait_for_function(FORMS_ANSWERED, timeout=30_000, polling=POLL)


@dataclass
class LessonRun:
    """What one run of a lesson showed, for its test to check."""

    unrun: int  # the outputs shown as it opened
    prompts: list[str]  # each code cell's prompt, once run
    shown: list  # each code cell's outputs (DOM_OUTPUTS)
    problems: list[str]  # what Watched heard go wrong, from the opening to the closing
    heard: list[str]
    next_step: str = ""  # the first lesson's: where its next step's link goes
    progress: Progress | None = None  # the first lesson's: the progress it then made


class LessonRuns:
    """Each lesson the lite site ships, run once in the shared page when a test first asks for
    it (a Pyodide kernel takes the longest to start): its forms checked, then, in the first
    lesson, its next step read and progress made for the reload's test."""

    def __init__(self, watched: Watched, site: Path, shipped: list[str]) -> None:
        self.watched, self.site, self.shipped = watched, site, shipped
        self.runs: dict[str, LessonRun] = {}

    def of(self, name: str) -> LessonRun:
        if name not in self.runs:
            self.runs[name] = self.run(name)
        return self.runs[name]

    def run(self, name: str) -> LessonRun:
        page, first = self.watched.page, name == self.shipped[0]
        open_lesson(self.watched, name)
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for()
        unrun = page.locator(".jp-OutputArea-output").count()
        wait_for_the_kernel(self.watched)
        prompts = run_all_cells(page)
        page.wait_for_function(FIGURES_LOADED, timeout=30_000, polling=POLL)
        shown = page.evaluate(DOM_OUTPUTS)
        check_every_form(page)
        link = next_step(page, self.shipped[1]) if first else ""
        progress = self.make_progress(name) if first else None
        close_lesson(page)
        return LessonRun(unrun, prompts, shown, list(self.watched.problems),
                         list(self.watched.heard), link, progress)

    def make_progress(self, name: str) -> Progress:
        progress = progress_in(nbformat.read(self.site / LITE_FILES / name, as_version=4))
        make_progress(self.watched.page, progress)
        return progress


@pytest.fixture(scope="module")
def lesson_runs(watched, site, shipped) -> LessonRuns:
    return LessonRuns(watched, site, shipped)


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_lesson_runs_in_the_browser_and_prints_its_stored_outputs(site, shipped, lesson_runs,
                                                                     name):
    if name not in shipped:
        skip_left_out(name)
    cells = student_code_cells(name)
    ran = lesson_runs.of(name)
    assert ran.unrun == 0  # nothing under any prediction
    shown = list(ran.shown)
    # The last cell, ilerleme(): the student's progress here, where the instructor's copy, which
    # records none, stores a sentence saying so.
    assert f"{NAMES.progress}()" in cells[-1].source
    [[kind, progress]] = shown.pop()
    assert kind == "text/html" and progress.startswith(SAID["progress_title"].partition("{")[0])
    assert shown == [browser_outputs(cell) for cell in cells[:-1]]
    assert ran.prompts == [f"[{count}]:" for count in range(1, len(cells) + 1)]
    if name == shipped[0]:
        assert urllib.parse.urlsplit(ran.next_step).path.endswith(f"/files/{shipped[1]}")
    assert ran.problems == []
    # The watch hears the kernel's worker too: its downloads, and what it logs.
    wheel = next((site / PYODIDE).glob("kuyruk_kursu-*.whl")).name
    assert any(url.endswith(f"/{wheel}") for url in ran.heard)
    assert any("Loaded" in text and "kuyruk-kursu" in text for text in ran.heard)
    # The notebook names the kernel it gets: JupyterLab did not look for another by language.
    assert not [text for text in ran.heard if "No exact match" in text]


def test_the_lessons_run_here_are_every_notebook_the_lite_site_ships(shipped):
    """The runs above are course.toml's lessons: every notebook shipped is one of them."""
    assert len(shipped) >= 2  # the first lesson's next step is the second
    assert shipped == [name for name in lessons_in_order() if name in shipped]


def test_progress_outlives_a_reload_of_the_page(site, shipped, lesson_runs, watched):
    """The first lesson's run saved a prediction and passed an exercise; once the page has loaded
    the lite site again (a new kernel), the form shows the prediction locked, the lesson's last
    cell, ilerleme(), names both, read back from the browser's storage, and the drive holds the
    record file."""
    name = shipped[0]
    notebook = nbformat.read(site / LITE_FILES / name, as_version=4)
    progress = lesson_runs.of(name).progress
    assert progress is not None
    page = watched.page
    load_the_lite_site_again(watched)
    open_lesson(watched, name)
    wait_for_the_kernel(watched)
    # the new kernel runs only the form's import, the form and ilerleme(): the lesson's run
    # again is JupyterLab's test's (tests/lab), and here it would double the test's time
    importing = next(index for index, cell in enumerate(notebook.cells)
                     if f"import {NAMES.predict}" in cell.source)
    for index in (importing, progress.form, len(notebook.cells) - 1):
        run_cell(page, index)
    check_progress_kept(page, progress, len(notebook.cells) - 1, measured=False)
    page.locator(".jp-DirListing-itemText", has_text=PROGRESS_FILE).click(button="right")
    page.locator(".lm-Menu-itemLabel", has_text="Open With").click()  # as text, not as JSON
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Editor$")).click()
    text = page.locator(".jp-FileEditor .cm-content", has_text=progress.exercise)
    check_recorded(text.inner_text(), progress)
    assert watched.problems == []


def test_the_lock_lists_exactly_the_wheels_shipped_with_their_own_hashes(site):
    lock = json.loads((site / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    assert {entry["file_name"] for entry in packages.values()} == \
        {path.name for path in (site / PYODIDE).glob("*.whl")}
    for entry in packages.values():
        data = (site / PYODIDE / entry["file_name"]).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest(), entry["name"]
        assert set(entry["depends"]) <= set(packages), entry["name"]
    assert packages["kuyruk-kursu"]["imports"] == ["alistirmalar", "checks", "cizim", "kasif",
                                                   "kernel"]
    assert packages["kuyruk-kursu"]["depends"] == ["drawsvg", "ipywidgets"]


def test_the_kernel_loads_pyodide_from_the_site_and_never_falls_back_to_pypi(site):
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])


def test_pyodide_loads_as_it_boots_every_package_the_kernel_would_install_as_it_starts(site):
    """The kernel's worker installs, one by one, each package that Pyodide has not loaded: none
    is left to it, and each is in the lock."""
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    preloaded = kernel["loadPyodideOptions"]["packages"]
    [worker] = (site / KERNEL_EXTENSION).glob("comlink.worker.*.js")
    installs = set()
    for single, listed in WORKER_INSTALLS.findall(worker.read_text(encoding="utf-8")):
        installs.update(json.loads(listed) if listed else [single])
    assert {"micropip", "piplite", "ipython"} <= installs <= set(preloaded)
    lock = json.loads((site / PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert set(preloaded) <= set(lock["packages"])


def test_the_python_shipped_is_bytecode_and_the_courses_own_keeps_its_sources(site):
    """No kernel compiles a module as it starts: Pyodide's standard library and the other
    projects' wheels ship bytecode in place of their modules (the standard library's one source,
    the build's sitecustomize, aside); the course's wheel keeps its sources, which its lessons
    show, each with its bytecode beside it. The lessons' runs above import them all."""
    runtime = site / PYODIDE
    python = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    tag = "cpython-" + "".join(python["python"].split(".")[:2])  # Pyodide's cache_tag
    for archive in [runtime / "python_stdlib.zip", *runtime.glob("*.whl")]:
        with zipfile.ZipFile(archive) as shipped:
            names = shipped.namelist()
        sources = [name for name in names if name.endswith(".py")]
        compiled = [name for name in names if name.endswith(".pyc")]
        if archive.name.startswith("kuyruk_kursu-"):
            beside = [f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc"
                      for folder, _, module in (name.rpartition("/") for name in sources)]
            assert sources and sorted(compiled) == sorted(beside)
        else:
            assert compiled, archive.name
            assert sources == (["sitecustomize.py"] if archive.suffix == ".zip" else []), \
                archive.name


def test_pyodides_standard_library_looks_on_the_drive_last(site):
    with zipfile.ZipFile(site / PYODIDE / "python_stdlib.zip") as stdlib:
        assert stdlib.read("sitecustomize.py") == SITECUSTOMIZE.read_bytes()


def test_the_lite_course_keeps_the_widgets_state_with_a_saved_notebook(site):
    config = json.loads((site / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    overrides = config["jupyter-config-data"]["settingsOverrides"]
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}


def links_to(cell: nbformat.NotebookNode, names: list[str]) -> list[str]:
    """The lessons of `names` a markdown cell links to."""
    return [name for name in names if cell.cell_type == "markdown" and f"]({name}" in cell.source]


def check_unlinked(lite: bytes, expected: bytes, left_out: list[str]) -> None:
    """The lite notebook is `expected` but in its markdown cells that link to a lesson left out:
    there the link is no more (tests/lite/test_lite_not_in_browser.py checks what it says)."""
    ours, theirs = (nbformat.reads(text.decode(), as_version=4) for text in (lite, expected))
    for mine, stored in zip(ours.cells, theirs.cells, strict=True):
        if links_to(stored, left_out):
            assert not links_to(mine, left_out), mine.source
            mine.source = stored.source
    assert ours == theirs


def test_the_lite_notebooks_are_the_sites_downloads_naming_the_pyodide_kernel(site, shipped):
    left_out = [name for name in lessons_in_order() if name not in shipped]
    for name in lessons_in_order():
        lesson = nbformat.read(ROOT / "lessons" / name, as_version=4)
        assert (site / "notebooks" / name).read_bytes() == student_notebook(lesson)
    for name in shipped:
        lesson = nbformat.read(ROOT / "lessons" / name, as_version=4)
        lite, expected = (site / LITE_FILES / name).read_bytes(), student_notebook(lesson,
                                                                                    KERNELSPEC)
        if any(links_to(cell, left_out) for cell in lesson.cells):
            check_unlinked(lite, expected, left_out)
        else:
            assert lite == expected


def test_the_lite_notebooks_carry_no_answer_key(site, shipped):
    """What each prediction measured, which `run` stores with the lesson for the instructor's
    answer key, stays out of the notebooks a student opens there."""
    assert shipped
    for name in shipped:
        assert MEASUREMENTS in nbformat.read(ROOT / "lessons" / name, as_version=4).metadata
        lite = json.loads((site / LITE_FILES / name).read_text(encoding="utf-8"))
        assert MEASUREMENTS not in lite["metadata"], name


def test_no_file_of_the_public_lite_site_holds_the_answer_key_but_the_reveals_own(site):
    """Every file of the public build with its lite site, inside every wheel too: the answer
    key's texts are only in the course's exercises package, in the course's wheel, which the
    "show the answer" button reads in the browser (a self-study course's reveal)."""
    wheel, package = f"{NAME.replace('-', '_')}-", f"{read_definition(ROOT).exercises}/"

    def the_reveals_own(path: str) -> bool:
        archive, _, member = path.partition("!")
        return Path(archive).name.startswith(wheel) and member.startswith(package)
    patterns = key_patterns(ROOT)
    assert leaks(site, patterns, skip=the_reveals_own) == []
    assert leaks(site, patterns)  # what it skips holds the key: the search finds it there


def test_every_lesson_page_links_to_its_lesson_in_the_lite_site(site):
    """But a lesson whose front matter says `not_in_browser`: the lite site leaves it out, and
    its page says why in place of the link."""
    from markupsafe import escape

    from checks.front_matter import read_front_matter
    for name in lessons_in_order():
        page = (site / name.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        link = f'<a href="lite/lab/index.html?path={name}">Tarayıcıda çalıştır</a>'
        lesson = ROOT / "lessons" / name
        why = read_front_matter(lesson, nbformat.read(lesson, as_version=4)).get("not_in_browser")
        if why is None:
            assert link in page
            assert (site / "lite" / "files" / name).is_file()
        else:
            assert 'href="lite/' not in page
            assert f"Bu ders tarayıcıda çalışmaz:</span> {escape(why.strip())}</p>" in page
            assert not (site / "lite" / "files" / name).exists()



def test_a_lite_notebooks_marked_terms_link_to_the_glossary_beside_it(site, shipped):
    """The lite site has no course/ folder above its notebooks: the glossary sits beside them."""
    files = site / LITE_FILES
    assert (files / "glossary.yaml").read_bytes() == (ROOT / GLOSSARY_FILE).read_bytes()
    for name in shipped:
        text = (files / name).read_text(encoding="utf-8")
        assert "](glossary.yaml#" in text and "../course/glossary.yaml" not in text
