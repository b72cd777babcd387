"""What in a submission's code reaches for the grading itself: the capture that replaces
`kontrol` (by its name, its message type, or a function's insides), the channel it publishes
on, a `kontrol` of the student's own, or a change to the toolkit's or the course's checks. Read
from the code before it runs, so it is a heuristic: it finds the plain ways, and code that hides
what it names in ways it cannot follow escapes it; running code built from strings (`exec`,
`eval`...) or reading the kernel's names, objects or cells wholesale (`globals()`,
`sys.modules`, `gc.get_objects()`, `In`) is itself a reach. What it finds is flagged to the
instructor, and the notebook's exercises earn nothing."""

import ast
import re
from dataclasses import dataclass

from IPython.core.inputtransformer2 import TransformerManager

from grading.capture import CAPTURE_PREFIX, MIMETYPE_PREFIX

TOOLKIT = ("checks", "grading")  # packages whose objects a submission may use, never change
# a function's, a frame's, a module's or the shell's insides: where the capture keeps what it
# publishes with, and the names it goes by
INSIDES = frozenset({"__closure__", "__code__", "__globals__", "__dict__", "cell_contents",
                     "f_globals", "f_locals", "f_back", "user_ns", "user_global_ns",
                     "display_pub"})
CHANNEL = "publish_display_data"  # how the capture publishes an observation
# code that runs what it builds, reads the kernel's names or objects wholesale, or a function's
# insides: how a reach is hidden
HIDING = frozenset({"exec", "eval", "compile", "__import__", "import_module", "globals",
                    "locals", "vars", "run_cell", "run_code", "ex", "ev", "getclosurevars",
                    "get_objects", "get_referents", "get_referrers", "_getframe",
                    "currentframe", "stack"})
# the cells as run (IPython's history), which name the capture
HISTORY = re.compile(r"In|_ih|_i{1,3}|_i\d+")
# a rich display of any message type: the channel, under another name
RICH_DISPLAY = "_repr_mimebundle_"
# the kernel's module, and the builtins (where exec is, by a name spelled at run time)
WHOLESALE = frozenset({"__main__", "__builtins__", "builtins"})


@dataclass(frozen=True)
class Reach:
    """One reach for the grading: the code cell (counted from 1) and what it touched."""

    cell: int
    what: str


class _Finder(ast.NodeVisitor):
    def __init__(self, guarded: tuple[str, ...], check: str) -> None:
        self.guarded, self.check = guarded, check
        self.bound: set[str] = set()  # names the cells bind to the guarded packages
        self.found: list[str] = []

    def _guarded(self, module: str) -> bool:
        return module.split(".")[0] in self.guarded

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if self._guarded(alias.name):
                self.bound.add(alias.asname or alias.name.split(".")[0])
            if alias.name in WHOLESALE:
                self.found.append(alias.name)
            if alias.asname == self.check:
                self.found.append(f"{self.check} bound to {alias.name}")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        for alias in node.names:
            name = alias.asname or alias.name
            if self._guarded(module):
                self.bound.add(name)
            if name == self.check and not (self._guarded(module) and alias.name == self.check):
                self.found.append(f"{self.check} bound to {module}.{alias.name}")
            if alias.name == CHANNEL:
                self.found.append(CHANNEL)
            elif module in WHOLESALE or (module, alias.name) == ("sys", "modules"):
                self.found.append(f"{module}.{alias.name}")

    def visit_Name(self, node: ast.Name) -> None:
        if node.id == self.check and isinstance(node.ctx, ast.Store | ast.Del):
            self.found.append(f"{self.check} redefined")
        elif node.id in (CHANNEL, *WHOLESALE) or node.id.startswith(CAPTURE_PREFIX) \
                or HISTORY.fullmatch(node.id):
            self.found.append(node.id)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if node.name == self.check:
            self.found.append(f"{self.check} redefined")
        elif node.name == RICH_DISPLAY:
            self.found.append(RICH_DISPLAY)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in INSIDES or node.attr in (CHANNEL, RICH_DISPLAY):
            self.found.append(node.attr)
        elif node.attr == "modules" and isinstance(node.value, ast.Name) \
                and node.value.id == "sys":
            self.found.append("sys.modules")
        elif isinstance(node.ctx, ast.Store | ast.Del) and self._root(node) in self.bound:
            self.found.append(f"{ast.unparse(node)} changed")
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Store | ast.Del) and self._root(node) in self.bound:
            self.found.append(f"{ast.unparse(node)} changed")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        called = node.func.id if isinstance(node.func, ast.Name) else \
            node.func.attr if isinstance(node.func, ast.Attribute) else None
        if called in ("setattr", "delattr") and node.args \
                and self._root(node.args[0]) in self.bound:
            self.found.append(f"{ast.unparse(node.args[0])} changed")
        elif called in HIDING:
            self.found.append(f"{called}()")
        if any(keyword.arg == "raw" for keyword in node.keywords):
            self.found.append(f"{called}(raw=...)")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and (CAPTURE_PREFIX in node.value
                                            or MIMETYPE_PREFIX in node.value
                                            or node.value in WHOLESALE):
            self.found.append(repr(node.value))

    @staticmethod
    def _root(node: ast.expr) -> str | None:
        while isinstance(node, ast.Attribute | ast.Subscript | ast.Call):
            node = node.func if isinstance(node, ast.Call) else node.value
        return node.id if isinstance(node, ast.Name) else None


def reaches(cells: list[str], package: str, check: str) -> list[Reach]:
    """Each cell's reaches for the grading, in order; the course's exercises `package` is
    guarded as the toolkit is, and its check, the call `check`, as the grading's own. Names
    bound in one cell stay bound in the next, as in a kernel. A cell that does not parse reaches
    for nothing (it fails as it is)."""
    finder = _Finder((*TOOLKIT, package.split(".")[0]) if package else TOOLKIT, check)
    found = []
    for number, source in enumerate(cells, start=1):
        try:
            tree = ast.parse(TransformerManager().transform_cell(source))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        finder.found = []
        finder.visit(tree)
        found += [Reach(number, what) for what in dict.fromkeys(finder.found)]
    return found
