"""The full-text search index: built here, searched in the browser by `assets/search.js`."""

import json

from checks.glossary import Entry
from checks.sections import PARSER
from publish.prose import Outline, plain_text
from publish.stems import word_stems

GLOBAL_NAME = "COURSE_SEARCH_INDEX"


def _one_line(parts: list[str]) -> str:
    """The parts as one line: each run of whitespace one space, none at either end."""
    return " ".join(" ".join(parts).split())


def _plain(markdown: str) -> str:
    """One line of markdown as its words, read as a lesson's headings and prose are: code
    marks, emphasis and link targets dropped, so that a result shows no `backticks`."""
    return plain_text(PARSER.parseInline(markdown)[0])


def search_record(page: str, title: str, outline: Outline, language: str) -> dict:
    """A lesson's entry: each section's heading id, title, prose, and code (searched, never
    shown: a result's snippet comes from its prose), and the stems of its titles' and prose's
    words in the course's `language` (made with it, so that a rebuild stems only the lessons
    that changed)."""
    sections = [{"id": section.id, "title": section.title or title,
                 "text": _one_line(section.text), "code": _one_line(section.code)}
                for section in outline.sections]
    sections = [section for section in sections
                if section["text"] or section["code"] or section["id"]]
    stems = word_stems((part for section in sections
                        for part in (section["title"], section["text"])), language)
    return {"page": page, "title": title, "sections": sections, "stems": stems}


def glossary_record(page: str, title: str, entries: list[Entry], language: str) -> dict:
    """The glossary's entry: a section per term, titled with its term and its original names,
    so that a search for either ("receipt handle") finds the term ("makbuz"); as plain text, like
    a lesson's sections."""
    sections = [{"id": entry.anchor,
                 "title": f"{_plain(entry.term)} ({', '.join(map(_plain, entry.original))})",
                 "text": _plain(entry.definition), "code": ""} for entry in entries]
    stems = word_stems((part for section in sections
                        for part in (section["title"], section["text"])), language)
    return {"page": page, "title": title, "sections": sections, "stems": stems}


def search_index_script(records: list[dict]) -> str:
    """A script that sets the index as a global (a page opened from file:// may not fetch JSON):
    the lessons' sections, and one table of the stems of every lesson's words."""
    stems: dict[str, str] = {}
    for record in records:
        for word, root in record["stems"].items():
            stems.setdefault(word, root)
    lessons = [{key: value for key, value in record.items() if key != "stems"}
               for record in records]
    data = json.dumps({"lessons": lessons, "stems": stems}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":"))
    return f"window.{GLOBAL_NAME} = {data};\n"
