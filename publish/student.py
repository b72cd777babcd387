"""The lesson a student works in, the same file wherever they get it (their own copy of the
course, the site's download, the lite course): the instructor's notebook without what would
answer its questions before they are asked (its outputs, notes, claims and answer key), its
discussions of the measured results folded, each showing only a line that says how to open it,
and its front matter folded."""

from pathlib import Path

from checks.front_matter import front_matter_cell, read_front_matter
from checks.glossary import MARK_TARGET
from checks.markers import DISCUSSION, LEFT_OUT_OF_STUDENT_COPY, MEASUREMENTS, tags
from checks.notebook_nodes import NotebookNode, writes
from checks.sections import opening_heading, parse
from checks.words import words_in

GLOSSARY_NAME = "glossary.yaml"  # beside the student's notebooks: their marked terms link to it
# JupyterLab's settings wherever a student works (their copy, the lite course): a widget's
# state is saved with its notebook, so that a lesson run, saved and opened again shows its
# forms and explorers, not "Error displaying widget: model not found"; and no question, at
# every start, whether to fetch Jupyter's news (in English, from the network).
STUDENT_SETTINGS: dict[str, dict[str, object]] = {
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False}}


def _student_cell(cell: NotebookNode) -> NotebookNode:
    """A code cell as never run (its stored outputs are what the student is to predict); a
    marked term linking to the glossary beside the notebook."""
    if cell.cell_type == "code":
        return NotebookNode(cell, outputs=[], execution_count=None)
    if cell.cell_type == "markdown":
        return NotebookNode(cell, source=cell.source.replace(f"]({MARK_TARGET}",
                                                             f"]({GLOSSARY_NAME}#"))
    return cell


# JupyterLab's own collapsed state: a cell stored with its source hidden shows its first line,
# as text, and opens with a click on it.
FOLDED = {"jupyter": {"source_hidden": True}}


def _folded(cells: list[NotebookNode], notebook: NotebookNode) -> list[NotebookNode]:
    """`cells` with each discussion stored folded, its first line one that says, in the
    lesson's language, how to open it (naming the section, for a discussion that opens with a
    heading: the summary): JupyterLab shows nothing else of it."""
    if not any(DISCUSSION in tags(cell) for cell in cells):
        return cells
    said = words_in(read_front_matter(Path("lesson"), notebook).get("language", ""))

    def fold(cell: NotebookNode) -> NotebookNode:
        title = opening_heading(parse(cell.source))
        line = (said["discussion_folded"] if title is None
                else said["section_folded"].format(title=title))
        return NotebookNode(cell, source=f"{line}\n\n{cell.source}",
                            metadata=NotebookNode({**cell.metadata, **FOLDED}))

    return [fold(cell) if DISCUSSION in tags(cell) and cell.cell_type == "markdown" else cell
            for cell in cells]


def _front_matter_folded(cells: list[NotebookNode]) -> list[NotebookNode]:
    """`cells` with the front matter (the lesson's data for the toolkit, which grading reads
    to know the lesson) stored folded: JupyterLab shows only its first line."""
    at = front_matter_cell({"cells": cells})
    if at < len(cells) and cells[at].cell_type == "raw":
        cells[at] = NotebookNode(cells[at], metadata=NotebookNode({**cells[at].metadata,
                                                                   **FOLDED}))
    return cells


# What JupyterLab's widget manager, saving the widgets' state (STUDENT_SETTINGS), writes into a
# notebook that shows no widget: stored so, a lesson opened and saved stays byte for byte as it
# was written.
NO_WIDGETS = {"application/vnd.jupyter.widget-state+json": {
    "state": {}, "version_major": 2, "version_minor": 0}}


def _student_metadata(metadata: NotebookNode, kernelspec: dict | None,
                      python: str | None) -> NotebookNode:
    """The lesson's metadata without the answer key (its predictions' measurements) and with no
    widget's state, with `kernelspec` in place of the lesson's, if given, and its language's
    version `python`, if given."""
    kept = NotebookNode({key: value for key, value in metadata.items() if key != MEASUREMENTS})
    kept.widgets = NotebookNode(NO_WIDGETS)
    if kernelspec is not None:
        kept.kernelspec = NotebookNode(kernelspec)
    if python is not None and "language_info" in kept:
        kept.language_info = NotebookNode({**kept.language_info, "version": python})
    return kept


def student_notebook(notebook: NotebookNode, kernelspec: dict | None = None,
                     python: str | None = None) -> bytes:
    """The lesson with no stored output, no instructor's note or claim and no answer key, as
    nbformat writes it to a file, ending with a line break (without validating again what the
    linter validated); with `kernelspec`
    in place of the lesson's, if given. `python`, the version of the Python its kernels will
    run, is what JupyterLab writes into the notebook as the kernel starts: written here, opening
    the notebook changes nothing in it."""
    kept = [cell for cell in notebook.cells if not tags(cell) & LEFT_OUT_OF_STUDENT_COPY]
    # folded first: a discussion's heading is then read from the tokens the linter parsed
    cells = _front_matter_folded([_student_cell(cell) for cell in _folded(kept, notebook)])
    metadata = _student_metadata(notebook.metadata, kernelspec, python)
    return writes(NotebookNode(notebook, cells=cells, metadata=metadata)).encode() + b"\n"
