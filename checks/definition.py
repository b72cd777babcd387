"""The course's definition, `course/course.toml`: its metadata and lesson order, read without
the lessons' libraries (a build reads it before it imports them)."""

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from checks.findings import located

COURSE_FILE = Path("course") / "course.toml"
LESSONS_DIR = Path("lessons")
COURSE_KEYS = {"title": str, "language": str, "license": str, "description": str, "lessons": list}
# How the linter reads a file's text: from the disk, or from what a build has already read
Read = Callable[[Path], str]


def lesson_notebooks(folder: Path) -> list[Path]:
    """The notebooks in a lessons folder, by name; hidden ones (`.name.ipynb`, what JupyterLab
    keeps in `.ipynb_checkpoints/`) are no lessons."""
    return sorted(path for path in folder.glob("*.ipynb") if not path.name.startswith("."))


def read_file(path: Path) -> str:
    return path.read_text(encoding="utf-8")


class CourseError(Exception):
    """A problem in the course's files, located by path (and cell, where there is one)."""

    def __init__(self, path: Path, message: str, cell: int | None = None, rule: str = "") -> None:
        self.path, self.message, self.cell, self.rule = path, message, cell, rule
        super().__init__(f"{located(path, cell)}: {message}")


@dataclass(frozen=True)
class CourseDefinition:
    path: Path
    title: str
    language: str
    license: str
    description: str
    lessons: list[str]
    interface_language: str  # the site's interface; the course's language unless set


def read_definition(root: Path, read: Read = read_file) -> CourseDefinition:
    """The course's metadata and lesson order from `course/course.toml` under `root`."""
    path = root / COURSE_FILE
    try:
        data = tomllib.loads(read(path))
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
