"""A clean build lints in a forked copy while it makes the pages: the same site and the same
findings as linting first, errors before any page error, and the texts the pages were made
from are the texts linted."""

import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import checks.linter.lint

from course_copies import LESSON, ROOT, edit_notebook
from publish import LintFailed, builder
from publish.site import build_site

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the system does not fork")
# What only the linter loads: the notebook schema's check, the rules, the exercises and the
# kernel's models they import.
LINTERS_OWN = ("checks.notebook_schema", "fastjsonschema", "checks.linter.lint",
               "checks.exercises", "kernel")


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def forking(monkeypatch, allowed: bool) -> None:
    """Whether a build may fork, whatever threads earlier tests in this worker left idle (a
    browser's, a server's): `tests/test_forked.py` tests the decision itself."""
    monkeypatch.setattr(builder, "can_fork", lambda: allowed)


@pytest.fixture
def linted_in(monkeypatch, tmp_path) -> Callable[[], list[str]]:
    """Where each lint ran so far, "here" or in a "copy" of this process (a copy's memory is its
    own, so it says so in a file)."""
    log, here, real = tmp_path / "linted-in", os.getpid(), checks.linter.lint.lint

    def logged(*args):
        with log.open("a") as file:
            file.write("here\n" if os.getpid() == here else "copy\n")
        return real(*args)
    monkeypatch.setattr(checks.linter.lint, "lint", logged)
    return lambda: log.read_text().split() if log.exists() else []


def test_linting_beside_makes_the_same_site_and_findings(small_course, tmp_path, monkeypatch,
                                                         linted_in):
    forking(monkeypatch, False)
    first = build_site(small_course, tmp_path / "first")
    forking(monkeypatch, True)
    beside = build_site(small_course, tmp_path / "beside")
    assert linted_in() == ["here", "copy"]
    assert files(beside.out) == files(first.out)
    assert beside.findings == first.findings and beside.warnings == first.warnings


def test_the_copy_makes_the_students_notebooks_too(small_course, tmp_path, monkeypatch):
    """Done linting before the pages are, the copy makes the notebooks students download:
    this process makes none of them, and they are the bytes it would have made."""
    forking(monkeypatch, False)
    first = files(build_site(small_course, tmp_path / "first").out)
    made_here, here, real = [], os.getpid(), builder.student_notebook

    def counted(notebook):
        if os.getpid() == here:
            made_here.append(notebook)
        return real(notebook)
    monkeypatch.setattr(builder, "student_notebook", counted)
    forking(monkeypatch, True)
    beside = files(build_site(small_course, tmp_path / "beside").out)
    assert made_here == [] and beside == first
    lessons = sorted((small_course / "lessons").glob("*.ipynb"))
    assert sorted(name for name in beside if name.startswith("notebooks/")
                  and name.endswith(".ipynb")) == [f"notebooks/{path.name}" for path in lessons]


def errors_in_front_matter(root: Path) -> None:
    """An `updated` that is no date: an error for the linter, and a page that cannot be made."""
    def change(notebook: dict) -> None:
        cell = notebook["cells"][0]
        cell["source"] = "".join(cell["source"]).replace("updated: '20", "updated: 'x20")
    edit_notebook(root / "lessons" / LESSON, change)


def test_the_linters_errors_come_first_and_nothing_is_written(small_course, tmp_path,
                                                              monkeypatch, linted_in):
    errors_in_front_matter(small_course)
    failures = []
    for allowed in (False, True):
        forking(monkeypatch, allowed)
        with pytest.raises(LintFailed) as failure:
            build_site(small_course, tmp_path / f"site-{allowed}")
        failures.append(failure.value.findings)
        assert not (tmp_path / f"site-{allowed}").exists()
        assert not list(tmp_path.glob(f".site-{allowed}-*"))  # no staged folder left
    assert linted_in() == ["here", "copy"]
    assert failures[0] == failures[1] and failures[0]


def test_the_copy_lints_the_texts_the_pages_were_made_from(small_course, tmp_path,
                                                           monkeypatch, linted_in):
    """A lesson saved with an error between the pages' reading and the linter's changes
    neither: the site is the one the file held when the build read it."""
    forking(monkeypatch, False)
    expected = files(build_site(small_course, tmp_path / "before").out)
    forking(monkeypatch, True)
    real = builder.read_ahead

    def then_saved(root, read):
        course = real(root, read)
        errors_in_front_matter(root)
        return course
    monkeypatch.setattr(builder, "read_ahead", then_saved)
    assert files(build_site(small_course, tmp_path / "after").out) == expected
    assert linted_in() == ["here", "copy"]


def test_a_copy_that_fails_is_replaced_by_linting_here(small_course, tmp_path, monkeypatch,
                                                       linted_in):
    forking(monkeypatch, False)
    expected = files(build_site(small_course, tmp_path / "first").out)
    forking(monkeypatch, True)
    def broken_pipe(*_):
        raise OSError("the copy cannot answer")
    monkeypatch.setattr(pickle, "dumps", broken_pipe)  # the copy's only use of it
    assert files(build_site(small_course, tmp_path / "second").out) == expected
    assert linted_in() == ["here", "copy", "here"]


def test_a_rebuild_lints_first(small_course, tmp_path, monkeypatch, linted_in):
    forking(monkeypatch, True)
    site = build_site(small_course, tmp_path / "site").out
    edit_notebook(small_course / "lessons" / LESSON, lambda notebook: notebook["cells"][1].update(
        source="Bir değişiklik.\n"))
    build_site(small_course, site)
    assert linted_in() == ["copy", "here"]


@pytest.mark.slow  # starts a Python of its own
def test_the_build_process_leaves_what_only_the_linter_loads_to_its_copy(tmp_path):
    """A clean build's own process reads the lessons unchecked and loads none of the linter's
    modules: its forked copy loads them while the pages are made."""
    script = ("import sys\n"
              "from publish import builder, highlight_ahead, site\n"
              "builder.can_fork = highlight_ahead.can_fork = lambda: True\n"
              f"site.build_site(site.Path({str(ROOT)!r}), site.Path({str(tmp_path)!r}))\n"
              f"print([name for name in {LINTERS_OWN!r} if name in sys.modules])\n")
    printed = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    assert printed.splitlines()[-1] == "[]"
