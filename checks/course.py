"""Load the course definition and its lesson notebooks, refusing malformed input."""

import datetime
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

import nbformat
import yaml

COURSE_FILE = Path("course") / "course.toml"
LESSONS_DIR = Path("lessons")
COURSE_KEYS = {"title": str, "language": str, "license": str, "description": str, "lessons": list}
FRONT_MATTER_KEYS = {
    "title": str, "course": str, "language": str, "updated": str, "license": str, "objectives": list,
}


class CourseError(Exception):
    """A problem in the course's files, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None) -> None:
        self.path, self.message, self.cell = path, message, cell
        where = f"{path}: cell {cell}" if cell is not None else str(path)
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Lesson:
    path: Path
    front_matter: dict
    notebook: nbformat.NotebookNode


@dataclass(frozen=True)
class Course:
    title: str
    language: str
    license: str
    description: str
    lessons: list[Lesson]


def _check_keys(path: Path, data: object, expected: dict[str, type], what: str, cell=None) -> None:
    if not isinstance(data, dict):
        raise CourseError(path, f"{what} must be a mapping", cell)
    for key, kind in expected.items():
        if key not in data:
            raise CourseError(path, f"{what} has no '{key}'", cell)
        if not isinstance(data[key], kind):
            raise CourseError(path, f"{what} '{key}' must be a {kind.__name__}", cell)


def read_front_matter(path: Path, notebook: nbformat.NotebookNode) -> dict:
    """The YAML between '---' lines in the notebook's first cell, which must be a raw cell."""
    first = notebook.cells[0] if notebook.cells else None
    lines = first.source.strip().splitlines() if first and first.cell_type == "raw" else []
    if len(lines) < 2 or lines[0] != "---" or lines[-1] != "---":
        raise CourseError(path, "front matter missing: the first cell must be a raw cell "
                                "holding YAML between '---' lines", 0)
    try:
        data = yaml.safe_load("\n".join(lines[1:-1]))
    except yaml.YAMLError as error:
        raise CourseError(path, f"front matter is not valid YAML: {error}", 0) from None
    _check_keys(path, data, FRONT_MATTER_KEYS, "front matter", 0)
    try:
        datetime.date.fromisoformat(data["updated"])
    except ValueError:
        raise CourseError(path, f"front matter 'updated' is not an ISO date: {data['updated']!r}",
                          0) from None
    return data


def read_lesson(path: Path) -> Lesson:
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except FileNotFoundError:
        raise CourseError(path, "lesson file not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CourseError(path, f"not a JSON notebook: {error}") from None
    if not isinstance(data, dict) or data.get("nbformat") != 4:
        raise CourseError(path, "not an nbformat v4 notebook")
    try:
        notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
        nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        raise CourseError(path, f"invalid notebook: {error.message}") from None
    return Lesson(path, read_front_matter(path, notebook), notebook)


def load_course(root: Path) -> Course:
    """Read the course definition under `root` and every lesson it lists, in order."""
    course_path = root / COURSE_FILE
    try:
        data = tomllib.loads(course_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CourseError(course_path, "course definition not found") from None
    except tomllib.TOMLDecodeError as error:
        raise CourseError(course_path, f"not valid TOML: {error}") from None
    _check_keys(course_path, data, COURSE_KEYS, "course definition")
    names = data["lessons"]
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise CourseError(course_path, f"lessons listed twice: {', '.join(duplicates)}")
    unlisted = sorted(p.name for p in (root / LESSONS_DIR).glob("*.ipynb") if p.name not in names)
    if unlisted:
        raise CourseError(root / LESSONS_DIR / unlisted[0], "lesson not in the course order "
                                                            f"({COURSE_FILE})")
    lessons = [read_lesson(root / LESSONS_DIR / name) for name in names]
    for lesson in lessons:
        for key in ("course", "language"):
            wanted = data["title" if key == "course" else key]
            if lesson.front_matter[key] != wanted:
                raise CourseError(lesson.path, f"front matter '{key}' is "
                                  f"{lesson.front_matter[key]!r}, the course says {wanted!r}", 0)
    fields = {key: data[key] for key in COURSE_KEYS if key != "lessons"}
    return Course(**fields, lessons=lessons)
