"""A clean build has its code highlighted by a second process while it lints: the pages are the
same bytes, a failing second process changes nothing, and a rebuild starts none."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from course_copies import LESSON, edit_notebook
from publish import forked, highlight_ahead, highlighter
from publish.site import build_site
from site_courses import add_lesson


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


@pytest.fixture
def highlighted_here(monkeypatch) -> list[str]:
    """The sources this process highlights itself while a second process is asked to."""
    here: list[str] = []
    real = highlight_ahead.highlight_code

    def counted(source: str, language: str) -> str:
        here.append(source)
        return real(source, language)
    monkeypatch.setattr(highlight_ahead, "highlight_code", counted)
    return here


@pytest.fixture
def started(monkeypatch) -> list[int]:
    """How many lessons each second process was started for."""
    counts: list[int] = []

    class Counted(highlight_ahead.HighlightAhead):
        def __init__(self, lessons: list[Path]) -> None:
            counts.append(len(lessons))
            super().__init__(lessons)
    monkeypatch.setattr(highlight_ahead, "HighlightAhead", Counted)
    return counts


def cpus(monkeypatch, count: int) -> None:
    monkeypatch.setattr(forked, "usable_cpus", lambda: count)


def test_the_second_process_highlights_every_cell_as_this_one_would(course, tmp_path,
                                                                    monkeypatch,
                                                                    highlighted_here, started):
    cpus(monkeypatch, 1)
    alone = files(build_site(course, tmp_path / "alone").out)
    assert started == []
    cpus(monkeypatch, 2)
    helped = files(build_site(course, tmp_path / "helped").out)
    assert started == [len(list((course / "lessons").glob("*.ipynb")))]
    assert highlighted_here == []  # the second process answered for every cell
    assert helped == alone


def test_a_second_process_that_fails_changes_no_page(course, tmp_path, monkeypatch,
                                                     highlighted_here, started):
    cpus(monkeypatch, 2)
    expected = files(build_site(course, tmp_path / "first").out)
    monkeypatch.setattr(sys, "executable", "/bin/false")
    assert files(build_site(course, tmp_path / "second").out) == expected
    assert len(started) == 2 and highlighted_here  # this process highlighted the second time


def test_a_rebuild_starts_no_second_process(course, tmp_path, monkeypatch, started):
    cpus(monkeypatch, 2)
    site = build_site(course, tmp_path / "site").out
    edit_notebook(course / "lessons" / LESSON, lambda notebook: notebook["cells"][1].update(
        source="Bir değişiklik.\n"))
    build_site(course, site)  # only the changed lesson is rendered again
    assert len(started) == 1


def test_a_course_of_two_lessons_starts_no_second_process(small_course, tmp_path, monkeypatch,
                                                          started):
    cpus(monkeypatch, 2)
    build_site(small_course, tmp_path / "site")
    assert started == []


def test_a_course_of_three_lessons_starts_one_for_all_three(small_course, tmp_path, monkeypatch,
                                                            started):
    """Three is the fewest lessons whose highlighting pays for starting a second Python."""
    add_lesson(small_course, "03-ucuncu-ders.ipynb", "Üçüncü Ders")
    cpus(monkeypatch, 2)
    build_site(small_course, tmp_path / "site")
    assert started == [3]



@pytest.mark.skipif(sys.platform != "linux", reason="a pipe of a set size is Linux's")
def test_the_second_process_ends_before_its_answer_is_read(course):
    """Its answer, bigger than a pipe holds by default, is all in the pipe when it ends: the
    build reads it at once rather than in turns with the second process."""
    lessons = sorted((course / "lessons").glob("*.ipynb"))
    with subprocess.Popen([sys.executable, "-m", highlighter.__name__, *map(str, lessons)],
                          cwd=highlight_ahead.PACKAGE_ROOT, stdout=subprocess.PIPE) as process:
        try:
            assert process.wait(timeout=60) == 0  # nothing read yet
        finally:
            process.kill()
        answer = process.stdout.read()
    assert len(answer) > 65536
    assert len(json.loads(answer)) == sum(
        len(highlighter.shown_code(json.loads(path.read_text(encoding="utf-8"))))
        for path in lessons)
