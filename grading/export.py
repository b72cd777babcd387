"""The class's grades as a CSV file an LMS imports and a spreadsheet opens (`DIR/gradebook.csv`):
a row a student, in the course language's alphabetical order, a column an exercise in the
course's order, then how many exercises are right, their percentage of all the columns'
exercises, how many predictions the student made, and what the instructor should look at."""

import csv
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from checks.folding import sort_key
from grading.results import MADE, RIGHT, LessonGrade, Unplaced

CSV = "gradebook.csv"
EXERCISES_RIGHT = "exercises_right"
PERCENT = "percent"  # of the exercises the columns list: the course's, or an assignment's
PREDICTIONS_MADE = "predictions_made"
FLAGS = "flags"  # what the instructor should look at, "where: what", joined by FLAG_SEPARATOR
FLAG_SEPARATOR = " | "
# Excel reads a CSV as the system's code page unless it opens with UTF-8's byte order mark
BYTE_ORDER_MARK = "\ufeff"


@dataclass(frozen=True)
class LessonOutline:
    """A lesson as the course lists it: its notebook name without .ipynb, its title, and the
    ids of its exercises and predictions in the course's order."""

    lesson: str
    title: str
    exercises: tuple[str, ...] = ()
    predictions: tuple[str, ...] = ()


def _flags(grades: Sequence[LessonGrade], outline: Sequence[LessonOutline],
           unplaced: Sequence[Unplaced]) -> str:
    """A student's flags, failures and files not graded, each after where it is."""
    listed = {lesson.lesson for lesson in outline}
    found = [f"{grade.lesson}: {said}" for grade in grades if grade.lesson in listed
             for said in (*grade.flags, *([grade.failure] if grade.failure else []))]
    return FLAG_SEPARATOR.join([*found, *(f"{file.source}: {file.reason}" for file in unplaced)])


def csv_rows(grades: Mapping[str, Sequence[LessonGrade]],
             outline: Sequence[LessonOutline], language: str,
             unplaced: Sequence[Unplaced] = ()) -> list[list[str]]:
    """The header, then a row a student, in `language`'s alphabetical order: 1 for an exercise
    right, 0 for one wrong or unanswered, nothing for an exercise of a lesson the student did
    not submit; then the exercises right, their percentage of all the exercises listed (one
    decimal; a lesson not submitted counts its exercises as not right), the predictions made,
    and the student's flags, failures and files not graded (`unplaced`)."""
    exercises = [item for lesson in outline for item in lesson.exercises]
    rows = [["student", *exercises, EXERCISES_RIGHT, PERCENT, PREDICTIONS_MADE, FLAGS]]
    for student in sorted(grades, key=lambda student: (sort_key(student, language), student)):
        by_lesson = {grade.lesson: grade for grade in grades[student]}
        row, made = [student], 0
        for lesson in outline:
            if lesson.lesson not in by_lesson:
                row += [""] * len(lesson.exercises)
                continue
            items = by_lesson[lesson.lesson].items
            verdicts = {item.item: item.verdict for item in items}
            row += ["1" if verdicts.get(item) == RIGHT else "0" for item in lesson.exercises]
            made += sum(item.verdict == MADE for item in items)
        right = row[1:].count("1")
        percent = f"{100 * right / len(exercises):.1f}" if exercises else ""
        rows.append([*row, str(right), percent, str(made), _flags(
            grades[student], outline, [file for file in unplaced if file.student == student])])
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
              outline: Sequence[LessonOutline], language: str,
              unplaced: Sequence[Unplaced] = ()) -> None:
    """Write `csv_rows` to `path` (UTF-8 with its byte order mark, the csv module's quoting),
    at once."""
    text = io.StringIO()
    csv.writer(text).writerows(csv_rows(grades, outline, language, unplaced))
    write_atomically(path, BYTE_ORDER_MARK + text.getvalue())
