"""What a code cell calls when it runs, read from its syntax tree: the lesson format's calls
(`kontrol("NN-name", ...)`, `tahmin_et("NN-id")`) and the ids given to them. Light: the site's
build reads them without loading the exercises or the kernel."""

import ast
import unicodedata
from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from checks.markers import EXERCISE, tags

if TYPE_CHECKING:
    from checks.notebook_nodes import NotebookNode

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def python_of(source: str) -> str:
    """A cell's code with IPython's magics and shell escapes (`%time`, `!ls`) as `pass`."""
    return "\n".join(line[:len(line) - len(line.lstrip())] + "pass"
                     if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


@lru_cache(maxsize=1024)  # several rules read each cell
def parsed(source: str) -> ast.Module | None:
    """A cell's code as a syntax tree, shared by every caller (never change it); None when it is
    not Python."""
    try:
        return ast.parse(python_of(source))
    except (SyntaxError, RecursionError):  # RecursionError: nested too deep to parse
        return None


@lru_cache(maxsize=1024)  # several rules, and the instructor's page, ask each cell
def top_level_calls(source: str) -> tuple[tuple[str, list[ast.expr]], ...]:
    """(name, arguments) of each call by name that a cell makes when it runs: those in its
    top-level code, not in the bodies of the functions, classes and lambdas it defines; none
    when the cell is not Python. Shared by every caller: never change what it returns."""
    tree = parsed(source)
    if tree is None:
        return ()
    calls, nodes = [], deque(ast.iter_child_nodes(tree))
    while nodes:
        node = nodes.popleft()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            calls.append((node.func.id, node.args))
        if not isinstance(node, DEFINITIONS):
            nodes.extend(ast.iter_child_nodes(node))
    return tuple(calls)


def may_call(source: str, names: tuple[str, ...]) -> bool:
    """Whether a cell's code holds one of `names`, as Python reads names (in NFKC form); if it
    does not, it calls none of them, which is then known without parsing it."""
    code = source if source.isascii() else unicodedata.normalize("NFKC", source)
    return any(name in code for name in names)


def exercise_ids(source: str, calls: tuple[str, ...]) -> list[str]:
    """The exercise ids a cell gives, as text, to the named calls: `kontrol("NN-name", ...)`."""
    if not may_call(source, calls):
        return []
    return [args[0].value for name, args in top_level_calls(source)
            if name in calls and args and isinstance(args[0], ast.Constant)
            and isinstance(args[0].value, str)]


def checked_cells(cells: Sequence["NotebookNode"], check: str) -> dict[int, str]:
    """The exercise cells that check an answer with the call `check` (`kontrol("NN-name",
    ...)`), by index, with their exercise's id."""
    found = {index: exercise_ids(cell.source, (check,)) for index, cell
             in enumerate(cells) if cell.cell_type == "code" and EXERCISE in tags(cell)}
    return {index: exercise_id for index, ids in found.items() for exercise_id in ids}
