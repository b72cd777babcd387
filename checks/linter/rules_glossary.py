"""Rules that read the lessons and the glossary together: every marked term has an entry, every
entry is marked where it is introduced, every renamed term is in the glossary."""

from pathlib import Path

from checks.course import Lesson
from checks.definition import CourseDefinition
from checks.findings import ERROR, Found, Rule
from checks.glossary import GLOSSARY_FILE, Entry, marked_terms, name_table_rows

# The lessons that could be read, the glossary, the course's root and its definition.
Subject = tuple[list[Lesson], list[Entry], Path, CourseDefinition]


def unknown_terms(lessons: list[Lesson], entries: list[Entry], root: Path,
                  _: CourseDefinition) -> Found:
    known = {entry.anchor for entry in entries}
    for lesson in lessons:
        for cell, anchor in marked_terms(lesson.markdown):
            if anchor not in known:
                yield cell, {"path": lesson.path.relative_to(root), "anchor": anchor}


def unmarked_entries(lessons: list[Lesson], entries: list[Entry], root: Path,
                     definition: CourseDefinition) -> Found:
    order = definition.lessons
    marked = {lesson.path.name: {anchor for _, anchor in marked_terms(lesson.markdown)}
              for lesson in lessons}
    for entry in entries:
        where = [name for name, anchors in marked.items() if entry.anchor in anchors]
        if entry.lesson not in order:
            problem = f"names lesson {entry.lesson}, which is not in the course"
        elif entry.lesson not in marked:
            continue  # a lesson that could not be read has its own finding
        elif entry.lesson not in where:
            problem = (f"says {entry.lesson} introduces it, but no link there marks it" +
                       (f" (marked in {', '.join(where)})" if where else ""))
        else:
            continue
        yield None, {"path": GLOSSARY_FILE, "term": entry.term, "problem": problem}


def renamed_terms_missing(lessons: list[Lesson], entries: list[Entry], root: Path,
                          definition: CourseDefinition) -> Found:
    terms = {entry.term for entry in entries}
    originals = {name for entry in entries for name in entry.original}
    for lesson in lessons:
        for cell, ours, original in name_table_rows(lesson.markdown, definition.language):
            if ours not in terms and original not in originals:
                yield cell, {"path": lesson.path.relative_to(root), "ours": ours,
                             "original": original}


RULES = (
    Rule("glossary-unknown-term", ERROR, "links to the glossary term '#{anchor}', which "
         f"{GLOSSARY_FILE} does not define", unknown_terms),
    Rule("glossary-unmarked-term", ERROR, "entry '{term}' {problem}", unmarked_entries),
    Rule("glossary-missing-name", ERROR, "the name table renames {original} as {ours}, but "
         f"{GLOSSARY_FILE} has neither as a term or an original name", renamed_terms_missing),
)
