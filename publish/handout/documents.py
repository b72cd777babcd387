"""The Typst documents the handouts are typeset from, each the template followed by its markup:
a lesson's, the course book (every lesson, a table of contents, the results of all at the end)
and the instructor's answer key."""

from collections.abc import Sequence
from dataclasses import dataclass

from checks.course import Lesson
from checks.markers import INSTRUCTOR, tags
from publish.handout.lesson import LessonHandout, lesson_label
from publish.handout.markup import Style, code, markdown, text, typst_string
from publish.verdict import PlanItems


@dataclass(frozen=True)
class Setting:
    """What every document of a course is set with."""

    template: str  # the template's Typst
    course: str  # the course's title
    description: str
    language: str  # the lessons' language, for hyphenation and quotes
    words: dict[str, str]


def preamble(setting: Setting, title: str) -> str:
    """The template, then the rule that sets the document with it."""
    language = setting.language.split("-")[0].lower()
    return (f"{setting.template}\n#show: handout.with(course: {typst_string(setting.course)}, "
            f"title: {typst_string(title)}, lang: {typst_string(language)})\n\n")


def _results(handout: LessonHandout, words: dict[str, str], level: int) -> str:
    said = []
    for result in handout.results:
        said.append(f"#result-title([{text(words['results'])} {result.number}. {result.title}], "
                    f"level: {level}) <{result.label}>\n\n")
        if result.prediction is not None:
            mark = text(words["result_of"].format(number=result.prediction))
            said.append(f"#note[{mark}]\n\n")
        said.append(result.content)
    return "".join(said)


def _results_part(setting: Setting, level: int) -> str:
    words = setting.words
    return (f"#results-part([{text(words['results'])}], [{text(words['results_note'])}], "
            f"level: {level})\n\n")


def lesson_document(setting: Setting, handout: LessonHandout, title: str) -> str:
    """A lesson's handout: the lesson, its terms, then its results on pages of their own."""
    results = (_results_part(setting, 1) + _results(handout, setting.words, 2)
               if handout.results else "")
    return (preamble(setting, title) + handout.opening + handout.body + handout.terms
            + results)


def book_document(setting: Setting, handouts: Sequence[LessonHandout],
                  titles: Sequence[str]) -> str:
    """The course book: a title page and a table of contents, every lesson a chapter, and the
    results of every lesson at the end, a section a lesson."""
    words = setting.words
    chapters = "".join(f"#pagebreak(weak: true)\n{handout.opening}{handout.body}{handout.terms}"
                       for handout in handouts)
    results = "".join(
        f"#heading(level: 2)[{text(title)}]\n\n{_results(handout, words, 3)}"
        for handout, title in zip(handouts, titles, strict=True) if handout.results)
    return (preamble(setting, setting.course)
            + f"#book-title([{text(setting.course)}], [{text(setting.description)}], "
              f"[{text(words['book_contents'])}])\n\n"
            + chapters + (_results_part(setting, 1) + results if results else ""))


def _predictions(items: PlanItems, words: dict[str, str]) -> str:
    said = [f"#heading(level: 3)[{text(words['predictions'])}]\n\n"] if items.predictions else []
    for key in items.predictions:
        wrong = ", ".join(
            f"[{text(words['answer_key_' + choice]) if key.whole_number else code(choice)}], "
            f"[{text(assumption or '')}]" for choice, assumption in key.wrong)
        said.append(
            f"#block(breakable: false)[#strong[{code(key.id)}]\n\n#par[{text(key.question)}]\n\n"
            f"#par[#strong[{text(words['answer_key_right'])}:] {code(str(key.right))}]\n\n"
            f"#table(columns: 2, table.header([*{text(words['answer_key_wrong'])}*], "
            f"[*{text(words['answer_key_assumption'])}*]), {wrong})]\n\n")
    return "".join(said)


def _exercises(items: PlanItems, words: dict[str, str], language: str) -> str:
    said = [f"#heading(level: 3)[{text(words['exercises'])}]\n\n"] if items.exercises else []
    for key in items.exercises:
        kind = words.get(f"kind_{key.kind}", key.kind)
        said.append(
            f"#strong[{code(key.id)}] #text(size: 9pt)[{text(kind)}]\n\n"
            f"#par[{text(key.question)}]\n\n"
            f"#strong[{text(words['answer_key_answer'])}:]\n\n"
            f"#code-cell({typst_string(key.answer)}, lang: {typst_string(language)})\n\n"
            f"#par[#strong[{text(words['answer_key_why'])}:] {text(key.why)}]\n\n")
    return "".join(said)


def _notes(lesson: Lesson, words: dict[str, str]) -> str:
    """The instructor's notes of a lesson, in its order."""
    notes = [markdown(cell.source, Style(levels=2, outlined=False))
             for cell in lesson.notebook.cells
             if cell.cell_type == "markdown" and INSTRUCTOR in tags(cell)]
    return (f"#heading(level: 3)[{text(words['instructor_notes'])}]\n\n" + "".join(notes)
            if notes else "")


def answer_key_document(setting: Setting, lessons: Sequence[Lesson],
                        items: Sequence[PlanItems], language: str) -> str:
    """The instructor's answer key: each lesson's timing, instructor notes, the right choice
    of each prediction with the assumption each wrong one reveals, and each exercise's answer
    and why. `language`: the lessons' code's, for highlighting."""
    words = setting.words
    title = f"{setting.course}: {words['answer_key']}"
    said = [preamble(setting, title),
            f"#heading(level: 1, outlined: false)[{text(title)}]\n\n"
            f"#par[#emph[{text(words['answer_key_lesson'])} {text(words['answer_key_note'])}]]"
            "\n\n"]
    for lesson, plan in zip(lessons, items, strict=True):
        timing = lesson.front_matter.get("timing", {})
        spent = ", ".join(words[f"timing_{part}"].format(n=timing[part])
                          for part in ("teaching", "exercises") if part in timing)
        said.append(f"#pagebreak(weak: true)\n#heading(level: 2)"
                    f"[{text(lesson.front_matter['title'])}] <{lesson_label(lesson.path.name)}>"
                    f"\n\n#par[{text(words['timing'])}: {text(spent)}]\n\n"
                    + _notes(lesson, words) + _predictions(plan, words)
                    + _exercises(plan, words, language))
    return "".join(said)
