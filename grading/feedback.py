"""What grading found, as HTML: a self-contained page per student (`DIR/feedback/<student>.html`)
in the course's language, and an index of the class for the instructor. Every page is made
before any is written, and each is written at once."""

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import jinja2
from markupsafe import Markup

from grading.export import LessonOutline, write_atomically
from grading.results import (EXERCISE, MADE, NOT_MADE, PREDICTION, RIGHT, UNANSWERED, WRONG,
                             ItemGrade, LessonGrade, Unplaced)
from grading.words import WORDS, words_language

FEEDBACK = "feedback"  # the pages' folder, under DIR
INDEX = "index.html"
TEMPLATES = Path(__file__).parent / "templates"
KEPT = "-_.@"  # what a page's file name keeps of a student's id, besides letters and digits
NAME_BYTES = 255  # the longest file name most file systems take
VERDICT_WORDS = {RIGHT: "right", WRONG: "wrong", UNANSWERED: "unanswered", MADE: "made",
                 NOT_MADE: "not_made"}


class FeedbackError(Exception):
    """The class's pages cannot be made; none was written."""


def _percent(character: str) -> str:
    return "".join(f"%{byte:02X}" for byte in character.encode())


def page_name(student: str) -> str:
    """The file name of `student`'s page, spelled as the id is: a space as `_`, each other
    character but a letter, a digit or one of `-_.@` percent-encoded, and the first one too
    where it would make a hidden file or the index: 'Çağla Öztürk' → 'Çağla_Öztürk.html',
    'a/b' → 'a%2Fb.html', '..' → '%2E..html'."""
    if not student:
        raise FeedbackError("a student's id is empty: it cannot name a page")
    name = "".join("_" if character == " " else character
                   if character.isalnum() or character in KEPT
                   else _percent(character) for character in student)
    if name.startswith(".") or name.casefold() == Path(INDEX).stem:
        name = _percent(name[0]) + name[1:]
    if len(f"{name}.html".encode()) > NAME_BYTES:
        raise FeedbackError(f"the student id {student!r} is too long to name a page")
    return f"{name}.html"


def page_names(students: Sequence[str]) -> dict[str, str]:
    """Each student's page name; two ids whose pages would be one file are refused: on any
    file system ('a b' and 'a_b'), or on a case-insensitive one (macOS's, Windows')."""
    names = {student: page_name(student) for student in students}
    seen: dict[str, str] = {}
    for student, name in names.items():
        folded = unicodedata.normalize("NFC", name).casefold()
        if folded in seen:
            raise FeedbackError(f"the students {seen[folded]!r} and {student!r} would have "
                                f"one page, {name!r}, on some file systems: rename one of "
                                "them")
        seen[folded] = student
    return names


@dataclass(frozen=True)
class LessonReport:
    """A submitted lesson as a page shows it: every exercise and prediction the course lists,
    in its order, those the submission did not have as unanswered or not made."""

    grade: LessonGrade
    title: str
    exercises: list[ItemGrade]
    predictions: list[ItemGrade]

    @property
    def right(self) -> int:
        return sum(item.verdict == RIGHT for item in self.exercises)

    @property
    def made(self) -> int:
        return sum(item.verdict == MADE for item in self.predictions)


def lesson_report(grade: LessonGrade, outline: LessonOutline) -> LessonReport:
    found = {item.item: item for item in grade.items}
    return LessonReport(
        grade, outline.title,
        [found.get(item, ItemGrade(item, EXERCISE, UNANSWERED)) for item in outline.exercises],
        [found.get(item, ItemGrade(item, PREDICTION, NOT_MADE)) for item in outline.predictions])


@dataclass(frozen=True)
class StudentReport:
    """A student's submitted lessons, in the course's order, and the name of their page."""

    student: str
    page: str
    lessons: list[LessonReport]

    @property
    def right(self) -> int:
        return sum(lesson.right for lesson in self.lessons)

    @property
    def made(self) -> int:
        return sum(lesson.made for lesson in self.lessons)

    @property
    def failures(self) -> int:
        return sum(lesson.grade.failure is not None for lesson in self.lessons)

    @property
    def flags(self) -> int:
        return sum(len(lesson.grade.flags) for lesson in self.lessons)


def student_reports(grades: Mapping[str, Sequence[LessonGrade]],
                    outline: Sequence[LessonOutline]) -> list[StudentReport]:
    """Each student's report, of the lessons the outline lists."""
    names = page_names(list(grades))
    reports = []
    for student, submitted in grades.items():
        by_lesson = {grade.lesson: grade for grade in submitted}
        reports.append(StudentReport(student, names[student], [
            lesson_report(by_lesson[lesson.lesson], lesson)
            for lesson in outline if lesson.lesson in by_lesson]))
    return reports


def feedback_pages(grades: Mapping[str, Sequence[LessonGrade]],
                   outline: Sequence[LessonOutline], language: str,
                   unplaced: Sequence[Unplaced] = (),
                   with_answers: bool = False) -> dict[str, str]:
    """Every page by its file name: each student's, then the index, which also lists the
    files that were not graded. Answers are shown only `with_answers`."""
    spoken = words_language(language)
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    template = environment.get_template("feedback.html")
    words = WORDS[spoken]
    context = {
        "language": spoken, "w": words, "with_answers": with_answers,
        # the lessons' titles are in the course's language, which the words may not be
        "title_lang": Markup(' lang="{}"').format(language) if spoken != language else "",
        "verdicts": {verdict: words[key] for verdict, key in VERDICT_WORDS.items()},
        "course": {"lessons": len(outline),
                   "exercises": sum(len(lesson.exercises) for lesson in outline),
                   "predictions": sum(len(lesson.predictions) for lesson in outline)}}
    reports = student_reports(grades, outline)
    pages = {report.page: template.render(context, report=report) for report in reports}
    pages[INDEX] = template.render(context, students=reports, unplaced=unplaced)
    return pages


def write_feedback(folder: Path, grades: Mapping[str, Sequence[LessonGrade]],
                   outline: Sequence[LessonOutline], language: str,
                   unplaced: Sequence[Unplaced] = (), with_answers: bool = False) -> list[Path]:
    """Write `feedback_pages` into `folder` (made if absent); the files written. Raises
    FeedbackError before writing anything, or OSError."""
    pages = feedback_pages(grades, outline, language, unplaced, with_answers)
    folder.mkdir(parents=True, exist_ok=True)
    for name, html in pages.items():
        write_atomically(folder / name, html)
    return [folder / name for name in pages]
