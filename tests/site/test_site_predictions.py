"""The site waits for the prediction: a measurement's outputs after a `tahmin_et` cell are folded
behind "Tahmin ettim, sonucu göster", on every lesson page, as the notebooks place them."""

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell

from checks.definition import read_definition
from checks.calls import exercise_ids
from course_copies import LESSON, NAMES, ROOT, edit_notebook, lessons_in_order, source
from course_copies import tagged
from publish.cells import awaiting_prediction
from publish.site import build_site
from publish.strings import STRINGS
from site_courses import read_search_index
from test_site_i18n import set_interface_language

PAGE = LESSON.replace(".ipynb", ".html")
SUMMARY = "Tahmin ettim, sonucu göster"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class CodeCells(HTMLParser):
    """A lesson page's code cells, in order: each cell's code as text, and the summary of the
    prediction's fold its outputs are in (None when they are not folded for a prediction)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.cells: list[dict] = []
        self.open: list[tuple[str, set[str]]] = []
        self.feed(html)

    def _inside(self, tag: str, kind: str) -> bool:
        return any(name == tag and kind in classes for name, classes in self.open)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "div" and classes & {"cell", "exercise"} and self._inside("div", "lesson-body"):
            self.cells.append({"code": "", "fold": None})
        if tag == "details" and "prediction" in classes:
            self.cells[-1]["fold"] = ""
        if tag not in VOID:
            self.open.append((tag, classes))

    def handle_endtag(self, tag: str) -> None:
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self._inside("pre", "highlight") and not self._inside("div", "outputs"):
            self.cells[-1]["code"] += data
        elif self.open and self.open[-1][0] == "summary" and self._inside("details", "prediction"):
            self.cells[-1]["fold"] += data


def awaited(notebook: dict) -> list[str]:
    """From the notebook alone, with the linter's reading of the calls: the code of each cell
    with outputs that a prediction waits for. After the cell asking for it, up to the cell giving
    its verdict, and the code cells right after that (a figure), up to the next prose cell the
    learner's page shows (an instructor's note is not on it); never a cell asking for one."""
    notes = notebook["cells"]

    def ids(cell: dict, call: str) -> list[str]:
        return exercise_ids(source(cell), (call,)) if cell["cell_type"] == "code" else []

    def prose(cell: dict) -> bool:
        return cell["cell_type"] == "markdown" and not tagged("remove-cell")(cell)

    waiting = set()
    for start, cell in enumerate(notes):
        for prediction in ids(cell, NAMES.predict):
            verdict = next(at for at in range(start + 1, len(notes))
                           if prediction in ids(notes[at], NAMES.verdict))
            end = verdict + 1
            while end < len(notes) and not prose(notes[end]) and not ids(notes[end],
                                                                         NAMES.predict):
                end += 1
            waiting |= {at for at in range(start + 1, end) if notes[at]["cell_type"] == "code"
                        and notes[at].get("outputs") and not tagged("remove-cell")(notes[at])
                        and not ids(notes[at], NAMES.predict)}
    return [source(notes[at]).strip() for at in sorted(waiting)]


@pytest.fixture(scope="module")
def site(whole_course_site) -> Path:
    return whole_course_site


def page_cells(site: Path, lesson: str) -> list[dict]:
    return CodeCells((site / lesson.replace(".ipynb", ".html")).read_text(encoding="utf-8")).cells


@pytest.mark.parametrize("lesson", lessons_in_order())
def test_every_predictions_measurement_is_folded_behind_its_control(site, lesson):
    notebook = json.loads((ROOT / "lessons" / lesson).read_text(encoding="utf-8"))
    asked = [p for cell in notebook["cells"] if cell["cell_type"] == "code"
             for p in exercise_ids(source(cell), (NAMES.predict,))]
    expected = awaited(notebook)
    assert len(expected) >= len(asked) >= read_definition(ROOT).minimums.predictions
    shown = page_cells(site, lesson)
    folded = [cell["code"].strip() for cell in shown if cell["fold"] is not None]
    assert folded == expected
    assert {cell["fold"] for cell in shown if cell["fold"] is not None} == {SUMMARY}
    # the question stays in sight: a cell asking for a prediction is never folded
    assert all(f'{NAMES.predict}("' not in code for code in folded)


def test_the_fold_holds_the_outputs_not_the_code(site):
    html = (site / PAGE).read_text(encoding="utf-8")
    fold = html.index('<details class="folded prediction">')
    cell = html.rindex('<div class="cell">', 0, fold)
    assert html.index('<pre class="highlight">', cell) < html.index('<div class="outputs"', cell) \
        < fold
    assert html.index("</details>", fold) < html.index("</div>", html.index("</details>", fold))


def test_the_control_speaks_the_interface_language(course, tmp_path):
    set_interface_language(course, '"en"')
    html = (build_site(course, tmp_path / "site").out / PAGE).read_text(encoding="utf-8")
    folds = [cell["fold"] for cell in CodeCells(html).cells if cell["fold"] is not None]
    assert folds and set(folds) == {"I have made my prediction: show the result"}
    assert SUMMARY not in html


FOLDED_WORD = "katlanmışsözcük"


def add_markdown_to_a_verdict(notebook: dict) -> None:
    """The first verdict cell also displays markdown, with a word found nowhere else."""
    cell = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code"
                and exercise_ids(source(cell), (NAMES.verdict,)))
    cell["outputs"].append({"output_type": "display_data", "metadata": {},
                            "data": {"text/markdown": f"Ölçülen: **{FOLDED_WORD}**",
                                     "text/plain": FOLDED_WORD}})


def test_search_still_finds_what_is_folded(course, tmp_path):
    edit_notebook(course / "lessons" / LESSON, add_markdown_to_a_verdict)
    out = build_site(course, tmp_path / "site").out
    html = (out / PAGE).read_text(encoding="utf-8")
    word = html.index(FOLDED_WORD)
    assert html.rindex('<details class="folded prediction">', 0, word) \
        > html.rfind("</details>", 0, word)  # inside a fold
    [record] = [r for r in read_search_index(out)["lessons"] if r["page"] == PAGE]
    assert [s["id"] for s in record["sections"] if FOLDED_WORD in s["text"]]


@pytest.mark.slow  # starts a Python of its own
def test_the_build_still_leaves_the_rules_and_the_registry_unloaded():
    """The fold reads the calls with the light `checks.calls`: the build process loads neither
    the rules (nor so the exercise registry, nor the kernel), nor the linter."""
    script = ("import sys, publish.builder\n"
              "print(sorted(name for name in sys.modules if name.startswith(\n"
              "    ('checks.linter.rules_structure', 'checks.exercises', 'checks.linter.lint',\n"
              "     'kernel'))))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.stdout.splitlines()[-1] == "[]", result.stderr


def made_up(*sources: str) -> list:
    """Cells of a made-up lesson: `# text` is prose, anything else a code cell."""
    return [new_markdown_cell(text[2:]) if text.startswith("# ") else new_code_cell(text)
            for text in sources]


@pytest.mark.parametrize("sources, folded", [
    # two forms in a row: the second form is a question, shown, not the first's measurement
    (('tahmin_et("a")', 'tahmin_et("b")', 'tahmin_sonucu("a", 1)', 'tahmin_sonucu("b", 2)',
      "cizim()", "# Açıklama."), [2, 3, 4]),
    # a form after a measurement and its figure stops its fold, even with no verdict of its own
    # yet (a lesson being written): its cells are not the measurement's before it
    (('tahmin_et("a")', 'tahmin_sonucu("a", 1)', "cizim()", 'tahmin_et("b")', "hazirlik()",
      "# Açıklama."), [1, 2]),
    # a form's measurement at its verdict, then prose: what follows the prose is not folded
    (('tahmin_et("a")', "olc()", 'tahmin_sonucu("a", 1)', "# Açıklama.", "baska()"), [1, 2]),
])
def test_the_fold_stops_at_a_form_and_never_folds_one(sources, folded):
    """Made-up lessons with forms in a row, which no real lesson has: the folded cells are a
    measurement's, never a form's (what it prints is the question), nor a later form's cells."""
    cells = made_up(*sources)
    assert [cells.index(cell) for cell in awaiting_prediction(cells, NAMES)] == folded


@pytest.mark.parametrize("lesson", lessons_in_order())
def test_every_discussion_is_folded_behind_its_own_control(site, lesson):
    """The prose discussing a measured result, on the learner's page, opens only on a click;
    what it says is on the page (search finds it), inside the fold. A discussion that is a
    section of its own (the summary) keeps its heading in sight and folds what follows it."""
    notebook = json.loads((ROOT / "lessons" / lesson).read_text(encoding="utf-8"))
    discussions = [cell for cell in notebook["cells"] if tagged("discussion")(cell)]
    html = (site / lesson.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    said = STRINGS["tr"]
    parts = re.split('<details class="folded discussion"><summary>'
                     f'({said["show_discussion"]}|{said["show_section"]})</summary>', html)
    before, labels, folds = parts[0:-1:2], parts[1::2], parts[2::2]
    assert len(folds) == len(discussions) >= read_definition(ROOT).minimums.predictions
    sections = 0
    for above, label, fold, cell in zip(before, labels, folds, discussions, strict=True):
        heading, _, rest = source(cell).partition("\n")
        if heading.startswith("## "):
            sections += 1
            assert label == said["show_section"]
            assert re.search(rf"<h2 [^>]*>{re.escape(heading[3:])}</h2>\n$", above), lesson
        else:
            assert label == said["show_discussion"]
            rest = source(cell)
        first_word = re.search(r"\w+", rest)[0]
        assert first_word in fold.split("</details>")[0], (lesson, first_word)
    assert sections >= 1  # the summary, at least
