"""A clean build has its code highlighted by a forked copy while it reads and renders the
course: the pages are the same bytes, a copy that fails changes nothing, a rebuild forks none,
and the build process does not load Pygments for it."""

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from course_copies import LESSON, ROOT, edit_notebook
from publish import highlight, highlight_ahead
from publish.site import build_site

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the system does not fork")


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


@pytest.fixture
def highlighted_here(monkeypatch) -> list[str]:
    """The sources this process highlights itself while a copy is asked to."""
    here: list[str] = []
    real, parent = highlight.highlight_code, os.getpid()

    def counted(source: str, language: str) -> str:
        if os.getpid() == parent:
            here.append(source)
        return real(source, language)
    monkeypatch.setattr(highlight, "highlight_code", counted)
    return here


@pytest.fixture
def started(monkeypatch) -> list[int]:
    """How many lessons each copy was forked for."""
    counts: list[int] = []

    class Counted(highlight_ahead.HighlightAhead):
        def __init__(self, lessons: list[Path]) -> None:
            counts.append(len(lessons))
            super().__init__(lessons)
    monkeypatch.setattr(highlight_ahead, "HighlightAhead", Counted)
    return counts


def forks(monkeypatch, allowed: bool) -> None:
    monkeypatch.setattr(highlight_ahead, "can_fork", lambda: allowed)


def test_the_copy_highlights_every_cell_as_this_process_would(course, tmp_path, monkeypatch,
                                                              highlighted_here, started):
    forks(monkeypatch, False)
    alone = files(build_site(course, tmp_path / "alone").out)
    assert started == []
    forks(monkeypatch, True)
    highlighted_here.clear()
    helped = files(build_site(course, tmp_path / "helped").out)
    assert started == [len(list((course / "lessons").glob("*.ipynb")))]
    assert highlighted_here == []  # the copy answered for every cell
    assert helped == alone


def test_a_copy_that_fails_changes_no_page(course, tmp_path, monkeypatch, highlighted_here,
                                           started):
    forks(monkeypatch, True)
    expected = files(build_site(course, tmp_path / "first").out)
    assert highlighted_here == []
    real, parent = pickle.dumps, os.getpid()

    def fails_in_copies(*arguments, **options):
        if os.getpid() != parent:
            raise OSError("the copy cannot answer")
        return real(*arguments, **options)
    monkeypatch.setattr(pickle, "dumps", fails_in_copies)
    assert files(build_site(course, tmp_path / "second").out) == expected
    assert len(started) == 2 and highlighted_here  # this process highlighted the second time


def test_a_rebuild_forks_no_copy(course, tmp_path, monkeypatch, started):
    forks(monkeypatch, True)
    site = build_site(course, tmp_path / "site").out
    edit_notebook(course / "lessons" / LESSON, lambda notebook: notebook["cells"][1].update(
        source="Bir değişiklik.\n"))
    build_site(course, site)  # only the changed lesson is rendered again
    assert len(started) == 1


@pytest.mark.slow
def test_the_build_process_loads_pygments_only_after_the_copy_is_forked(tmp_path):
    """The copy loads Pygments for itself: forked before the build process loads it, it does
    not wait for that import."""
    script = (
        "import os, sys\n"
        "from publish import highlight_ahead, site\n"
        "real = highlight_ahead.Forked.__init__\n"
        "def forked(self, work):\n"
        "    print('pygments' in sys.modules, flush=True)\n"
        "    real(self, work)\n"
        "highlight_ahead.Forked.__init__ = forked\n"
        "highlight_ahead.can_fork = lambda: True\n"
        f"site.build_site(site.Path({str(ROOT)!r}), site.Path({str(tmp_path / 'site')!r}))\n")
    printed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    assert printed[0] == "False"
