"""Rebuilds: nothing is made when nothing changed; a change remakes what shows it."""

import shutil
import signal
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

import pytest

from site_courses import SECOND, override
from checks.exercises import load_registry
from course_copies import LESSON, edit_notebook
from publish import LintFailed, SiteError
from publish.cache import LEGACY_MANIFEST, manifest_path, tree_digest
from publish.inputs import DECK_ASSETS, DEFAULTS
from publish.site import (
    BUILDER_PACKAGES,
    RENDERING_LIBRARIES,
    build_site,
    builder_fingerprint,
)
from releases import write_release

PAGE, SECOND_PAGE = LESSON.replace(".ipynb", ".html"), SECOND.replace(".ipynb", ".html")
ENGLISH = Path(__file__).parents[1] / "english_course"


@pytest.fixture
def course(small_course: Path) -> Path:
    """Two lessons: one to change and one that must stay as it was are what rebuilding needs."""
    return small_course


def snapshot(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def beside(site: Path) -> list[str]:
    """What the site's parent folder holds: the site and its manifest, and nothing else."""
    return sorted(p.name for p in site.parent.iterdir())


def edit_prose(notebook: dict) -> None:
    """A sentence at the end of the lesson's opening cell, which every reader sees."""
    notebook["cells"][1]["source"] = "".join(notebook["cells"][1]["source"]) + "\n\nYeni cümle."


def test_a_second_build_with_nothing_changed_makes_nothing(course, tmp_path):
    first = build_site(course, tmp_path / "site")
    assert not first.up_to_date and {PAGE, SECOND_PAGE, "index.html"} <= set(first.made)
    before = snapshot(first.out)
    second = build_site(course, tmp_path / "site")
    assert second.up_to_date and second.made == [] and snapshot(second.out) == before


def test_changing_one_lessons_prose_remakes_that_lesson_and_the_search_index(course, tmp_path):
    build_site(course, tmp_path / "site")
    edit_notebook(course / "lessons" / SECOND, edit_prose)
    result = build_site(course, tmp_path / "site")
    assert sorted(result.made) == sorted(  # the reference pages show nothing that changed
        [SECOND_PAGE, f"notebooks/{SECOND}", "assets/search-index.js"])
    assert "Yeni cümle." in (result.out / SECOND_PAGE).read_text(encoding="utf-8")
    assert PAGE in result.reused and "index.html" in result.reused


def test_changing_a_title_remakes_the_pages_that_list_it(course, tmp_path):
    build_site(course, tmp_path / "site")

    def retitle(notebook: dict) -> None:
        notebook["cells"][0]["source"] = "".join(notebook["cells"][0]["source"]).replace(
            "title: İkinci Ders", "title: Yeni Ad")
    edit_notebook(course / "lessons" / SECOND, retitle)
    result = build_site(course, tmp_path / "site")
    assert {SECOND_PAGE, "index.html", PAGE, "assets/search-index.js"} <= set(result.made)
    assert "Yeni Ad" in (result.out / PAGE).read_text(encoding="utf-8")
    assert "search.html" in result.reused


def test_a_course_with_no_templates_or_assets_of_its_own_gets_the_toolkits(course, tmp_path):
    assert not (course / "course" / "templates").exists()
    assert not (course / "course" / "assets").exists()
    out = build_site(course, tmp_path / "site").out
    toolkits = {path.name: path.read_bytes() for path in (DEFAULTS / "assets").iterdir()
                if path.is_file() and not path.name.startswith(DECK_ASSETS)}  # not the slides'
    assert toolkits and {name: (out / "assets" / name).read_bytes() for name in toolkits} == \
        toolkits
    assert (out / "index.html").read_text(encoding="utf-8").startswith("<!doctype html>")


def test_a_template_of_the_courses_own_remakes_every_page_with_it(course, tmp_path):
    build_site(course, tmp_path / "site")
    override(course, "templates/base.html",
             lambda text: text.replace("</footer>", "<!-- x -->\n</footer>"))
    result = build_site(course, tmp_path / "site")
    assert {PAGE, SECOND_PAGE, "index.html", "search.html"} <= set(result.made)
    assert "<!-- x -->" in (result.out / PAGE).read_text(encoding="utf-8")


def test_one_template_of_the_courses_own_is_used_and_the_others_are_the_toolkits(course,
                                                                               tmp_path):
    before = snapshot(build_site(course, tmp_path / "before").out)
    override(course, "templates/index.html",
             lambda text: text.replace("<h1>", '<h1 class="own">'))
    after = snapshot(build_site(course, tmp_path / "after").out)
    assert '<h1 class="own">' in after["index.html"].decode()
    assert {name: data for name, data in after.items() if name != "index.html"} == \
        {name: data for name, data in before.items() if name != "index.html"}


def test_one_asset_of_the_courses_own_is_used_and_the_others_are_the_toolkits(course,
                                                                            tmp_path):
    out = build_site(course, tmp_path / "site").out
    before = snapshot(out)
    override(course, "assets/site.css", lambda text: text + "/* own */\n")
    result = build_site(course, out)
    assert not result.up_to_date and "assets/site.css" in result.made
    after = snapshot(out)
    assert after["assets/site.css"].endswith(b"/* own */\n")
    assert after["assets/search.js"] == before["assets/search.js"] == \
        (DEFAULTS / "assets" / "search.js").read_bytes()


def test_the_toolkits_templates_and_assets_are_in_the_builders_fingerprint():
    """A change to them, like one to the builder's code, rebuilds every site."""
    assert any(package in DEFAULTS.parents for package in BUILDER_PACKAGES)


def test_an_output_removed_by_hand_is_made_again_alone(course, tmp_path):
    out = build_site(course, tmp_path / "site").out
    (out / PAGE).unlink()
    result = build_site(course, tmp_path / "site")
    assert result.made == [PAGE] and (out / PAGE).is_file()


def test_a_failed_build_leaves_the_previous_site_as_it_was(course, tmp_path):
    out = build_site(course, tmp_path / "out" / "site").out
    before = snapshot(out)
    edit_notebook(course / "lessons" / SECOND, lambda nb: nb["cells"].pop(0))
    with pytest.raises(LintFailed):
        build_site(course, out)
    assert snapshot(out) == before
    assert beside(out) == [".site.manifest.json", "site"]


def test_a_failure_while_writing_leaves_the_previous_site_and_no_debris(course, tmp_path,
                                                                        monkeypatch):
    out = build_site(course, tmp_path / "out" / "site").out
    before = snapshot(out)
    edit_notebook(course / "lessons" / SECOND, edit_prose)

    def broken(*_args, **_kwargs):
        raise RuntimeError("disk full")
    monkeypatch.setattr("publish.pages.Pages.lesson", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        build_site(course, out)
    assert snapshot(out) == before and manifest_path(out).is_file()
    assert beside(out) == [".site.manifest.json", "site"]


def test_a_killed_builds_leftovers_are_cleared_by_the_next_build(course, tmp_path):
    out = tmp_path / "out" / "site"
    for leftover in (".site-new-abc", ".site-old-def"):
        (out.parent / leftover / "site").mkdir(parents=True)
    (out.parent / ".site-new-ghi.json").write_text("{}", encoding="utf-8")
    build_site(course, out)
    assert beside(out) == [".site.manifest.json", "site"]


def test_a_renamed_file_changes_the_tree_digest(tmp_path):
    """Its bytes are the same: only its name tells the change (a module renamed in kernel/)."""
    folder = tmp_path / "kernel"
    (folder / "alt").mkdir(parents=True)
    (folder / "isler.py").write_text("X = 1\n", encoding="utf-8")
    before = tree_digest(folder)
    (folder / "isler.py").rename(folder / "gorevler.py")
    renamed = tree_digest(folder)
    (folder / "gorevler.py").rename(folder / "alt" / "gorevler.py")
    assert len({before, renamed, tree_digest(folder)}) == 3


def test_renaming_a_kernel_module_rebuilds_the_site(course, tmp_path):
    (course / "kernel").mkdir()
    (course / "kernel" / "isler.py").write_text("X = 1\n", encoding="utf-8")
    out = build_site(course, tmp_path / "site").out
    (course / "kernel" / "isler.py").rename(course / "kernel" / "gorevler.py")
    assert not build_site(course, out).up_to_date


def test_assets_in_subfolders_are_copied(course, tmp_path):
    (course / "course" / "assets" / "img").mkdir(parents=True)
    (course / "course" / "assets" / "img" / "logo.svg").write_text("<svg/>", encoding="utf-8")
    out = build_site(course, tmp_path / "site").out
    assert (out / "assets" / "img" / "logo.svg").read_text(encoding="utf-8") == "<svg/>"


def test_a_broken_template_is_a_located_error_and_the_site_stays(course, tmp_path):
    out = build_site(course, tmp_path / "out" / "site").out
    before = snapshot(out)
    template = override(course, "templates/index.html", lambda text: text + "\n{% if %}\n")
    with pytest.raises(SiteError, match=r"index\.html: template error on line \d+") as error:
        build_site(course, out)
    assert error.value.path == template
    assert snapshot(out) == before


def test_the_manifest_is_kept_beside_the_site_never_in_it(course, tmp_path):
    out = build_site(course, tmp_path / "out" / "site").out
    assert not [p for p in out.rglob(".*")]
    assert beside(out) == [".site.manifest.json", "site"]
    assert build_site(course, out).up_to_date


def test_a_site_built_with_the_manifest_inside_is_replaced_as_ours(course, tmp_path):
    out = build_site(course, tmp_path / "out" / "site").out
    manifest_path(out).rename(out / LEGACY_MANIFEST)
    result = build_site(course, out)
    assert not result.up_to_date and PAGE in result.made
    assert not (out / LEGACY_MANIFEST).exists()
    assert beside(out) == [".site.manifest.json", "site"]


@pytest.mark.parametrize("another_input_changed", [False, True])
def test_a_page_edited_by_hand_is_made_again(course, tmp_path, another_input_changed):
    out = build_site(course, tmp_path / "site").out
    before = snapshot(out)
    (out / PAGE).write_text("elle düzeltildi", encoding="utf-8")
    if another_input_changed:
        edit_notebook(course / "lessons" / SECOND, edit_prose)
    result = build_site(course, out)
    assert not result.up_to_date and PAGE in result.made and PAGE not in result.reused
    assert (out / PAGE).read_bytes() == before[PAGE]


def test_a_failed_swap_leaves_the_old_site_byte_for_byte_and_no_staging_folder(
        course, tmp_path, monkeypatch):
    out = build_site(course, tmp_path / "out" / "site").out
    before, manifest = snapshot(out), manifest_path(out).read_bytes()
    edit_notebook(course / "lessons" / SECOND, edit_prose)
    rename = Path.rename

    def failing_rename(self: Path, target):
        if self.name.startswith(".site-new-") and Path(target) == out:
            raise OSError("rename failed")
        return rename(self, target)
    monkeypatch.setattr(Path, "rename", failing_rename)
    with pytest.raises(OSError, match="rename failed"):
        build_site(course, out)
    assert snapshot(out) == before and manifest_path(out).read_bytes() == manifest
    assert beside(out) == [".site.manifest.json", "site"]


@pytest.fixture
def stop_raises_keyboard_interrupt():
    """SIGINT handled as Python's default does, whatever the test runner set."""
    found = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, found)


def test_a_stop_signal_during_the_swap_waits_until_the_new_site_and_its_manifest_are_in(
        course, tmp_path, monkeypatch, stop_raises_keyboard_interrupt):
    out = build_site(course, tmp_path / "out" / "site").out
    edit_notebook(course / "lessons" / SECOND, edit_prose)
    rename = Path.rename

    def interrupted_rename(self: Path, target):
        moved = rename(self, target)
        if self == out:  # the old site is out of the way, the new one not yet in
            signal.raise_signal(signal.SIGINT)
        return moved
    monkeypatch.setattr(Path, "rename", interrupted_rename)
    with pytest.raises(KeyboardInterrupt):
        build_site(course, out)
    monkeypatch.undo()
    assert beside(out) == [".site.manifest.json", "site"]
    assert build_site(course, out).up_to_date  # the new site, with the manifest that lists it


def test_a_stop_as_the_staging_folder_is_made_leaves_none(course, tmp_path, monkeypatch):
    out = build_site(course, tmp_path / "out" / "site").out
    before = snapshot(out)
    edit_notebook(course / "lessons" / SECOND, edit_prose)
    made = tempfile.mkdtemp

    def interrupted(*args, **kwargs):
        made(*args, **kwargs)
        raise KeyboardInterrupt  # the folder is made, the build has not yet heard its name
    monkeypatch.setattr(tempfile, "mkdtemp", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_site(course, out)
    monkeypatch.undo()
    assert snapshot(out) == before and beside(out) == [".site.manifest.json", "site"]


def install_over(library: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Release 99.0 of `library`, as its installer names its metadata folder, in a folder that
    comes first on `sys.path`, where Python finds it before the one installed."""
    monkeypatch.syspath_prepend(write_release(folder, library, "99.0"))
    assert version(library) == "99.0"  # importlib.metadata sees the same release


@pytest.mark.parametrize("library", RENDERING_LIBRARIES)
def test_the_builders_fingerprint_holds_each_rendering_librarys_version(course, tmp_path,
                                                                        monkeypatch, library):
    before = builder_fingerprint(course)
    install_over(library, tmp_path / "newer", monkeypatch)
    assert builder_fingerprint(course) != before


def test_a_new_version_of_a_rendering_library_rebuilds_the_site(course, tmp_path, monkeypatch):
    out = build_site(course, tmp_path / "site").out
    install_over("nh3", tmp_path / "newer", monkeypatch)
    result = build_site(course, out)
    assert not result.up_to_date and PAGE in result.made


def test_rendering_leaves_the_lessons_as_the_linter_read_them(course, tmp_path):
    """The site renders the markdown tokens the linter parsed, and the preview lints its next
    build with the lessons it kept: rendering changes none of them (a glossary mark rewritten
    for the site would hide it from the glossary rules), so a second build in the same process
    writes the same page."""
    from checks.linter.lint import lint
    edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"].append({
        "cell_type": "markdown", "id": "hizali-tablo", "metadata": {},
        "source": "### Bir tablo\n\n| terim | tür |\n|:---|---:|\n| [kuyruk]"
                  "(../course/glossary.yaml#kuyruk) | ad |\n"}))
    _, course_read = lint(course)
    assert course_read is not None

    def tokens() -> list:
        return [token.as_dict() for lesson in course_read.lessons
                for _, _, parsed in lesson.markdown for token in parsed]

    read = tokens()
    first = build_site(course, tmp_path / "first").out / PAGE
    assert tokens() == read
    page = first.read_text(encoding="utf-8")
    assert 'id="bir-tablo"' in page and '<th class="align-left">terim</th>' in page
    assert '<a href="glossary.html#kuyruk" class="term" rel="noopener noreferrer">kuyruk</a>' \
        in page
    assert (build_site(course, tmp_path / "second").out / PAGE).read_bytes() == first.read_bytes()


def test_changing_an_exercises_why_remakes_the_instructors_pages_alone(tmp_path):
    """The exercises' package is an input: the instructor's answer key shows its answers."""
    course = tmp_path / "counting-work"
    shutil.copytree(ENGLISH, course, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    out = build_site(course, tmp_path / "site", instructor=True).out
    module = course / "practice" / "lesson00.py"
    module.write_text(module.read_text(encoding="utf-8").replace(
        "The queued handler only appends", "The queued handler just appends"), encoding="utf-8")
    for name in [name for name in sys.modules if name.split(".")[0] == "practice"]:
        del sys.modules[name]  # as a new `build.py` finds them
    load_registry.cache_clear()
    result = build_site(course, out, instructor=True)
    page = "instructor-00-work-in-the-request.html"
    assert sorted(result.made) == [page, "instructor.html"]
    assert "The queued handler just appends" in (out / page).read_text(encoding="utf-8")
