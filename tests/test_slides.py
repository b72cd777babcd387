"""The lesson decks (`kurs slides`, publish/slides/) as files: made from the cells the site shows,
a prediction's question on its own slide and its measurement on the next, the instructor's notes
as speaker notes and no answer anywhere; deterministic and incremental; a bad lesson or folder
refused with nothing written. tests/test_slides_browser.py opens them in Chromium."""

import html
import json
import re
import shutil
from pathlib import Path

import pytest
from markupsafe import Markup

from answer_keys import key_patterns, leaks
from checks.course import read_lesson
from checks.markers import INSTRUCTOR, tags, tool_names
from course_copies import LESSON, ROOT, copy_course, edit_notebook, lessons_in_order
from publish.cells import Block, awaiting_prediction
from publish.cli import main
from publish.site import build_site
from publish.slides.command import build_slides
from publish.slides.layout import BUDGET, WIDEST, layout
from publish.slides.pieces import TAG, Piece, cell_pieces, cut

ENGLISH = Path(__file__).parent / "english_course"
SECTION = re.compile(r"<section\b([^>]*)>(.*?)</section>", re.DOTALL)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    """The real course's decks, built once for the tests that only read them."""
    root = copy_course(tmp_path_factory.mktemp("slides") / "course")
    return build_slides(root, []).out


def sections(deck: Path) -> list[tuple[str, str]]:
    """A deck's slides, as (attributes, content)."""
    return SECTION.findall(deck.read_text(encoding="utf-8"))


def words(markup: str) -> str:
    return " ".join(html.unescape(TAG.sub(" ", markup)).split())


def test_a_deck_for_every_lesson_each_slide_naming_its_cells(decks):
    assert sorted(path.name for path in decks.iterdir()) == sorted(
        name.replace(".ipynb", ".html") for name in lessons_in_order())
    for deck in decks.iterdir():
        slides = sections(deck)
        assert len(slides) > 20, deck.name
        cells = [int(cell) for attributes, _ in slides
                 for cell in re.search(r'data-cells="([\d ]*)"', attributes)[1].split()]
        assert cells == sorted(cells), deck.name  # the lesson's order, never back


def test_each_prediction_asks_on_its_slide_and_the_next_slide_measures_it(decks):
    """The question and its choices on one slide; the next slide opens with the measurement;
    no cell of what the prediction waits for on any slide before that one."""
    tools = tool_names("tr")
    for name in lessons_in_order():
        slides = sections(decks / name.replace(".ipynb", ".html"))
        cells = [[int(cell) for cell in re.search(r'data-cells="([\d ]*)"', attributes)[1].split()]
                 for attributes, _ in slides]
        asks = [at for at, (attributes, _) in enumerate(slides) if "data-prediction" in attributes]
        notebook = read_lesson(ROOT / "lessons" / name).notebook
        asked = [at for at, cell in enumerate(notebook.cells)
                 if cell.cell_type == "code" and f"{tools.predict}(" in cell.source]
        assert len(asks) == len(asked) > 0, name
        index = {id(cell): at for at, cell in enumerate(notebook.cells)}
        waiting = [index[id(cell)] for cell in awaiting_prediction(notebook.cells, tools)]
        for number, (at, cell) in enumerate(zip(asks, asked, strict=True), start=1):
            assert f'data-prediction="{number}"' in slides[at][0] and cells[at] == [cell]
            assert 'class="output markdown question"' in slides[at][1]  # with its choices
            assert f'data-measures="{number}"' in slides[at + 1][0], (name, number)
            measurement = [later for later in waiting if later > cell
                           and (number == len(asked) or later < asked[number])]
            assert measurement and measurement[0] == cells[at + 1][0], (name, number)
            assert not set(measurement) & {shown for before in cells[:at + 1]
                                           for shown in before}, (name, number)


def test_the_instructors_notes_are_the_speaker_notes_and_no_answer_is_in_a_deck(decks):
    for name in lessons_in_order():
        text = (decks / name.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        notes = " ".join(words(aside) for aside in re.findall(
            r'<aside class="notes"[^>]*>(.*?)</aside>', text, re.DOTALL))
        lesson = read_lesson(ROOT / "lessons" / name)
        for cell in lesson.notebook.cells:
            if INSTRUCTOR in tags(cell) and cell.cell_type == "markdown":
                first = cell.source.strip().splitlines()[0].strip("*# ")
                assert first in notes, (name, first)
    assert leaks(decks, key_patterns(ROOT)) == []


def test_decks_are_the_same_bytes_every_build_and_rebuild_only_what_changed(tmp_path):
    root = copy_course(tmp_path / "course", only=(LESSON, "03-ara-katman.ipynb"))
    first = build_slides(root, [])
    built = {path.name: path.read_bytes() for path in first.out.iterdir()}
    assert sorted(first.made) == sorted(built) and first.reused == []
    again = build_slides(root, [])
    assert again.made == [] and sorted(again.reused) == sorted(built)
    assert {path.name: path.read_bytes() for path in again.out.iterdir()} == built
    edit_notebook(root / "lessons" / LESSON, lambda notebook: notebook["cells"][1]["source"]
                  .append("\n\nBir cümle daha."))
    changed = build_slides(root, [])
    assert changed.made == [LESSON.replace(".ipynb", ".html")]
    assert "Bir cümle daha." in (changed.out / changed.made[0]).read_text(encoding="utf-8")
    one = build_slides(root, ["03-ara-katman"])  # the other deck stays as it was
    assert one.reused == ["03-ara-katman.html"] and len(list(one.out.iterdir())) == 2
    # the instructor's build links each lesson's deck, the same bytes
    site = build_site(root, tmp_path / "instructor", instructor=True).out
    page = (site / f"instructor-{LESSON.replace('.ipynb', '.html')}").read_text(encoding="utf-8")
    assert f'href="slides/{LESSON.replace(".ipynb", ".html")}"' in page
    assert (site / "slides" / changed.made[0]).read_bytes() == \
        (changed.out / changed.made[0]).read_bytes()
    public = build_site(root, tmp_path / "public").out
    assert not (public / "slides").exists() and not list((public / "assets").glob("reveal*"))
    assert "slides/" not in (public / LESSON.replace(".ipynb", ".html")).read_text(
        encoding="utf-8")


def test_a_deck_is_one_file_that_asks_no_network(decks):
    text = (decks / LESSON.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    markup = re.sub(r"<script>.*?</script>", "", text, flags=re.DOTALL)
    assert re.findall(r'<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(?!data:)[^"]*"',
                      markup) == []
    assert "default-src &#39;none&#39;" in text and "reveal.js 6.0.2" in text
    assert "Permission is hereby granted" in text  # the licence, inlined with the engine
    assert "@import" not in text and "fonts.googleapis" not in text


def test_the_english_course_gets_english_words(tmp_path):
    root = tmp_path / "counting-work"
    shutil.copytree(ENGLISH, root, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    result = build_slides(root, [])
    text = next(result.out.iterdir()).read_text(encoding="utf-8")
    assert "In this lesson" in text and "The arrow keys move between slides" in text
    assert "data-prediction=" in text and "data-measures=" in text


def test_bad_lessons_and_folders_are_refused_with_nothing_written(tmp_path, capsys):
    root = copy_course(tmp_path / "course", only=(LESSON,))
    assert main(["--root", str(root), "slides", "09-no-such-lesson"]) == 1
    assert "09-no-such-lesson: not a lesson of the course; course/course.toml lists " in \
        capsys.readouterr().err
    assert not (root / "_slides").exists()
    assert main(["--root", str(root), "slides", "--out", str(root / "_site")]) == 1
    assert "holds the public site" in capsys.readouterr().err
    blocked = tmp_path / "file"
    blocked.write_text("x")
    assert main(["--root", str(root), "slides", "--out", str(blocked / "decks")]) == 1
    assert f"{blocked / 'decks'}: cannot write the slides there" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["course", "file"]
    assert main(["--root", str(root), "slides", "--out", str(tmp_path / "decks"),
                 LESSON]) == 0
    assert "built 1 deck(s)" in capsys.readouterr().out
    site = tmp_path / "instructor"
    build_site(root, site, instructor=True)  # a site's folder is not a folder of decks
    assert main(["--root", str(root), "slides", "--out", str(site)]) == 1
    assert "holds a site this tool built, not slides" in capsys.readouterr().err


def test_a_long_output_list_or_table_is_cut_and_what_cannot_be_is_named():
    lines = "\n".join(f"satır {n}" for n in range(80))
    output = Piece(7, "output", Markup(f'<pre class="output stream stdout">{lines}</pre>'), 0)
    parts = cut(Piece(7, "output", output.html, 80 * 24.0), BUDGET)
    assert len(parts) > 2 and "".join(words(part.html) + " " for part in parts).split() == \
        lines.split()
    assert all(part.height <= BUDGET for part in parts)
    items = "".join(f"<li>{'sözcük ' * 30}{n}</li>" for n in range(12))
    listed = cut(Piece(3, "text", Markup(f"<ol>{items}</ol>"), 2000.0), BUDGET)
    assert len(listed) > 1 and listed[1].html.startswith('<ol start="')
    wide = Block("code", Markup(f'<pre class="highlight"><code>{"x" * (WIDEST + 5)}</code></pre>'))
    tall = Block("code", Markup("<pre class=\"highlight\"><code>" + "y = 1\n" * 60
                                + "</code></pre>"))
    _, overflows = layout([*cell_pieces(4, wide), *cell_pieces(9, tall)])
    assert [overflow.cell for overflow in overflows] == [4, 9]
    assert "characters is wider" in overflows[0].message and "too tall" in overflows[1].message


def test_the_decks_manifest_lives_beside_the_folder(decks):
    manifest = json.loads((decks.parent / f".{decks.name}.manifest.json").read_text())
    assert manifest["slides"] is True and sorted(manifest["files"]) == sorted(
        path.name for path in decks.iterdir())
