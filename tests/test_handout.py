"""The PDF handouts of the whole course (`build.py handout --instructor`), read back by poppler's
pdftotext:
every lesson's headings and key points are in its handout and in the course book, Turkish
letters intact; no answer and no instructor's note is in any of them, only in the answer key;
each prediction is asked with room for the answer and its measurement comes after it, in the
results at the end; and each lesson's first page, drawn by pdftoppm, is no blank page.

A handout is read as paper sets it: its running head and page numbers left out, and compared
without spaces, hyphens, quotes and word joiners, which paper adds and changes (`bare`). pdftotext
reads the text in the order the page draws it (`-raw`), as pypdf does, about ten times faster: the
300 pages took 13 s in pypdf, 1 s in pdftotext, the same text on every page."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from answer_keys import answer_key, key_patterns, lessons
from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.glossary import read_glossary
from checks.markers import DISCUSSION, INSTRUCTOR, measurements, tags
from checks.sections import parse
from course_copies import ROOT
from publish.cells import awaiting_prediction
from publish.handout.builder import ANSWER_KEY, BOOK, build_handouts
from publish.handout.words import WORDS
from publish.outputs import merge_streams
from publish.prose import plain_text
from publish.reference import summary_source
from unavailable import needs, unavailable

pytestmark = pytest.mark.slow  # it sets the whole course, and reads 300 pages back

# The running head and the page number stand outside this band of an A4 page (595 × 842 points,
# read from the top, as the toolkit's template sets its margins): the band's top and height.
BODY = (57, 735)
A4_WIDTH = 595
SET_APART = re.compile(r"[\s\-\u00ad\u2010\u2011\u2060'\"‘’“”«»„→]")
SAID = WORDS["tr"]
DEFINITION = read_definition(ROOT)


def bare(text: str) -> str:
    """`text` without what paper may add or change: spaces, line breaks, hyphens, quotes."""
    return SET_APART.sub("", text)


def page_texts(pdf: Path) -> list[str]:
    """The text of each page of `pdf` set between its running head and its number (`BODY`)."""
    text = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", "-x", "0", "-y", str(BODY[0]),
         "-W", str(A4_WIDTH), "-H", str(BODY[1]), str(pdf), "-"],
        capture_output=True, text=True, encoding="utf-8", check=True).stdout
    return text.split("\f")[:-1]  # each page ends with a form feed


def texts_of(markdown: str) -> list[str]:
    """The plain text of each paragraph, heading and list item of `markdown`."""
    return [plain_text(token) for token in parse(markdown) if token.type == "inline"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The instructor's handouts of the whole course: every lesson's, the book, the answer key
    (about 6 s)."""
    return build_handouts(ROOT, tmp_path_factory.mktemp("handouts") / "out", instructor=True).out


@pytest.fixture(scope="module")
def pages(built) -> dict[str, list[str]]:
    """Each PDF's pages' texts, bare, by its name (300 pages)."""
    if shutil.which("pdftotext") is None:
        unavailable("pdftotext is not installed (Debian's poppler-utils)",
                    "reading the handouts back")
    return {pdf.name: [bare(text) for text in page_texts(pdf)]
            for pdf in sorted(built.glob("*.pdf"))}


@pytest.fixture(scope="module")
def read(pages) -> dict[str, str]:
    """Each PDF's text, bare, by its name."""
    return {name: "".join(texts) for name, texts in pages.items()}


def lesson_pdf(name: str) -> str:
    return name.replace(".ipynb", ".pdf")


def handouts(name: str) -> tuple[str, str]:
    return lesson_pdf(name), BOOK


def test_a_pdf_for_each_lesson_the_book_and_the_answer_key(built):
    assert sorted(pdf.name for pdf in built.iterdir()) == sorted(
        [*map(lesson_pdf, lessons(ROOT)), BOOK, ANSWER_KEY])


@pytest.mark.parametrize("name", lessons(ROOT))
def test_a_lessons_headings_key_points_and_terms_are_in_its_handout_and_the_book(read, name):
    lesson = read_lesson(ROOT / LESSONS_DIR / name)
    headings = [plain_text(tokens[at + 1]) for cell in lesson.notebook.cells
                if cell.cell_type == "markdown" and INSTRUCTOR not in tags(cell)
                for tokens in [parse(cell.source)]
                for at, token in enumerate(tokens) if token.type == "heading_open"]
    points = texts_of(summary_source(lesson, DEFINITION.sections.summary))
    terms = [text for entry in read_glossary(ROOT) if entry.lesson == name
             for text in (*texts_of(entry.term), *texts_of(entry.definition))]
    assert len(headings) > 5 and len(points) >= 3 and terms
    for pdf in handouts(name):
        assert [text for text in [*headings, *points, *terms]
                if bare(text) not in read[pdf]] == [], pdf


def test_turkish_letters_are_set_and_read_back(read):
    """Every Turkish letter of the lessons' prose is in the book; every title is whole."""
    course, prose = read[BOOK], "".join(
        cell.source for name in lessons(ROOT)
        for cell in read_lesson(ROOT / LESSONS_DIR / name).notebook.cells
        if cell.cell_type == "markdown" and INSTRUCTOR not in tags(cell))
    letters = set(prose) & set("çğıİöşüÇĞÖŞÜ")
    assert len(letters) >= 10 and [letter for letter in letters if letter not in course] == []
    assert "\ufffd" not in course and "(cid:" not in course
    for name in lessons(ROOT):
        title = read_lesson(ROOT / LESSONS_DIR / name).front_matter["title"]
        assert bare(title) in read[lesson_pdf(name)]


def instructor_notes(name: str) -> list[str]:
    """The texts of the lesson's instructor's notes long enough to be theirs alone."""
    notebook = read_lesson(ROOT / LESSONS_DIR / name).notebook
    return [text for cell in notebook.cells
            if cell.cell_type == "markdown" and INSTRUCTOR in tags(cell)
            for text in texts_of(cell.source) if len(bare(text)) >= 25]


def test_no_handout_holds_an_answer_or_an_instructors_note_but_the_answer_key(read):
    """The answer key's texts, as issue 37's tests list them (each answer's code, each why and
    each wrong choice's assumption), and the instructors' notes."""
    answers = {bare(pattern.decode()) for pattern in key_patterns(ROOT)}
    answers = {text for text in answers if len(text) >= 20 and not text.startswith("<")}
    notes = {name: instructor_notes(name) for name in lessons(ROOT)}
    assert len(answers) > 50 and all(notes.values())
    for pdf, text in read.items():
        if pdf == ANSWER_KEY:
            continue
        assert [answer for answer in answers if answer in text] == [], pdf
        assert [note for texts in notes.values() for note in texts if bare(note) in text] == []
    key = read[ANSWER_KEY]
    for name in lessons(ROOT):  # the same search finds them in the answer key
        said = [text for texts, _ in answer_key(ROOT, name).values() for text in texts]
        assert said and [text for text in said if bare(text) not in key] == [], name
        assert [note for note in notes[name] if bare(note) not in key] == [], name


def waiting_for_predictions(name: str) -> tuple[int, list[str]]:
    """How many predictions the lesson asks, and the start of each text that waits for them:
    a measurement's printed output, a discussion's first words."""
    lesson = read_lesson(ROOT / LESSONS_DIR / name)
    cells = lesson.notebook.cells
    printed = [bare(output.text)[:60] for cell in awaiting_prediction(cells, DEFINITION.tools)
               for output in merge_streams(cell.outputs) if output.output_type == "stream"]
    discussed = [bare(texts_of(cell.source)[-1])[:60] for cell in cells
                 if cell.cell_type == "markdown" and DISCUSSION in tags(cell)]
    return len(measurements(lesson.notebook)), [text for text in [*printed, *discussed]
                                                if len(text) >= 25]


@pytest.mark.parametrize("name", lessons(ROOT))
def test_each_result_is_on_the_page_the_lesson_names(pages, name):
    """"The measurement's result ...: Results 1, page 9", and page 9 opens Results 1."""
    texts = pages[lesson_pdf(name)]
    pointers = re.findall(bare(SAID["result_at"]).format(
        results=SAID["results"], number=r"(\d+)", page=r"(\d+)").replace(".", r"\."),
                          "".join(texts))
    assert len(pointers) >= 3
    for number, page in pointers:
        title = f"{SAID['results']}{number}."
        assert title in texts[int(page) - 1], (number, page)
        assert not any(title in text for text in texts[:int(page) - 1]), (number, page)


@pytest.mark.parametrize("name", lessons(ROOT))
def test_each_prediction_is_asked_with_room_and_measured_only_in_the_results(read, name):
    asked, waiting = waiting_for_predictions(name)
    text = read[lesson_pdf(name)]
    body, results = text.split(bare(SAID["results_note"]))
    assert asked >= 3 and waiting
    assert body.count(bare(SAID["answer"])) == asked
    assert [bare(SAID["prediction"].format(number=n)) in body for n in range(1, asked + 1)] == \
        [True] * asked
    assert [start for start in waiting if start in body] == []
    assert [start for start in waiting if start not in results] == []
    assert bare(SAID["result_at"].split("{")[0]) in body


@needs(shutil.which("pdftoppm") is None, "pdftoppm is not installed (Debian's poppler-utils)",
       "rendering the handouts' pages")
def test_each_lessons_first_page_is_drawn(built, tmp_path):
    """pdftoppm draws it in grey at 20 dpi: ink on more than a twentieth of it."""
    for name in lessons(ROOT):
        drawn = tmp_path / Path(name).stem
        subprocess.run(["pdftoppm", "-gray", "-r", "20", "-singlefile", "-f", "1",
                        str(built / lesson_pdf(name)), str(drawn)], check=True)
        width, height, pixels = read_pgm(drawn.with_suffix(".pgm").read_bytes())
        inked = sum(1 for pixel in pixels if pixel < 200)
        assert width * height > 20_000 and inked > width * height / 20, name


def read_pgm(data: bytes) -> tuple[int, int, bytes]:
    """A binary PGM's width, height and pixels."""
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and depth == b"255"
    return int(width), int(height), pixels
