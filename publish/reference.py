"""The course's reference pages, as data for their templates: the glossary, every lesson's key
points, and each lesson's plan for the instructor, with its answer key."""

from dataclasses import dataclass

from markupsafe import Markup

from checks.course import Lesson
from checks.folding import fold
from checks.glossary import Entry, in_glossary_order
from checks.markers import INSTRUCTOR, tags
from publish.pages import LessonInfo, Link
from publish.prose import Outline, render_inline, render_markdown
from publish.verdict import ExerciseKey, PlanItems, PredictionKey


@dataclass(frozen=True)
class GlossaryEntry:
    anchor: str
    term: Markup
    original: tuple[Markup, ...]
    definition: Markup
    lessons: tuple[Link, ...]  # the lesson that introduces it first, then those that use it


@dataclass(frozen=True)
class KeyPoints:
    lesson: Link
    html: Markup


@dataclass(frozen=True)
class LessonPlan:
    lesson: LessonInfo
    instructor_page: str
    timing: dict[str, int]
    exercises: tuple[tuple[str, str], ...]  # (id, kind)
    predictions: tuple[tuple[str, str], ...]  # (id, question)
    # the answer key, on the lesson's instructor page only: each exercise with its answer
    # highlighted, each prediction
    exercise_keys: tuple[tuple[ExerciseKey, Markup], ...]
    prediction_keys: tuple[PredictionKey, ...]


def _prose(lesson: Lesson) -> str:
    """What a learner reads of the lesson: its markdown, less the instructor's notes."""
    return fold(" ".join(cell.source for cell in lesson.notebook.cells
                         if cell.cell_type == "markdown" and INSTRUCTOR not in tags(cell)))


def term_users(entries: list[Entry], lessons: list[Lesson]) -> dict[str, list[str]]:
    """For each term (by id), the lesson that introduces it, then the others whose prose uses
    it: what the glossary page links each term to."""
    prose = {lesson.path.name: _prose(lesson) for lesson in lessons}
    return {entry.anchor: [entry.lesson, *(name for name in prose if name != entry.lesson
                                           and fold(entry.term.strip("`")) in prose[name])]
            for entry in entries}


def glossary_entries(entries: list[Entry], users: dict[str, list[str]],
                     pages: dict[str, LessonInfo], language: str) -> list[GlossaryEntry]:
    """The entries in the order of the course's `language`, each with links to the lessons
    `users` gives it."""
    return [GlossaryEntry(entry.anchor, render_inline(entry.term),
                          tuple(render_inline(name) for name in entry.original),
                          render_inline(entry.definition),
                          tuple(Link(pages[name].page, pages[name].title)
                                for name in users[entry.anchor] if name in pages))
            for entry in in_glossary_order(entries, language)]


def summary_source(lesson: Lesson, title: str) -> str:
    """The markdown of the lesson's summary section, titled `title`, without its heading ("" when
    it has none: the linter requires the section, and a page never shows a made-up one)."""
    cells = [lesson.notebook.cells[at] for at in lesson.section_cells(title)]
    source = "\n\n".join(cell.source for cell in cells if cell.cell_type == "markdown"
                          and INSTRUCTOR not in tags(cell))
    return source.split("\n", 1)[1] if source.lstrip().startswith("## ") else source


def key_points(source: str, info: LessonInfo) -> KeyPoints:
    return KeyPoints(Link(info.page, info.title), render_markdown(source, Outline()))


def lesson_plan(lesson: Lesson, info: LessonInfo, instructor_page: str,
                items: PlanItems) -> LessonPlan:
    """What the instructor's pages list for a lesson: timing, exercises and their kinds, the
    predictions a student makes, and their answer key (`items`, from `publish.plan_items`)."""
    return LessonPlan(info, instructor_page, dict(lesson.front_matter.get("timing", {})),
                      tuple((key.id, key.kind) for key in items.exercises),
                      tuple((key.id, key.question) for key in items.predictions),
                      tuple((key, Markup(key.answer_html)) for key in items.exercises),
                      items.predictions)
