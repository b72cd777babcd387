"""Code highlighting with Pygments: HTML for a cell's source, and the stylesheet for both themes."""

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

LIGHT_STYLE, DARK_STYLE = "default", "github-dark"
FORMATTER = HtmlFormatter(nowrap=True)


def highlight_code(source: str, language: str) -> str:
    """`source` as a highlighted `<pre>`; a language Pygments does not know stays plain text."""
    try:
        lexer = get_lexer_by_name(language or "text")
    except ClassNotFound:
        lexer = get_lexer_by_name("text")
    return f'<pre class="highlight"><code>{highlight(source, lexer, FORMATTER)}</code></pre>\n'


def stylesheet() -> str:
    """Token colours for the light theme, and for the dark one when the system asks for it."""
    light = HtmlFormatter(style=LIGHT_STYLE).get_style_defs(".highlight")
    dark = HtmlFormatter(style=DARK_STYLE).get_style_defs(".highlight")
    return f"{light}\n@media screen and (prefers-color-scheme: dark) {{\n{dark}\n}}\n"
