"""`python build.py serve` as an author uses it: a save rebuilds the site and the open page
reloads by itself; a broken save shows its error in the page; Ctrl+C leaves nothing behind."""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from course_copies import LESSON, ROOT, source
from publish.site import build_site
from site_courses import two_lesson_course

PAGE = LESSON.replace(".ipynb", ".html")
SENTENCE = "Önizleme bu cümleyi sayfayı kimse yenilemeden gösterir."
WAIT = 15_000  # ms: a rebuild takes well under a second; a loaded CI machine may be slower


class Preview:
    """`python build.py serve` on a course, its output read as it comes."""

    def __init__(self, root: Path) -> None:
        self.root, self.lines = root, []
        command = [sys.executable, str(ROOT / "build.py"), "--root", str(root), "serve",
                   "--port", "0"]
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
            self.lines.append(line)

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
    text = lesson.read_text(encoding="utf-8")
    for edit in (text, text, with_sentence(text)):  # three saves in quick succession
        saved(lesson, edit)
    expect(page.get_by_text(SENTENCE)).to_be_visible(timeout=WAIT)
    assert page.evaluate("window.openedBeforeTheEdit") is None  # the script reloaded it
    assert preview.rebuilds() == 1, "".join(preview.lines)
    assert not list(preview.root.glob("._site-*")), "a staging folder was left"
    page.close()


def test_a_broken_save_shows_its_error_in_the_page_until_a_good_save(preview, browser):
    from playwright.sync_api import expect
    page = browser.new_page()
    page.goto(preview.url + PAGE)
    lesson = preview.root / "lessons" / LESSON
    good = lesson.read_text(encoding="utf-8")
    error = page.locator("#preview-error")
    saved(lesson, good[:len(good) // 2])  # the author is mid-edit
    expect(error).to_contain_text(f"lessons/{LESSON}: not a JSON notebook", timeout=WAIT)
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


def children(pid: int) -> list[Path]:
    return [Path("/proc", child) for child in subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout.split()]


def test_ctrl_c_stops_the_server_mid_rebuild_leaving_no_process_and_no_staging(preview):
    lesson = preview.root / "lessons" / LESSON
    saved(lesson, with_sentence(lesson.read_text(encoding="utf-8")))
    deadline = time.monotonic() + 10
    while not preview.rebuilds() and time.monotonic() < deadline:
        time.sleep(0.01)
    started = children(preview.process.pid)
    assert preview.stop() in (0, 130)
    assert not [child for child in started if child.exists()]
    assert not list(preview.root.glob("._site-*")), "a staging folder was left"
    assert (preview.root / "_site" / PAGE).is_file()  # the last good site, whole
