"""A lesson's cells, passed through small transforms, as the blocks its page shows."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markdown_it.token import Token
from markupsafe import Markup

from checks.calls import exercise_ids
from checks.course import Lesson
from checks.markers import (
    DISCUSSION,
    EXERCISE,
    HIDE_INPUT,
    HIDE_OUTPUT,
    INSTRUCTOR,
    REMOVE_INPUT,
    REMOVE_OUTPUT,
    ToolNames,
    on_the_pages,
    tags,
)
from checks.notebook_nodes import NotebookNode
from checks.sections import opening_heading, parse
from publish.highlight import highlight_code, notebook_language
from publish.outputs import merge_streams, render_output
from publish.prose import Outline, render_markdown


@dataclass(frozen=True)
class Block:
    """What the page shows for one cell: prose, code with its outputs, an exercise, or (on the
    instructor's page) an instructor's note."""

    kind: str
    html: Markup
    outputs: tuple[Markup, ...] = ()


@dataclass(frozen=True)
class RenderedLesson:
    """A lesson rendered once for both its pages: every block the instructor's page shows, and
    the outline of what the learner's page shows (an instructor's note is in no outline, so no
    heading list and no search finds it)."""

    blocks: list[Block]
    outline: Outline

    def view(self, instructor: bool) -> list[Block]:
        """The blocks of the instructor's page, or of the learner's: without the notes."""
        return self.blocks if instructor else [b for b in self.blocks if b.kind != "instructor"]


# A cell the page shows, with its markdown's tokens as the linter parsed them (None: parse it)
ShownCell = tuple[NotebookNode, Sequence[Token] | None]


def shown_cells(lesson: Lesson) -> list[ShownCell]:
    """The cells the pages show, each with its markdown's tokens."""
    tokens = {index: parsed for index, _, parsed in lesson.markdown}
    return [(cell, tokens.get(index)) for index, cell in enumerate(lesson.notebook.cells)
            if on_the_pages(cell)]


def drop_title_heading(cells: list[ShownCell], title: str) -> list[ShownCell]:
    """The page prints the title itself, so a first cell opening with `# title` loses that line."""
    if not cells or cells[0][0].cell_type != "markdown":
        return cells
    first_cell = cells[0][0]
    first, _, rest = first_cell.source.lstrip().partition("\n")
    if first.strip() != f"# {title}":
        return cells
    return [(NotebookNode(first_cell, source=rest.lstrip("\n")), None), *cells[1:]]


def _is_prose(cell: NotebookNode) -> bool:
    """A markdown cell the learner's page shows (an instructor's note is not on it)."""
    return cell.cell_type == "markdown" and on_the_pages(cell) and INSTRUCTOR not in tags(cell)


def awaiting_prediction(cells: Sequence[NotebookNode], tools: ToolNames) -> list[NotebookNode]:
    """The code cells whose outputs a prediction waits for (asked and given its verdict by the
    calls `tools` names): those after the cell that asks for it, up to the one that gives its
    verdict, and the code cells right after that one (a figure of the same measurement) up to
    the next prose. A cell asking for a prediction shows its
    question: it waits for none."""
    asks, gives = ([set(exercise_ids(cell.source, (call,))) if cell.cell_type == "code"
                    else set() for cell in cells] for call in (tools.predict, tools.verdict))
    waiting: set[int] = set()
    for start, asked in enumerate(asks):
        for prediction in asked:
            verdict = next((at for at in range(start + 1, len(cells))
                            if prediction in gives[at]), None)
            if verdict is None:  # the linter refuses it (predictions-missing)
                continue
            end = verdict + 1
            while end < len(cells) and not _is_prose(cells[end]) and not asks[end]:
                end += 1
            waiting.update(at for at in range(start + 1, end)
                           if cells[at].cell_type == "code" and not asks[at])
    return [cells[at] for at in sorted(waiting)]


def folded(html: Markup, summary: str, fold: bool, kind: str = "") -> Markup:
    """`html`, folded behind `summary` when `fold` is set (`hide-input`, `hide-output`, or a
    measurement's outputs, `kind` "prediction"); on paper a fold prints unfolded (print.css)."""
    if not fold:
        return html
    return Markup('<details class="{}"><summary>{}</summary>\n{}</details>\n').format(
        " ".join(("folded", kind)).strip(), summary, html)


Highlight = Callable[[str, str], str]  # (source, language) -> HTML, as `highlight_code`
# (html, summary, fold, kind) -> HTML, as `folded`
Fold = Callable[[Markup, str, bool, str], Markup]


def render_cell(cell: NotebookNode, tokens: Sequence[Token] | None, language: str, strings: dict,
                outline: Outline, highlight: Highlight, awaits_prediction: bool = False,
                fold: Fold = folded) -> Block:
    """One shown cell as a block; an exercise shows what it printed unanswered: the question.
    The outputs of a measurement that `awaits_prediction`, and a discussion of what it measured,
    are folded until the student asks (by `fold`: a deck unfolds them, its slides' order
    holds them back)."""
    if cell.cell_type == "markdown":
        kind = "instructor" if INSTRUCTOR in tags(cell) else "prose"
        if DISCUSSION not in tags(cell):
            return Block(kind, render_markdown(cell.source, outline, tokens))
        tokens = tuple(tokens) if tokens is not None else parse(cell.source)
        if opening_heading(tokens) is None:
            return Block(kind, fold(render_markdown(cell.source, outline, tokens),
                                    strings["show_discussion"], True, "discussion"))
        heading, rest = tokens[:3], tokens[3:]  # the heading's open, text and close
        return Block(kind, render_markdown(cell.source, outline, heading) + fold(
            render_markdown(cell.source, outline, rest), strings["show_section"], True,
            "discussion"))
    cell_tags = tags(cell)
    code = Markup()
    if REMOVE_INPUT not in cell_tags:  # Jupyter Book's and MyST's tags, read as they read them
        outline.add_code(cell.source)
        code = fold(Markup(highlight(cell.source, language)), strings["show_code"],
                    HIDE_INPUT in cell_tags, "")
    outputs: tuple[Markup, ...] = ()
    if REMOVE_OUTPUT not in cell_tags:
        rendered = (render_output(output, strings, outline)
                    for output in merge_streams(cell.get("outputs", [])))
        outputs = tuple(html for html in rendered if html)
        if outputs and awaits_prediction:  # folded once, even when tagged hide-output too
            outputs = (fold(Markup("\n").join(outputs), strings["show_result"], True,
                            "prediction"),)
        elif outputs and HIDE_OUTPUT in cell_tags:
            outputs = (fold(Markup("\n").join(outputs), strings["show_output"], True, ""),)
    kind = ("instructor" if INSTRUCTOR in cell_tags else
            "exercise" if EXERCISE in cell_tags else "code")
    return Block(kind, code, outputs)


def rendered_cells(lesson: Lesson, title: str, strings: dict, tools: ToolNames,
                   highlight: Highlight, outline: Outline,
                   fold: Fold = folded) -> list[tuple[int, Block]]:
    """Each cell the pages show that shows something, by its index in the notebook, as its
    block: the instructor's notes among them; the learner's headings and text added to
    `outline`. `tools`: the names the lesson calls the student's tools by."""
    notes = Outline()
    language = notebook_language(lesson.notebook)
    # by identity: found among all the cells (a verdict may be left out of the page), the shown
    # cells are the same nodes
    awaiting = {id(cell) for cell in awaiting_prediction(lesson.notebook.cells, tools)}
    index = {id(cell): at for at, cell in enumerate(lesson.notebook.cells)}
    shown = shown_cells(lesson)
    blocks = [(index[id(original)],
               render_cell(cell, tokens, language, strings,
                           notes if INSTRUCTOR in tags(cell) else outline, highlight,
                           id(original) in awaiting, fold))
              for (original, _), (cell, tokens) in zip(shown, drop_title_heading(shown, title),
                                                      strict=True)]
    return [(at, block) for at, block in blocks if block.html.strip() or block.outputs]


def render_lesson(lesson: Lesson, title: str, strings: dict, tools: ToolNames,
                  highlight: Highlight = highlight_code) -> RenderedLesson:
    """The lesson's blocks, in order, the instructor's notes among them, and the outline the
    learner's headings and text make."""
    outline = Outline()
    return RenderedLesson([block for _, block in rendered_cells(lesson, title, strings, tools,
                                                                highlight, outline)], outline)
