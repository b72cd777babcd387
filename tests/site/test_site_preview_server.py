"""The preview's parts without a browser: the event stream, the pages as the preview sends
them (and the built files, which stay as published), what the watcher counts as a change, when
it says where the site is and when it deems a save over, and the stop signals."""

import html
import json
import signal
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from watchfiles import Change

from course_copies import LESSON
from publish.inputs import DEFAULTS
from publish.pages import CONTENT_SECURITY_POLICY, inline_script_policy
from publish.preview.events import BuildState, Snapshot
from publish.preview.saves import GRACE, TICK, Saves
from publish.preview.server import PreviewHandler, relaxed_policy
from publish.preview.stopping import stopped_by_signals
from publish.preview.watch import CourseFilter, Ready, watched_paths
from publish.serve import address, make_server
from publish.site import build_site
from publish.strings import STRINGS
from site_courses import two_lesson_course

PAGE = LESSON.replace(".ipynb", ".html")
PREVIEW_TAGS = (b"/_preview/", b"reload.js", b"EventSource")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("preview-server")
    return build_site(two_lesson_course(folder / "course"), folder / "site").out


@contextmanager
def previewing(site: Path) -> Iterator[tuple[str, BuildState]]:
    """The preview's server for `site` on a free port, and the build state its pages hear."""
    state = BuildState("tr")
    handler = type("Handler", (PreviewHandler,), {"state": state})
    with make_server(site, 0, quiet=True, handler=handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield address(server), state
        state.close()
        server.shutdown()


@pytest.fixture(scope="module")
def served(site):
    with previewing(site) as found:
        yield found


def test_the_built_site_carries_none_of_the_preview(site):
    files = [path for path in site.rglob("*") if path.is_file()]
    assert any(path.suffix == ".html" for path in files)
    for path in files:
        data = path.read_bytes()
        assert not [tag for tag in PREVIEW_TAGS if tag in data], path


def test_the_preview_sends_pages_with_its_script_and_a_policy_that_allows_it(site, served):
    url, state = served
    with urllib.request.urlopen(url + PAGE) as response:
        page = response.read()
        assert response.headers["Content-Length"] == str(len(page))
        assert response.headers["Cache-Control"] == "no-store"
    build = state.snapshot.build
    failed = html.escape(STRINGS["tr"]["preview_failed"])  # the site's interface language
    assert (f'<script src="/_preview/reload.js?build={build}" data-lang="tr" '
            f'data-failed="{failed}" defer>').encode() in page
    assert b"connect-src &#x27;self&#x27;" in page
    built = (site / PAGE).read_bytes()
    assert b"/_preview/" not in built and page != built
    with urllib.request.urlopen(url) as response:  # a folder's index.html too
        assert b"/_preview/reload.js" in response.read()
    with urllib.request.urlopen(url + "_preview/reload.js") as response:
        assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
        assert b'new EventSource("/_preview/events")' in response.read()


def test_a_missing_page_gets_the_404_page_with_the_preview_script(served):
    url, _ = served
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(url + "yok.html")
    page = answer.value.read()
    assert answer.value.code == 404 and b"/_preview/reload.js" in page


def test_the_lite_courses_pages_and_a_script_are_sent_as_they_were_built(tmp_path):
    """A reload would lose the kernel a JupyterLite page runs; a script is no page, whatever it
    holds."""
    page = b"<html><head><title>S</title></head><body></body></html>\n"
    built = {"index.html": page, "lite/index.html": page, "lite/lab/index.html": page,
             "script.js": b'document.title = "</head>";\n'}
    for name, data in built.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    with previewing(tmp_path) as (url, _):
        sent = {}
        for name in (*built, "lite/"):
            with urllib.request.urlopen(url + name) as response:
                sent[name] = response.headers["Content-Type"], response.read()
    assert b"/_preview/reload.js" in sent["index.html"][1]  # the site's own page has it
    assert sent["lite/"] == sent["lite/index.html"] == ("text/html; charset=utf-8", page)
    assert sent["lite/lab/index.html"] == ("text/html; charset=utf-8", page)
    assert sent["script.js"] == ("text/javascript; charset=utf-8", built["script.js"])


def test_a_policy_gains_self_for_scripts_and_the_event_stream_once():
    relaxed = relaxed_policy(CONTENT_SECURITY_POLICY)
    assert "connect-src 'self'" in relaxed and "default-src 'none'" in relaxed
    assert relaxed_policy(relaxed) == relaxed
    hashed = relaxed_policy(inline_script_policy("x()"))
    assert "script-src 'sha256-" in hashed and hashed.split("script-src")[1].split(";")[0] \
        .endswith("'self'")


def events(stream) -> Iterator[dict]:
    """The events of a stream, as they come."""
    for line in stream:
        if line.startswith(b"data: "):
            yield json.loads(line[6:])


def test_the_stream_tells_the_state_then_each_rebuild_and_error():
    state = BuildState("tr")
    first = state.snapshot
    state.built(False, "tr")
    assert state.snapshot == first  # nothing changed: no page reloads
    state.failed("lessons/x.ipynb: cell 3: hata")
    state.built(False, "tr")  # the same good site again: pages drop the error
    assert state.snapshot == Snapshot(first.build + 2, None)
    assert state.wait(first, 0) == state.snapshot
    state.close()
    assert state.wait(state.snapshot, 1) is None


def test_a_page_listening_hears_the_state_then_a_failed_build_then_the_good_one(served):
    url, state = served
    with urllib.request.urlopen(url + "_preview/events", timeout=10) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream; charset=utf-8"
        heard = events(stream)
        start = state.snapshot.build
        assert next(heard) == {"build": start, "error": None}
        state.failed("lessons/x.ipynb: cell 3: hata")
        assert next(heard) == {"build": start + 1, "error": "lessons/x.ipynb: cell 3: hata"}
        state.built(False, "tr")
        assert next(heard) == {"build": start + 2, "error": None}


@pytest.mark.parametrize("name, changed", [
    ("lessons/01.ipynb", True), ("course/templates/base.html", True),
    ("course/glossary.yaml", True), ("lessons/.01.ipynb.tmp", False),
    ("lessons/01.ipynb.tmp", False), ("lessons/.~01.ipynb", False), ("lessons/01.ipynb~", False),
    ("lessons/.01.ipynb.swp", False), ("lessons/.ipynb_checkpoints/01-checkpoint.ipynb", False),
    ("course/_lite_cache/x.whl", False), ("course/_site/index.html", False),
    # what editors and tools write beside a file they save: sed -i's, vim's, emacs's,
    # JetBrains', kate's, BSD sed's
    ("lessons/sedmBq1fM", False), ("kernel/sed0aZ9xQ", False), ("lessons/01.ipynb.swx", False),
    ("lessons/4913", False), ("lessons/5036", False), ("kernel/isler.py~", False),
    ("lessons/#01.ipynb#", False), ("lessons/.#01.ipynb", False),
    ("lessons/01.ipynb___jb_tmp___", False), ("kernel/isler.py___jb_old___", False),
    ("lessons/.01.ipynb.kate-swp", False), ("lessons/.!4242!01.ipynb", False),
    # course files whose names come close to those: they are changes
    ("kernel/sedef.py", True), ("kernel/sedefler/__init__.py", True), ("lessons/sedmBq1f", True),
    ("lessons/sedmBq1fMx", True), ("course/assets/2026.css", True),
    ("lessons/05-ders#2.ipynb", True), ("kernel/jb_tmp.py", True)])
def test_the_watcher_counts_what_pages_are_made_of_and_ignores_editors_files(tmp_path, name,
                                                                             changed):
    root = tmp_path / "course"
    assert CourseFilter(root / "course" / "_site")(Change.modified, str(root / name)) is changed


def test_the_address_is_announced_once_when_the_watcher_first_polls_never_again():
    said: list[str] = []
    ready = Ready(lambda: said.append("serving the site at ..."))
    assert said == []
    assert [ready.is_set() for _ in range(5)] == [False] * 5  # it never stops the watcher
    assert said == ["serving the site at ..."]


def test_the_watcher_watches_the_courses_folders_that_exist_and_the_toolkits_defaults(tmp_path):
    for folder in ("course", "lessons"):
        (tmp_path / folder).mkdir()
    assert watched_paths(tmp_path) == [tmp_path / "course", tmp_path / "lessons", DEFAULTS]


def test_the_watcher_watches_the_exercises_package_the_course_names():
    """The instructor's pages show its answers (tests/english_course's is `practice`)."""
    course = Path(__file__).parents[1] / "english_course"
    assert watched_paths(course) == [course / "course", course / "lessons", course / "practice",
                                     DEFAULTS]


def modified(path: Path) -> set[tuple[Change, str]]:
    return {(Change.modified, str(path))}


def test_a_notebook_save_is_over_once_it_parses_as_json(tmp_path):
    lesson = tmp_path / "01.ipynb"
    lesson.write_text('{"cells": [', encoding="utf-8")
    saves = Saves()
    assert saves.add(modified(lesson)) == [lesson] and not saves.over()
    assert saves.add(set()) == [] and not saves.over()  # a quiet tick: still half a notebook
    lesson.write_text('{"cells": []}', encoding="utf-8")
    assert saves.add(modified(lesson)) == [] and saves.over()


def test_a_notebook_still_broken_after_the_grace_is_built_as_it_is(tmp_path):
    """The build then says what is wrong with it."""
    lesson = tmp_path / "01.ipynb"
    lesson.write_text('{"cells": [', encoding="utf-8")
    saves = Saves()
    saves.add(modified(lesson))
    for _ in range(GRACE // TICK - 1):
        saves.add(set())
        assert not saves.over()
    saves.add(set())
    assert saves.over()


def test_another_file_is_saved_once_it_held_still_over_a_tick(tmp_path):
    style = tmp_path / "site.css"
    style.write_text("a {", encoding="utf-8")
    saves = Saves()
    saves.add(modified(style))
    assert not saves.over()
    style.write_text("a { color: red }", encoding="utf-8")  # written on before the watcher says
    saves.add(set())
    assert not saves.over()
    saves.add(set())
    assert saves.over()
    gone = Saves()
    style.unlink()
    gone.add({(Change.deleted, str(style))})
    assert gone.over()


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_stop_signal_interrupts_once_then_the_handlers_found_return(stop):
    signals = (signal.SIGINT, signal.SIGTERM)
    found = [signal.getsignal(number) for number in signals]
    with stopped_by_signals():
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(stop)
        assert [signal.getsignal(number) for number in signals] == [signal.SIG_IGN] * 2
    assert [signal.getsignal(number) for number in signals] == found
