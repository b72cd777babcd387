"""Markdown, as the linter's parser tokenised it, to Typst markup: built from the tokens, every
character of the text escaped but its quotes, which Typst sets as the language's own."""

import re
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from markdown_it.token import Token

from checks.sections import parse

# Every ASCII mark that Typst's markup may read as syntax, escaped with a backslash; the quotes
# are left as typed, for Typst's smart quotes to set in the document's language.
ESCAPED = frozenset(string.punctuation) - {"'", '"'}
STRING_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


# An apostrophe inside a word (`ders01'in`, `Python'a`): Typst would set one after a digit as a
# prime (1′), so it is set as the apostrophe it is.
APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def text(words: str) -> str:
    """`words` as Typst markup that sets them as they are (but for their quotes, set smart)."""
    return "".join(f"\\{char}" if char in ESCAPED else
                   char if char.isprintable() or char == " " else f"\\u{{{ord(char):x}}}"
                   for char in APOSTROPHE.sub("\u2019", words))


def typst_string(value: str) -> str:
    """`value` as a Typst string literal."""
    return '"' + "".join(STRING_ESCAPES.get(char) or (
        char if char.isprintable() else f"\\u{{{ord(char):x}}}") for char in value) + '"'


def code(source: str, language: str | None = None, block: bool = False) -> str:
    """`source` set as code, highlighted as `language` where Typst knows it."""
    options = ([f"lang: {typst_string(language)}"] if language else []) + (
        ["block: true"] if block else [])
    return f"#raw({', '.join([*options, typst_string(source)])})"


# What a link points to in the document, as a Typst expression (a label, `<id>`, or a URL
# string); None: its text alone, linking nowhere.
LinkTarget = Callable[[str], str | None]


def external_only(href: str) -> str | None:
    """A web or mail address, linked; anything else, its text alone."""
    return typst_string(href) if href.startswith(("http://", "https://", "mailto:")) else None


@dataclass(frozen=True)
class Style:
    """How a document sets a cell's markdown: where its links go, at what level its headings
    stand (`levels` is added to a markdown heading's), and whether the outline lists them."""

    link: LinkTarget = external_only
    levels: int = 0
    outlined: bool = True


def _matching(tokens: Sequence[Token], start: int) -> int:
    """The index of the token that closes the one that opens at `start`."""
    depth = 0
    for index in range(start, len(tokens)):
        depth += tokens[index].nesting
        if depth == 0:
            return index
    return len(tokens) - 1


def inline(children: Sequence[Token], style: Style) -> str:
    """One inline token's children as markup."""
    out, closing = [], []
    for token in children:
        kind = token.type
        if kind in ("text", "html_inline"):
            out.append(text(token.content))
        elif kind == "code_inline":
            out.append(code(token.content))
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append("#linebreak()")
        elif kind in ("em_open", "strong_open", "s_open"):
            out.append({"em_open": "#emph[", "strong_open": "#strong[", "s_open": "#strike["}[kind])
        elif kind in ("em_close", "strong_close", "s_close"):
            out.append("]")
        elif kind == "link_open":
            target = style.link(str(token.attrGet("href") or ""))
            out.append(f"#link({target})[" if target else "")
            closing.append("]" if target else "")
        elif kind == "link_close":
            out.append(closing.pop() if closing else "")
        elif kind == "image":
            out.append(text(token.content))
    return "".join(out)


def _items(tokens: Sequence[Token], start: int, end: int, style: Style) -> list[str]:
    """The list items between `start` and `end`, each as content."""
    items, index = [], start
    while index < end:
        close = _matching(tokens, index)
        items.append(f"[{blocks(tokens, style, index + 1, close).strip()}]")
        index = close + 1
    return items


def _table(tokens: Sequence[Token], start: int, end: int, style: Style) -> str:
    """A table's cells in rows, its head's as the table's header."""
    head: list[str] = []
    body: list[str] = []
    aligns: list[str] = []
    for index in range(start, end):
        token = tokens[index]
        if token.type in ("th_open", "td_open"):
            cell = f"[{inline(tokens[index + 1].children or [], style)}]"
            (head if token.type == "th_open" else body).append(cell)
            if token.type == "th_open":
                align = str(token.attrGet("style") or "").removeprefix("text-align:")
                aligns.append(align if align in ("left", "center", "right") else "auto")
    columns = max(len(head), 1)
    return (f"#table(columns: {columns}, align: ({', '.join(aligns)},), "
            f"table.header({', '.join(head)}), {', '.join(body)})\n\n")


def _block(tokens: Sequence[Token], index: int, close: int, style: Style) -> str:
    """The block that opens at `index` and closes at `close`."""
    token = tokens[index]
    kind = token.type
    if kind == "paragraph_open":
        words = inline(tokens[index + 1].children or [], style)
        return words if token.hidden else f"#par[{words}]\n\n"
    if kind == "heading_open":
        level = int(token.tag[1]) + style.levels
        outlined = "true" if style.outlined else "false"
        return (f"#heading(level: {level}, outlined: {outlined})"
                f"[{inline(tokens[index + 1].children or [], style)}]\n\n")
    if kind == "bullet_list_open":
        return f"#list({', '.join(_items(tokens, index + 1, close, style))})\n\n"
    if kind == "ordered_list_open":
        start = int(token.attrGet("start") or 1)
        return f"#enum(start: {start}, {', '.join(_items(tokens, index + 1, close, style))})\n\n"
    if kind == "blockquote_open":
        return f"#quote(block: true)[{blocks(tokens, style, index + 1, close).strip()}]\n\n"
    if kind == "table_open":
        return _table(tokens, index + 1, close, style)
    return blocks(tokens, style, index + 1, close)  # anything else: what it holds


def blocks(tokens: Sequence[Token], style: Style = Style(), start: int = 0,
           end: int | None = None) -> str:
    """The blocks among `tokens` (from `start` to `end`) as markup."""
    out, index, end = [], start, len(tokens) if end is None else end
    while index < end:
        token = tokens[index]
        if token.nesting == 1:
            close = _matching(tokens, index)
            out.append(_block(tokens, index, close, style))
            index = close + 1
            continue
        if token.type == "fence":
            language = token.info.split()[0] if token.info.strip() else None
            out.append(code(token.content.removesuffix("\n"), language, block=True) + "\n\n")
        elif token.type in ("code_block", "html_block"):
            out.append(code(token.content.removesuffix("\n"), block=True) + "\n\n")
        elif token.type == "hr":
            out.append("#line(length: 100%)\n\n")
        elif token.type == "inline":
            out.append(inline(token.children or [], style))
        index += 1
    return "".join(out)


def markdown(source: str, style: Style = Style(), tokens: Sequence[Token] | None = None) -> str:
    """A cell's markdown as Typst markup; `tokens`, when given, are the cell's as the linter
    parsed them."""
    return blocks(parse(source) if tokens is None else tokens, style)
