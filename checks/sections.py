"""The course's markdown dialect; a lesson split into its `##` sections, and the figures its
prose cites."""

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from checks.markers import INSTRUCTOR, tags
from checks.notebook_nodes import NotebookNode

FIGURE = re.compile(r"(?<![^\W_])\d+")  # a number, but not the 2 of a label like US2


# The course's markdown: CommonMark with tables, strikethrough and raw HTML. The linter parses
# each cell with it once, and the site renders the tokens the linter read.
PARSER = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


@dataclass
class LessonSection:
    """The cells a lesson's `##` heading opens, up to the next one: the linter's unit."""

    title: str  # "" for what stands before the first `##` heading
    cell: int  # where it starts
    prose: list[tuple[int, str]] = field(default_factory=list)  # (cell, text outside code)
    code_cells: list[int] = field(default_factory=list)


ParsedCell = tuple[int, NotebookNode, tuple[Token, ...]]  # a markdown cell: index, cell, tokens


@lru_cache(maxsize=4096)  # shared by the rules and the pages: never change the tokens
def parse(source: str) -> tuple[Token, ...]:
    """A cell's markdown as tokens, parsed once per text: a build's linter, forked after the
    pages parsed the lessons, finds them parsed, and `serve` parses only the cells edited."""
    return tuple(PARSER.parse(source))


def parse_markdown(notebook: NotebookNode) -> list[ParsedCell]:
    """Every markdown cell with its tokens, parsed once for every rule that reads prose."""
    return [(index, cell, parse(cell.source))
            for index, cell in enumerate(notebook.cells) if cell.cell_type == "markdown"]


def opening_heading(tokens: tuple[Token, ...]) -> str | None:
    """The title of the heading a markdown cell's `tokens` open with, if they open with one."""
    if tokens and tokens[0].type == "heading_open":
        return tokens[1].content.strip()
    return None


def sections(notebook: NotebookNode,
             parsed: list[ParsedCell] | None = None) -> list[LessonSection]:
    """The lesson's sections in order; prose text leaves out code spans, code blocks and HTML,
    and the instructor's notes, which are not the lesson's text (no student reads them)."""
    tokens_of = {index: tokens for index, _, tokens in parsed or parse_markdown(notebook)}
    found = [LessonSection("", 0)]
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code":
            found[-1].code_cells.append(index)
        elif cell.cell_type == "markdown" and INSTRUCTOR not in tags(cell):
            tokens = tokens_of[index]
            for position, token in enumerate(tokens):
                if token.type == "heading_open" and token.tag == "h2":
                    title = unicodedata.normalize("NFC", tokens[position + 1].content.strip())
                    found.append(LessonSection(title, index))
                elif token.type == "inline" and tokens[position - 1].type != "heading_open":
                    text = " ".join(child.content for child in token.children or []
                                   if child.type == "text")
                    found[-1].prose.append((index, text))
    return found


def cited_figures(section: LessonSection) -> list[tuple[int, str]]:
    """(cell, figure) for every number written in the section's prose."""
    return [(cell, match.group())
            for cell, text in section.prose for match in FIGURE.finditer(text)]


def code_cells(notebook: NotebookNode) -> Iterator[tuple[int, NotebookNode]]:
    """(index, cell) for every code cell with code in it, in order; Jupyter runs no empty cell."""
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and cell.source.strip():
            yield index, cell
