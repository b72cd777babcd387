"""Run a lesson top to bottom in a fresh kernel and store its outputs, for authors."""

from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from checks.course import CourseError, read_lesson


def run_lesson(path: Path, timeout: int = 120) -> None:
    """Execute the notebook in its own folder; write it back only if every cell ran."""
    notebook = read_lesson(path).notebook
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)  # timings a former run stored
    client = NotebookClient(notebook, timeout=timeout, record_timing=False,
                            store_widget_state=False,
                            resources={"metadata": {"path": str(path.parent)}})
    try:
        client.execute()
    except CellExecutionError as error:
        raise CourseError(path, f"a cell failed, nothing was written:\n{error}") from None
    temporary = path.with_name(f".{path.name}.tmp")
    nbformat.write(notebook, temporary)
    temporary.replace(path)
