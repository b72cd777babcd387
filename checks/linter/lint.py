"""The course linter: every rule over the course definition and every lesson; changes nothing."""

import re
from pathlib import Path

from checks.linter import (
    rules_cells,
    rules_front_matter,
    rules_glossary,
    rules_links,
    rules_placeholders,
    rules_structure,
)
from checks.course import Course, Lesson, checked, read_lesson
from checks.definition import (
    LESSONS_DIR,
    CourseDefinition,
    CourseError,
    Read,
    lesson_notebooks,
    read_definition,
    read_file,
)
from checks.findings import ERROR, WARNING, Finding, Found, Rule
from checks.linter.git_filters import stripping_filters
from checks.exercises import of_course
from checks.glossary import Entry, read_glossary

LESSON_NAME = re.compile(r"^\d{2}-[a-z0-9]+(-[a-z0-9]+)*\.ipynb$")
LESSON_RULES = (rules_front_matter.RULES + rules_cells.RULES + rules_structure.RULES
                + rules_links.RULES + rules_placeholders.RULES)


def duplicate_lessons(course: CourseDefinition, _: Path) -> Found:
    for name in sorted({name for name in course.lessons if course.lessons.count(name) > 1}):
        yield None, {"name": name}


def bad_lesson_names(course: CourseDefinition, _: Path) -> Found:
    for name in dict.fromkeys(course.lessons):
        if not LESSON_NAME.match(name):
            yield None, {"name": name}


def missing_lesson_files(course: CourseDefinition, root: Path) -> Found:
    for name in dict.fromkeys(course.lessons):
        path = root / LESSONS_DIR / name
        if not path.is_file():
            problem = "is not a file" if path.exists() else "does not exist"
            yield None, {"name": name, "folder": LESSONS_DIR, "problem": problem}


def lessons_not_in_order(course: CourseDefinition, root: Path) -> Found:
    for path in lesson_notebooks(root / LESSONS_DIR):
        if path.name not in course.lessons:
            yield None, {"path": path.relative_to(root)}


def unknown_course_language(course: CourseDefinition, _: Path) -> Found:
    if not rules_front_matter.is_language_code(course.language):
        yield None, {"value": course.language}


def unknown_course_license(course: CourseDefinition, _: Path) -> Found:
    if course.license not in rules_front_matter.KNOWN_LICENSES:
        yield None, {"value": course.license}


def output_stripping_filters(course: CourseDefinition, root: Path) -> Found:
    listed = [LESSONS_DIR / name for name in dict.fromkeys(course.lessons)
              if (root / LESSONS_DIR / name).is_file()]
    for path, name, command in stripping_filters(root, listed):
        yield None, {"path": path, "filter": name, "command": command}


COURSE_RULES = (
    Rule("duplicate-lesson", ERROR, "lesson {name} is listed twice", duplicate_lessons),
    Rule("lesson-name", ERROR, "lesson {name} is not named NN-words-with-dashes.ipynb",
         bad_lesson_names),
    Rule("missing-lesson", ERROR, "lists {name}, but {folder}/{name} {problem}",
         missing_lesson_files),
    Rule("not-in-order", ERROR, "lesson is not in the course order (course/course.toml)",
         lessons_not_in_order),
    Rule("course-language", ERROR, "unknown course language code {value!r}",
         unknown_course_language),
    Rule("course-license", ERROR, "unknown course license {value!r}", unknown_course_license),
    Rule("output-stripping-filter", WARNING, "git's filter {filter!r} ({command}) would strip "
         "this lesson's outputs, counts or ids when it is committed, and the lessons keep them "
         "(nbval and the claim cells read them): run nbstripout with --keep-output --keep-count "
         "--keep-id, or drop the filter for lessons/ (the toolkit's AUTHORING.md, section 8b)",
         output_stripping_filters),
)


# `python build.py serve` lints the course after every save, and most lessons did not change:
# each lesson read is kept with its findings, by path, and reused while its text and the
# definition it was linted under are the same (the rules read nothing else that can change).
# Only the last course linted is kept, so a process linting many courses holds one.
_LINTED: dict[Path, tuple[str, CourseDefinition, Lesson, list[Finding]]] = {}


def _lint_lesson(path: Path, root: Path, definition: CourseDefinition, read: Read,
                 unchecked: Lesson | None) -> tuple[Lesson, list]:
    """A lesson and its findings; raises CourseError for a file that is no lesson."""
    try:
        text = read(path)
    except (OSError, UnicodeDecodeError):
        text = None  # read_lesson says why
    kept = _LINTED.get(path)
    if kept is not None and kept[0] == text and kept[1] == definition:
        return kept[2], kept[3]
    if unchecked is not None and text is not None:
        lesson = checked(unchecked, text)
    else:
        lesson = read_lesson(path, read if text is None else lambda _: text)
    # a lesson never run gets one finding (not-run) for all that running it settles
    unrun = rules_cells.unrun(lesson)
    found = [finding for rule in LESSON_RULES if not (unrun and rule.settled_by_run)
             for finding in rule.findings(path.relative_to(root), lesson, definition)]
    if text is not None:
        _LINTED[path] = (text, definition, lesson, found)
    return lesson, found


def _from_error(error: CourseError, root: Path) -> Finding:
    path = error.path.relative_to(root) if error.path.is_relative_to(root) else error.path
    return Finding(path, error.cell, error.rule, ERROR, error.message)


def lint(root: Path, read: Read = read_file,
         unchecked: dict[Path, Lesson] | None = None) -> tuple[list[Finding], Course | None]:
    """Every finding for the course under `root` (the definition, then each lesson file), and
    the course as read, in order, when its definition and every listed lesson could be read.
    `read` gives a file's text: a build that read the course already passes what it read, and
    the lessons it read from those texts without their schema check (`unchecked`, by path),
    which are checked rather than read again."""
    try:
        definition = read_definition(root, read)
        of_course(definition)  # the rules read its exercises and predictions
    except CourseError as error:
        return [_from_error(error, root)], None
    findings = [finding for rule in COURSE_RULES
                for finding in rule.findings(definition.path.relative_to(root), definition, root)]
    listed = [root / LESSONS_DIR / name for name in dict.fromkeys(definition.lessons)]
    lessons: dict[Path, Lesson] = {}
    for path in sorted(set(listed) | set(lesson_notebooks(root / LESSONS_DIR)), key=str):
        if not path.is_file():
            continue
        try:
            lessons[path], found = _lint_lesson(path, root, definition, read,
                                                (unchecked or {}).get(path))
        except CourseError as error:
            findings.append(_from_error(error, root))
            continue
        findings += found
    for stale in set(_LINTED) - set(lessons):  # only this course's lessons are kept
        del _LINTED[stale]
    entries: list[Entry] = []
    try:
        entries = read_glossary(root, read)
    except CourseError as error:
        findings.append(_from_error(error, root))
    else:
        subject = ([lessons[path] for path in listed if path in lessons], entries, root,
                   definition)
        findings += [finding for rule in rules_glossary.RULES
                     for finding in rule.findings(root, *subject)]
    readable = all(path in lessons for path in listed)
    return findings, (Course(definition, [lessons[path] for path in listed], entries)
                      if readable else None)


def lint_course(root: Path) -> list[Finding]:
    """Every finding for the course under `root`; changes nothing."""
    return lint(root)[0]
