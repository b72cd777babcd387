"""Marking a glossary term in the lesson that introduces it: its first mention in the lesson's
prose becomes a link to its entry. Marking is idempotent: a term already marked in its lesson is
left as it is, and a mention inside a link, a code span, a code block or a heading is never
marked, so marking twice is marking once."""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.findings import located
from checks.glossary import MARK_TARGET, Entry, marked_terms, read_glossary
from checks.markers import INSTRUCTOR, tags
from checks.notebook_nodes import NotebookNode

# What no mark may go into, each kept whole: a fenced block, a heading's line, a link (its text
# and target), raw HTML; and for a term in words, a code span.
OUTSIDE_PROSE = r"^(`{3,}|~{3,}).*?^\1\s*$|^#{1,6} [^\n]*$|!?\[[^\]]*\]\([^)]*\)|<[^>\n]+>"
UNMARKABLE = {False: re.compile(OUTSIDE_PROSE + r"|(`+).+?\2", re.MULTILINE | re.DOTALL),
              True: re.compile(OUTSIDE_PROSE, re.MULTILINE | re.DOTALL)}
SOFTENED = {"k": "[kğg]", "p": "[pb]", "t": "[td]", "ç": "[çc]"}  # kuyruk → kuyruğa
LETTERS = r"[^\W\d_]"


def mention(term: str) -> re.Pattern[str]:
    """A mention of `term` in prose: its words at a word's start, the last one inflected (its
    last consonant softened, any suffix); a term in code marks, exactly."""
    if term.startswith("`"):
        return re.compile(re.escape(term))
    *words, last = term.split()
    stem = re.escape(last[:-1]) + SOFTENED.get(last[-1], re.escape(last[-1]))
    return re.compile(r"(?<!\w)" + r"\s+".join([*map(re.escape, words), stem]) + LETTERS + "*",
                      re.IGNORECASE)


def _markable(source: str, code: bool) -> Iterator[tuple[int, int]]:
    """The stretches of `source` outside what no mark may go into (code spans are a `code`
    term's place)."""
    start = 0
    for kept in UNMARKABLE[code].finditer(source):
        yield start, kept.start()
        start = kept.end()
    yield start, len(source)


def mark_first(source: str, entry: Entry) -> str | None:
    """`source` with the first mention of the entry's term in its prose marked; None when it
    has none there."""
    pattern = mention(entry.term)
    for start, end in _markable(source, entry.term.startswith("`")):
        found = pattern.search(source, start, end)
        if found:
            link = f"[{found[0]}]({MARK_TARGET}{entry.anchor})"
            return source[:found.start()] + link + source[found.end():]
    return None


@dataclass(frozen=True)
class Marked:
    path: Path
    term: str
    cell: int | None  # None: the lesson's prose does not mention it

    def __str__(self) -> str:
        if self.cell is None:
            return f"{located(self.path, None)}: '{self.term}' is not mentioned in its prose; " \
                   "mark it by hand where it is introduced"
        return f"{located(self.path, self.cell)}: marked '{self.term}'"


def mark_entries(path: Path, notebook: NotebookNode, entries: list[Entry],
                 marked: set[str]) -> list[Marked]:
    """Mark, in the lesson's prose (its markdown cells but the instructor's notes), each entry
    whose anchor is not in `marked`, the ones the lesson marks already."""
    done = []
    for entry in entries:
        if entry.anchor in marked:
            continue
        cell = None
        for index, candidate in enumerate(notebook.cells):
            if candidate.cell_type != "markdown" or INSTRUCTOR in tags(candidate):
                continue
            changed = mark_first(candidate.source, entry)
            if changed is not None:
                candidate.source, cell = changed, index
                break
        done.append(Marked(path, entry.term, cell))
    return done


def mark_course(root: Path) -> list[Marked]:
    """Mark every glossary term its lesson does not mark yet, writing each lesson that changed
    as `python build.py run` writes it; returns what was done, term by term."""
    import nbformat  # as `run` writes a lesson, only when writing

    from checks.run_lesson import as_stored
    definition, entries = read_definition(root), read_glossary(root)
    done = []
    for name in dict.fromkeys(definition.lessons):
        lesson = read_lesson(root / LESSONS_DIR / name)
        marked = {anchor for _, anchor in marked_terms(lesson.markdown)}
        path = lesson.path.relative_to(root)
        found = mark_entries(path, lesson.notebook,
                             [entry for entry in entries if entry.lesson == name], marked)
        if any(mark.cell is not None for mark in found):
            temporary = lesson.path.with_name(f".{name}.tmp")
            temporary.write_text(as_stored(nbformat.from_dict(lesson.notebook)),
                                 encoding="utf-8")
            temporary.replace(lesson.path)
        done += found
    return done
