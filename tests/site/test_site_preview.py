"""`python build.py serve` as an author uses it: a save rebuilds the site once, however slowly
it is written, and the open page reloads by itself; a broken save shows its error in the page,
in the site's interface language; Ctrl+C or SIGTERM stop it, whatever signals it started with
ignored, and leave nothing behind."""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from course_copies import LESSON, ROOT, source
from publish.site import build_site
from publish.strings import STRINGS
from site_courses import two_lesson_course

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

PAGE = LESSON.replace(".ipynb", ".html")
SENTENCE = "Önizleme bu cümleyi sayfayı kimse yenilemeden gösterir."
WAIT = 15_000  # ms: a rebuild takes well under a second; a loaded CI machine may be slower
# How a shell starts a script's background job: SIGINT (and here SIGTERM too) ignored, then the
# command itself (an ignored signal stays ignored across exec).
IGNORING = ("import os, signal, sys\n"
            "for number in (signal.SIGINT, signal.SIGTERM):\n"
            "    signal.signal(number, signal.SIG_IGN)\n"
            "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])")


class Preview:
    """`python build.py serve` on a course, its output read as it comes; `ignoring`: started
    with the stop signals ignored."""

    def __init__(self, root: Path, ignoring: bool = False) -> None:
        self.root, self.lines, self.ended = root, [], False
        self.heard = threading.Condition()
        command = [*([sys.executable, "-c", IGNORING] if ignoring else [sys.executable]),
                   str(ROOT / "build.py"), "--root", str(root), "serve", "--port", "0"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, text=True)
        for line in self.process.stdout:
            self.lines.append(line)
            if line.startswith("serving the site at "):
                self.url = line.split()[4]
                break
        else:
            pytest.fail("".join(self.lines))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            with self.heard:
                self.lines.append(line)
                self.heard.notify_all()
        with self.heard:
            self.ended = True
            self.heard.notify_all()

    def wait_for(self, printed: Callable[[str], bool], start: int) -> str:
        """The first line from the `start`th on that `printed` holds for, once it is printed."""
        def found() -> str | None:
            return next((line for line in self.lines[start:] if printed(line)), None)
        with self.heard:
            line = self.heard.wait_for(lambda: found() or self.ended, timeout=WAIT / 1000)
        if not isinstance(line, str):
            pytest.fail("".join(self.lines))
        return line

    def rebuilds(self) -> int:
        return sum(line.startswith("changed: ") for line in self.lines)

    def stop(self) -> int:
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)


def saved(path: Path, text: str) -> None:
    """Save as editors do: a temporary file beside the lesson, renamed over it."""
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def with_sentence(text: str) -> str:
    notebook = json.loads(text)
    cell = next(cell for cell in notebook["cells"]
                if source(cell).startswith("## Modelin sınırları"))
    cell["source"] = source(cell) + f"\n\n{SENTENCE}\n"
    return json.dumps(notebook, ensure_ascii=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """Two lessons and their site, built once: each test serves a copy, up to date."""
    root = two_lesson_course(tmp_path_factory.mktemp("preview") / "course")
    build_site(root)
    return root


def copied(built: Path, target: Path) -> Path:
    shutil.copytree(built, target / "course")
    shutil.copy(built / "._site.manifest.json", target / "course")
    return target / "course"


@pytest.fixture
def preview(built, tmp_path):
    running = Preview(copied(built, tmp_path))
    yield running
    if running.process.poll() is None:
        running.stop()


def test_a_saved_edit_shows_in_the_open_page_which_reloads_itself(preview, browser):
    from playwright.sync_api import expect
    page = browser.new_page()
    page.goto(preview.url + PAGE)
    page.evaluate("window.openedBeforeTheEdit = true")
    lesson = preview.root / "lessons" / LESSON
    saved(lesson, with_sentence(lesson.read_text(encoding="utf-8")))
    expect(page.get_by_text(SENTENCE)).to_be_visible(timeout=WAIT)
    assert page.evaluate("window.openedBeforeTheEdit") is None  # the script reloaded it
    assert preview.rebuilds() == 1, "".join(preview.lines)
    assert not list(preview.root.glob("._site-*")), "a staging folder was left"
    page.close()


def test_a_save_written_in_two_parts_rebuilds_once_however_long_the_pause(preview):
    """An editor writing over the lesson in two parts, the second only once the watcher has
    seen the first: longer apart than any grouping of changes."""
    lesson = preview.root / "lessons" / LESSON
    whole = with_sentence(lesson.read_text(encoding="utf-8")).encode()
    start = len(preview.lines)
    with lesson.open("wb") as file:
        file.write(whole[:len(whole) // 2])
        file.flush()
        seen = preview.wait_for(lambda line: LESSON in line, start)
        assert seen.startswith(f"{LESSON}: not a whole notebook yet; waiting"), seen
        file.write(whole[len(whole) // 2:])
    preview.wait_for(lambda line: line.startswith("built the site"), start)
    assert preview.rebuilds() == 1, "".join(preview.lines)
    assert not [line for line in preview.lines if "not a JSON notebook" in line]


def test_a_broken_save_shows_its_error_in_the_page_until_a_good_save(preview, browser):
    from playwright.sync_api import expect
    page = browser.new_page()
    page.goto(preview.url + PAGE)
    lesson = preview.root / "lessons" / LESSON
    good = lesson.read_text(encoding="utf-8")
    error = page.locator("#preview-error")
    saved(lesson, good[:len(good) // 2])  # the author is mid-edit
    expect(error).to_contain_text(f"lessons/{LESSON}: not a JSON notebook", timeout=WAIT)
    expect(error.locator("p")).to_have_text(STRINGS["tr"]["preview_failed"])
    expect(error).to_have_attribute("lang", "tr")
    notebook = json.loads(good)
    notebook["cells"].pop(0)  # valid JSON, but the linter finds no front matter
    saved(lesson, json.dumps(notebook, ensure_ascii=False))
    expect(error).to_contain_text(f"lessons/{LESSON}: cell 0: front matter missing",
                                  timeout=WAIT)
    expect(page.locator("h1")).to_contain_text("Kuyruklar ve İşler")  # the last good build
    assert "front matter missing" in "".join(preview.lines)  # the terminal says it too
    assert preview.process.poll() is None
    saved(lesson, with_sentence(good))
    expect(page.get_by_text(SENTENCE)).to_be_visible(timeout=WAIT)
    expect(error).to_have_count(0)
    page.close()


def test_the_error_panel_follows_the_interface_language_the_course_chooses(preview, browser):
    from playwright.sync_api import expect
    page = browser.new_page()
    page.goto(preview.url + PAGE)
    definition = preview.root / "course" / "course.toml"
    saved(definition, definition.read_text(encoding="utf-8").replace(
        "\nlessons = [", '\ninterface_language = "en"\nlessons = ['))
    expect(page.locator("header.site-header")).to_have_attribute("lang", "en", timeout=WAIT)
    lesson = preview.root / "lessons" / LESSON
    notebook = json.loads(lesson.read_text(encoding="utf-8"))
    notebook["cells"].pop(0)
    saved(lesson, json.dumps(notebook, ensure_ascii=False))
    error = page.locator("#preview-error")
    expect(error.locator("p")).to_have_text(STRINGS["en"]["preview_failed"], timeout=WAIT)
    expect(error).to_have_attribute("lang", "en")
    page.close()


def children(pid: int) -> list[Path]:
    return [Path("/proc", child) for child in subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()]


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_signal_ends_serve_mid_rebuild_though_it_started_ignoring_it(built, tmp_path,
                                                                           stop):
    """As when a script runs the tests in the background: no process, no staging is left."""
    running = Preview(copied(built, tmp_path), ignoring=True)
    try:
        lesson = running.root / "lessons" / LESSON
        start = len(running.lines)
        saved(lesson, with_sentence(lesson.read_text(encoding="utf-8")))
        running.wait_for(lambda line: line.startswith("changed: "), start)
        started = children(running.process.pid)
        running.process.send_signal(stop)
        assert running.process.wait(timeout=30) == 0
    finally:
        running.process.kill()
    assert not [child for child in started if child.exists()]
    assert not list(running.root.glob("._site-*")), "a staging folder was left"
    assert (running.root / "_site" / PAGE).is_file()  # the last good site, whole
