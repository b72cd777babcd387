"""The gradebook: what grading found, kept in one SQLite file (`DIR/gradebook.sqlite`).

A submission is a row of `submissions`, its exercises and predictions rows of `items`; the view
`grades` joins them, a row an item, for an instructor at the `sqlite3` prompt. Files that were
not graded are rows of `unplaced`, and what the instructor should look at in a submission
rows of `flags`. Only the grader's main process writes. A submission's row
keeps what it was graded with (`course_sha256`, see grading/command.py), so that grading again
runs only what changed."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from grading.results import (EXERCISE, MADE, NOT_MADE, PREDICTION, RIGHT, UNANSWERED, WRONG,
                             ItemGrade, LessonGrade, Unplaced)

GRADEBOOK = "gradebook.sqlite"
APPLICATION_ID = 0x4B47_4231  # "KGB1" in the file's header: this file is a gradebook
SCHEMA_VERSION = 2  # PRAGMA user_version
# From the version a gradebook has to the next: version 1 knew nothing of what graded a row,
# so its rows match no grading and are graded again once.
FLAGS = """CREATE TABLE flags (
        student TEXT NOT NULL, lesson TEXT NOT NULL, position INTEGER NOT NULL,
        flag TEXT NOT NULL,
        PRIMARY KEY (student, lesson, position),
        FOREIGN KEY (student, lesson) REFERENCES submissions)"""
MIGRATIONS = {1: ("ALTER TABLE submissions ADD COLUMN course_sha256 TEXT NOT NULL DEFAULT ''",
                  FLAGS)}

SCHEMA = (
    """CREATE TABLE submissions (
        student TEXT NOT NULL, lesson TEXT NOT NULL, source TEXT NOT NULL,
        sha256 TEXT NOT NULL, graded_at TEXT NOT NULL, failure TEXT,
        course_sha256 TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (student, lesson))""",
    f"""CREATE TABLE items (
        student TEXT NOT NULL, lesson TEXT NOT NULL, position INTEGER NOT NULL,
        item TEXT NOT NULL, kind TEXT NOT NULL, verdict TEXT NOT NULL,
        feedback TEXT NOT NULL, answer TEXT NOT NULL,
        PRIMARY KEY (student, lesson, item),
        FOREIGN KEY (student, lesson) REFERENCES submissions,
        CHECK (kind = '{EXERCISE}' AND verdict IN ('{RIGHT}', '{WRONG}', '{UNANSWERED}')
               OR kind = '{PREDICTION}' AND verdict IN ('{MADE}', '{NOT_MADE}')))""",
    FLAGS,
    """CREATE TABLE unplaced (
        source TEXT PRIMARY KEY, student TEXT, reason TEXT NOT NULL, graded_at TEXT NOT NULL)""",
    """CREATE VIEW grades AS
        SELECT student, lesson, item, kind, verdict, feedback, source, sha256, graded_at, failure
        FROM items JOIN submissions USING (student, lesson)
        ORDER BY student, lesson, position""",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA_VERSION}",
)


class GradebookError(Exception):
    """A gradebook that cannot be opened, read or written, named by its file."""

    def __init__(self, path: Path, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}")


def utc_timestamp(now: datetime) -> str:
    """`now` as the gradebook stores it: '2026-05-04T09:30:00+00:00'."""
    if now.utcoffset() is None:
        raise ValueError("the grading time needs its time zone: datetime.now(UTC)")
    return now.astimezone(UTC).isoformat(timespec="seconds")


class Gradebook:
    """One gradebook file, opened (and made, when absent) until `close()` or the `with` block's
    end. Raises GradebookError for a file that is not a gradebook, or cannot be used."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise GradebookError(path, f"cannot be opened: {error}") from None
        try:
            self._check_or_create()
        except BaseException:
            self.connection.close()
            raise

    def __enter__(self) -> "Gradebook":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()

    @contextmanager
    def _sqlite_errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            if error.sqlite_errorname == "SQLITE_NOTADB":
                raise GradebookError(self.path, "is not a gradebook: the file is not an "
                                                "SQLite database") from None
            raise GradebookError(self.path, str(error)) from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """All of the block's changes, or none of them."""
        with self._sqlite_errors():
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self.connection
            except BaseException:
                if self.connection.in_transaction:  # SQLite ends some failed ones itself
                    self.connection.execute("ROLLBACK")
                raise
            self.connection.execute("COMMIT")

    def _rows(self, query: str, *parameters: object) -> list[tuple]:
        with self._sqlite_errors():
            return self.connection.execute(query, parameters).fetchall()

    def _check_or_create(self) -> None:
        self._rows("PRAGMA foreign_keys = ON")
        [(application_id,)] = self._rows("PRAGMA application_id")
        if application_id == 0 and not self._rows("SELECT name FROM sqlite_schema"):
            with self._transaction() as sql:
                for statement in SCHEMA:
                    sql.execute(statement)
        elif application_id != APPLICATION_ID:
            raise GradebookError(self.path, "is not a gradebook: an SQLite database of "
                                            "something else")
        [(version,)] = self._rows("PRAGMA user_version")
        while version in MIGRATIONS:
            with self._transaction() as sql:
                for statement in MIGRATIONS[version]:
                    sql.execute(statement)
                sql.execute(f"PRAGMA user_version = {version + 1}")
            [(version,)] = self._rows("PRAGMA user_version")
        if version != SCHEMA_VERSION:
            raise GradebookError(self.path, f"is a gradebook of schema version {version}; "
                                            f"this grader reads version {SCHEMA_VERSION}")

    def record(self, grade: LessonGrade, now: datetime, course: str = "") -> None:
        """Put `grade` in the place of all the gradebook held for its student's lesson, at
        once, with the fingerprint of what graded it (`course`); its file, if it was listed as
        unplaced, is no longer."""
        key = (grade.student, grade.lesson)
        with self._transaction() as sql:
            sql.execute("DELETE FROM flags WHERE student = ? AND lesson = ?", key)
            sql.execute("DELETE FROM items WHERE student = ? AND lesson = ?", key)
            sql.execute("DELETE FROM submissions WHERE student = ? AND lesson = ?", key)
            sql.execute("INSERT INTO submissions VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (*key, grade.source, grade.sha256, utc_timestamp(now), grade.failure,
                         course))
            sql.executemany("INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            [(*key, position, item.item, item.kind, item.verdict,
                              item.feedback, item.answer)
                             for position, item in enumerate(grade.items)])
            sql.executemany("INSERT INTO flags VALUES (?, ?, ?, ?)",
                            [(*key, position, flag) for position, flag in enumerate(grade.flags)])
            sql.execute("DELETE FROM unplaced WHERE source = ?", (grade.source,))

    def graded_already(self, student: str, lesson: str, sha256: str, course: str) -> bool:
        """Whether `student`'s `lesson` is recorded as graded from the same bytes (`sha256`)
        with the same course and grader (`course`, not empty)."""
        return bool(course) and bool(self._rows(
            "SELECT 1 FROM submissions WHERE student = ? AND lesson = ? AND sha256 = ? "
            "AND course_sha256 = ?", student, lesson, sha256, course))

    def record_unplaced(self, unplaced: Unplaced, now: datetime) -> None:
        """List a file that was not graded, in the place of what was listed for it before."""
        with self._transaction() as sql:
            sql.execute("INSERT OR REPLACE INTO unplaced VALUES (?, ?, ?, ?)",
                        (unplaced.source, unplaced.student, unplaced.reason,
                         utc_timestamp(now)))

    def students(self) -> list[str]:
        """Every student with a graded submission, sorted."""
        return [student for (student,) in
                self._rows("SELECT DISTINCT student FROM submissions ORDER BY student")]

    def lessons_of(self, student: str) -> list[str]:
        """The lessons `student` submitted, sorted by name."""
        return [lesson for (lesson,) in self._rows(
            "SELECT lesson FROM submissions WHERE student = ? ORDER BY lesson", student)]

    def grades_of(self, student: str) -> list[LessonGrade]:
        """`student`'s submissions as they were recorded, sorted by lesson."""
        items: dict[str, list[ItemGrade]] = {}
        for lesson, *fields in self._rows(
                "SELECT lesson, item, kind, verdict, feedback, answer FROM items "
                "WHERE student = ? ORDER BY lesson, position", student):
            items.setdefault(lesson, []).append(ItemGrade(*fields))
        flags: dict[str, list[str]] = {}
        for lesson, flag in self._rows("SELECT lesson, flag FROM flags WHERE student = ? "
                                       "ORDER BY lesson, position", student):
            flags.setdefault(lesson, []).append(flag)
        return [LessonGrade(student, lesson, source, sha256, tuple(items.get(lesson, ())),
                            failure, tuple(flags.get(lesson, ())))
                for lesson, source, sha256, failure in self._rows(
                    "SELECT lesson, source, sha256, failure FROM submissions "
                    "WHERE student = ? ORDER BY lesson", student)]

    def class_grades(self) -> dict[str, list[LessonGrade]]:
        """Every student's `grades_of`, by student, sorted."""
        return {student: self.grades_of(student) for student in self.students()}

    def unplaced(self) -> list[Unplaced]:
        """The files that were not graded, sorted by source."""
        return [Unplaced(*row) for row in
                self._rows("SELECT source, student, reason FROM unplaced ORDER BY source")]
