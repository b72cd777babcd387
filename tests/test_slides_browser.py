"""Every lesson's deck in headless Chromium at 1280×720, opened from file://: the arrow keys
move through every slide and none overflows or scrolls; every prediction's slide comes right
before its measurement's; the speaker notes are there, and the speaker view shows them; the
deck prints a page a slide; axe finds nothing; and nothing is asked of any network. The decks
are built once, and all seven are walked in one page."""

import io
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from pypdf import PdfReader

from course_copies import LESSON, ROOT, copy_course, lessons_in_order
from publish.slides.command import build_slides

SCREENSHOTS = ROOT / "_artifacts" / "screenshots"
SIZE = {"width": 1280, "height": 720}
READY = "() => window.Reveal && Reveal.isReady()"
# ms: as long as the page's own waits here (Playwright's default, 30 s), not expect's 5 s, which a
# loaded machine can outlast
WAIT = 30_000
# The slide shown: its cells, what it asks or measures, whether it has speaker notes, and what
# in it lies outside the slide or scrolls (an element past its edges, a block wider than
# itself).
SHOWN = """() => {
  const slide = Reveal.getCurrentSlide(), box = slide.getBoundingClientRect(), out = [];
  if (slide.scrollHeight > slide.clientHeight + 1 || slide.scrollWidth > slide.clientWidth + 1)
    out.push(`the slide scrolls: ${slide.scrollWidth}×${slide.scrollHeight}`);
  for (const element of slide.querySelectorAll('*')) {
    if (element.closest('aside.notes')) continue;
    const edge = element.getBoundingClientRect();
    if (!edge.width && !edge.height) continue;
    if (edge.bottom > box.bottom + 1 || edge.right > box.right + 1 || edge.left < box.left - 1)
      out.push(`${element.tagName}.${element.className} past the edge`);
    const wider = element.scrollWidth > element.clientWidth + 1;
    if (wider && getComputedStyle(element).overflowX !== 'visible')
      out.push(`${element.tagName}.${element.className} scrolls`);
    if (wider && ['PRE', 'TABLE'].includes(element.tagName))
      out.push(`${element.tagName}.${element.className} wider than itself`);
  }
  return {index: Reveal.getIndices().h, cells: slide.dataset.cells,
          asks: slide.dataset.prediction || null, measures: slide.dataset.measures || null,
          notes: !!Reveal.getSlideNotes(slide), out: out.slice(0, 3)};
}"""


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    root = copy_course(tmp_path_factory.mktemp("slides-browser") / "course")
    return build_slides(root, []).out


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport=SIZE)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: message.type in ("error", "warning")
            and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("request", lambda request: request.url.startswith(("file:", "data:"))
            or problems.append(f"request left the deck: {request.url}"))
    page.problems = problems
    yield page
    context.close()


def open_deck(page, deck: Path, query: str = ""):
    page.goto(deck.as_uri() + query)
    page.wait_for_function(READY)
    return page


def test_the_arrow_keys_walk_every_slide_of_every_deck_and_none_overflows(page, decks):
    found = {}
    for name in lessons_in_order():
        open_deck(page, decks / name.replace(".ipynb", ".html"))
        total = page.evaluate("() => Reveal.getTotalSlides()")
        shown = [page.evaluate(SHOWN)]
        for _ in range(total - 1):
            page.keyboard.press("ArrowRight")
            shown.append(page.evaluate(SHOWN))
        assert [slide["index"] for slide in shown] == list(range(total)), name
        assert page.evaluate("() => Reveal.isLastSlide()")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("() => Reveal.getIndices().h") == total - 2
        asks = [slide["index"] for slide in shown if slide["asks"]]
        assert asks, name
        for at in asks:  # the next slide shows the measurement
            assert shown[at + 1]["measures"] == shown[at]["asks"], (name, at)
        assert sum(slide["notes"] for slide in shown) >= 2, name
        found[name] = [(slide["index"], slide["cells"], slide["out"]) for slide in shown
                       if slide["out"]]
    assert found == {name: [] for name in lessons_in_order()}
    assert page.problems == [], page.problems[:3]


def test_three_slides_look_as_they_should(page, decks):
    """A prediction, its measurement and a figure, saved for a person to look at."""
    open_deck(page, decks / LESSON.replace(".ipynb", ".html"))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    asks = page.evaluate("() => Reveal.getSlides().findIndex(s => s.dataset.prediction)")
    figure = page.evaluate("() => Reveal.getSlides().findIndex(s => s.querySelector('.figure'))")
    for name, index in (("prediction", asks), ("measurement", asks + 1), ("figure", figure)):
        page.evaluate(f"() => Reveal.slide({index})")
        page.screenshot(path=SCREENSHOTS / f"slides-{name}.png")
    image = page.locator(".present .figure img")
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    assert image.bounding_box()["width"] >= 1000  # drawn large, for the back of the room
    assert page.problems == []


def test_the_speaker_view_shows_the_notes(page, decks):
    """S opens the speaker view, which follows the deck and shows each slide's notes: the
    deck's keys on the title slide, an instructor's note where the lesson has one."""
    open_deck(page, decks / LESSON.replace(".ipynb", ".html"))
    with page.context.expect_page() as opened:
        page.keyboard.press("s")
    notes = expect(opened.value.locator(".speaker-controls-notes .value"))
    notes.to_contain_text("?print-pdf", timeout=WAIT)
    noted = page.evaluate("() => Reveal.getSlides().findIndex(slide => "
                          "(Reveal.getSlideNotes(slide) || '').includes('Eğitmen notu'))")
    assert noted > 1
    page.evaluate(f"() => Reveal.slide({noted})")
    notes.to_contain_text("Eğitmen notu", timeout=WAIT)
    opened.value.close()
    assert page.problems == []


def test_the_deck_prints_a_page_a_slide_and_axe_finds_nothing(page, decks):
    """In reveal.js's print view every slide is laid out at once: axe reads them all there,
    with every rule, and Chromium's PDF has a page for each."""
    axe, found = Axe(), {}
    for name in lessons_in_order():
        deck = decks / name.replace(".ipynb", ".html")
        open_deck(page, deck, "?print-pdf")
        page.wait_for_selector(".pdf-page")
        total = page.evaluate("() => Reveal.getTotalSlides()")
        assert page.locator(".pdf-page").count() == total
        violations = axe.run(page, options={"resultTypes": ["violations"]}).response[
            "violations"]
        found[name] = [(violation["id"], [node["target"] for node in violation["nodes"]][:3])
                       for violation in violations]
        if name == LESSON:
            pdf = page.pdf(width="1280px", height="720px", print_background=True)
            assert len(PdfReader(io.BytesIO(pdf)).pages) >= total
    assert found == {name: [] for name in lessons_in_order()}
    assert page.problems == [], page.problems[:3]
