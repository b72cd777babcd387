"""`kurs handout` on the second course (tests/english_course/, two lessons, in English): its
handouts speak the interface's language; a build is incremental (nothing when nothing changed,
only the PDFs whose lesson changed) and writes all or nothing; the answer key needs a folder of
its own; a lesson it does not know, or a folder it cannot write, is named, with exit status 1
and nothing written. And the markup it sets lessons with, from markdown's tokens."""

import shutil
from pathlib import Path

import pytest

from course_copies import edit_notebook
from publish import cli
from publish.handout.builder import ANSWER_KEY, BOOK, HANDOUTS, build_handouts
from publish.handout.markup import markdown, text
from publish.handout.words import WORDS
from publish.strings import STRINGS
from test_handout import bare, page_texts

ENGLISH = Path(__file__).parent / "english_course"
LESSONS = ("00-work-in-the-request", "01-draining-the-queue")


@pytest.fixture
def course(tmp_path) -> Path:
    root = tmp_path / "counting-work"
    shutil.copytree(ENGLISH, root, ignore=shutil.ignore_patterns("conftest.py", "__pycache__"))
    return root


def handout(course: Path, *argv: str) -> int:
    return cli.main(["--root", str(course), "handout", *argv])


def written(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_the_handouts_speak_english_and_a_second_build_changes_nothing(course, capsys):
    assert handout(course) == 0
    out = course / HANDOUTS
    assert f"wrote the handouts (3 PDF(s) made, 0 unchanged) in {out.resolve()}" in \
        capsys.readouterr().out
    first = written(out)
    assert sorted(first) == sorted([*(f"{lesson}.pdf" for lesson in LESSONS), BOOK])
    said = bare("".join(page_texts(out / f"{LESSONS[0]}.pdf")))
    for word in ("answer", "results", "results_note"):
        assert bare(WORDS["en"][word]) in said, word
    assert bare(WORDS["en"]["book_contents"]) in bare("".join(page_texts(out / BOOK)))
    assert handout(course) == 0
    assert "handouts are up to date (no input changed)" in capsys.readouterr().out
    assert written(out) == first


def test_a_changed_lesson_makes_its_handout_and_the_book_anew_and_no_other(course, capsys):
    assert handout(course) == 0
    first = written(course / HANDOUTS)
    edit_notebook(course / "lessons" / f"{LESSONS[1]}.ipynb", lambda notebook: notebook[
        "cells"][1]["source"].append("\n\nA sentence the handout has not set yet."))
    assert handout(course) == 0
    assert "(2 PDF(s) made, 1 unchanged)" in capsys.readouterr().out
    again = written(course / HANDOUTS)
    assert [name for name in first if again[name] == first[name]] == [f"{LESSONS[0]}.pdf"]
    assert "Asentencethehandouthasnotsetyet." in bare("".join(
        page_texts(course / HANDOUTS / f"{LESSONS[1]}.pdf")))


def test_a_lesson_named_is_set_with_the_book_and_the_others_are_kept(course, capsys):
    assert handout(course, LESSONS[1]) == 0
    assert sorted(written(course / HANDOUTS)) == sorted([f"{LESSONS[1]}.pdf", BOOK])
    assert handout(course) == 0
    before = written(course / HANDOUTS)
    assert handout(course, f"lessons/{LESSONS[0]}.ipynb") == 0
    assert "(0 PDF(s) made, 3 unchanged)" in capsys.readouterr().out
    assert written(course / HANDOUTS) == before
    edit_notebook(course / "lessons" / f"{LESSONS[0]}.ipynb", lambda notebook: notebook[
        "cells"][1]["source"].append("\n\nA sentence the book has not set yet."))
    assert handout(course, LESSONS[0]) == 0  # the book is never older than a lesson's handout
    assert "(2 PDF(s) made, 1 unchanged)" in capsys.readouterr().out
    assert "Asentencethebookhasnotsetyet." in bare("".join(page_texts(course / HANDOUTS / BOOK)))


def test_the_answer_key_only_with_instructor_into_a_folder_of_its_own(course, tmp_path,
                                                                       capsys):
    key = tmp_path / "key"
    assert handout(course, "--instructor", "--out", str(key)) == 0
    assert ANSWER_KEY in written(key)
    said = bare("".join(page_texts(key / ANSWER_KEY)))
    assert bare(WORDS["en"]["instructor_notes"]) in said
    assert handout(course, "--out", str(key)) == 0  # the public build leaves the key out
    assert ANSWER_KEY not in written(key)
    capsys.readouterr()
    assert handout(course, "--instructor", "--out", str(course / HANDOUTS / "key")) == 1
    assert "holds the public handouts" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        handout(course, "--instructor")
    assert usage.value.code == 2
    assert "--instructor goes with 'handout' and --out DIR" in capsys.readouterr().err


@pytest.mark.parametrize("problem", ["unknown lesson", "unwritable folder", "a file in the way",
                                     "a site's folder"])
def test_bad_input_is_named_with_exit_status_1_and_nothing_written(course, tmp_path, capsys,
                                                                   problem):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    out, argv, said = {
        "unknown lesson": (tmp_path / "out", ["02-no-such-lesson"],
                           "02-no-such-lesson: not a lesson of the course; course/course.toml "
                           f"lists {', '.join(LESSONS)}"),
        "unwritable folder": (blocker / "out", [],
                              f"{blocker / 'out'}: cannot write the handouts there"),
        "a file in the way": (tmp_path, [], f"{blocker}: not a file this tool wrote"),
        "a site's folder": (course / "_site", [], "holds a site built by this tool"),
    }[problem]
    if problem == "a site's folder":
        assert cli.main(["--root", str(course)]) == 0
    before = files_under(tmp_path)
    assert handout(course, "--out", str(out), *argv) == 1
    assert said in capsys.readouterr().err
    assert files_under(tmp_path) == before


def files_under(folder: Path) -> list[Path]:
    """What is under `folder`, but Python's caches (linting imports the course's package)."""
    return sorted(path for path in folder.rglob("*") if "__pycache__" not in path.parts)


def test_markdown_is_set_from_its_tokens_every_mark_escaped():
    set_ = markdown("## A *title*\n\n1. one `x[0]`\n2. [link](https://example.org) #not = "
                    "heading\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n")
    assert set_ == (
        "#heading(level: 2, outlined: true)[A #emph[title]]\n\n"
        '#enum(start: 1, [one #raw("x[0]")], [#link("https://example.org")[link] \\#not \\= '
        "heading])\n\n"
        "#table(columns: 2, align: (left, right,), table.header([a], [b]), [1], [2])\n\n")
    assert text("a*b_c `d` $e$ <f> @g \\ ders01'in \"quoted\"") == (
        "a\\*b\\_c \\`d\\` \\$e\\$ \\<f\\> \\@g \\\\ ders01\u2019in \"quoted\"")


def test_a_course_may_bring_its_own_template(course):
    template = course / "course" / "templates" / "handout.typ"
    template.parent.mkdir(parents=True, exist_ok=True)
    toolkit = Path(cli.__file__).parent / "defaults" / "templates" / "handout.typ"
    template.write_text(toolkit.read_text(encoding="utf-8").replace(
        "  body\n}", "  [Printed for the class of 2027.]\n  body\n}", 1), encoding="utf-8")
    out = build_handouts(course, names=[LESSONS[0]]).out
    assert "Printedfortheclassof2027." in bare(page_texts(out / f"{LESSONS[0]}.pdf")[0])


def test_the_handouts_have_their_words_in_every_language_of_the_interface():
    assert list(WORDS) == list(STRINGS)
    assert [set(words) for words in WORDS.values()] == [set(WORDS["en"])] * len(WORDS)
    assert not set(WORDS["en"]) & set(STRINGS["en"])  # none hides a word of the site's
