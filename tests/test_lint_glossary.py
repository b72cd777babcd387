"""The glossary's rules and the timing in the front matter: each fault names its file (and cell),
and the glossary is sorted the Turkish way."""

from pathlib import Path

import pytest
import yaml

from checks.folding import turkish_sort_key
from checks.glossary import Entry, in_glossary_order, marked_terms, name_table_rows, read_glossary
from checks.linter.lint import lint_course
from course_copies import LESSON, copy_course, edit_notebook, first_cell

LESSON_PATH = Path("lessons") / LESSON
OTHER = "00-olcum-cekirdegi.ipynb"
GLOSSARY_PATH = Path("course") / "glossary.yaml"
ENTRY = {"term": "deneme terimi", "original": ["test term"],
         "definition": "Yalnız bu sınamanın tanıdığı bir terim.", "lesson": LESSON}


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_course(tmp_path, only=(LESSON,))


def findings_of(root: Path, rule: str):
    return [finding for finding in lint_course(root) if finding.rule == rule]


def entries_of(root: Path) -> list[dict]:
    return yaml.safe_load((root / GLOSSARY_PATH).read_text(encoding="utf-8")) or []


def write_entries(root: Path, entries: object) -> None:
    (root / GLOSSARY_PATH).write_text(yaml.safe_dump(entries, allow_unicode=True),
                                      encoding="utf-8")


def add_markdown(root: Path, text: str) -> int:
    """`text` at the end of the lesson's second markdown cell; returns that cell's index."""
    found = {}

    def change(notebook: dict) -> None:
        index = first_cell(notebook, lambda cell: cell["cell_type"] == "markdown"
                           and "".join(cell["source"]).startswith("# "))
        notebook["cells"][index]["source"] = "".join(notebook["cells"][index]["source"]) + text
        found["index"] = index
    edit_notebook(root / LESSON_PATH, change)
    return found["index"]


def test_the_copy_the_rules_are_tried_on_is_clean(course):
    assert [finding for finding in lint_course(course) if finding.rule.startswith("glossary")] \
        == []


def test_a_link_to_a_term_the_glossary_lacks_is_an_error_in_its_cell(course):
    cell = add_markdown(course, "\n\nBir [yok terim](../course/glossary.yaml#yok-boyle-terim).")
    (finding,) = findings_of(course, "glossary-unknown-term")
    assert (finding.path, finding.cell) == (LESSON_PATH, cell)
    assert "'#yok-boyle-terim'" in finding.message


def test_an_entry_its_lesson_does_not_mark_is_an_error_in_the_glossary(course):
    write_entries(course, [*entries_of(course), ENTRY])
    (finding,) = findings_of(course, "glossary-unmarked-term")
    assert finding.path == GLOSSARY_PATH and "'deneme terimi'" in finding.message
    add_markdown(course, "\n\nBir [deneme terimi](../course/glossary.yaml#deneme-terimi).")
    assert findings_of(course, "glossary-unmarked-term") == []


def test_an_entry_marked_in_another_lesson_than_its_own_names_where_it_is_marked(tmp_path):
    course = copy_course(tmp_path, only=(OTHER, LESSON))
    write_entries(course, [*entries_of(course), {**ENTRY, "lesson": OTHER}])
    add_markdown(course, "\n\nBir [deneme terimi](../course/glossary.yaml#deneme-terimi).")
    (finding,) = findings_of(course, "glossary-unmarked-term")
    assert finding.message == (f"entry 'deneme terimi' says {OTHER} introduces it, but no link "
                               f"there marks it (marked in {LESSON})")


def test_an_entry_naming_a_lesson_outside_the_course_is_an_error(course):
    write_entries(course, [*entries_of(course), {**ENTRY, "lesson": "09-yok.ipynb"}])
    add_markdown(course, "\n\nBir [deneme terimi](../course/glossary.yaml#deneme-terimi).")
    (finding,) = findings_of(course, "glossary-unmarked-term")
    assert "09-yok.ipynb, which is not in the course" in finding.message


@pytest.mark.parametrize("entry", [
    pytest.param(ENTRY, id="the lesson's name as a term"),
    pytest.param({**ENTRY, "term": "başka terim", "original": ["`TestTerm`"]},
                 id="the original name as one of an entry's original names"),
])
def test_a_renamed_term_missing_from_the_glossary_is_an_error_until_one_name_is_there(course,
                                                                                      entry):
    table = ("\n\n### Adların özgün karşılıkları\n\n| bu derste | özgün adı | nerede |\n"
             "|---|---|---|\n| deneme terimi | `TestTerm` | bir belge |\n")
    cell = add_markdown(course, table)
    (finding,) = findings_of(course, "glossary-missing-name")
    assert (finding.path, finding.cell) == (LESSON_PATH, cell)
    assert "`TestTerm` as deneme terimi" in finding.message
    write_entries(course, [*entries_of(course), entry])
    assert findings_of(course, "glossary-missing-name") == []


@pytest.mark.parametrize("entries,words", [
    ("- [bir, liste]\n", "entry 1 is not a mapping"),
    ({"term": "x"}, "must be a YAML list"),
    ([{**ENTRY, "original": []}], "'original' must be a non-empty list"),
    ([{key: value for key, value in ENTRY.items() if key != "definition"}],
     "'definition' is missing"),
    ([{**ENTRY, "ders": "01"}], "unknown key(s) ders"),
    ([ENTRY, {**ENTRY, "term": "Deneme Terimi"}], "same id 'deneme-terimi'"),
    ("- term: [kapanmamış\n", "not valid YAML (line 2)"),
])
def test_a_malformed_glossary_is_one_error_naming_the_file(course, entries, words):
    path = course / GLOSSARY_PATH
    if isinstance(entries, str):
        path.write_text(entries, encoding="utf-8")
    else:
        write_entries(course, entries)
    (finding,) = findings_of(course, "glossary")
    assert finding.path == GLOSSARY_PATH and words in finding.message


def test_a_link_in_code_is_not_a_mark():
    from nbformat.v4 import new_markdown_cell, new_notebook

    from checks.sections import parse_markdown
    notebook = new_notebook(cells=[new_markdown_cell(
        "`[kod](../course/glossary.yaml#kod)` ve [gerçek](../course/glossary.yaml#gercek)")])
    assert list(marked_terms(parse_markdown(notebook))) == [(0, "gercek")]


def test_a_name_table_is_a_table_under_the_names_h3_heading_only():
    """Under a `##` heading of that title, a table is in a section of its own, not a name
    table, and so is one under a `####` heading or another `###` one."""
    from nbformat.v4 import new_markdown_cell, new_notebook

    from checks.sections import parse_markdown
    notebook = new_notebook(cells=[new_markdown_cell(
        f"{heading}\n\n| bu derste | özgün adı |\n|---|---|\n| {ours} | `Original` |\n")
        for heading, ours in [("### Adların özgün karşılıkları", "üçüncü"),
                              ("## Adların özgün karşılıkları", "ikinci"),
                              ("#### Adların özgün karşılıkları", "dördüncü"),
                              ("### Başka bir tablo", "başka")]])
    assert list(name_table_rows(parse_markdown(notebook), "tr")) == [(0, "üçüncü", "`Original`")]


def test_an_english_course_names_its_name_table_in_english():
    from nbformat.v4 import new_markdown_cell, new_notebook

    from checks.sections import parse_markdown
    notebook = new_notebook(cells=[new_markdown_cell(
        f"### {title}\n\n| here | original |\n|---|---|\n| {ours} | `Original` |\n")
        for title, ours in [("Adların özgün karşılıkları", "turkish"),
                            ("Original names", "english")]])
    assert list(name_table_rows(parse_markdown(notebook), "en")) == [(1, "english", "`Original`")]


@pytest.mark.parametrize("timing,words", [
    (None, "'timing' is missing"),
    ("{teaching: 30}", "'exercises' is missing"),
    ("{teaching: 0, exercises: 20}", "'teaching' is 0"),
    ("{teaching: true, exercises: 20}", "'teaching' is True"),
    ("{teaching: 30, exercises: 20, ara: 5}", "'ara' is not a part"),
])
def test_the_timing_gives_whole_minutes_for_teaching_and_exercises(course, timing, words):
    def change(notebook: dict) -> None:
        lines = "".join(notebook["cells"][0]["source"]).splitlines()
        kept = [line for line in lines if not line.startswith(("timing:", "  teaching:",
                                                               "  exercises:"))]
        if timing is not None:
            kept.insert(-1, f"timing: {timing}")
        notebook["cells"][0]["source"] = "\n".join(kept)
    edit_notebook(course / LESSON_PATH, change)
    found = [f for f in lint_course(course) if f.rule in ("bad-timing", "front-matter-field")]
    assert len(found) == 1 and words in found[0].message and found[0].cell == 0


def test_the_glossary_sorts_as_a_turkish_dictionary_does():
    words = ["uyandırıcı", "çalışan", "ölü mektup kutusu", "ızgara", "iş", "güncelle",
             "ğ harfi", "cevap", "şema", "sıra", "`Sonraki`", "üretici", "ortam", "gecikme"]
    ordered = sorted(words, key=turkish_sort_key)
    assert ordered == ["cevap", "çalışan", "gecikme", "güncelle", "ğ harfi", "ızgara", "iş",
                       "ortam", "ölü mektup kutusu", "sıra", "`Sonraki`", "şema", "uyandırıcı",
                       "üretici"]
    entries = [Entry(word, ("x",), "Tanım.", LESSON) for word in words]
    assert [entry.term for entry in in_glossary_order(entries, "tr")] == ordered


def test_the_glossary_of_a_course_in_another_language_sorts_case_folded():
    words = ["Zaman", "çalışan", "cevap", "ızgara", "İleti", "`queue`", "Ack"]
    entries = [Entry(word, ("x",), "Definition.", LESSON) for word in words]
    assert [entry.term for entry in in_glossary_order(entries, "en")] == [
        "Ack", "cevap", "İleti", "`queue`", "Zaman", "çalışan", "ızgara"]


def test_the_real_glossary_has_forty_terms_or_more_from_every_lesson():
    from course_copies import ROOT, lessons_in_order
    entries = read_glossary(ROOT)
    assert len(entries) >= 40
    assert {entry.lesson for entry in entries} == set(lessons_in_order())
