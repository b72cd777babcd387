"""The course's definition, `course/course.toml`: its metadata, lesson order and conventions,
read without the lessons' libraries (a build reads it before it imports them)."""

import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from checks.findings import located
from checks.markers import ToolNames, tool_names

COURSE_FILE = Path("course") / "course.toml"
LESSONS_DIR = Path("lessons")
COURSE_KEYS = {"title": str, "language": str, "license": str, "description": str, "lessons": list}


@dataclass(frozen=True)
class Sections:
    """The titles of the sections every lesson has (`## title`)."""

    summary: str
    exercises: str
    next_step: str


@dataclass(frozen=True)
class Minimums:
    """How many of each a lesson needs at least; 0 switches the rule that asks for it off."""

    exercises: int = 3  # checked by kontrol(...) or form(...)
    predictions: int = 3  # asked with tahmin_et(...) before a measurement
    modify: int = 1  # exercises asking to modify working code (ModifyTask)


@dataclass(frozen=True)
class Assignment:
    """What a graded assignment covers (`[assignments.NAME]`): lessons, by file name as
    `lessons` lists them, and, if given, only these exercises of theirs."""

    lessons: tuple[str, ...]
    exercises: tuple[str, ...] = ()


# The conventions of a course in each language the toolkit speaks, unless course.toml sets them
SECTIONS = {"tr": Sections("Özet", "Kendini Sına", "Sonraki Adım"),
            "en": Sections("Summary", "Check Yourself", "Next Step")}
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
    exercises: str | None = None  # the package registering the exercises and predictions
    sections: Sections = SECTIONS["tr"]
    minimums: Minimums = Minimums()
    glossary_intro: str | None = None  # what the glossary's page says first; else the toolkit's
    # False for a graded class: no reveal, and the lite wheel ships no answer (`show_answers`)
    show_answers: bool = True
    command: str = "kurs"  # how the course's README runs the toolkit, as its pages say it
    assignments: dict[str, Assignment] = field(default_factory=dict)  # by name

    @property
    def tools(self) -> ToolNames:
        """The names the course's lessons call the student's tools by, in its language."""
        return tool_names(self.language)


def _table(path: Path, data: dict, key: str, fields: dict[str, type]) -> dict:
    """The table `key` of course.toml, its values checked against `fields`."""
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise CourseError(path, f"'{key}' must be a table ([{key}])", rule="course-definition")
    for name, value in table.items():
        kind = fields.get(name)
        if kind is None:
            raise CourseError(path, f"'{key}.{name}' is not one of {', '.join(fields)}",
                              rule="course-definition")
        fits = isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
            if kind is int else isinstance(value, str) and bool(value.strip())
        if not fits:
            wanted = "a whole number, 0 or more" if kind is int else "a title"
            raise CourseError(path, f"'{key}.{name}' must be {wanted}, not {value!r}",
                              rule="course-definition")
    return table


def _names(path: Path, value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) and name.strip()
                                              for name in value):
        raise CourseError(path, f"'{where}' must list names, not {value!r}",
                          rule="course-definition")
    return tuple(value)


def _assignments(path: Path, data: dict) -> dict[str, Assignment]:
    """`[assignments.NAME]` tables: each lists lessons of the course (`lessons`), and may
    narrow them to some of their exercises (`exercises`)."""
    tables = data.get("assignments", {})
    if not isinstance(tables, dict) or not all(isinstance(table, dict)
                                               for table in tables.values()):
        raise CourseError(path, "'assignments' must hold a table for each assignment "
                          "([assignments.NAME])", rule="course-definition")
    found = {}
    for name, table in tables.items():
        if unknown := set(table) - {"lessons", "exercises"}:
            raise CourseError(path, f"'assignments.{name}.{sorted(unknown)[0]}' is not one of "
                              "lessons, exercises", rule="course-definition")
        lessons = _names(path, table.get("lessons"), f"assignments.{name}.lessons")
        if not lessons:
            raise CourseError(path, f"'assignments.{name}.lessons' lists no lesson",
                              rule="course-definition")
        if strangers := [lesson for lesson in lessons if lesson not in data["lessons"]]:
            raise CourseError(path, f"'assignments.{name}.lessons' names {strangers[0]!r}, "
                              "which 'lessons' does not list", rule="course-definition")
        found[name] = Assignment(lessons, _names(path, table.get("exercises", []),
                                                 f"assignments.{name}.exercises"))
    return found


def _conventions(path: Path, data: dict, language: str) -> dict:
    """The sections, minimums, exercises package and whether answers are shown, as course.toml
    sets them, over the defaults of its language."""
    sections = _table(path, data, "sections", {name: str for name in Sections.__annotations__})
    minimums = _table(path, data, "minimums", {name: int for name in Minimums.__annotations__})
    exercises, intro = data.get("exercises"), data.get("glossary_intro")
    show_answers, command = data.get("show_answers", True), data.get("command", "kurs")
    if not (isinstance(command, str) and command.strip()):
        raise CourseError(path, "'command' must be how the course's README runs the toolkit "
                          f"(kurs, python build.py), not {command!r}", rule="course-definition")
    if not isinstance(show_answers, bool):
        raise CourseError(path, f"'show_answers' must be true or false, not {show_answers!r}",
                          rule="course-definition")
    if intro is not None and not (isinstance(intro, str) and intro.strip()):
        raise CourseError(path, f"'glossary_intro' must be a sentence or two, not {intro!r}",
                          rule="course-definition")
    if exercises is not None and not (isinstance(exercises, str)
                                      and all(part.isidentifier()
                                              for part in exercises.split("."))):
        raise CourseError(path, f"'exercises' must name a Python package, not {exercises!r}",
                          rule="course-definition")
    # a language the toolkit has no titles for takes the English ones, which [sections] renames
    defaults = SECTIONS.get(language, SECTIONS["en"])
    return {"sections": Sections(**{**vars(defaults), **sections}),
            "minimums": Minimums(**minimums), "exercises": exercises, "glossary_intro": intro,
            "show_answers": show_answers, "command": " ".join(command.split())}


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
            problem = "is missing" if key not in data \
                else f"must be a {kind.__name__}, not {data[key]!r}"
            raise CourseError(path, f"'{key}' {problem}", rule="course-definition")
    if not all(isinstance(name, str) and name.strip() for name in data["lessons"]):
        raise CourseError(path, f"'lessons' must list file names, not {data['lessons']!r}",
                          rule="course-definition")
    interface_language = data.get("interface_language", data["language"])
    if not isinstance(interface_language, str):
        raise CourseError(path, f"'interface_language' must be a str, not {interface_language!r}",
                          rule="course-definition")
    return CourseDefinition(path, **{key: data[key] for key in COURSE_KEYS},
                            interface_language=interface_language,
                            assignments=_assignments(path, data),
                            **_conventions(path, data, data["language"]))
