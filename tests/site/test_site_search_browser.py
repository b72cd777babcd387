"""The site's search on a phone, in headless chromium: results wrap a long word, show code as
text, rank a section titled with the word first, and say so when the list is cut short."""

from pathlib import Path
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe

from checks.folding import fold
from checks.glossary import read_glossary
from course_copies import LESSON, ROOT, copy_course, edit_notebook
from publish.site import build_site
from publish.strings import STRINGS
from test_site_browser import PHONE_WIDTH, Watched
from test_site_i18n import set_interface_language

LONG_WORD = "ApproximateNumberOfMessagesNotVisible"  # lesson 04's prose and a glossary term
# More sections with one word than search lists, and a heading whose code reads as markup
MANY, MANY_WORD = 60, "zebercet"
PAYLOAD = "<img src=x onerror=window.__pwned=1>"
ADDED = "".join("\n\n### Zebercet durağı\n\nZebercet burada da geçer." for _ in range(MANY)) + \
    f"\n\n### `{PAYLOAD}` başlığı\n\nBu başlığın kodu metin olarak görünür."


def add_sections(notebook: dict) -> None:
    cell = next(cell for cell in notebook["cells"]
                if "".join(cell["source"]).startswith("## Modelin sınırları"))
    cell["source"] = "".join(cell["source"]) + ADDED


def searched_course(root: Path, only: tuple[str, ...] = ()) -> Path:
    copy_course(root, only)
    edit_notebook(root / "lessons" / LESSON, add_sections)
    return root


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> dict[str, Path]:
    """By interface language: the whole course in Turkish, its first lesson in English; each
    with the sections added above."""
    turkish = searched_course(tmp_path_factory.mktemp("tr") / "course")
    english = searched_course(tmp_path_factory.mktemp("en") / "course", only=(LESSON,))
    set_interface_language(english, '"en"')
    return {language: build_site(root, root.parent / "site").out
            for language, root in (("tr", turkish), ("en", english))}


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport={"width": PHONE_WIDTH, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture
def search(phone, sites):
    """Opens the search page of a site (Turkish unless told) with a query; fails the test on
    any console error, script error, dialog or request leaving the site."""
    opened = []

    def open_search(query: str, language: str = "tr"):
        watched = Watched(phone, sites[language].as_uri() + "/")
        opened.append(watched)
        return watched.open(f"search.html?{urlencode({'q': query})}")  # loaded: searched
    yield open_search
    for watched in opened:
        watched.stop()
        assert watched.problems == []


def titles(page) -> list[str]:
    return page.locator("#_results li > a").all_inner_texts()


def test_on_a_phone_results_wrap_a_long_word_and_the_page_never_scrolls_sideways(search):
    page = search(LONG_WORD)
    assert len(titles(page)) >= 2 and page.locator("#_results mark").count() >= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    violations = Axe().run(page, options={"resultTypes": ["violations"], "preload": False}
                           ).response["violations"]
    assert [violation["id"] for violation in violations
            if violation["impact"] in ("serious", "critical")] == []


def test_glossary_results_show_terms_without_code_marks(search):
    entry = next(entry for entry in read_glossary(ROOT) if entry.term.startswith("`"))
    page = search(entry.term.strip("`"))
    link = page.locator(f"#_results li > a[href='glossary.html#{entry.anchor}']")
    assert link.inner_text().startswith(entry.term.strip("`") + " (")
    assert [title for title in titles(page) if "`" in title] == []


def test_code_in_a_title_is_shown_as_text_never_as_markup(search):
    page = search("onerror")
    assert titles(page) == [f"{PAYLOAD} başlığı"]
    assert page.locator("#_results img").count() == 0
    assert page.evaluate("window.__pwned === undefined")


def test_a_section_titled_with_the_word_ranks_before_those_that_only_mention_it(search):
    """Lesson 01's "Kuyruğa konan iş" comes before passages that say "kuyruğa" more often."""
    page = search("kuyruğa")
    found = titles(page)
    titled = [n for n, title in enumerate(found) if "kuyruga" in fold(title).split()]
    assert titled and titled == list(range(len(titled))) and len(found) > len(titled)
    assert "Kuyruğa konan iş" in found[:len(titled)]


@pytest.mark.parametrize("language", ["tr", "en"])
def test_a_list_cut_short_says_how_many_were_found(search, language):
    strings = STRINGS[language]
    page = search(MANY_WORD, language)
    shown = len(titles(page))
    assert 0 < shown < MANY
    assert page.locator("#_status").inner_text() == \
        strings["search_more"].replace("{total}", str(MANY)).replace("{n}", str(shown))
    page = search("onerror", language)
    assert page.locator("#_status").inner_text() == strings["search_count"].replace("{n}", "1")
