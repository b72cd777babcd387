"""A notebook's JSON as nbformat's nodes, read and written by nbformat's rules for version 4
without importing nbformat: that import, jsonschema's with it, was about a tenth of a clean
build's own path, and the linter checks the schema with fastjsonschema's compiled code instead
(checks.notebook_schema). nbformat stays the reference: the tests read and write every lesson,
and made-up notebooks, both ways and compare."""

import json
from collections.abc import Mapping
from typing import Any

# Besides text/*, the bundles whose text nbformat writes to a file as lines (one string in memory)
SPLIT_BUNDLES = {"application/javascript", "image/svg+xml"}
RICH_OUTPUTS = {"execute_result", "display_data"}
TRANSIENT = ("orig_nbformat", "orig_nbformat_minor", "signature")  # never kept, nor "trusted"


class NotebookNode(dict[str, Any]):
    """A dict whose keys read and write as attributes too (`cell.source`), as nbformat's
    `NotebookNode`: a mapping stored in it by key or attribute becomes a node itself."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key: str, value: Any) -> None:
        self[key] = value

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value if isinstance(value, NotebookNode)
                            or not isinstance(value, Mapping) else from_dict(value))


def from_dict(value: Any) -> Any:
    """`value` with every dict inside it a node, as nbformat's `from_dict`."""
    if isinstance(value, dict):
        return NotebookNode({key: from_dict(inner) for key, inner in value.items()})
    if isinstance(value, list | tuple):
        return [from_dict(inner) for inner in value]
    return value


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or (mimetype.startswith("application/")
                                              and mimetype.endswith("+json"))


def _joined(bundle: dict) -> None:
    for mimetype, value in list(bundle.items()):
        if not _is_json(mimetype) and isinstance(value, list) \
                and all(isinstance(line, str) for line in value):
            bundle[mimetype] = "".join(value)


def _without_transient(notebook: dict) -> None:
    """What nbformat never keeps, in memory or in a file."""
    for key in TRANSIENT:
        notebook["metadata"].pop(key, None)
    for cell in notebook["cells"]:
        cell["metadata"].pop("trusted", None)


def to_notebook(data: dict) -> NotebookNode:
    """A notebook's parsed JSON as nbformat's `reads` makes it: nodes, each text one string."""
    notebook = from_dict(data)
    for cell in notebook.cells:
        if isinstance(cell.get("source"), list):
            cell.source = "".join(cell.source)
        for attachment in cell.get("attachments", {}).values():
            _joined(attachment)
        if cell.get("cell_type") != "code":
            continue
        for output in cell.get("outputs", []):
            kind = output.get("output_type", "")
            if kind in RICH_OUTPUTS:
                _joined(output.get("data", {}))
            elif kind and isinstance(output.get("text", ""), list):
                output.text = "".join(output.text)
    _without_transient(notebook)
    return notebook


def _split(bundle: dict) -> dict:
    return {mimetype: value.splitlines(True) if isinstance(value, str)
            and (mimetype.startswith("text/") or mimetype in SPLIT_BUNDLES) else value
            for mimetype, value in bundle.items()}


def _cell_for_file(cell: dict) -> dict:
    written = dict(cell, metadata={key: value for key, value in cell["metadata"].items()
                                   if key != "trusted"})
    if isinstance(cell.get("source"), str):
        written["source"] = cell["source"].splitlines(True)
    if "attachments" in cell:
        written["attachments"] = {name: _split(bundle)
                                  for name, bundle in cell["attachments"].items()}
    if cell["cell_type"] == "code":
        written["outputs"] = [
            dict(output, data=_split(output.get("data", {}))) if output["output_type"]
            in RICH_OUTPUTS and "data" in output
            else dict(output, text=output["text"].splitlines(True))
            if output["output_type"] == "stream" and isinstance(output["text"], str)
            else output
            for output in cell["outputs"]]
    return written


def writes(notebook: Mapping) -> str:
    """The notebook's file, as nbformat's `writes` makes it (without validating it): texts as
    lines, keys sorted, one space of indent. `notebook` itself is not changed."""
    metadata = {key: value for key, value in notebook["metadata"].items()
                if key not in TRANSIENT}
    written = dict(notebook, metadata=metadata,
                   cells=[_cell_for_file(cell) for cell in notebook["cells"]])
    return json.dumps(written, indent=1, sort_keys=True, separators=(",", ": "),
                      ensure_ascii=False)
