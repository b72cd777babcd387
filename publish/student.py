"""The lesson a student works in, the same file wherever they get it (their own copy of the
course, the site's download, the lite course): the instructor's notebook without what would
answer its questions before they are asked (its outputs, notes, claims and answer key)."""

import nbformat
from nbformat import NotebookNode

from checks.glossary import MARK_TARGET
from checks.markers import LEFT_OUT_OF_STUDENT_COPY, MEASUREMENTS, tags

GLOSSARY_NAME = "glossary.yaml"  # beside the student's notebooks: their marked terms link to it
# JupyterLab's settings wherever a student works (their copy, the lite course): a widget's
# state is saved with its notebook, so that a lesson run, saved and opened again shows its
# forms and explorers, not "Error displaying widget: model not found".
STUDENT_SETTINGS = {"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True}}


def _student_cell(cell: NotebookNode) -> NotebookNode:
    """A code cell as never run (its stored outputs are what the student is to predict); a
    marked term linking to the glossary beside the notebook."""
    if cell.cell_type == "code":
        return NotebookNode(cell, outputs=[], execution_count=None)
    if cell.cell_type == "markdown":
        return NotebookNode(cell, source=cell.source.replace(f"]({MARK_TARGET}",
                                                             f"]({GLOSSARY_NAME}#"))
    return cell


def _student_metadata(metadata: NotebookNode, kernelspec: dict | None) -> NotebookNode:
    """The lesson's metadata without the answer key (its predictions' measurements), with
    `kernelspec` in place of the lesson's, if given."""
    kept = NotebookNode({key: value for key, value in metadata.items() if key != MEASUREMENTS})
    if kernelspec is not None:
        kept.kernelspec = NotebookNode(kernelspec)
    return kept


def student_notebook(notebook: NotebookNode, kernelspec: dict | None = None) -> bytes:
    """The lesson with no stored output, no instructor's note or claim and no answer key, as
    nbformat writes it (without validating again what the linter validated); with `kernelspec`
    in place of the lesson's, if given."""
    cells = [_student_cell(cell) for cell in notebook.cells
             if not tags(cell) & LEFT_OUT_OF_STUDENT_COPY]
    metadata = _student_metadata(notebook.metadata, kernelspec)
    return nbformat.versions[4].writes_json(
        NotebookNode(notebook, cells=cells, metadata=metadata)).encode()
