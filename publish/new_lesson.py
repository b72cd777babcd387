"""`new NN-name "Title"`: start a lesson. Writes its skeleton (publish/skeleton.py), the module
registering the exercise and prediction the skeleton checks, and the lesson's place in
course.toml's order; all of it or, when anything is in the way, nothing."""

import datetime
import os
from pathlib import Path

import tomlkit

from checks.definition import (
    COURSE_FILE,
    LESSONS_DIR,
    CourseDefinition,
    lesson_notebooks,
    read_definition,
)
from checks.linter.lint import LESSON_NAME
from publish import skeleton


class NewLessonError(Exception):
    """Why a lesson cannot be started; nothing was written."""


def split_name(name: str) -> tuple[str, str]:
    """The number and the slug of a lesson's name, `NN-words-with-dashes` (`.ipynb` may follow)."""
    stem = name.removesuffix(".ipynb")
    if not LESSON_NAME.match(f"{stem}.ipynb"):
        raise NewLessonError(f"{name!r} is not a lesson's name: NN-words-with-dashes, two digits "
                             "and lowercase ASCII words (06-yeni-ders)")
    number, _, slug = stem.partition("-")
    return number, slug


def in_use(definition: CourseDefinition, root: Path, number: str, slug: str) -> str | None:
    """What already has the number or the slug, said; None when neither is taken."""
    names = dict.fromkeys([*definition.lessons,
                           *(path.name for path in lesson_notebooks(root / LESSONS_DIR))])
    for name in names:
        stem = name.removesuffix(".ipynb")
        taken = ("number", number) if stem[:2] == number and stem[2:3] == "-" else \
            ("name", slug) if stem[3:] == slug else None
        if taken:
            where = "course/course.toml lists it" if name in definition.lessons \
                else f"it is in {LESSONS_DIR}/"
            return f"the {taken[0]} {taken[1]} is taken by the lesson {name} ({where})"
    return None


def package_folder(definition: CourseDefinition) -> Path:
    """Where the course's exercises package is, relative to its root."""
    if definition.exercises is None:
        raise NewLessonError(f"{COURSE_FILE.as_posix()} names no package for the exercises: add "
                             "`exercises = \"package\"`, where each lesson's module registers "
                             "its exercises and predictions")
    return Path(*definition.exercises.split("."))


def course_order(text: str, lesson: str) -> str:
    """course.toml's text with `lesson` in its `lessons`, before the first lesson of a greater
    number; its comments and layout kept."""
    document = tomlkit.parse(text)
    lessons = document["lessons"]
    assert isinstance(lessons, tomlkit.items.Array)  # read_definition checked it
    place = next((index for index, name in enumerate(lessons)
                  if isinstance(name, str) and name[:2].isdecimal() and name[:2] > lesson[:2]),
                 len(lessons))
    if place == 0 and lessons and "\n" not in lessons.as_string():
        # tomlkit puts no space after an item it inserts first in a one-line array: move the
        # first one on instead (such an array holds no comment to move with it)
        lessons.insert(1, lessons[0])
        lessons[0] = lesson
    else:
        lessons.insert(place, lesson)
    return tomlkit.dumps(document)


def planned(root: Path, name: str, title: str, today: datetime.date) -> dict[Path, str]:
    """Each file to write, relative to the course's root, and its text. Raises
    NewLessonError, and CourseError for a course.toml that cannot be read."""
    number, slug = split_name(name)
    if not title.strip():
        raise NewLessonError("the lesson's title is empty")
    title = " ".join(title.split())
    definition = read_definition(root)
    taken = in_use(definition, root, number, slug)
    if taken:
        raise NewLessonError(f"cannot start {number}-{slug}: {taken}")
    lesson = LESSONS_DIR / f"{number}-{slug}.ipynb"
    package = package_folder(definition)
    module = package / f"{skeleton.words(definition.language).module}{number}.py"
    files = {lesson: skeleton.notebook(definition, number, title, today)}
    if not (root / package / "__init__.py").exists():  # a course's first lesson, say
        files[package / "__init__.py"] = skeleton.package_init(definition)
    files[module] = skeleton.registrations(definition, number, title)
    for path in files:
        if (root / path).exists():
            raise NewLessonError(f"cannot start {number}-{slug}: {path.as_posix()} exists")
    files[COURSE_FILE] = course_order(definition.path.read_text(encoding="utf-8"), lesson.name)
    return files


def write_all(root: Path, files: dict[Path, str]) -> None:
    """Write every file, each first beside itself under a hidden name, then all in place; when
    one cannot be written, put back what was there and leave none of the new files or folders."""
    before = {path: (root / path).read_bytes() if (root / path).exists() else None
              for path in files}
    made = [folder for path in files for folder in reversed((root / path).parents)
            if not folder.exists()]
    staged = {path: (root / path).with_name(f".{path.name}.new") for path in files}
    try:
        for path, text in files.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            staged[path].write_text(text, encoding="utf-8")
        for path, temporary in staged.items():
            os.replace(temporary, root / path)
    except BaseException:
        for temporary in staged.values():
            temporary.unlink(missing_ok=True)
        for path, old in before.items():
            if old is None:
                (root / path).unlink(missing_ok=True)
            else:
                (root / path).write_bytes(old)
        for folder in reversed(dict.fromkeys(made)):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        raise
    finally:
        for temporary in staged.values():
            temporary.unlink(missing_ok=True)


def write_every(root: Path, files: dict[Path, str], refused: type[Exception]) -> list[Path]:
    """`write_all`, a file that cannot be written said as `refused`; the paths written."""
    try:
        write_all(root, files)
    except OSError as error:
        raise refused(f"nothing was written: {error.filename or root}: "
                      f"{error.strerror}") from None
    return list(files)


def new_lesson(root: Path, name: str, title: str,
               today: datetime.date | None = None) -> list[Path]:
    """Start the lesson `name` ("06-yeni-ders") titled `title` in the course under `root`;
    returns the files written, relative to `root`, course.toml last."""
    return write_every(root, planned(root, name, title, today or datetime.date.today()),
                       NewLessonError)
