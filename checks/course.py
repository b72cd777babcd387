"""Read the lesson notebooks; refuse what cannot be parsed."""

import json
import textwrap
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from checks.definition import CourseDefinition, CourseError, Read, read_file
from checks.front_matter import front_matter_cell, read_front_matter
from checks.notebook_nodes import NotebookNode, to_notebook
from checks.sections import LessonSection, ParsedCell, code_cells, parse_markdown
from checks.sections import sections as split_sections

if TYPE_CHECKING:
    from checks.glossary import Entry  # which reads the course's files with this module

CELL_TYPES = ("code", "markdown", "raw")
# The front matter's raw cell says it is YAML: nbconvert and nbviewer then leave it out of the
# page and the script.
FRONT_MATTER_MIMETYPE = "text/x-yaml"


@dataclass(frozen=True)
class Lesson:
    path: Path
    front_matter: dict
    notebook: NotebookNode

    @cached_property
    def markdown(self) -> list[ParsedCell]:
        """Its markdown cells, parsed once for every rule that reads them."""
        return parse_markdown(self.notebook)

    @cached_property
    def front_matter_cell(self) -> int:
        """The index of the front matter's cell."""
        return front_matter_cell(self.notebook)

    @cached_property
    def code_cells(self) -> list[tuple[int, NotebookNode]]:
        """(index, cell) of every code cell with code in it, found once for every rule."""
        return list(code_cells(self.notebook))

    @cached_property
    def sections(self) -> list[LessonSection]:
        """Its `##` sections, split once for every rule that reads them."""
        return split_sections(self.notebook, self.markdown)

    def section_cells(self, title: str) -> range:
        """The indices of the cells of its `##` section titled `title`, its heading's first;
        empty when it has none."""
        found = self.sections
        start = next((i for i, section in enumerate(found) if section.title == title), None)
        if start is None:
            return range(0)
        end = found[start + 1].cell if start + 1 < len(found) else len(self.notebook.cells)
        return range(found[start].cell, end)


@dataclass(frozen=True)
class Course:
    definition: CourseDefinition
    lessons: list[Lesson]
    glossary: list["Entry"]  # as the linter read it (empty if it could not)


def _version_minor(path: Path, data: dict) -> int:
    """The notebook's nbformat minor version; nbformat fails on one that is not a number."""
    minor = data.get("nbformat_minor")
    if isinstance(minor, bool) or not isinstance(minor, int) or minor < 0:
        problem = ("is missing" if "nbformat_minor" not in data
                   else f"must be a whole number, 0 or more, not {minor!r}")
        raise CourseError(path, f"'nbformat_minor' {problem}", rule="invalid-notebook")
    return minor


def _check_cells(path: Path, data: dict, minor: int) -> None:
    """What nbformat would trip on or repair silently: a cell of no known type; since nbformat
    4.5, a cell with no id or with another cell's id."""
    cells = data.get("cells")
    seen: dict[str, int] = {}
    for index, cell in enumerate(cells if isinstance(cells, list) else []):
        if not isinstance(cell, dict):
            continue  # the schema says what it should be
        if cell.get("cell_type") not in CELL_TYPES:
            raise CourseError(path, f"cell_type is {cell.get('cell_type')!r}, not one of "
                                    f"{', '.join(CELL_TYPES)}", index, "invalid-notebook")
        cell_id = cell.get("id")
        if minor < 5 or not isinstance(cell_id, str | None):
            continue  # the schema refuses an id that is not text
        if cell_id is None:
            raise CourseError(path, "cell has no id (nbformat 4.5 needs one per cell)", index,
                              "invalid-notebook")
        if cell_id in seen:
            raise CourseError(path, f"cell repeats the id {cell_id!r} of cell {seen[cell_id]}",
                              index, "invalid-notebook")
        seen[cell_id] = index


def _check_schema(path: Path, data: dict, minor: int) -> None:
    """Refuse a notebook its schema refuses, naming the cell and the place in it. A minor
    version newer than nbformat knows is held to the newest schema it has (it has none for
    4.6, and would refuse nothing)."""
    # Loaded only here: a clean build reads its lessons unchecked and its forked linter checks
    # them, so the build's own process never loads the schema's check.
    from checks.notebook_schema import NEWEST_MINOR, schema_error
    found = schema_error(data, min(minor, NEWEST_MINOR))
    if found is None:
        return
    where, message = found
    match where:
        case ["cells", int(index), *inside]:
            cell: int | None = index
        case _:
            cell, inside = None, where
    at = f" at {'/'.join(map(str, inside))}" if inside else ""
    raise CourseError(path, f"invalid notebook{at}: {textwrap.shorten(message, 200)}", cell,
                      "invalid-notebook")


def checked(lesson: Lesson, text: str) -> Lesson:
    """`lesson`, read from `text` without its schema check, once the schema passes it too: what
    `read_lesson` makes of `text`, without making it again."""
    data = json.loads(text)
    _check_schema(lesson.path, data, _version_minor(lesson.path, data))
    return lesson


def read_lesson(path: Path, read: Read = read_file, validate: bool = True) -> Lesson:
    """A lesson notebook: valid JSON, nbformat v4, valid against its schema, with front matter.
    `validate=False` leaves the schema out, for a build that has the linter check it beside."""
    try:
        data = json.loads(read(path))
    except FileNotFoundError:
        raise CourseError(path, "lesson file not found", rule="lesson-file") from None
    except OSError as error:
        raise CourseError(path, f"cannot read it: {error.strerror}", rule="lesson-file") from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as error:
        raise CourseError(path, f"not a JSON notebook: {error}", rule="not-json") from None
    if not isinstance(data, dict) or data.get("nbformat") != 4:
        raise CourseError(path, "not an nbformat v4 notebook", rule="not-nbformat-v4")
    minor = _version_minor(path, data)
    _check_cells(path, data, minor)
    if validate:
        _check_schema(path, data, minor)
    # The JSON already read and validated, as nodes that read as nbformat's (`nbformat.reads`
    # would parse and validate it again, and repair what the checks above refuse)
    notebook = to_notebook(data)
    return Lesson(path, read_front_matter(path, notebook), notebook)
