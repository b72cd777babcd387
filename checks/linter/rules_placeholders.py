"""Lint rule for what an author has still to write: the placeholders a new lesson's skeleton
(`new NN-name "Title"`) leaves in its cells and in the registrations of the exercises and
predictions its cells check."""

import dataclasses
import re
from collections.abc import Iterator, Mapping

from checks.calls import exercise_ids
from checks.course import Lesson
from checks.definition import CourseDefinition
from checks.exercises import of_course
from checks.findings import ERROR, Found, Rule


MARK = "TODO"  # what a placeholder starts with: `TODO: what to write here`
PLACEHOLDER = re.compile(rf"\b{MARK}\b:?\s*(?P<what>.*)")


def placeholders_in(text: str) -> Iterator[str]:
    """What each placeholder in `text` says is to write."""
    if MARK not in text:  # as in almost any text: no line to search
        return
    for line in text.splitlines():
        found = PLACEHOLDER.search(line)
        if found:
            yield found["what"].strip(" *_`'\"#") or "(it does not say what)"


def strings(value: object, name: str = "", depth: int = 2) -> Iterator[tuple[str, str]]:
    """(field, text) of the text a registration holds: its fields', and those of the mappings,
    tuples and mistakes in them."""
    if isinstance(value, str):
        yield name, value
    elif depth and dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from strings(getattr(value, field.name), field.name, depth - 1)
    elif depth and isinstance(value, Mapping):
        for item in value.values():
            yield from strings(item, name, depth - 1)
    elif depth and isinstance(value, tuple | list):
        for item in value:
            yield from strings(item, name, depth - 1)


def placeholders(lesson: Lesson, definition: CourseDefinition) -> Found:
    """Each placeholder of each cell, then of each registration its cells check, once."""
    registry = of_course(definition)
    registered = {**registry.exercises, **registry.predictions}
    seen: set[str] = set()
    for index, cell in enumerate(lesson.notebook.cells):
        for what in dict.fromkeys(placeholders_in(cell.source)):
            yield index, {"where": "", "what": what}
        if cell.cell_type != "code":
            continue
        for checked in exercise_ids(cell.source, (*definition.tools.checks,
                                                  definition.tools.predict)):
            if checked in seen or checked not in registered:
                continue
            seen.add(checked)
            module = registry.modules.get(checked, definition.exercises)
            for field, text in dict.fromkeys(strings(registered[checked])):
                for what in dict.fromkeys(placeholders_in(text)):
                    yield index, {"where": f" in the {field} of {checked} ({module})",
                                  "what": what}


RULES = (
    Rule("placeholder", ERROR, f"a placeholder ({MARK}){{where}} is still to write: {{what}}",
         placeholders),
)
