"""The submitted files and whose they are: SUBMISSIONS holds a folder per student (its name is
the student's id) or files named `STUDENT__anything.ipynb`. Each notebook's lesson is the one
whose title its front matter gives; a file that cannot be placed says why. Two notebooks of one
student for one lesson are both left ungraded, each naming the other: the grader does not guess
which one the student meant."""

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from checks.course import Lesson, read_lesson
from checks.definition import CourseError
from grading.results import Unplaced

STUDENT_SEPARATOR = "__"  # in a file's name: the student's id, then anything
NOTEBOOK = ".ipynb"


@dataclass(frozen=True)
class Submission:
    """One student's notebook of one lesson, as submitted."""

    student: str
    source: str  # the file, relative to SUBMISSIONS
    data: bytes
    lesson: Lesson  # the course's own lesson it is for
    submitted: Lesson  # the student's notebook, read

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def _hidden(path: Path, top: Path) -> bool:
    """A file JupyterLab or the system keeps (`.ipynb_checkpoints/`, `.DS_Store`)."""
    return any(part.startswith(".") for part in path.relative_to(top).parts)


def _notebook(path: Path, data: bytes) -> Lesson:
    """The submitted bytes read as a lesson is: a valid notebook with front matter."""
    text = data.decode("utf-8")
    return read_lesson(path, lambda _: text)


def unreadable_because(error: CourseError | UnicodeDecodeError) -> str:
    """The words' key for why a submitted notebook could not be read."""
    if isinstance(error, UnicodeDecodeError):
        return "unreadable_not-utf8"
    if error.rule in ("not-json", "front-matter"):
        return f"unreadable_{error.rule}"
    return "unreadable_notebook"


def submitted_files(folder: Path) -> Iterator[tuple[str | None, Path]]:
    """(student or None, file) for every file under `folder`, in name order."""
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or _hidden(path, folder):
            continue
        inside = path.relative_to(folder)
        if len(inside.parts) > 1:
            yield inside.parts[0], path
        else:
            student, separator, _ = path.name.partition(STUDENT_SEPARATOR)
            yield (student if separator and student else None), path


def place(folder: Path, lessons: dict[str, Lesson], words: dict[str, str]
          ) -> tuple[list[Submission], list[Unplaced]]:
    """Every submitted file, placed with its student and lesson (`lessons` by title), or said
    why not in the course's `words`."""
    placed, unplaced = [], []
    for student, path in submitted_files(folder):
        source = path.relative_to(folder).as_posix()
        if student is None:
            unplaced.append(Unplaced(source, None, words["no_student"].format(
                separator=STUDENT_SEPARATOR)))
            continue
        if path.suffix != NOTEBOOK:
            unplaced.append(Unplaced(source, student, words["not_a_notebook"]))
            continue
        data = path.read_bytes()
        try:
            submitted = _notebook(path, data)
        except (CourseError, UnicodeDecodeError) as error:
            unplaced.append(Unplaced(source, student, words["unreadable"].format(
                problem=words[unreadable_because(error)])))
            continue
        title = submitted.front_matter.get("title")
        lesson = lessons.get(title) if isinstance(title, str) else None
        if lesson is None:
            unplaced.append(Unplaced(source, student, words["unknown_lesson"].format(
                title=title)))
            continue
        placed.append(Submission(student, source, data, lesson, submitted))
    return _without_duplicates(placed, unplaced, words)


def _without_duplicates(placed: list[Submission], unplaced: list[Unplaced],
                        words: dict[str, str]) -> tuple[list[Submission], list[Unplaced]]:
    """The submissions alone of their student and lesson; the others, unplaced."""
    sources: dict[tuple[str, Path], list[str]] = {}
    for submission in placed:
        sources.setdefault((submission.student, submission.lesson.path), []).append(
            submission.source)
    alone = [s for s in placed if len(sources[s.student, s.lesson.path]) == 1]
    doubled = [Unplaced(s.source, s.student, words["duplicate"].format(others=", ".join(
        other for other in sources[s.student, s.lesson.path] if other != s.source)))
        for s in placed if len(sources[s.student, s.lesson.path]) > 1]
    return alone, unplaced + doubled
