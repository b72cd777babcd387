"""The built site in headless chromium, opened from file:// and from `serve`."""

import threading
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from checks.folding import turkish_sort_key
from site_courses import add_lesson, inject_payloads, read_index
from course_copies import LESSON, ROOT, copy_course, edit_notebook
from publish.serve import address, make_server
from publish.site import build_site

SCREENSHOTS = ROOT / "_artifacts" / "screenshots"
PAYLOAD = "02-zararli.ipynb"
PAGES = ["index.html", "search.html", LESSON.replace(".ipynb", ".html"),
         PAYLOAD.replace(".ipynb", ".html"), "404.html", "glossary.html", "key-points.html",
         "instructor.html", "instructor-" + LESSON.replace(".ipynb", ".html")]
# Lessons with prose tables wider than a phone, and sections that say "kuyruk" only with a
# suffix ("kuyruğa", "kuyruğu"): search finds them by the stem.
WIDE_TABLES = ["00-olcum-cekirdegi.html", "03-ara-katman.html"]
SUFFIXED_ONLY = {"ratelimited": "03-ara-katman.html#ratelimited-altmis-saniyede-bes-gecis",
                 "uniquejob": "03-ara-katman.html#uniquejob-kilit-tutulurken-atla"}
PHONE_WIDTH = 375
SEARCHED_SECTION = "modelin-sinirlari-us2"
# A word with more prose before and after it than a snippet shows, so that the snippet is cut
# on both sides; and a name only in code, which search finds but never shows.
PROSE_WORD, CODE_NAME = "zümrüdüanka", "kodda_saklanan_ad"
SEARCHED_TEXT = (
    "\n\nBu paragraf, aramanın gösterdiği parçayı denemek için yazıldı: aranan sözcük ortada "
    "durur, önünde ve ardında parçaya sığmayacak kadar uzun bir metin vardır. Sözcük şudur: "
    f"{PROSE_WORD}. Ardından gelen cümleler de uzundur, çünkü parçanın sonu da bir sözcüğün "
    "ortasında değil, iki sözcüğün arasında kesilmelidir; bu yüzden burada birkaç cümle daha "
    "yazıyoruz ve hiçbirinde sayı geçmiyor, yoksa dersin denetimi onları da arardı."
    f"\n\n```python\n{CODE_NAME} = None\n```\n")


def add_searched_text(notebook: dict) -> None:
    cell = next(cell for cell in notebook["cells"]
                if "".join(cell["source"]).startswith("## Modelin sınırları"))
    cell["source"] = "".join(cell["source"]) + SEARCHED_TEXT


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The real course plus a lesson carrying script payloads; the first lesson carries text
    for the search tests. The instructor's build: every page the toolkit makes."""
    root = copy_course(tmp_path_factory.mktemp("browser") / "course")
    add_lesson(root, PAYLOAD, "Zararlı Ders", inject_payloads)
    edit_notebook(root / "lessons" / LESSON, add_searched_text)
    return build_site(root, root.parent / "site", instructor=True).out


@pytest.fixture(scope="module")
def served(site):
    with make_server(site, 0, quiet=True) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield address(server)
        server.shutdown()


@pytest.fixture(params=["file", "serve"])
def base(request, site) -> str:
    return site.as_uri() + "/" if request.param == "file" else request.getfixturevalue("served")


@pytest.fixture(scope="module")
def pages(browser):
    """A page by colour scheme and width, made once: each test loads what it looks at into it
    (a page loaded into a new tab costs twice as much), watched by a Watched of its own."""
    made = {}

    def page(color_scheme: str = "light", width: int = 1280):
        if (color_scheme, width) not in made:
            made[color_scheme, width] = browser.new_context(
                color_scheme=color_scheme, viewport={"width": width, "height": 900}).new_page()
        return made[color_scheme, width]
    yield page
    for each in made.values():
        each.context.close()


class Watched:
    """A page, and every console error, script error, dialog or outside request it causes
    until `stop`."""

    def __init__(self, page, base: str) -> None:
        self.base, self.problems, self.page = base, [], page
        page.goto("about:blank")  # what the last test loaded stops loading, unheard
        self.listeners = {
            "console": lambda m: m.type == "error" and self.problems.append(m.text),
            "pageerror": lambda error: self.problems.append(str(error)),
            "dialog": lambda dialog: self.problems.append(f"dialog {dialog.message}")
            or dialog.dismiss(),
            "request": self.check_request}
        for event, listener in self.listeners.items():
            page.on(event, listener)

    def stop(self) -> None:
        for event, listener in self.listeners.items():
            self.page.remove_listener(event, listener)

    def check_request(self, request) -> None:
        if not request.url.startswith((self.base, "data:")):
            self.problems.append(f"request left the site: {request.url}")

    def open(self, name: str):
        self.page.goto(self.base + name)
        return self.page


@pytest.fixture
def watched(pages, base):
    watched = Watched(pages(), base)
    yield watched
    watched.stop()
    assert watched.problems == []


@pytest.mark.parametrize("name", PAGES)
def test_every_page_loads_with_no_error_and_its_anchors_resolve(watched, name):
    page = watched.open(name)
    assert page.evaluate("document.documentElement.lang") == "tr"
    assert page.title()
    missing = page.evaluate("""[...document.querySelectorAll('a[href^="#"]')]
        .map(a => a.getAttribute('href').slice(1))
        .filter(id => !document.getElementById(id))""")
    assert missing == []
    if name.startswith("0"):
        assert page.locator("nav.toc a").count() >= 5


def test_navigation_between_index_and_lessons(watched):
    page = watched.open("index.html")
    page.get_by_role("link", name="Kuyruklar ve İşler").click()
    assert page.url.endswith(PAGES[2])
    page.locator('a[rel="next"]').click()
    assert page.url.endswith(PAGES[3])
    page.locator('a[rel="prev"]').click()
    assert page.url.endswith(PAGES[2])
    page.locator("nav.toc a", has_text="Kendini Sına").click()
    assert page.url.endswith("#kendini-sina")
    assert page.locator("#kendini-sina").is_visible()
    page.locator(".site-title").click()
    assert page.url.endswith("index.html")


def test_search_from_the_header_finds_sections_and_folds_turkish_letters(watched, site):
    page = watched.open("index.html")
    page.fill("#_q", "kucuk resim")
    page.press("#_q", "Enter")
    page.wait_for_url("**/search.html?q=kucuk+resim")
    results = page.locator("#_results li a")
    assert results.count() >= 1
    assert "küçük resim" in page.locator("#_results").inner_text().lower()
    assert page.locator("#_results mark").count() >= 2
    first = results.first.get_attribute("href")
    page_name, _, section = first.partition("#")
    assert page_name in {record["page"] for record in read_index(site)} and section
    results.first.click()
    assert page.url.split("/")[-1] == first
    page = watched.open("search.html")
    page.fill("#_q", "zzzyokboyle")
    assert page.locator("#_status").inner_text() == "Sonuç bulunamadı."


def test_the_glossary_reads_in_turkish_order_and_a_lessons_term_leads_to_its_entry(watched):
    page = watched.open("glossary.html")
    terms = page.locator("dl.glossary > dt").evaluate_all(
        "dts => dts.map(dt => dt.firstChild.textContent.trim())")
    assert len(terms) >= 40 and terms == sorted(terms, key=turkish_sort_key)
    page = watched.open("04-kuyruk-ve-konu-servisleri.html")
    term = page.locator("a.term[href='glossary.html#makbuz']")
    assert term.count() == 1
    term.click()
    page.wait_for_url("**/glossary.html#makbuz")
    entry = page.locator("#makbuz")
    assert "receipt handle" in entry.inner_text() and entry.is_visible()
    assert entry.evaluate("dt => dt.getBoundingClientRect().top") < 100  # scrolled to it


@pytest.mark.parametrize("query, found", [("receipt handle", "glossary.html#makbuz"),
                                          ("dead-letter queue", "glossary.html#olu-mektup-kutusu"),
                                          ("makbuz", "glossary.html#makbuz")])
def test_search_finds_a_term_by_its_english_or_turkish_name(watched, query, found):
    page = watched.open(f"search.html?q={query.replace(' ', '+')}")
    links = [link.get_attribute("href") for link in page.locator("#_results li > a").all()]
    assert found in links


def test_instructor_notes_show_only_on_the_instructor_page_reached_from_the_lessons_foot(
        watched):
    page = watched.open(PAGES[2])
    assert page.locator(".instructor-note").count() == 0
    foot = page.locator("p.other-view a")
    assert foot.count() == 1 and page.locator("a[href^='instructor']").count() == 1
    foot.click()
    page.wait_for_url("**/instructor-" + PAGES[2])
    notes = page.locator(".instructor-note")
    assert notes.count() >= 3 and notes.first.is_visible()
    assert "Eğitmen notu" in notes.first.inner_text()


@pytest.mark.parametrize("name", sorted(SUFFIXED_ONLY))
def test_a_word_finds_the_sections_that_only_use_it_with_a_suffix(watched, name):
    """Lesson 03's sections say "kuyruğa" or "kuyruğu", never "kuyruk": the stem finds them."""
    page = watched.open(f"search.html?q=kuyruk+{name}")
    links = [link.get_attribute("href") for link in page.locator("#_results li > a").all()]
    assert SUFFIXED_ONLY[name] in links


def test_a_snippet_is_cut_from_prose_at_word_boundaries(watched, site):
    page = watched.open("search.html?q=zumruduanka")
    result = page.locator("#_results li").first
    assert result.locator("a").first.get_attribute("href") == f"{PAGES[2]}#{SEARCHED_SECTION}"
    assert result.locator("mark").inner_text() == PROSE_WORD
    snippet = result.locator("p").last.inner_text()
    (record,) = [record for record in read_index(site) if record["page"] == PAGES[2]]
    (section,) = [s for s in record["sections"] if s["id"] == SEARCHED_SECTION]
    assert snippet.startswith("…") and snippet.endswith("…")
    assert f" {snippet.removeprefix('…').removesuffix('…')} " in f" {section['text']} "


def test_code_is_found_but_never_shown_as_a_snippet(watched):
    page = watched.open(f"search.html?q={CODE_NAME}")
    results = page.locator("#_results li")
    assert results.count() >= 1
    assert results.first.locator("a").first.get_attribute("href") == \
        f"{PAGES[2]}#{SEARCHED_SECTION}"
    assert CODE_NAME not in page.locator("#_results").inner_text()
    assert page.locator("#_results mark").count() == 0


def test_a_missing_page_at_any_depth_is_styled_and_links_home(pages, served):
    from playwright.sync_api import expect  # where it is missing, `browser` skips first
    watched = Watched(pages(), served)
    page = watched.open("a/b/c")
    assert page.locator("h1").inner_text() == "Sayfa bulunamadı"
    expect(page.locator("a.home")).to_have_attribute("href", "/index.html")
    expect(page.locator(".site-header")).to_have_css("display", "flex")  # the stylesheet came
    page.locator("a.home").click()
    assert page.url == served + "index.html"
    watched.stop()
    # the missing page, and what it asked for before it knew where the site's root is
    assert [problem for problem in watched.problems
            if "the server responded with a status of 404" not in problem] == []


def test_injected_scripts_do_not_run(watched):
    page = watched.open(PAGES[3])
    assert page.locator("text=Zararsız metin.").count() == 1
    figure = page.locator(".output.figure img[alt^='Zararlı şekil']")
    assert figure.evaluate("img => img.complete && img.naturalWidth") == 80  # it was drawn
    assert page.evaluate("window.__pwned === undefined")
    # the only scripts are the site's own
    assert page.evaluate("[...document.scripts].map(s => s.getAttribute('src'))") == [
        "assets/scroll-focus.js", "assets/print-folds.js"]


def test_keyboard_reaches_the_skip_link_first_and_it_moves_focus_to_the_content(watched):
    page = watched.open(PAGES[2])
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "_main"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_index_and_a_lesson(pages, site, scheme):
    """Saved for people to look at; the test checks only that the pages drew."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    watched = Watched(pages(scheme), site.as_uri() + "/")
    for name in PAGES[0], PAGES[2]:
        path = SCREENSHOTS / f"{Path(name).stem}-{scheme}.png"
        watched.open(name).screenshot(path=path)
        assert path.stat().st_size > 10_000
    watched.stop()
    assert watched.problems == []


@pytest.mark.parametrize("name", WIDE_TABLES)
def test_on_a_phone_code_keeps_its_lines_and_what_is_too_wide_scrolls_with_a_hint(pages,
                                                                                  site, name):
    """A wrapped line would restart at the left edge, under Python's indentation: lines stay
    whole, and a box wider than the screen scrolls sideways with a shadow at the edge that
    hides more. A screenshot at the first wide table is saved for people to look at."""
    watched = Watched(pages(width=PHONE_WIDTH), site.as_uri() + "/")
    page = watched.open(name)
    boxes = page.evaluate("""[...document.querySelectorAll('main pre, .prose table')].map(e => {
        const style = getComputedStyle(e);
        return {tag: e.tagName, wraps: style.whiteSpace !== "pre", overflow: style.overflowX,
                wide: e.scrollWidth > e.clientWidth + 1, hint: style.backgroundImage};
    })""")
    assert [box for box in boxes if box["tag"] == "PRE" and box["wraps"]] == []
    wide = [box for box in boxes if box["wide"]]
    assert {box["tag"] for box in wide} == {"PRE", "TABLE"}
    assert [box for box in wide if box["overflow"] != "auto"
            or box["hint"].count("radial-gradient") != 2] == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".prose table").first.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / f"{Path(name).stem}-{PHONE_WIDTH}.png")
    watched.stop()
    assert watched.problems == []


# The pages an accessibility check reads: the index, and the lessons with the most figures
# (lesson 00 introduces the four marks; lesson 04 has timelines and a chart).
CHECKED_PAGES = ["index.html", "00-olcum-cekirdegi.html", "04-kuyruk-ve-konu-servisleri.html",
                 "glossary.html"]
# What a colour scheme changes: the colours. In the light scheme at that width axe runs every
# rule already; in the dark one, those that read colours.
COLOUR_RULES = {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}


@pytest.mark.parametrize("scheme, width", [("light", 1280), ("dark", 1280),
                                           ("light", PHONE_WIDTH)])
def test_axe_finds_no_serious_accessibility_issue_and_figures_say_what_they_show(
        pages, site, scheme, width):
    """axe-core (Deque's checker, run offline from its bundled script) on pages with figures, in
    both colour schemes (the dark one for its colours) and on a phone: no serious or critical
    violation. Every figure is drawn
    and carries its title and description as its alternative text. A lesson's measurements
    are folded until the reader has predicted them: axe reads them opened, with their controls."""
    watched, axe, found = Watched(pages(scheme, width), site.as_uri() + "/"), Axe(), {}
    for name in CHECKED_PAGES:
        page = watched.open(name)
        folds = page.locator("details.folded.prediction")
        assert folds.count() > 0 or not name[0].isdigit()
        folds.evaluate_all("folds => folds.forEach(fold => { fold.open = true; })")
        figures = page.locator(".output.figure img")
        assert figures.count() > 0 or not name[0].isdigit()
        assert figures.evaluate_all("imgs => imgs.every(img => img.complete && img.naturalWidth)")
        assert [alt for alt in figures.evaluate_all("imgs => imgs.map(img => img.alt)")
                if len(alt.split()) < 5] == []  # a title and a sentence, not a stock word
        # preload off: axe would fetch the stylesheets again, which the site's policy forbids
        options = {"resultTypes": ["violations"], "preload": False,
                   **(COLOUR_RULES if scheme == "dark" else {})}
        violations = axe.run(page, options=options).response["violations"]
        found[name] = [(violation["id"], [node["target"] for node in violation["nodes"]])
                       for violation in violations
                       if violation["impact"] in ("serious", "critical")]
    if width == PHONE_WIDTH:  # a figure keeps its words legible and scrolls inside its box
        page = watched.open(CHECKED_PAGES[2])
        page.locator(".output.figure").first.scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / f"figure-{PHONE_WIDTH}.png")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    watched.stop()
    assert found == {name: [] for name in CHECKED_PAGES}
    assert watched.problems == []


LITE_STAND_IN = b'<!doctype html><link rel="icon" href="data:,"><p>lite</p>'


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory) -> Path:
    """The course site with a lite site, JupyterLite's build stood in for by one page."""
    root = copy_course(tmp_path_factory.mktemp("lite") / "course", only=(LESSON,))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("publish.lite.site.lite_files",
                      lambda root, notebooks: {"lite/lab/index.html": LITE_STAND_IN})
        return build_site(root, root.parent / "site", lite=True).out


@pytest.mark.parametrize("scheme", ["file", "serve"])
def test_the_run_in_the_browser_link_shows_only_where_it_can_work(pages, lite_site, scheme):
    """From file:// the lite site cannot start: the page says to serve the site instead."""
    if scheme == "file":
        base = lite_site.as_uri() + "/"
        watched = Watched(pages(), base)
        page = watched.open(PAGES[2])
        note = page.locator(".download.run-needs-server")
        assert note.is_visible() and "python build.py serve --lite" in note.inner_text()
        assert page.locator(".download.run").is_hidden()
    else:
        with make_server(lite_site, 0, quiet=True) as server:
            threading.Thread(target=server.serve_forever, daemon=True).start()
            watched = Watched(pages(), address(server))
            page = watched.open(PAGES[2])
            assert page.get_by_role("link", name="Tarayıcıda çalıştır").is_visible()
            assert page.locator(".download.run-needs-server").is_hidden()
            page.get_by_role("link", name="Tarayıcıda çalıştır").click()
            page.locator("text=lite").first.wait_for()  # the stand-in page, once it has loaded
            assert page.locator("text=lite").count() == 1
            server.shutdown()
    watched.stop()
    assert watched.problems == []
