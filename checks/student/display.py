"""How checks show themselves to a student: text wrapped between words, and widgets that
leave a sentence in a notebook opened before it is run."""

import html
import textwrap
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from checks.markers import NOTEBOOK_ONLY, QUESTION


class Panel(widgets.VBox):
    """A box of widgets whose stored text form is a sentence, not a repr of its children.

    A notebook opened before it is run has no widgets yet: JupyterLab shows this sentence. A
    form that asks a question keeps it, as markdown, in the output's metadata, for the course
    site, which has no kernel. (Not as a `text/markdown` output: JupyterLab's table of contents
    fails on one loaded from a file.) A panel `notebook_only` is left off the site.
    """

    def __init__(self, children: Sequence[widgets.Widget], unrun_text: str,
                 question: str | None = None, notebook_only: bool = False) -> None:
        super().__init__(list(children))
        self.unrun_text, self.question = wrap_text(unrun_text), question
        self.notebook_only = notebook_only

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | tuple[dict, dict]:
        data = {**super()._repr_mimebundle_(**kwargs), "text/plain": self.unrun_text}
        metadata = {**({QUESTION: self.question} if self.question is not None else {}),
                    **({NOTEBOOK_ONLY: True} if self.notebook_only else {})}
        return (data, metadata) if metadata else data


WIDTH = 80  # JupyterLab wraps a longer output line anywhere, even inside a word


def wrap_text(text: str, width: int = WIDTH) -> str:
    """Each line wrapped between words; a continuation keeps the indent of its line and
    of its bullet."""
    lines = []
    for line in text.splitlines():
        indent = line[:len(line) - len(line.lstrip())]
        bullet = "  " if line.lstrip().startswith("• ") else ""
        lines += textwrap.wrap(line, width, subsequent_indent=indent + bullet,
                               break_long_words=False, break_on_hyphens=False) or [""]
    return "\n".join(lines)


CODE_FONT = " font-family: var(--jp-code-font-family, monospace);"
# Code to paste, set apart as JupyterLab sets apart a cell's code
CODE_BOX = (" background: var(--jp-cell-editor-background, #f5f5f5); border: 1px solid "
            "var(--jp-cell-editor-border-color, #e0e0e0); border-radius: 2px; padding: 4px 8px;")


def text_html(text: str, code: bool = False, boxed: bool = False) -> str:
    """Plain text as HTML that keeps its line breaks and wraps only between words; `code` in
    the code font, `boxed` (code to paste) in a box of its own too."""
    style = (CODE_FONT if code or boxed else "") + (CODE_BOX if boxed else "")
    return ('<div style="white-space: pre-wrap; word-break: normal; overflow-wrap: break-word; '
            f'line-height: 1.5;{style}">{html.escape(text)}</div>')
