"""A code cell's outputs as Typst markup, choosing among an output's forms as the site does
(`publish.outputs`): text set as printed, a figure's SVG drawn, a widget said in a line."""

import base64

from checks.markers import NOTEBOOK_ONLY, QUESTION, WIDGET_VIEW
from checks.notebook_nodes import NotebookNode
from publish.handout.markup import Style, markdown, text, typst_string
from publish.outputs import ANSI_ESCAPE, IMAGES, PREFERENCE, merge_streams, svg_label

# Paper shows no HTML: where an output has it, its plain text stands in.
ON_PAPER = tuple(mime for mime in PREFERENCE if mime != "text/html")


def joined(value: object) -> str:
    """An output's text, stored whole or as a list of lines."""
    return "".join(value) if isinstance(value, list) else str(value)


def printed(source: str) -> str:
    """Printed text, set as a terminal shows it (no colour codes)."""
    return f"#output-text({typst_string(ANSI_ESCAPE.sub('', source).rstrip(chr(10)))})\n\n"


def question(output: NotebookNode) -> str | None:
    """The markdown a form's output asks in its metadata (a prediction's question), if any."""
    asked = output.get("metadata", {}).get(QUESTION)
    return joined(asked) if asked is not None else None


def _image(mime: str, data: object, alt: str | None) -> str:
    """An image: an SVG as its text, any other as its bytes."""
    label = f", alt: {typst_string(alt)}" if alt else ""
    if mime == "image/svg+xml":
        return f"#output-figure(bytes({typst_string(joined(data))}){label})\n\n"
    raw = base64.b64decode("".join(joined(data).split()))
    return (f"#output-figure(bytes(({', '.join(map(str, raw))},)), "
            f"format: {typst_string(mime.removeprefix('image/'))}{label})\n\n")


def _rich(output: NotebookNode, words: dict[str, str], style: Style) -> str:
    data, metadata = output.get("data", {}), output.get("metadata", {})
    if metadata.get(NOTEBOOK_ONLY):  # an exercise's hint and answer buttons: nothing to show
        return ""
    if WIDGET_VIEW in data:
        asked = question(output)
        note = f"#note[{text(words['widget'])}]\n\n"
        return note if asked is None else markdown(asked, style) + note
    mime = next((mime for mime in ON_PAPER if mime in data), None)
    if mime is None:
        return ""
    value = joined(data[mime])
    if mime in (*IMAGES, "image/svg+xml"):
        return _image(mime, data[mime], svg_label(value) if mime == "image/svg+xml" else None)
    if mime == "text/markdown":
        return markdown(value, style)
    return printed(value)


def output_markup(output: NotebookNode, words: dict[str, str], style: Style) -> str:
    """One output as markup; `words`, the interface's (the widget's note)."""
    if output.output_type == "stream":
        return printed(joined(output.text))
    if output.output_type == "error":
        return printed("\n".join(output.traceback) or f"{output.ename}: {output.evalue}")
    return _rich(output, words, style)


def outputs_markup(cell: NotebookNode, words: dict[str, str], style: Style) -> list[str]:
    """A code cell's outputs, consecutive writes to a stream joined, each as markup."""
    made = (output_markup(output, words, style)
            for output in merge_streams(cell.get("outputs", [])))
    return [markup for markup in made if markup]
