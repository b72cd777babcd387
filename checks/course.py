"""Read the course definition and its lesson notebooks; refuse what cannot be parsed."""

import json
import tomllib
import warnings
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml

from checks.findings import located

COURSE_FILE = Path("course") / "course.toml"
LESSONS_DIR = Path("lessons")
COURSE_KEYS = {"title": str, "language": str, "license": str, "description": str, "lessons": list}


class CourseError(Exception):
    """A problem in the course's files, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None, rule: str = "") -> None:
        self.path, self.message, self.cell, self.rule = path, message, cell, rule
        super().__init__(f"{located(path, cell)}: {message}")


@dataclass(frozen=True)
class Lesson:
    path: Path
    front_matter: dict
    notebook: nbformat.NotebookNode


@dataclass(frozen=True)
class CourseDefinition:
    path: Path
    title: str
    language: str
    license: str
    description: str
    lessons: list[str]
    interface_language: str  # the site's interface; the course's language unless set


@dataclass(frozen=True)
class Course:
    definition: CourseDefinition
    lessons: list[Lesson]


def read_definition(root: Path) -> CourseDefinition:
    """The course's metadata and lesson order from `course/course.toml` under `root`."""
    path = root / COURSE_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CourseError(path, "course definition not found", rule="course-definition") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CourseError(path, f"cannot read it: {error}", rule="course-definition") from None
    except tomllib.TOMLDecodeError as error:
        raise CourseError(path, f"not valid TOML: {error}", rule="course-definition") from None
    for key, kind in COURSE_KEYS.items():
        if not isinstance(data.get(key), kind):
            problem = "is missing" if key not in data else f"must be a {kind.__name__}"
            raise CourseError(path, f"'{key}' {problem}", rule="course-definition")
    if not all(isinstance(name, str) for name in data["lessons"]):
        raise CourseError(path, "'lessons' must list file names", rule="course-definition")
    interface_language = data.get("interface_language", data["language"])
    if not isinstance(interface_language, str):
        raise CourseError(path, "'interface_language' must be a str", rule="course-definition")
    return CourseDefinition(path, **{key: data[key] for key in COURSE_KEYS},
                            interface_language=interface_language)


def _one_line(error: yaml.YAMLError) -> str:
    """A YAML error as one line: its problem and the line of the front matter it is on."""
    mark = getattr(error, "problem_mark", None)
    where = f" (front matter line {mark.line + 1})" if mark else ""
    return f"{getattr(error, 'problem', None) or error}{where}"


def read_front_matter(path: Path, notebook: nbformat.NotebookNode) -> dict:
    """The YAML mapping between '---' lines in the notebook's first cell, a raw cell."""
    first = notebook.cells[0] if notebook.cells else None
    lines = first.source.strip().splitlines() if first and first.cell_type == "raw" else []
    if len(lines) < 2 or lines[0] != "---" or lines[-1] != "---":
        raise CourseError(path, "front matter missing: the first cell must be a raw cell "
                                "holding YAML between '---' lines", 0, "front-matter")
    try:
        data = yaml.safe_load("\n".join(lines[1:-1]))
    except yaml.YAMLError as error:
        raise CourseError(path, f"front matter is not valid YAML: {_one_line(error)}", 0,
                          "front-matter") from None
    if not isinstance(data, dict):
        raise CourseError(path, "front matter must be a YAML mapping", 0, "front-matter")
    return data


def _check_cell_ids(path: Path, data: dict) -> None:
    """Since nbformat 4.5 every cell has an id of its own; nbformat would repair them silently."""
    if data.get("nbformat_minor", 0) < 5 or not isinstance(data.get("cells"), list):
        return
    seen: dict[str, int] = {}
    for index, cell in enumerate(data["cells"]):
        cell_id = cell.get("id") if isinstance(cell, dict) else None
        if cell_id is None:
            raise CourseError(path, "cell has no id (nbformat 4.5 needs one per cell)", index,
                              "invalid-notebook")
        if cell_id in seen:
            raise CourseError(path, f"cell repeats the id {cell_id!r} of cell {seen[cell_id]}",
                              index, "invalid-notebook")
        seen[cell_id] = index


def read_lesson(path: Path) -> Lesson:
    """A lesson notebook: valid JSON, nbformat v4, valid against its schema, with front matter."""
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except FileNotFoundError:
        raise CourseError(path, "lesson file not found", rule="lesson-file") from None
    except OSError as error:
        raise CourseError(path, f"cannot read it: {error.strerror}", rule="lesson-file") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CourseError(path, f"not a JSON notebook: {error}", rule="not-json") from None
    if not isinstance(data, dict) or data.get("nbformat") != 4:
        raise CourseError(path, "not an nbformat v4 notebook", rule="not-nbformat-v4")
    _check_cell_ids(path, data)
    try:
        with warnings.catch_warnings():  # nbformat warns of what it repairs; ids are checked above
            warnings.simplefilter("ignore")
            notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
            nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        raise CourseError(path, f"invalid notebook: {error.message}",
                          rule="invalid-notebook") from None
    return Lesson(path, read_front_matter(path, notebook), notebook)

