"""`python build.py mark`: a glossary term is marked at its first mention in the prose of the
lesson that introduces it, never inside a link, code or a heading; marking twice is marking
once."""

from pathlib import Path

import pytest
import yaml

from checks.glossary import MARK_TARGET, Entry
from checks.linter.lint import lint_course
from checks.marking import mark_first
from course_copies import LESSON, copy_course, edit_notebook
from publish import cli

ISTEK = Entry("istek", ("request",), "Tek çağrı.", LESSON)
KUYRUK = Entry("kuyruk", ("queue",), "Sıra.", LESSON)
SURUCU = Entry("eşzamanlı sürücü", ("sync driver",), "Hemen çalıştırır.", LESSON)
KOD = Entry("`isle()`", ("`work()`",), "İşçinin turu.", LESSON)


def link(text: str, entry: Entry) -> str:
    return f"[{text}]({MARK_TARGET}{entry.anchor})"


@pytest.mark.parametrize("source, entry, marked", [
    ("Bir istek gelir.", ISTEK, f"Bir {link('istek', ISTEK)} gelir."),
    ("İş kuyruğa bırakılır, kuyruk büyür.", KUYRUK,
     f"İş {link('kuyruğa', KUYRUK)} bırakılır, kuyruk büyür."),
    ("Eşzamanlı\nsürücüye verilir.", SURUCU, link("Eşzamanlı\nsürücüye", SURUCU) + " verilir."),
    ("İşçi `isle()` der.", KOD, f"İşçi {link('`isle()`', KOD)} der."),
    ("istekler ve istek", ISTEK, f"{link('istekler', ISTEK)} ve istek"),
    ("## Başlık\n\nBir istek gelir.", ISTEK, f"## Başlık\n\nBir {link('istek', ISTEK)} gelir."),
])
def test_the_first_mention_in_prose_is_marked_inflected_as_it_stands(source, entry, marked):
    assert mark_first(source, entry) == marked


@pytest.mark.parametrize("source", [
    "## Bir istek\n\nmetin", "`istek` ve ```\nistek\n```", "[bir istek](https://example.org)",
    f"[istek]({MARK_TARGET}istek)", "yeniistek ve istemek", "<span title='istek'>x</span>",
])
def test_no_mention_outside_prose_is_marked(source):
    assert mark_first(source, ISTEK) is None


def test_marking_what_is_marked_leaves_it_as_it_is():
    once = mark_first("Bir istek, bir istek daha.", ISTEK)
    assert once is not None and mark_first(once, ISTEK) == \
        f"Bir {link('istek', ISTEK)}, bir {link('istek', ISTEK)} daha."
    assert "[[" not in mark_first(once, ISTEK)  # a second mention, never a link in a link


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_course(tmp_path / "kurs", only=(LESSON,))


def unmark(course: Path, anchor: str) -> None:
    """The lesson's marks of `anchor` taken back to their words."""
    target = f"]({MARK_TARGET}{anchor})"

    def change(notebook: dict) -> None:
        for cell in notebook["cells"]:
            text = "".join(cell["source"])
            while target in text:
                end = text.index(target)
                start = text.rindex("[", 0, end)
                text = text[:start] + text[start + 1:end] + text[end + len(target):]
            cell["source"] = text
    edit_notebook(course / "lessons" / LESSON, change)


def test_the_command_marks_what_its_lesson_lost_and_marking_again_changes_nothing(course,
                                                                                 capsys):
    lesson = course / "lessons" / LESSON
    [first] = yaml.safe_load((course / "course" / "glossary.yaml").read_text(encoding="utf-8"))[:1]
    anchor = Entry(first["term"], (), "", LESSON).anchor
    unmark(course, anchor)
    assert [f.rule for f in lint_course(course)] == ["glossary-unmarked-term"]
    assert cli.main(["--root", str(course), "mark"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"lessons/{LESSON}: cell ") and f"marked '{first['term']}'" in said
    assert lint_course(course) == []
    marked = lesson.read_bytes()
    assert cli.main(["--root", str(course), "mark"]) == 0
    assert capsys.readouterr().out == "" and lesson.read_bytes() == marked


def test_a_term_its_lesson_never_mentions_is_named_and_fails(course, capsys):
    glossary = course / "course" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8") + (
        f"- term: zamanlayıcı\n  original: [scheduler]\n  definition: Sıra verir.\n"
        f"  lesson: {LESSON}\n"), encoding="utf-8")
    before = (course / "lessons" / LESSON).read_bytes()
    assert cli.main(["--root", str(course), "mark"]) == 1
    assert "'zamanlayıcı' is not mentioned in its prose" in capsys.readouterr().err
    assert (course / "lessons" / LESSON).read_bytes() == before
