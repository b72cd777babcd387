"""Run a lesson top to bottom in a fresh kernel and store its outputs, and what its predictions
measured (the instructor's answer key), for authors."""

import ast
import json
import os
import re
import tempfile
from pathlib import Path

import nbformat
import yaml
import zmq
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from traitlets.config import Config

from checks.course import FRONT_MATTER_MIMETYPE, front_matter_cell, read_lesson
from checks.course_path import with_course_on_path
from checks.definition import CourseError
from checks.kernel_course import course_root
from checks.markers import MEASUREMENTS, STORING, WIDGET_VIEW, missing_peer_tags

# Curve-encrypted sockets where zmq has them: the kernel then does not warn, on every run, that
# it talks over TCP in plain text.
TRANSPORT_ENCRYPTION = "auto" if zmq.has("curve") else "disabled"
TERMINAL_COLOUR = re.compile(r"\x1b\[[0-9;]*m")  # IPython's traceback colours
ENCRYPTED = Config({"KernelManager": {"transport_encryption": TRANSPORT_ENCRYPTION}})


def kernel_config(runtime: Path) -> Config:
    """The kernel's sockets as files in `runtime` where the system has them (ipc): the TCP ports
    jupyter_client picks may be taken first by a kernel starting beside it, and the kernel then
    dies at its start ("Address already in use") while the client waits a minute for it."""
    if os.name != "posix":
        return ENCRYPTED
    return Config({"KernelManager": {"transport": "ipc", "ip": str(runtime / "kernel"),
                                     "transport_encryption": TRANSPORT_ENCRYPTION}})


def forget_timings(notebook: nbformat.NotebookNode) -> None:
    """Drop the execution timings a former run stored in cell metadata."""
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)


def stable_widget_ids(notebook: nbformat.NotebookNode) -> None:
    """Name each stored widget after its cell: the kernel's random ids would change every run,
    and no saved state refers to them."""
    for cell in notebook.cells:
        views = [output.data[WIDGET_VIEW] for output in cell.get("outputs", [])
                 if WIDGET_VIEW in output.get("data", {})]
        for number, view in enumerate(views):
            view["model_id"] = f"{cell.id}-{number}"


def add_peer_tags(notebook: nbformat.NotebookNode) -> None:
    """Give each cell the standard tags its course tags imply (a claim cell `remove-cell`)."""
    for cell in notebook.cells:
        missing = missing_peer_tags(cell)
        if missing:
            cell.metadata["tags"] = [*cell.metadata.get("tags", []), *missing]


ESCAPES = ("\\u", "\\U", "\\x")  # how a tool writes a letter like İ in quoted YAML


def restore_front_matter(notebook: nbformat.NotebookNode) -> None:
    """Mark the front matter's cell as YAML again, and write its YAML out readably where a
    tool escaped its letters ("Kuyruklar ve \\u0130\\u015Fler")."""
    cell = notebook.cells[front_matter_cell(notebook)]
    cell.metadata["raw_mimetype"] = FRONT_MATTER_MIMETYPE
    lines = cell.source.strip().splitlines()
    body = "\n".join(lines[1:-1])
    if any(escape in body for escape in ESCAPES):
        data = yaml.safe_load(body)
        readable = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
        cell.source = f"---\n{readable}---"


def tidy(notebook: nbformat.NotebookNode) -> None:
    """What `run` mends before it runs a lesson: no timings, the standard tags the course tags
    imply, the front matter marked as YAML and readable."""
    forget_timings(notebook)
    add_peer_tags(notebook)
    restore_front_matter(notebook)


def as_stored(notebook: nbformat.NotebookNode) -> str:
    """The text `run` writes for a notebook that has run: widgets named after their cells, and
    no Python version (JupyterLab's kernel reports its own; the outputs do not depend on it)."""
    stable_widget_ids(notebook)
    notebook.metadata.get("language_info", {}).pop("version", None)
    text = nbformat.writes(notebook)
    return text if text.endswith("\n") else text + "\n"


# What the kernel that ran a lesson noted of its predictions' measurements
# (checks.student.measured), as JSON; nothing if the lesson asked for none.
ASK_MEASURED = ("__import__('json').dumps(getattr(__import__('sys').modules.get("
                "'checks.student.measured'), 'MEASURED', {}))")


def measured(client: NotebookClient, path: Path) -> dict[str, str | int]:
    """What the kernel that ran the lesson at `path` noted, asked of it without running a cell
    (a silent request's expression: no output, no count)."""
    assert client.kc is not None
    request = client.kc.execute("", silent=True, store_history=False,
                                user_expressions={"measured": ASK_MEASURED})
    reply = client.wait_for_reply(request) or {}
    answer = reply.get("content", {}).get("user_expressions", {}).get("measured", {})
    if answer.get("status") != "ok":
        raise CourseError(path, "the kernel did not say what the predictions measured: "
                                f"{answer.get('ename')}: {answer.get('evalue')}")
    return json.loads(ast.literal_eval(answer["data"]["text/plain"]))


def store_measured(notebook: nbformat.NotebookNode, found: dict[str, str | int]) -> None:
    """The answer key of the lesson's predictions, in its metadata; none without predictions."""
    notebook.metadata.pop(MEASUREMENTS, None)
    if found:
        notebook.metadata[MEASUREMENTS] = found


def run_lesson(path: Path, timeout: int = 120) -> None:
    """Execute the notebook in its own folder; write it back, with what its predictions
    measured in its metadata, only if every cell ran."""
    notebook = nbformat.from_dict(read_lesson(path).notebook)  # nbformat's nodes, for nbclient
    tidy(notebook)
    # A print() may reach the kernel's client as several chunks; coalescing stores one output.
    root = course_root(path.parent)
    environ = os.environ if root is None else with_course_on_path(root, os.environ)
    try:  # the kernel outlives the cells, to be asked what they measured
        with tempfile.TemporaryDirectory(prefix="kurs-run-") as runtime:
            client = NotebookClient(notebook, timeout=timeout, record_timing=False,
                                    store_widget_state=False, coalesce_streams=True,
                                    config=kernel_config(Path(runtime)),
                                    resources={"metadata": {"path": str(path.parent)}})
            with client.setup_kernel(env={**environ, STORING: "1"}):
                client.execute(cleanup_kc=False)
                store_measured(notebook, measured(client, path))
    except CellExecutionError as error:  # its traceback as a terminal colours it: plain here
        raise CourseError(path, "a cell failed, nothing was written:\n"
                                + TERMINAL_COLOUR.sub("", str(error))) from None
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(as_stored(notebook), encoding="utf-8")
    temporary.replace(path)
