"""Interface strings: Turkish by default, English when the course file asks for it; a course in
English."""

import re

import pytest
from nbformat.v4 import new_markdown_cell

from checks.glossary import in_glossary_order, read_glossary
from course_copies import LESSON, edit_notebook, set_sections
from publish import SiteError
from publish.site import build_site
from publish.strings import STRINGS
from site_courses import read_search_index

PAGE = LESSON.replace(".ipynb", ".html")


def set_interface_language(root, value: str) -> None:
    definition = root / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(
        text.replace("\nlessons = [", f"\ninterface_language = {value}\nlessons = ["),
        encoding="utf-8")


def test_every_language_has_every_string():
    assert {language: set(table) for language, table in STRINGS.items()} == \
        {language: set(STRINGS["tr"]) for language in STRINGS}


def test_turkish_by_default(course, tmp_path):
    html = (build_site(course, tmp_path / "site").out / PAGE).read_text(encoding="utf-8")
    assert html.startswith('<!doctype html>\n<html lang="tr">')
    assert "Bu derste" in html and "30 Kasım 2026" in html and "İçeriğe atla" in html
    assert 'lang="en"' not in html


def test_english_interface_by_configuration(course, tmp_path):
    set_interface_language(course, '"en"')
    out = build_site(course, tmp_path / "site").out
    html = (out / PAGE).read_text(encoding="utf-8")
    assert html.startswith('<!doctype html>\n<html lang="tr">')
    assert '<h2 id="_objectives" lang="en">In this lesson</h2>' in html
    assert "November 30, 2026" in html and "Bu derste" not in html
    assert re.search(r'<header class="site-header" lang="en">', html)
    search = (out / "search.html").read_text(encoding="utf-8")
    assert 'data-none="No results."' in search
    not_found = (out / "404.html").read_text(encoding="utf-8")
    assert '<h1 lang="en">Page not found</h1>' in not_found and "Go to the home page" in not_found


def test_an_interface_language_without_strings_is_refused(course, tmp_path):
    set_interface_language(course, '"xx"')
    with pytest.raises(SiteError, match="no interface strings for language 'xx'") as error:
        build_site(course, tmp_path / "site")
    assert error.value.path == course / "course" / "course.toml"
    assert not (tmp_path / "site").exists()


def test_the_english_interface_names_the_reference_pages_in_english(course, tmp_path):
    set_interface_language(course, '"en"')
    out = build_site(course, tmp_path / "site", instructor=True).out
    titles = {name: re.search(r"<h1[^>]*>([^<]+)</h1>", (out / name).read_text(encoding="utf-8"))
              for name in ("glossary.html", "key-points.html", "instructor.html")}
    assert {name: found[1] for name, found in titles.items() if found} == {
        "glossary.html": "Glossary", "key-points.html": "Key points",
        "instructor.html": "Instructor view"}
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '>Glossary</a>' in index and '>Key points</a>' in index
    instructors = (out / f"instructor-{PAGE}").read_text(encoding="utf-8")
    assert "Instructor note" in instructors and re.search(r"teaching \d+ min", instructors)


def test_an_english_course_has_english_stems_titles_and_glossary_order(small_course, tmp_path):
    set_sections(small_course, ("Summary", "Check Yourself", "Next Step"), language="en")
    edit_notebook(small_course / "lessons" / LESSON, lambda notebook: notebook["cells"].insert(
        2, new_markdown_cell("Workers drain the queues; a queued job waits.")))
    out = build_site(small_course, tmp_path / "site").out
    assert (out / PAGE).read_text(encoding="utf-8").startswith(
        '<!doctype html>\n<html lang="en">')
    stems = read_search_index(out)["stems"]
    assert (stems["queues"], stems["queued"], stems["workers"]) == ("queue", "queu", "worker")
    assert "kuyruga" not in stems  # Turkish's suffixes are no English stemmer's
    key_points = (out / "key-points.html").read_text(encoding="utf-8")
    assert key_points.count('<div class="prose"><ul>\n<li>Ölçümün sınıfı <strong>ertelendi') == 2
    entries = read_glossary(small_course)
    anchors = re.findall(r'<dt id="([^"]+)">', (out / "glossary.html").read_text(encoding="utf-8"))
    assert anchors == [entry.anchor for entry in in_glossary_order(entries, "en")]
