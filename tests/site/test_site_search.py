"""The search index's glossary entries: what a result shows is plain text, without the code
marks and emphasis of the glossary's markdown."""

from checks.glossary import Entry, read_glossary
from course_copies import LESSON, ROOT
from publish.search import glossary_record


def test_a_glossary_entry_is_indexed_as_the_words_a_reader_sees():
    entry = Entry("`deneme_hakki`", ("`$tries`", "max attempts"),
                  "Bir işin **kaç** kez `dene()` ile [denendiği](glossary.html#deneme).", LESSON)
    (section,) = glossary_record("glossary.html", "Sözlük", [entry], "tr")["sections"]
    assert (section["title"], section["text"]) == (
        "deneme_hakki ($tries, max attempts)", "Bir işin kaç kez dene() ile denendiği.")


def test_markup_in_a_code_span_stays_text_for_the_browser_to_show_as_text():
    entry = Entry("`<img src=x onerror=alert(1)>`", ("tag",), "`<b>` değil.", LESSON)
    (section,) = glossary_record("glossary.html", "Sözlük", [entry], "tr")["sections"]
    assert (section["title"], section["text"]) == ("<img src=x onerror=alert(1)> (tag)",
                                                   "<b> değil.")


def test_no_title_or_text_of_the_courses_glossary_keeps_a_code_mark():
    entries = read_glossary(ROOT)
    assert [entry for entry in entries if "`" in entry.term]  # there are marks to drop
    sections = glossary_record("glossary.html", "Sözlük", entries, "tr")["sections"]
    assert [section for section in sections
            if "`" in section["title"] + section["text"] or "**" in section["text"]] == []
    assert [entry.term.strip("`") for entry in entries] == \
        [section["title"].split(" (")[0] for section in sections]
