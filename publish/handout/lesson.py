"""A lesson set for paper, from the cells the learner's page shows (`publish.cells`: the same
choice of cells, and the same measurements that wait for a prediction). Each prediction is asked
with room to write the answer; what it waits for, the measurement's outputs and the discussion
of them, goes to the results at the end, and the lesson says on which page."""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from babel.dates import format_date
from markdown_it.token import Token

from checks.calls import exercise_ids
from checks.course import Lesson
from checks.glossary import MARK_TARGET, Entry
from checks.markers import (
    DISCUSSION,
    EXERCISE,
    INSTRUCTOR,
    REMOVE_INPUT,
    REMOVE_OUTPUT,
    ToolNames,
    tags,
)
from checks.notebook_nodes import NotebookNode
from checks.sections import opening_heading, parse
from publish.cells import ShownCell, awaiting_prediction, drop_title_heading, shown_cells
from publish.handout.markup import (
    LinkTarget,
    Style,
    external_only,
    inline,
    markdown,
    text,
    typst_string,
)
from publish.handout.outputs import outputs_markup, question
from publish.handout.words import said
from publish.highlight import notebook_language
from publish.prose import LESSON_NOTEBOOK

RESULT_LEVELS = 2  # a discussion's own headings, in the results, stand this much deeper


def learner_cells(lesson: Lesson) -> list[ShownCell]:
    """The cells the learner's page shows, in order, without the title's heading, which the
    handout sets itself."""
    return [(cell, tokens) for cell, tokens in
            drop_title_heading(shown_cells(lesson), lesson.front_matter["title"])
            if INSTRUCTOR not in tags(cell)]


def lesson_label(name: str) -> str:
    """The label of a lesson's title: where the course book links a lesson's name to."""
    return f"lesson-{name.removesuffix('.ipynb')}"


def term_label(lesson: str, entry: Entry) -> str:
    return f"term-{lesson.removesuffix('.ipynb')}-{entry.anchor}"


def link_targets(lesson: str, terms: Sequence[Entry], lessons: Sequence[str]) -> LinkTarget:
    """Where the lesson's links go: a marked term to its entry among the lesson's terms, a
    lesson's notebook to that lesson, where the document has it (`lessons`), an address to
    itself; anything else nowhere."""
    labels = {term_label(lesson, entry) for entry in terms}

    def target(href: str) -> str | None:
        if href.startswith(MARK_TARGET):
            label = f"term-{lesson.removesuffix('.ipynb')}-{href.removeprefix(MARK_TARGET)}"
            return f"<{label}>" if label in labels else None
        named = LESSON_NOTEBOOK.fullmatch(href)
        if named:
            name = f"{named['name']}.ipynb"
            return f"<{lesson_label(name)}>" if name in lessons else None
        return external_only(href)

    return target


@dataclass(frozen=True)
class Result:
    """What a prediction waited for: the measurement's outputs and the discussion of them."""

    label: str
    number: int
    title: str  # markup: the section it belongs to
    prediction: int | None  # the number of the prediction asked last before it
    content: str


@dataclass(frozen=True)
class LessonHandout:
    name: str  # the lesson's file
    opening: str  # its title, dates, licence and objectives
    body: str
    terms: str
    results: tuple[Result, ...]


def day(value: object) -> datetime.date:
    """The front matter's `updated` (linted: an ISO date, as text or as YAML read it)."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value)[:10])


def opening(lesson: Lesson, words: dict[str, str], language: str) -> str:
    front = lesson.front_matter
    meta = (f"{words['updated']}: {format_date(day(front['updated']), 'long', locale=language)}"
            f" · {words['license']}: {front['license']}")
    source = f" · {words['source']} {front['source']}" if front.get("source") else ""
    objectives = ", ".join(f"[{text(str(objective))}]" for objective in front["objectives"])
    return (f"#lesson-title([{text(front['title'])}], [{text(meta + source)}], "
            f"[{text(words['objectives'])}], ({objectives},), "
            f"label: <{lesson_label(lesson.path.name)}>)\n\n")


def terms_markup(lesson: str, entries: Sequence[Entry], words: dict[str, str],
                 style: Style) -> str:
    """The glossary's terms the lesson introduces, each with its label."""
    if not entries:
        return ""
    rows = []
    for entry in entries:
        original = ", ".join(f"[{inline_markdown(name, style)}]" for name in entry.original)
        rows.append(f"#term([{inline_markdown(entry.term, style)}], "
                    f"[{text(words['original'])}], ({original},), "
                    f"[{inline_markdown(entry.definition, style)}]) <{term_label(lesson, entry)}>")
    heading = f"#heading(level: 2)[{text(words['terms'])}]\n\n"
    return heading + "\n".join(rows) + "\n\n"


def inline_markdown(source: str, style: Style) -> str:
    """One line of markdown (a term, a name in code marks) as inline markup."""
    tokens = parse(source)
    return "".join(inline(token.children or [], style) for token in tokens
                   if token.type == "inline")


def section_title(tokens: Sequence[Token], style: Style) -> str | None:
    """The markup of the last `##` heading among a cell's tokens, if it has one."""
    found = [inline(tokens[at + 1].children or [], style) for at, token in enumerate(tokens)
             if token.type == "heading_open" and token.tag == "h2"]
    return found[-1] if found else None


@dataclass
class _Setting:
    """What one lesson's handout is being made with, and what it has made so far."""

    name: str
    words: dict[str, str]
    style: Style
    tools: ToolNames
    language: str  # the code's, for highlighting
    body: list[str] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    waiting: list[str] | None = None  # the open result's content
    section: str = ""
    predictions: int = 0
    asked: int | None = None  # the prediction the open result is for

    @property
    def results_style(self) -> Style:
        return Style(self.style.link, self.style.levels + RESULT_LEVELS, outlined=False)

    def wait(self, markup: str) -> None:
        """Move `markup` to the results, into the one open or a new one."""
        if self.waiting is None:
            self.waiting, self.asked = [], self.predictions or None
        self.waiting.append(markup)

    def close(self) -> None:
        """Close the open result, if any, and say in the lesson where it is."""
        if self.waiting is None:
            return
        number = len(self.results) + 1
        label = f"result-{self.name.removesuffix('.ipynb')}-{number}"
        self.results.append(Result(label, number, self.section, self.asked,
                                   "".join(self.waiting)))
        where = said(self.words["result_at"], results=text(self.words["results"]),
                     number=str(number), page=f"#context counter(page).at(<{label}>).first()")
        self.body.append(f"#pointer(link(<{label}>)[{where}])\n\n")
        self.waiting = None


def _prose(setting: _Setting, cell: NotebookNode, tokens: Sequence[Token]) -> None:
    if DISCUSSION not in tags(cell):
        setting.close()
        setting.section = section_title(tokens, setting.style) or setting.section
        setting.body.append(markdown(cell.source, setting.style, tokens))
        return
    if opening_heading(tuple(tokens)) is not None:  # the summary: its heading stays
        setting.close()
        setting.body.append(markdown(cell.source, setting.style, tokens[:3]))
        setting.section = inline(tokens[1].children or [], setting.style)
        tokens = tokens[3:]
    setting.wait(markdown(cell.source, setting.results_style, tokens))


def _asked(setting: _Setting, cell: NotebookNode) -> str:
    """A cell that asks for a prediction: its question, with room for the answer."""
    setting.predictions += 1
    asked = next((said for output in cell.get("outputs", [])
                  if (said := question(output)) is not None), None)
    label = text(setting.words["prediction"].format(number=setting.predictions))
    shown = markdown(asked, setting.style) if asked else f"#note[{text(setting.words['widget'])}]"
    return f"#prediction([{label}], [{shown}], [{text(setting.words['answer'])}])\n\n"


def _code(setting: _Setting, cell: NotebookNode, waits: bool) -> None:
    cell_tags = tags(cell)
    if not waits:
        setting.close()
    shown = (f"#code-cell({typst_string(cell.source)}, lang: {typst_string(setting.language)})"
             "\n\n") if REMOVE_INPUT not in cell_tags else ""
    asks = bool(exercise_ids(cell.source, (setting.tools.predict,)))
    outputs = [] if REMOVE_OUTPUT in cell_tags else (
        [_asked(setting, cell)] if asks else outputs_markup(cell, setting.words, setting.style))
    if waits:
        setting.body.append(shown)
        for output in outputs:
            setting.wait(output)
    elif EXERCISE in cell_tags:
        setting.body.append(f"#exercise([{text(setting.words['exercise'])}], "
                            f"[{shown}{''.join(outputs)}], "
                            f"[{text(setting.words['exercise_note'])}])\n\n")
    else:
        setting.body.append(shown + "".join(outputs))


def lesson_handout(lesson: Lesson, words: dict[str, str], tools: ToolNames, style: Style,
                   terms: Sequence[Entry], language: str) -> LessonHandout:
    """The lesson set for paper in the interface's `language`: its cells as the learner's page
    shows them, each prediction asked with room for its answer and what waits for it moved to
    the results; `terms`, the glossary's entries it introduces, listed after it."""
    setting = _Setting(lesson.path.name, words, style, tools, notebook_language(lesson.notebook))
    waiting = {id(cell) for cell in awaiting_prediction(lesson.notebook.cells, tools)}
    for cell, tokens in learner_cells(lesson):
        if cell.cell_type == "markdown":
            _prose(setting, cell, tokens if tokens is not None else parse(cell.source))
        else:
            _code(setting, cell, id(cell) in waiting)
    setting.close()
    return LessonHandout(lesson.path.name, opening(lesson, words, language),
                         "".join(setting.body), terms_markup(lesson.path.name, terms, words, style),
                         tuple(setting.results))
