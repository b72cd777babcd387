"""The class's grades as a CSV file an LMS imports (`DIR/gradebook.csv`): a row a student, a
column an exercise in the course's order, then how many predictions the student made."""

import csv
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from grading.results import MADE, RIGHT, LessonGrade

CSV = "gradebook.csv"
PREDICTIONS_MADE = "predictions_made"


@dataclass(frozen=True)
class LessonOutline:
    """A lesson as the course lists it: its notebook name without .ipynb, its title, and the
    ids of its exercises and predictions in the course's order."""

    lesson: str
    title: str
    exercises: tuple[str, ...] = ()
    predictions: tuple[str, ...] = ()


def csv_rows(grades: Mapping[str, Sequence[LessonGrade]],
             outline: Sequence[LessonOutline]) -> list[list[str]]:
    """The header, then a row a student: 1 for an exercise right, 0 for one wrong or
    unanswered, nothing for an exercise of a lesson the student did not submit."""
    rows = [["student", *(item for lesson in outline for item in lesson.exercises),
             PREDICTIONS_MADE]]
    for student, submitted in grades.items():
        by_lesson = {grade.lesson: grade for grade in submitted}
        row, made = [student], 0
        for lesson in outline:
            if lesson.lesson not in by_lesson:
                row += [""] * len(lesson.exercises)
                continue
            items = by_lesson[lesson.lesson].items
            verdicts = {item.item: item.verdict for item in items}
            row += ["1" if verdicts.get(item) == RIGHT else "0" for item in lesson.exercises]
            made += sum(item.verdict == MADE for item in items)
        rows.append([*row, str(made)])
    return rows


def write_atomically(path: Path, text: str) -> None:
    """Put a file holding `text` (UTF-8) at `path` at once: a reader sees the old file or the
    new one, never a part. Raises OSError, leaving no temporary file behind."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(text.encode())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_csv(path: Path, grades: Mapping[str, Sequence[LessonGrade]],
              outline: Sequence[LessonOutline]) -> None:
    """Write `csv_rows` to `path` (plain UTF-8, the csv module's quoting), at once."""
    text = io.StringIO()
    csv.writer(text).writerows(csv_rows(grades, outline))
    write_atomically(path, text.getvalue())
