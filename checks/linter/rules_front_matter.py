"""Lint rules for a lesson's front matter."""

import datetime
import re
from typing import TypeVar
from urllib.parse import urlparse

from babel import Locale, UnknownLocaleError

from checks.course import FRONT_MATTER_MIMETYPE, Lesson
from checks.definition import CourseDefinition
from checks.findings import ERROR, Found, Rule
from checks.front_matter import NOT_IN_BROWSER

Kind = type | tuple[type, ...]  # what isinstance accepts
FIELDS: dict[str, Kind] = {"title": str, "course": str, "language": str,
                           "updated": (str, datetime.date), "license": str, "objectives": list,
                           "timing": dict}
OPTIONAL_FIELDS: dict[str, Kind] = {"source": str, NOT_IN_BROWSER: str}
TIMING_PARTS = ("teaching", "exercises")  # minutes, for the instructor's page
KNOWN_LICENSES = ("CC BY-SA 4.0", "CC BY 4.0", "CC BY-NC-SA 4.0", "CC0 1.0", "MIT")


def is_language_code(code: str) -> bool:
    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return False
    return True


def updated_date(value: object) -> datetime.date | None:
    """The day an `updated` value names: an ISO date or date-time, as text or as YAML read it."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.datetime.fromisoformat(str(value)).date()
    except ValueError:
        return None


T = TypeVar("T")


def _field(lesson: Lesson, key: str, kind: type[T]) -> T | None:
    """The value if it is a `kind`, the type FIELDS or OPTIONAL_FIELDS gives it, else None
    (front-matter-field reports it)."""
    value = lesson.front_matter.get(key)
    return value if isinstance(value, kind) else None


def wrong_fields(lesson: Lesson, _: CourseDefinition) -> Found:
    present = {key: kind for key, kind in OPTIONAL_FIELDS.items() if key in lesson.front_matter}
    for key, kind in {**FIELDS, **present}.items():
        if key not in lesson.front_matter:
            yield lesson.front_matter_cell, {"key": key, "problem": "is missing"}
        elif not isinstance(lesson.front_matter[key], kind):
            found = type(lesson.front_matter[key]).__name__
            yield lesson.front_matter_cell, {"key": key, "problem": f"has the wrong type ({found})"}
        elif not str(lesson.front_matter[key]).strip():
            yield lesson.front_matter_cell, {"key": key, "problem": "is empty"}
    known = ", ".join([*FIELDS, *OPTIONAL_FIELDS])
    unknown = lesson.front_matter.keys() - FIELDS.keys() - OPTIONAL_FIELDS.keys()
    for key in sorted(map(str, unknown)):  # YAML keys may be numbers or dates too
        yield lesson.front_matter_cell, {"key": key,
                                         "problem": f"is not a front matter key (known: {known})"}


def updated_not_iso(lesson: Lesson, _: CourseDefinition) -> Found:
    value = lesson.front_matter.get("updated")
    if isinstance(value, FIELDS["updated"]) and updated_date(value) is None:
        yield lesson.front_matter_cell, {"value": value}


def unknown_license(lesson: Lesson, _: CourseDefinition) -> Found:
    value = _field(lesson, "license", str)
    if value is not None and value not in KNOWN_LICENSES:
        yield lesson.front_matter_cell, {"value": value, "known": ", ".join(KNOWN_LICENSES)}


def unknown_language(lesson: Lesson, _: CourseDefinition) -> Found:
    value = _field(lesson, "language", str)
    if value is not None and not is_language_code(value):
        yield lesson.front_matter_cell, {"value": value}


def not_this_course(lesson: Lesson, course: CourseDefinition) -> Found:
    for key, wanted in (("course", course.title), ("language", course.language)):
        value = _field(lesson, key, str)
        if value is not None and value != wanted:
            yield lesson.front_matter_cell, {"key": key, "value": value, "wanted": wanted}


def bad_objectives(lesson: Lesson, _: CourseDefinition) -> Found:
    value = _field(lesson, "objectives", list)
    if value is not None and not (value and all(isinstance(o, str) and o.strip() for o in value)):
        yield lesson.front_matter_cell, {}


# markdown's inline markup: code, strong emphasis, a link, an HTML tag
MARKUP = re.compile(r"`|\*\*|__|\]\(|<[A-Za-z/]")


def objective_markup(lesson: Lesson, _: CourseDefinition) -> Found:
    """An objective is plain text: the pages, the slides and the handouts show it as written."""
    for number, objective in enumerate(_field(lesson, "objectives", list) or [], start=1):
        found = MARKUP.search(objective) if isinstance(objective, str) else None
        if found:
            yield lesson.front_matter_cell, {"number": number, "markup": found[0]}


def bad_timing(lesson: Lesson, _: CourseDefinition) -> Found:
    value = _field(lesson, "timing", dict)
    if value is None:
        return
    for part in TIMING_PARTS:
        minutes = value.get(part)
        if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes <= 0:
            problem = "is missing" if part not in value else f"is {minutes!r}"
            yield lesson.front_matter_cell, {"part": part, "problem": problem}
    for part in sorted(map(str, value.keys() - set(TIMING_PARTS))):
        yield lesson.front_matter_cell, {"part": part, "problem": "is not a part of the timing"}


def bad_source(lesson: Lesson, _: CourseDefinition) -> Found:
    value = _field(lesson, "source", str)  # text, not empty: else front-matter-field says so
    if value is not None and value.strip() and urlparse(value).scheme not in ("http", "https"):
        yield lesson.front_matter_cell, {"value": value}


def front_matter_mimetype(lesson: Lesson, _: CourseDefinition) -> Found:
    cell = lesson.notebook.cells[lesson.front_matter_cell]
    found = cell.metadata.get("raw_mimetype")
    if found != FRONT_MATTER_MIMETYPE:
        yield lesson.front_matter_cell, {"found": "none" if found is None else repr(found)}


RULES = (
    Rule("front-matter-field", ERROR, "front matter {key!r} {problem}", wrong_fields),
    Rule("updated-not-iso", ERROR, "front matter 'updated' is not an ISO date: {value!r}",
         updated_not_iso),
    Rule("unknown-license", ERROR, "unknown license {value!r} (known: {known})", unknown_license),
    Rule("unknown-language", ERROR, "unknown language code {value!r}", unknown_language),
    Rule("not-this-course", ERROR, "front matter '{key}' is {value!r}, the course says {wanted!r}",
         not_this_course),
    Rule("bad-objectives", ERROR, "front matter 'objectives' must be a non-empty list of "
         "sentences", bad_objectives),
    Rule("objective-markup", ERROR, "front matter objective {number} holds markdown "
         "({markup!r}), which every page, slide and handout shows as written: write it as "
         "plain text", objective_markup),
    Rule("bad-timing", ERROR, "front matter 'timing' {part!r} {problem}: it gives whole "
         f"minutes for {' and '.join(TIMING_PARTS)}", bad_timing),
    Rule("bad-source", ERROR, "front matter 'source' must be an http(s) address: {value!r}",
         bad_source),
    Rule("front-matter-mimetype", ERROR, f"the front matter's raw cell has the raw_mimetype "
         f"{{found}}, not {FRONT_MATTER_MIMETYPE!r}: without it nbconvert and nbviewer show the "
         "YAML as prose; {command} run sets it", front_matter_mimetype, settled_by_run=True),
)
