"""Every lesson as a student meets it in JupyterLab: opened unrun, then Restart Kernel and Run
All Cells. Answers wait for their button, and no output line breaks inside a word.

JupyterLab loads once, in one page, for every lesson: each test opens its lesson from the file
browser, as a student does, and closes it with File > Close and Shut Down Notebook, so that the
next lesson opens alone, with a kernel of its own."""

import re
from pathlib import Path

import nbformat
import pytest

from checks.alistirma import DUGME_ONCESI, FORM_ONCESI, GOSTER, KAYDET
from checks.exercises import EXERCISES
from checks.markers import SOLUTION, tags
from checks.rules_structure import (
    ANSWER_CALL,
    MIN_PREDICTIONS,
    PREDICT_CALL,
    VERDICT_CALL,
    exercise_ids,
)
from course_copies import ROOT, lessons_in_order
from jupyterlab import TOKEN
from kasif.ortak import KASIF_ONCESI

SCREENSHOTS = ROOT / "_artifacts" / "screenshots"
UNRUN_SENTENCES = (FORM_ONCESI, DUGME_ONCESI, KASIF_ONCESI)  # what a widget leaves, unrun
# Words of an output that the browser laid out on more than one line.
SPLIT_WORDS = """() => {
  const split = [];
  for (const area of document.querySelectorAll('.jp-OutputArea-output')) {
    const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
        if (tops.size > 1) split.push(word[0]);
      }
    }
  }
  return split;
}"""
RUNNING = """() => [...document.querySelectorAll('.jp-InputPrompt')]
  .some(p => p.textContent.includes('*'))"""
SHOWN = """(answer) => document.querySelector('.jp-Notebook').innerText
  .split(/\\s+/).join(' ').includes(answer)"""
FINISHED = """(last) => {
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
  return !prompts.some(p => p.textContent.includes('*'))
    && prompts.some(p => p.textContent.includes(`[${last}]`));
}"""


# The lesson's figures once drawn: every SVG output as an image with a size, and the explorer's
# figure inside its widget, with its alternative text.
FIGURES_DRAWN = """(stored) => {
  const drawn = img => img.complete && img.naturalWidth > 0;
  const outputs = [...document.querySelectorAll("[data-mime-type='image/svg+xml'] img")];
  const explorers = [...document.querySelectorAll(".widget-html img[alt^='[Şekil: ']")];
  return outputs.length === stored && outputs.every(drawn)
    && explorers.length > 0 && explorers.every(drawn);
}"""


# Waiting polls every POLL ms, not at every frame: polling a page's whole text at every frame
# keeps the browser busy for nothing.
POLL = 100


class LabPage:
    """The page, and every request it makes that does not go to the JupyterLab server."""

    def __init__(self, browser, lab: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page, self.outside = self.context.new_page(), []
        self.page.on("request", lambda r: r.url.startswith((lab, "data:"))
                     or self.outside.append(r.url))
        self.page.goto(f"{lab}/lab/tree/lessons?token={TOKEN}&reset")
        self.listing = self.page.locator(".jp-DirListing-itemText")
        self.listing.filter(has_text=".ipynb").first.wait_for(timeout=60_000)

    def open(self, name: str) -> None:
        """Open the lesson from the file browser; returns once its kernel is idle."""
        self.listing.filter(has_text=name).dblclick()
        self.page.locator(".jp-StatusBar-TextItem", has_text="Idle").wait_for(timeout=60_000)

    def close(self) -> None:
        """Close the open lesson and shut its kernel down (what a failed test left open too)."""
        self.page.keyboard.press("Escape")
        if self.page.locator(".jp-Notebook").count():
            menu(self.page, "File", "Close and Shut Down Notebook")
            self.page.locator(".jp-Dialog-button.jp-mod-accept").click()
            self.page.locator(".jp-Notebook").wait_for(state="detached")


@pytest.fixture(scope="module")
def lab_page(browser, lab) -> LabPage:
    lab_page = LabPage(browser, lab)
    yield lab_page
    lab_page.context.close()


@pytest.fixture
def page(lab_page, name):
    """The shared page with lesson `name` open in it, closed again after the test."""
    lab_page.open(name)
    yield lab_page.page
    lab_page.close()


def menu(page, name: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=name).click()
    page.locator(".lm-Menu-itemLabel", has_text=item).click()


def flat(text: str) -> str:
    return " ".join(text.split())


def stored_figures(notebook: nbformat.NotebookNode) -> int:
    return sum("image/svg+xml" in output.get("data", {})
               for cell in notebook.cells for output in cell.get("outputs", []))


def solution_answers(notebook: nbformat.NotebookNode) -> list[str]:
    """The answer each solution cell's button shows, as flat text."""
    return [flat(EXERCISES[exercise].answer_text()) for cell in notebook.cells
            if SOLUTION in tags(cell) for exercise in exercise_ids(cell.source, (ANSWER_CALL,))]


def answer_every_form(page) -> None:
    """The first choice in every list and a line in every text box, then 'Kontrol et'."""
    for select in page.locator(".widget-dropdown select:enabled").all():  # not a saved prediction
        select.select_option(index=1)
    for box in page.locator(".widget-textarea textarea").all():
        box.fill("a deneme 1: koştu")
    checks = page.locator("button", has_text="Kontrol et")
    for button in checks.all():
        button.click()
    page.wait_for_function("(n) => document.body.innerText.split('Henüz değil.').length > n",
                           arg=checks.count(), polling=POLL)


def follow_a_glossary_link(page) -> None:
    """A term the lesson marks is a plain markdown link: in JupyterLab it opens the glossary
    file, in a tab of its own, which is then closed again."""
    link = page.locator(".jp-RenderedMarkdown a[href*='/course/glossary.yaml']",
                        has_text=re.compile(r"\w")).first
    link.scroll_into_view_if_needed()
    link.click()
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="glossary.yaml")
    tab.wait_for()
    page.locator(".jp-FileEditor .cm-content", has_text="term:").first.wait_for()
    tab.locator(".lm-TabBar-tabCloseIcon").click()
    tab.wait_for(state="detached")


def predict_and_measure(page, notebook: nbformat.NotebookNode) -> str:
    """The lesson's first prediction made (its first choice, or 0), then its measurement's cell
    run again, as a student does: returns what that cell then prints."""
    form = page.locator(".jp-Cell", has=page.locator("button", has_text=KAYDET)).first
    if form.locator(".widget-dropdown select").count():
        form.locator(".widget-dropdown select").select_option(index=1)
    else:
        form.locator("input").fill("0")
        form.locator("input").press("Enter")
    form.locator("button", has_text=KAYDET).click()
    form.get_by_text("Kaydedildi").wait_for()
    asked = next(i for i, cell in enumerate(notebook.cells) if PREDICT_CALL in cell.source)
    measured = next(i for i, cell in enumerate(notebook.cells)
                    if i > asked and VERDICT_CALL in cell.source)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(measured)
    cell.locator(".jp-InputPrompt").click()
    page.keyboard.press("Shift+Enter")
    cell.locator(".jp-OutputArea").get_by_text("Tahmininiz").wait_for()
    return cell.locator(".jp-OutputArea").inner_text()


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_student_sees_the_answers_only_when_asking(lab_page, page, name):
    notebook = nbformat.read(ROOT / "lessons" / name, as_version=4)
    answers = solution_answers(notebook)
    code_cells = sum(cell.cell_type == "code" and bool(cell.source.strip())
                     for cell in notebook.cells)
    unrun = page.locator(".jp-Notebook").inner_text()
    widgets = sum(out.get("data", {}).get("text/plain") in UNRUN_SENTENCES
                  for cell in notebook.cells for out in cell.get("outputs", []))
    assert sum(map(unrun.count, UNRUN_SENTENCES)) == widgets > 0
    assert "VBox(" not in unrun and not any(answer in flat(unrun) for answer in answers)
    questions = sum(PREDICT_CALL in cell.source for cell in notebook.cells)
    assert unrun.count("[Tahmin edin: ") == questions >= MIN_PREDICTIONS  # the form's question
    figures = stored_figures(notebook)  # an unrun (untrusted) figure shows its text
    assert unrun.count("[Şekil: ") == figures > 0

    menu(page, "Run", "Restart Kernel and Run All Cells")
    page.locator(".jp-Dialog-button", has_text="Restart").click()
    page.wait_for_function(RUNNING, timeout=60_000, polling=POLL)
    page.wait_for_function(FINISHED, arg=code_cells, timeout=120_000, polling=POLL)

    page.wait_for_function(FIGURES_DRAWN, arg=figures, polling=POLL)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # saved for people to look at
    for where, shown in (("figure", "[data-mime-type='image/svg+xml'] img"),
                         ("explorer", ".widget-html img")):
        page.locator(shown).last.scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / f"jupyterlab-{Path(name).stem}-{where}.png")
    ran = flat(page.locator(".jp-Notebook").inner_text())
    assert [answer for answer in answers if answer in ran] == []
    assert page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    buttons = page.locator("button", has_text=GOSTER)
    assert buttons.count() == len(answers) > 0
    buttons.first.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / f"jupyterlab-{Path(name).stem}-ran.png")
    for number, answer in enumerate(answers):  # the first button still unpressed is this one's
        page.locator("button", has_text=GOSTER).first.click()
        page.wait_for_function(SHOWN, arg=answer, polling=POLL)
        shown = page.locator(".jp-Notebook").inner_text()
        assert sum(answer in flat(shown) for answer in answers) == number + 1
    page.screenshot(path=SCREENSHOTS / f"jupyterlab-{Path(name).stem}-answers.png")
    follow_a_glossary_link(page)
    verdict = predict_and_measure(page, notebook)
    assert "✔ Tahmininiz tuttu" in verdict or "✘ Tahmininiz" in verdict
    answer_every_form(page)
    assert page.evaluate(SPLIT_WORDS) == []
    assert lab_page.outside == []
