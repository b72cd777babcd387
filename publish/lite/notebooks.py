"""The lessons the lite site holds: the student's notebooks, naming the Pyodide kernel, of every
lesson but those whose front matter says `not_in_browser`. A link to a lesson left out becomes
its text and why: JupyterLab opens a relative link as a file of its own drive, where that lesson
is not, and the lesson's page on the site has no address a notebook could give it there (the
site may be served from any folder)."""

import re

from checks.course import Lesson
from checks.front_matter import NOT_IN_BROWSER, not_in_browser
from checks.notebook_nodes import NotebookNode
from checks.sections import parse
from publish import SiteError
from publish.lite.inputs import KERNELSPEC
from publish.student import student_notebook

# What markdown would read as its own syntax in a sentence put in prose as plain text.
MARKDOWN_SYNTAX = re.compile(r"([\\`*_\[\]<>])")


def _links_to(names: list[str]) -> re.Pattern:
    """A link to one of the lessons `names`, as the linter holds lessons to write it
    (`[title](NN-name.ipynb)`, a `#part` may follow; a title may hold a bracketed part)."""
    targets = "|".join(map(re.escape, names))
    return re.compile(r"\[(?P<text>(?:[^\[\]]|\[[^\[\]]*\])*)\]"
                      rf"\((?P<name>{targets})(?:#[^)\s]*)?\)")


def _link_left(source: str, left_out: dict[str, str]) -> str | None:
    """The address of a link in markdown `source` to a lesson left out, if there is one."""
    for token in parse(source):
        for child in token.children or []:
            href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
            if href.partition("#")[0] in left_out:
                return href
    return None


def _unlinked(lesson: Lesson, left_out: dict[str, str], label: str) -> NotebookNode:
    """The lesson's notebook with each link to a lesson left out replaced by the link's text and
    why it is no link; SiteError for a link written otherwise, which it cannot replace."""
    def text(link: re.Match) -> str:
        why = MARKDOWN_SYNTAX.sub(r"\\\1", left_out[link["name"]])
        return f"{link['text']} ({label} {why})"
    links, cells = _links_to(list(left_out)), []
    for index, cell in enumerate(lesson.notebook.cells):
        if cell.cell_type == "markdown":
            cell = NotebookNode(cell, source=links.sub(text, cell.source))
            href = _link_left(cell.source, left_out)
            if href is not None:
                raise SiteError(lesson.path, f"links to {href!r}, a lesson the lite site leaves "
                                             f"out ({NOT_IN_BROWSER}), in a way it cannot make "
                                             "plain text: write the link as "
                                             f"[title]({href.partition('#')[0]})", cell=index)
        cells.append(cell)
    return NotebookNode(lesson.notebook, cells=cells)


def lite_notebooks(lessons: list[Lesson], label: str) -> dict[str, bytes]:
    """Each notebook the lite site holds, by file name; `label` says, before why, that a lesson
    linked to does not run in the browser."""
    left_out = {lesson.path.name: why for lesson in lessons
                if (why := not_in_browser(lesson.front_matter)) is not None}
    return {lesson.path.name: student_notebook(
                _unlinked(lesson, left_out, label) if left_out else lesson.notebook, KERNELSPEC)
            for lesson in lessons if lesson.path.name not in left_out}
