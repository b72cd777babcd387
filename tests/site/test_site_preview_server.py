"""The preview's parts without a browser: the event stream, the pages as the preview sends
them (and the built files, which stay as published), and what the watcher counts as a change."""

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from watchfiles import Change

from course_copies import LESSON
from publish.pages import CONTENT_SECURITY_POLICY, inline_script_policy
from publish.preview.events import BuildState, Snapshot
from publish.preview.server import PreviewHandler, relaxed_policy
from publish.preview.watch import CourseFilter, watched_paths
from publish.serve import address, make_server
from publish.site import build_site
from site_courses import two_lesson_course

PAGE = LESSON.replace(".ipynb", ".html")
PREVIEW_TAGS = (b"/_preview/", b"reload.js", b"EventSource")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("preview-server")
    return build_site(two_lesson_course(folder / "course"), folder / "site").out


@pytest.fixture(scope="module")
def served(site):
    state = BuildState()
    handler = type("Handler", (PreviewHandler,), {"state": state})
    with make_server(site, 0, quiet=True, handler=handler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield address(server), state
        state.close()
        server.shutdown()


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
    assert f'<script src="/_preview/reload.js?build={build}" defer>'.encode() in page
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
    state = BuildState()
    first = state.snapshot
    state.built(changed=False)
    assert state.snapshot == first  # nothing changed: no page reloads
    state.failed("lessons/x.ipynb: cell 3: hata")
    state.built(changed=False)  # the same good site again: pages drop the error
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
        state.built(changed=False)
        assert next(heard) == {"build": start + 2, "error": None}


@pytest.mark.parametrize("name, changed", [
    ("lessons/01.ipynb", True), ("course/templates/base.html", True),
    ("course/glossary.yaml", True), ("lessons/.01.ipynb.tmp", False),
    ("lessons/.~01.ipynb", False), ("lessons/01.ipynb~", False),
    ("lessons/.01.ipynb.swp", False), ("lessons/.ipynb_checkpoints/01-checkpoint.ipynb", False),
    ("course/_lite_cache/x.whl", False), ("course/_site/index.html", False)])
def test_the_watcher_counts_what_pages_are_made_of_and_ignores_editors_files(tmp_path, name,
                                                                             changed):
    root = tmp_path / "course"
    assert CourseFilter(root / "course" / "_site")(Change.modified, str(root / name)) is changed


def test_the_watcher_watches_the_course_folder_lessons_and_kernel_that_exist(tmp_path):
    for folder in ("course", "lessons"):
        (tmp_path / folder).mkdir()
    assert watched_paths(tmp_path) == [tmp_path / "course", tmp_path / "lessons"]
