"""The course's glossary: its terms, in the course's language, each with its `original` names
(those of the real systems' documentation, in whatever language), a definition, and the lesson
that introduces it; and where lessons mark them."""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from checks.definition import CourseError, Read, read_file
from checks.folding import slugify, sort_key
from checks.sections import ParsedCell

GLOSSARY_FILE = Path("course") / "glossary.yaml"
# A lesson marks a term with a link to its entry; from `lessons/`, the file is one folder up.
MARK_TARGET = f"../{GLOSSARY_FILE.as_posix()}#"
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's, where PyYAML has it
KEYS = {"term": str, "original": list, "definition": str, "lesson": str}


@dataclass(frozen=True)
class Entry:
    term: str
    original: tuple[str, ...]
    definition: str
    lesson: str

    @property
    def anchor(self) -> str:
        return slugify(self.term)


def _entry(path: Path, number: int, item: object) -> Entry:
    if not isinstance(item, dict):
        raise CourseError(path, f"entry {number} is not a mapping of {', '.join(KEYS)}",
                          rule="glossary")
    for key, kind in KEYS.items():
        if not isinstance(item.get(key), kind) or not item[key]:
            problem = "is missing" if key not in item else f"must be a non-empty {kind.__name__}"
            raise CourseError(path, f"entry {number} ({item.get('term', '?')}): '{key}' {problem}",
                              rule="glossary")
    if not all(isinstance(name, str) and name.strip() for name in item["original"]):
        raise CourseError(path, f"entry {number} ({item['term']}): 'original' must list names",
                          rule="glossary")
    unknown = sorted(set(item) - set(KEYS))
    if unknown:
        raise CourseError(path, f"entry {number} ({item['term']}): unknown key(s) "
                                f"{', '.join(unknown)} (known: {', '.join(KEYS)})",
                          rule="glossary")
    return Entry(item["term"].strip(), tuple(" ".join(name.split()) for name in item["original"]),
                 " ".join(item["definition"].split()), item["lesson"])


def read_glossary(root: Path, read: Read = read_file) -> list[Entry]:
    """The entries of `course/glossary.yaml` under `root`, as written; none if there is no file."""
    path = root / GLOSSARY_FILE
    try:
        data = yaml.load(read(path), Loader=SAFE_LOADER)
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise CourseError(path, f"cannot read it: {error}", rule="glossary") from None
    except (yaml.YAMLError, ValueError, AttributeError, RecursionError) as error:
        where = getattr(error, "problem_mark", None)
        at = f" (line {where.line + 1})" if where else ""
        raise CourseError(path, f"not valid YAML{at}: {getattr(error, 'problem', None) or error}",
                          rule="glossary") from None
    if not isinstance(data, list):
        raise CourseError(path, "must be a YAML list of entries", rule="glossary")
    entries = [_entry(path, number, item) for number, item in enumerate(data, start=1)]
    seen: dict[str, str] = {}
    for entry in entries:
        if not entry.anchor or entry.anchor in seen:
            other = f"'{seen[entry.anchor]}'" if entry.anchor in seen else "no id"
            raise CourseError(path, f"term '{entry.term}' has the same id "
                                    f"'{entry.anchor}' as {other}", rule="glossary")
        seen[entry.anchor] = entry.term
    return entries


def in_glossary_order(entries: list[Entry], language: str) -> list[Entry]:
    """The entries by term, in the order of the course's `language` (`sort_key`)."""
    return sorted(entries, key=lambda entry: (sort_key(entry.term, language), entry.term))


def marked_terms(parsed: list[ParsedCell]) -> Iterator[tuple[int, str]]:
    """(cell, id) for every link to a glossary entry in a lesson's parsed markdown cells."""
    for index, _, tokens in parsed:
        for token in tokens:
            for child in token.children or []:
                href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
                if href.startswith(MARK_TARGET):
                    yield index, href.removeprefix(MARK_TARGET)

# A lesson's table of the real systems' names for its terms is under a ### heading of this
# title, in the course's language (English for a language the toolkit has no title in).
NAME_TABLES = {"tr": "Adların özgün karşılıkları", "en": "Original names"}


def name_table_rows(parsed: list[ParsedCell], language: str) -> Iterator[tuple[int, str, str]]:
    """(cell, the lesson's name, the original name) for each row of the lesson's name tables:
    the tables under a `### Adların özgün karşılıkları` heading (NAME_TABLES), as written (code
    marks kept)."""
    title = NAME_TABLES.get(language, NAME_TABLES["en"])
    for index, _, tokens in parsed:
        under = False
        for position, token in enumerate(tokens):
            if token.type == "heading_open":
                under = token.tag == "h3" and tokens[position + 1].content.strip() == title
            elif under and token.type == "tr_open" and tokens[position + 1].type == "td_open":
                cells = [tokens[at + 1].content for at in range(position, len(tokens))
                         if tokens[at].type == "td_open"][:2]
                yield index, " ".join(cells[0].split()), " ".join(cells[1].split())
