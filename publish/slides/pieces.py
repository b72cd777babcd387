"""A lesson's shown cells cut into pieces, the most a slide must keep together: a prose cell's
top-level elements (a paragraph, a list, a table, a heading), a code cell's code, each of its
outputs (a long printed output in runs of lines), a figure; a cell asking for a prediction whole.
Each piece carries the height it takes on a slide, as `slides.css` lays it out at 1280×720,
estimated from its text so that it errs high; the browser tests hold the estimate to the page."""

import base64
import html
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from xml.etree import ElementTree

from markupsafe import Markup

from publish.cells import Block

# The content box of a slide (slides.css: 1280×720, padding 24px 40px), in CSS pixels.
WIDTH, HEIGHT = 1200, 672
# (font size, line height, average width of a character in ems, margins) of each kind of text,
# as slides.css sets them; a proportional font's average errs wide, for the wide DejaVu Sans.
TEXT = (26, 1.35, 0.56, 14)
HEADING = (36, 1.2, 0.62, 16)
SUBHEADING = (30, 1.2, 0.62, 20)
CODE = (18, 1.3, 0.61, 12 + 20 + 2)  # margin, padding and border
TABLE = (20, 1.3, 0.56, 9)
NOTE = (20, 1.3, 0.56, 10)
LIST_INDENT, ITEM_GAP = 40, 4
FIGURE_WIDTH, FIGURE_HEIGHT = 1120, 500  # a figure is drawn at most this large, aspect kept

ROLES = ("heading", "subheading", "text", "code", "output", "figure", "ask", "note")
TAG = re.compile(r"""<(/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|"""
                 r"""[^\s>"']+))?)*)\s*(/?)>""")
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "source"})
MEASUREMENT = Markup('<div class="measurement">\n{}</div>\n')  # what a prediction waited for
MEASUREMENT_OPENING = MEASUREMENT.split("{", 1)[0]
QUESTION_CLASS = 'class="output markdown question"'  # a form's question (publish.outputs)


@dataclass(frozen=True)
class Piece:
    """What a slide keeps together: `cell`, its cell's index in the notebook; `role`, one of
    ROLES; `height` in CSS pixels; `measured`, part of what a prediction waited for; `title`, a
    heading's words."""

    cell: int
    role: str
    html: Markup
    height: float
    measured: bool = False
    title: str = ""


def unfolded(content: Markup, summary: str, fold: bool, kind: str) -> Markup:
    """A deck folds nothing (its slides' order holds back what the pages fold): a measurement a
    prediction waited for is marked as such (`MEASUREMENT`), the rest shown as it is."""
    return MEASUREMENT.format(content) if fold and kind == "prediction" else content


def top_level(markup: str) -> list[str]:
    """The top-level elements of an HTML fragment, each whole (text between them dropped)."""
    markup = str(markup)
    elements, depth, start = [], 0, 0
    for tag in TAG.finditer(markup):
        closing, name, self_closing = tag[1], tag[2].lower(), tag[4]
        if depth == 0 and not closing:
            start = tag.start()
        if closing:
            depth -= 1
        elif name not in VOID and not self_closing:
            depth += 1
        if depth == 0:
            elements.append(markup[start:tag.end()])
    return elements


def text_of(markup: str) -> str:
    """An element's words as read: tags dropped, entities read, white space collapsed."""
    return " ".join(html.unescape(TAG.sub(" ", markup)).split())


def wrapped(words: str, per_line: float) -> int:
    """How many lines `words` takes, wrapped at word boundaries, `per_line` characters a line
    (a word longer than a line broken across lines)."""
    lines, used = 1, 0.0
    for word in words.split():
        if used and used + 1 + len(word) > per_line:
            lines, used = lines + 1, 0.0
        if not used and len(word) > per_line:
            more = math.ceil(len(word) / per_line) - 1
            lines, used = lines + more, len(word) - more * per_line
        else:
            used += (1 if used else 0) + len(word)
    return lines


def text_height(words: str, metrics: tuple[float, float, float, float],
                width: float = WIDTH) -> float:
    size, line, em, margins = metrics
    return wrapped(words, width / (size * em)) * size * line + margins


def figure_size(markup: str) -> tuple[float, float]:
    """The width and height an image is drawn at from its own size (an SVG's, read from its
    data address), at most FIGURE_WIDTH by FIGURE_HEIGHT; that whole box if unknown."""
    found = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', markup)
    try:
        svg = ElementTree.fromstring(base64.b64decode(found[1])) if found else None
        width, height = (float(svg.get(side, "")) for side in ("width", "height")) \
            if svg is not None else (0.0, 0.0)
    except (ValueError, ElementTree.ParseError):
        width = height = 0.0
    if not width or not height:
        return FIGURE_WIDTH, FIGURE_HEIGHT
    scale = min(FIGURE_WIDTH / width, FIGURE_HEIGHT / height)
    return width * scale, height * scale


def element_height(element: str) -> float:
    """The height a top-level element of prose or output takes on a slide."""
    name = TAG.match(element)
    tag = name[2].lower() if name else ""
    if tag == "h2":
        return text_height(text_of(element), HEADING)
    if tag in ("h3", "h4", "h5", "h6"):
        return text_height(text_of(element), SUBHEADING)
    if tag == "pre":
        return lines_of(element) * CODE[0] * CODE[1] + CODE[3]
    if tag in ("ul", "ol"):
        items = re.findall(r"<li\b.*?</li>", element, re.DOTALL)
        return sum(text_height(text_of(item), TEXT, WIDTH - LIST_INDENT) - TEXT[3] + ITEM_GAP
                   for item in items) + TEXT[3]
    if tag == "table":
        return sum(row_height(row) for row in re.findall(r"<tr\b.*?</tr>", element, re.DOTALL))
    if 'class="output figure"' in element or tag == "img":
        return figure_size(element)[1] + 12
    if 'class="output widget note"' in element:
        return text_height(text_of(element), NOTE)
    if tag == "div":  # a question, or HTML an output shows: its own elements
        return sum(map(element_height, top_level(inner(element)))) + 12
    return text_height(text_of(element), TEXT)


def row_height(row: str) -> float:
    """A table row: its tallest cell, each cell given a like share of the width."""
    cells = [text_of(cell) for cell in re.findall(r"<t[dh]\b.*?</t[dh]>", row, re.DOTALL)]
    share = WIDTH / max(1, len(cells)) - 12
    size, line, em, margins = TABLE
    return max((wrapped(cell, share / (size * em)) for cell in cells), default=1) \
        * size * line + margins


def inner(element: str) -> str:
    """An element's content, between its opening and its closing tag."""
    element = str(element)
    opening = TAG.match(element)
    return element[opening.end() if opening else 0:element.rfind("</")]


def lines_of(pre: str) -> int:
    return inner(pre).rstrip("\n").count("\n") + 1


def runs_of_lines(pre: str, most: int) -> list[str]:
    """A `<pre>` of printed output (text only, escaped) cut into `<pre>`s of `most` lines."""
    pre = str(pre)  # a slice of Markup is Markup, which would escape what is added to it
    opening = TAG.match(pre)
    head = pre[:opening.end()] if opening else "<pre>"
    lines = inner(pre).rstrip("\n").split("\n")
    return [head + "\n".join(lines[at:at + most]) + "</pre>" for at in range(0, len(lines), most)]


def in_groups(heights: list[float], room: float) -> list[range]:
    """Consecutive items, by their heights, in groups that each fit in `room` (an item taller
    than `room` a group of its own)."""
    groups, first, used = [], 0, 0.0
    for at, height in enumerate(heights):
        if at > first and used + height > room:
            groups.append(range(first, at))
            first, used = at, 0.0
        used += height
    return [*groups, range(first, len(heights))] if heights else []


def item_height(item: str) -> float:
    return text_height(text_of(item), TEXT, WIDTH - LIST_INDENT) - TEXT[3] + ITEM_GAP


def cut_list(element: str, room: float) -> list[str]:
    """A list as lists of its items that each fit in `room`, numbered on where ordered."""
    tag = TAG.match(element)
    name = tag[2].lower() if tag else "ul"
    items = top_level(inner(element))
    first = int(found[1]) if (found := re.search(r'start="(\d+)"', tag[0] if tag else "")) else 1
    cuts = in_groups([item_height(item) for item in items], room - TEXT[3])
    return [(f'<{name} start="{first + group.start}">' if name == "ol" and group.start
             else f"<{name}>") + "\n".join(items[at] for at in group) + f"</{name}>"
            for group in cuts]


def cut_table(element: str, room: float) -> list[str]:
    """A table as tables of its rows that each fit in `room`, each with the table's head."""
    parts = top_level(inner(element))
    head = next((part for part in parts if part.startswith("<thead")), "")
    body = next((part for part in parts if part.startswith("<tbody")), "")
    rows = top_level(inner(body))
    tag = TAG.match(element)
    opening = tag[0] if tag else "<table>"
    room -= element_height(f"<table>{head}</table>") if head else 0
    return [f"{opening}{head}<tbody>" + "".join(rows[at] for at in group) + "</tbody></table>"
            for group in in_groups([row_height(row) for row in rows], room)]


def cut(piece: Piece, budget: float) -> list[Piece]:
    """A piece taller than `budget` cut where it can be: a printed output into runs of lines,
    a list into its items, a table into its rows (its head on each part); any other piece as
    it is (if it does not fit, `layout` names its cell)."""
    if piece.height <= budget:
        return [piece]
    if piece.role == "output" and piece.html.startswith("<pre"):
        line = CODE[0] * CODE[1]
        most = max(1, int((budget - CODE[3]) // line))
        parts = runs_of_lines(piece.html, most)
    elif piece.role == "text" and re.match(r"<(ul|ol)\b", piece.html):
        parts = cut_list(piece.html, budget)
    elif piece.role == "text" and piece.html.startswith("<table"):
        parts = cut_table(piece.html, budget)
    else:
        return [piece]
    return [replace(piece, html=Markup(part), height=element_height(part)) for part in parts]


def heading_piece(cell: int, element: str) -> Piece:
    level = TAG.match(element)
    role = "heading" if level and level[2].lower() == "h2" else "subheading"
    return Piece(cell, role, Markup(element), element_height(element), title=text_of(element))


def prose_pieces(cell: int, block: Block) -> Iterator[Piece]:
    for element in top_level(block.html):
        if re.match(r"<h[2-6]\b", element):
            yield heading_piece(cell, element)
        else:
            yield Piece(cell, "text", Markup(element), element_height(element))


def output_pieces(cell: int, output: Markup, measured: bool = False) -> Iterator[Piece]:
    if output.startswith(MEASUREMENT_OPENING):
        for element in top_level(inner(output)):
            yield from output_pieces(cell, Markup(element), measured=True)
        return
    figure = 'class="output figure"' in output or output.startswith("<img")
    yield Piece(cell, "figure" if figure else "output", output, element_height(output), measured)


def cell_pieces(cell: int, block: Block) -> Iterator[Piece]:
    """A rendered cell's pieces, in order: an instructor's note is one piece, for the speaker
    notes; a cell asking for a prediction is one, its question with its code."""
    if block.kind == "instructor":
        yield Piece(cell, "note", block.html + Markup("\n").join(block.outputs), 0)
    elif block.kind == "prose":
        yield from prose_pieces(cell, block)
    elif block.kind == "code" and any(QUESTION_CLASS in output for output in block.outputs):
        whole = block.html + Markup("\n").join(block.outputs)
        yield Piece(cell, "ask", whole, sum(map(element_height, top_level(whole))))
    else:
        measured = any(output.startswith(MEASUREMENT_OPENING) for output in block.outputs)
        if block.html:  # a measurement's code opens the slide that shows it
            yield Piece(cell, "code", block.html, element_height(block.html), measured)
        for output in block.outputs:
            yield from output_pieces(cell, output)
