"""The benchmarks' command lines, checked as build.py's are: a wrong option gets one line on
stderr that names it and points to the benchmark's `--help`, and exit status 2.

A benchmark run as a script (`python benchmarks/NAME.py`) imports this as `_options`, its
folder being first on the path."""

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from checks.definition import COURSE_FILE, LESSONS_DIR, CourseError, read_definition

MAX_RUNS = 1000
HERE = Path(__file__).parents[1]  # this repository, every benchmark's default course


class Parser(argparse.ArgumentParser):
    """A benchmark's parser, named after its script: usage errors in one line, exit status 2."""

    def __init__(self, script: str, description: str | None) -> None:
        super().__init__(prog=Path(script).name, description=description)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}; "
                     f"see python benchmarks/{self.prog} --help\n")

    def add_course(self, lesson: str | None = None) -> None:
        """`--root`, the course (this repository by default), checked as it is parsed; with
        `lesson`, what the benchmark does to it, `--lesson` too, checked by `lesson()`."""
        self.add_argument("--root", dest="course", type=course, default=str(HERE),
                          help="the course repository (default: this repository)")
        if lesson is not None:
            self.add_argument("--lesson", help=f"the lesson {lesson}, by its file name in "
                              "course.toml or as lessons/NAME (default: the course's first)")

    def lesson(self, course: "Course", text: str | None) -> str:
        """The lesson `--lesson` names (None: the course's first), or a usage error naming
        --lesson, or --root when the course's first lesson is wrong."""
        try:
            return course.lesson(text)
        except ValueError as error:
            self.error(f"argument {'--root' if text is None else '--lesson'}: {error}")


def run_count(text: str) -> int:
    """An argparse type: a whole number of runs, 1 (a median needs one) to MAX_RUNS."""
    if not text.strip().isdecimal() or not 1 <= int(text) <= MAX_RUNS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_RUNS} "
                                         f"(not {text})")
    return int(text)


@dataclass(frozen=True)
class Course:
    """A course's repository and its lessons' file names, in course.toml's order."""

    root: Path
    lessons: list[str]

    def path(self, lesson: str) -> Path:
        return self.root / LESSONS_DIR / lesson

    def lesson(self, text: str | None) -> str:
        """The lesson `text` names, by its file name or as lessons/NAME (None: the first);
        ValueError if there is none."""
        if text is None and not self.lessons:
            raise ValueError(f"{self.root / COURSE_FILE} lists no lessons")
        given = Path(self.lessons[0] if text is None else text)
        if given.parent not in (Path("."), LESSONS_DIR) or given.name not in self.lessons:
            raise ValueError(f"{text} is not one of the course's lessons "
                             f"({', '.join(self.lessons)})")
        if not self.path(given.name).is_file():
            raise ValueError(f"{self.path(given.name)} is missing")
        return given.name


def course(text: str) -> Course:
    """An argparse type: a course's repository, whose course/course.toml reads."""
    root = Path(text)
    if not (root / COURSE_FILE).is_file():
        raise argparse.ArgumentTypeError(f"{text} is not a course's repository (it has no "
                                         f"{COURSE_FILE.as_posix()})")
    try:
        return Course(root, read_definition(root).lessons)
    except CourseError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
