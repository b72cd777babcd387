"""A code cell's outputs as safe HTML: text preformatted, images inline, HTML sanitised."""

import base64
import re
from xml.etree import ElementTree

from markupsafe import Markup, escape

from checks.markers import NOTEBOOK_ONLY, QUESTION, WIDGET_VIEW
from checks.notebook_nodes import NotebookNode
from publish.prose import Outline, render_markdown, sanitise

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
IMAGES = ("image/png", "image/jpeg", "image/gif")
# The richest form we can show safely comes first; JavaScript is never run, only shown as text.
PREFERENCE = (*IMAGES, "image/svg+xml", "text/html", "text/markdown", "text/plain",
              "application/json", "application/javascript")


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _pre(kind: str, text: str) -> Markup:
    return Markup('<pre class="output {}">{}</pre>').format(kind, ANSI_ESCAPE.sub("", text))


SVG = "{http://www.w3.org/2000/svg}"


def _image(mime: str, encoded: str, label: str) -> Markup:
    source = f"data:{mime};base64,{''.join(encoded.split())}"
    return Markup('<img class="output" src="{}" alt="{}">').format(source, label)


def svg_label(svg: str) -> str | None:
    """An SVG's own title and description, as its alternative text; None if it has neither."""
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        return None
    parts = [" ".join("".join(element.itertext()).split()).rstrip(".")
             for element in (root.find(f"{SVG}{tag}") for tag in ("title", "desc"))
             if element is not None]
    said = [part for part in parts if part]
    return ". ".join(said) + "." if said else None


def _rich(data: dict, metadata: dict, strings: dict[str, str], outline: Outline) -> Markup:
    if metadata.get(NOTEBOOK_ONLY):  # an exercise's hint and answer buttons: nothing to show
        return Markup()
    if WIDGET_VIEW in data:  # the site has no kernel: it says so, after what a form asks
        note = Markup('<p class="output widget note">{}</p>').format(strings["widget"])
        if QUESTION not in metadata:
            return note
        question = render_markdown(_text(metadata[QUESTION]), outline)
        return Markup('<div class="output markdown question">{}</div>').format(question) + note
    mime = next((mime for mime in PREFERENCE if mime in data), None)
    if mime is None:
        return Markup()
    value = _text(data[mime])
    if mime in IMAGES:
        return _image(mime, value, strings["output"])
    if mime == "image/svg+xml":  # as an <img>, so any script inside the SVG stays inert
        encoded = base64.b64encode(value.encode()).decode()
        label = svg_label(value)  # a figure that says what it shows is a figure
        if label is None:
            return _image(mime, encoded, strings["output"])
        source = f"data:{mime};base64,{encoded}"  # in a box that scrolls on a narrow screen
        return Markup('<div class="output figure"><img src="{}" alt="{}"></div>').format(
            source, label)
    if mime == "text/html":
        return Markup('<div class="output html">{}</div>').format(sanitise(value))
    if mime == "text/markdown":
        return Markup('<div class="output markdown">{}</div>').format(
            render_markdown(value, outline))
    return _pre("result", value)


def render_output(output: NotebookNode, strings: dict[str, str], outline: Outline) -> Markup:
    """One output; `strings` are the interface's (an image's label, the widget note)."""
    if output.output_type == "stream":
        return _pre(f"stream {escape(output.name)}", _text(output.text))
    if output.output_type == "error":
        return _pre("error", "\n".join(output.traceback) or f"{output.ename}: {output.evalue}")
    return _rich(output.get("data", {}), output.get("metadata", {}), strings, outline)


def merge_streams(outputs: list[NotebookNode]) -> list[NotebookNode]:
    """Consecutive writes to the same stream joined into one, as a terminal would show them."""
    merged: list[NotebookNode] = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (previous is not None and output.output_type == previous.output_type == "stream"
                and output.name == previous.name):
            merged[-1] = NotebookNode(previous, text=_text(previous.text) + _text(output.text))
        else:
            merged.append(output)
    return merged
