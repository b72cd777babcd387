"""The full-text search index: built here, searched in the browser by `assets/search.js`."""

import json
import re

from publish.prose import Outline

GLOBAL_NAME = "COURSE_SEARCH_INDEX"


def _one_line(parts: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(parts)).strip()


def search_record(page: str, title: str, outline: Outline) -> dict:
    """A lesson's entry: each section's heading id, title, prose, and code (searched, never
    shown: a result's snippet comes from its prose)."""
    sections = [{"id": section.id, "title": section.title or title,
                 "text": _one_line(section.text), "code": _one_line(section.code)}
                for section in outline.sections]
    return {"page": page, "title": title,
            "sections": [section for section in sections
                         if section["text"] or section["code"] or section["id"]]}


def search_index_script(records: list[dict]) -> str:
    """A script that sets the index as a global: a page opened from file:// may not fetch JSON."""
    data = json.dumps(records, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return f"window.{GLOBAL_NAME} = {data};\n"
