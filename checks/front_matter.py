"""A lesson's front matter, the YAML mapping in its first raw cell, read from nbformat's nodes or
from a notebook's plain JSON alike, without nbformat (a build reads what the lite site leaves
out before it loads the notebook libraries)."""

from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from checks.definition import CourseError
from checks.markers import PAPERMILL_TAGS, tags

# Optional: one sentence saying why the lesson cannot run in the browser (it starts processes,
# say). The lite site leaves such a lesson out, and its page on the site says why instead.
NOT_IN_BROWSER = "not_in_browser"


def _one_line(error: Exception) -> str:
    """A YAML error as one line: its problem and the line of the front matter it is on."""
    mark = getattr(error, "problem_mark", None)
    where = f" (front matter line {mark.line + 1})" if mark else ""
    return " ".join(f"{getattr(error, 'problem', None) or error}{where}".split())


def _errors(yaml: ModuleType) -> tuple[type[Exception], ...]:
    """What reading YAML raises: besides YAMLError, PyYAML raises ValueError on an impossible
    date (2026-13-45) or a bad `!!int x`, AttributeError on a bad `!!timestamp x`, and
    RecursionError on nesting."""
    return yaml.YAMLError, ValueError, AttributeError, RecursionError


def _parsed(yaml: ModuleType, text: str) -> object:
    """`text` read as YAML by libyaml, about ten times faster, where PyYAML has it; what libyaml
    refuses, PyYAML's own reader reads again, so that it accepts and words it as it always
    has (libyaml places some errors on another line)."""
    if hasattr(yaml, "CSafeLoader"):
        try:
            return yaml.load(text, Loader=yaml.CSafeLoader)
        except _errors(yaml):
            pass
    return yaml.safe_load(text)


def front_matter_cell(notebook: Mapping) -> int:
    """Where the front matter is: the first cell, or the first after papermill's cells of
    parameters (`papermill -p` puts the parameters it was given at the top)."""
    return next((index for index, cell in enumerate(notebook["cells"])
                 if not tags(cell) & PAPERMILL_TAGS), 0)


def read_front_matter(path: Path, notebook: Mapping) -> dict:
    """The YAML mapping between '---' lines in the notebook's first cell, a raw cell (papermill's
    parameter cells may stand before it)."""
    at = front_matter_cell(notebook)
    first = notebook["cells"][at] if notebook["cells"] else None
    source = first.get("source", "") if first and first.get("cell_type") == "raw" else ""
    lines = ("".join(source) if isinstance(source, list) else source).strip().splitlines()
    if len(lines) < 2 or lines[0] != "---" or lines[-1] != "---":
        raise CourseError(path, "front matter missing: the first cell must be a raw cell "
                                "holding YAML between '---' lines", at, "front-matter")
    import yaml  # here: a build that finds its site up to date reads no front matter
    try:
        data = _parsed(yaml, "\n".join(lines[1:-1]))
    except _errors(yaml) as error:
        raise CourseError(path, f"front matter is not valid YAML: {_one_line(error)}", at,
                          "front-matter") from None
    if not isinstance(data, dict):
        raise CourseError(path, "front matter must be a YAML mapping", at, "front-matter")
    return data


def not_in_browser(front_matter: dict) -> str | None:
    """Why the lesson cannot run in the browser, if its front matter says so (the linter holds
    the value to a sentence); None for a lesson the lite site runs."""
    why = front_matter.get(NOT_IN_BROWSER)
    return why.strip() if isinstance(why, str) and why.strip() else None
