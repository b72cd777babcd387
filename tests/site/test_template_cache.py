"""The site's templates are compiled once a machine (checks/code_cache.py): a build with them
compiled makes the same bytes as one without the cache, an edited template is compiled again,
and a cache that cannot be stored or made costs the build nothing but the compiling."""

import tempfile
from pathlib import Path

import jinja2
import pytest

from checks import code_cache
from publish import pages
from publish.site import build_site
from site_courses import override

CACHE = code_cache.CodeCache


def files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


@pytest.fixture
def temporary(tmp_path, monkeypatch) -> Path:
    """A temporary folder of the test's own, where the cache's folder is made."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def compiled(temporary: Path) -> list[Path]:
    """The templates' cached code, not the notebook schema's (checks/notebook_schema.py)."""
    return [path for path in temporary.rglob("*.cache")
            if path.is_file() and "nbformat-v4." not in path.name]


def test_pages_from_compiled_templates_are_the_bytes_of_pages_compiled_anew(
        small_course, tmp_path, temporary, monkeypatch):
    first = files(build_site(small_course, tmp_path / "first").out)
    stored = compiled(temporary)
    assert stored  # the first build stored its templates' code
    before = {path: path.stat().st_mtime_ns for path in stored}
    loaded: list[str] = []
    load = CACHE.load_bytecode
    monkeypatch.setattr(CACHE, "load_bytecode", lambda self, bucket: (
        load(self, bucket), loaded.append(bucket.key))[0])
    assert files(build_site(small_course, tmp_path / "second").out) == first
    assert len(loaded) == len(stored)
    assert {path: path.stat().st_mtime_ns for path in compiled(temporary)} == before
    monkeypatch.setattr(pages, "code_cache", lambda: None)
    assert files(build_site(small_course, tmp_path / "uncached").out) == first


def test_a_template_edited_in_place_is_compiled_again(small_course, tmp_path, temporary):
    own = override(small_course, "templates/index.html")
    build_site(small_course, tmp_path / "before")
    own.write_text(own.read_text(encoding="utf-8").replace("<h1>", '<h1 class="own">'),
                   encoding="utf-8")
    after = build_site(small_course, tmp_path / "after").out
    assert '<h1 class="own">' in (after / "index.html").read_text(encoding="utf-8")


def test_a_cache_that_cannot_be_stored_only_compiles_again(small_course, tmp_path, temporary,
                                                           monkeypatch):
    def full(self, bucket):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(jinja2.FileSystemBytecodeCache, "dump_bytecode", full)
    out = build_site(small_course, tmp_path / "site").out
    assert (out / "index.html").is_file() and compiled(temporary) == []


def no_temporary_folder(temporary: Path, monkeypatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(temporary / "gone"))


def refused(temporary: Path, monkeypatch) -> None:
    """As jinja2 refuses a folder that other users could write to."""
    def refuse(self, directory=None, pattern="__jinja2_%s.cache"):
        raise RuntimeError("Cannot use the cache directory: not safe")
    monkeypatch.setattr(CACHE, "__init__", refuse)


@pytest.mark.parametrize("unusable", [no_temporary_folder, refused])
def test_a_cache_that_cannot_be_made_leaves_the_build_compiling(small_course, tmp_path,
                                                               temporary, monkeypatch, unusable):
    unusable(temporary, monkeypatch)
    assert code_cache.code_cache() is None
    out = build_site(small_course, tmp_path / "site").out
    assert (out / "index.html").is_file() and compiled(temporary) == []
