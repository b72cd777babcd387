"""Code highlighting with Pygments: HTML for a cell's source, and the stylesheet for both themes."""

from functools import cache

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE, DARK_STYLE = "default", "github-dark"
FORMATTER = HtmlFormatter(nowrap=True)


@cache  # finding a lexer by name reads Pygments' whole table of lexers
def lexer_for(language: str) -> Lexer:
    """The lexer of `language`; a language Pygments does not know stays plain text."""
    try:
        return get_lexer_by_name(language or "text")
    except ClassNotFound:
        return get_lexer_by_name("text")


def highlight_code(source: str, language: str) -> str:
    """`source` as a highlighted `<pre>`."""
    return f'<pre class="highlight"><code>{highlight(source, lexer_for(language), FORMATTER)}' \
        '</code></pre>\n'


def notebook_language(notebook: dict) -> str:
    """The language of a notebook's code, from its metadata (Python when it says none)."""
    metadata = notebook.get("metadata", {})
    return metadata.get("language_info", {}).get("name") or \
        metadata.get("kernelspec", {}).get("language") or "python"


def stylesheet(dark: bool = True) -> str:
    """Token colours for the light theme, and for the dark one when the system asks for it
    (unless not `dark`: a deck on a projector stays light)."""
    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")
    if not dark:
        return f"{light}\n"
    night = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")
    return f"{light}\n@media screen and (prefers-color-scheme: dark) {{\n{night}\n}}\n"
