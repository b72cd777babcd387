"""A submission's code as the grader runs it: each call of the course's check
(`kontrol("id", answer)`) becomes a call of the run's capture function, so that whatever the
student named `kontrol` is never what checks; nothing else changes. A cell Python cannot
parse is run as it is, to fail as it would."""

import ast

from IPython.core.inputtransformer2 import TransformerManager


class _ToCapture(ast.NodeTransformer):
    def __init__(self, capture: str, check: str) -> None:
        self.capture, self.check = capture, check

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if (isinstance(node.func, ast.Name) and node.func.id == self.check and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            node.func = ast.copy_location(ast.Name(self.capture, ast.Load()), node.func)
        return node


def graded_source(source: str, capture: str, check: str) -> str:
    """The cell's code with its calls of `check` (the only call graded) going to `capture`; as
    it is when it does not parse."""
    try:
        python = TransformerManager().transform_cell(source)  # magics, shell lines as Python
        tree = _ToCapture(capture, check).visit(ast.parse(python))
        return ast.unparse(ast.fix_missing_locations(tree))
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # not Python, or too deep
        return source
