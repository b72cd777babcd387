"""The prediction's fold in headless chromium: closed at first, opened from the keyboard, with or
without JavaScript, and printed open. (axe-core reads the folds, open, in test_site_browser.)"""

from pathlib import Path

import pytest

from course_copies import LESSON, ROOT, copy_course
from publish.site import build_site
from publish.strings import STRINGS

PAGE = LESSON.replace(".ipynb", ".html")
SCREENSHOTS = ROOT / "_artifacts" / "screenshots"
FOLD = "details.folded.prediction"
MOST_TABS = 400  # more stops than the page has before its first fold


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = copy_course(tmp_path_factory.mktemp("folds") / "course")
    return build_site(root, root.parent / "site").out


@pytest.fixture(params=[True, False], ids=["script", "no-script"])
def page(request, browser, site):
    """The lesson's page, with JavaScript on or off; every console or page error is a failure."""
    context = browser.new_context(java_script_enabled=request.param,
                                  viewport={"width": 1280, "height": 900})
    page, problems = context.new_page(), []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto((site / PAGE).as_uri())
    yield page
    context.close()
    assert problems == []


def test_a_measurement_is_folded_and_the_keyboard_opens_it(page):
    fold = page.locator(FOLD).first
    summary, outputs = fold.locator("summary"), fold.locator("pre.output")
    assert summary.inner_text() == STRINGS["tr"]["show_result"]
    assert summary.is_visible() and outputs.first.is_hidden()
    for _ in range(MOST_TABS):  # Tab through the page, as a reader without a mouse does
        page.keyboard.press("Tab")
        if summary.evaluate("summary => summary === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the fold's control")
    page.keyboard.press("Enter")
    assert fold.evaluate("fold => fold.open") and outputs.first.is_visible()
    page.keyboard.press("Enter")
    assert not fold.evaluate("fold => fold.open") and outputs.first.is_hidden()


def test_on_paper_every_fold_prints_open_without_its_control(page):
    folds = page.locator(FOLD)
    assert folds.count() >= 3
    page.emulate_media(media="print")
    assert [fold.locator(".output").first.is_visible() for fold in folds.all()] \
        == [True] * folds.count()
    assert page.locator(f"{FOLD} > summary").first.is_hidden()
    page.emulate_media(media="screen")
    assert folds.first.locator("pre.output").first.is_hidden()


def test_the_script_opens_the_folds_to_print_and_closes_them_after(browser, site):
    """For a browser whose print sheet cannot show a closed fold's content."""
    context = browser.new_context()
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    page.locator(FOLD).nth(1).locator("summary").click()  # one the reader opened stays open
    opened = "[...document.querySelectorAll('details.folded')].map(fold => fold.open)"
    before = page.evaluate(opened)
    assert before.count(True) == 1
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate(opened) == [True] * len(before)
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert page.evaluate(opened) == before
    context.close()


def test_screenshots_of_a_folded_and_an_opened_measurement(browser, site):
    """Saved for people to look at; the test checks only that they drew."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    page = context.new_page()
    page.goto((site / PAGE).as_uri())
    cell = page.locator(".cell", has=page.locator(FOLD)).first
    cell.scroll_into_view_if_needed()
    for state in ("folded", "opened"):
        if state == "opened":
            cell.locator("summary").click()
        path = SCREENSHOTS / f"prediction-{state}.png"
        cell.screenshot(path=path)
        assert path.stat().st_size > 5_000
    context.close()
