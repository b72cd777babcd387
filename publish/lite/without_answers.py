"""The exercises package as a graded course's wheel ships it (course.toml's
`show_answers = false`): each module with its answers taken out, so that no one who unzips the
wheel reads what `Cevabı göster` would have shown.

An answer is what an exercise kind's `solution`, `why` and `build` keywords hold: `solution` and
`build` become None and `why` an empty text; a model function that `solution` names keeps its
name and parameters (a check tells a student who writes other parameters which ones it wants)
with `...` for its body. Then each module-level function, class or plain value that nothing in
the package uses any more goes too (the code that wrote a solution's cell, say). What a check
needs to judge on the student's machine stays: its cases, its goal, the kernel it runs.
`leaked_answers` reads the result for every answer line the reveal would show, so that an
answer written some other way stops the build instead of shipping."""

import ast
from collections import Counter
from collections.abc import Iterable, Mapping

from checks.exercises.kinds import Exercise

ANSWER_KEYWORDS = {"solution": None, "build": None, "why": ""}
KEPT = {"EXERCISES", "PREDICTIONS"}  # what the registry reads of each module
SHORTEST_LINE = 13  # shorter answer lines (`return 2`, `if zehirli:`) say nothing on their own


def _module_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}


def _take_out_answers(tree: ast.Module) -> None:
    """Every answer keyword's value replaced; the model functions they name, hollowed."""
    functions = _module_functions(tree)
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call):
            continue
        for keyword in call.keywords:
            if keyword.arg not in ANSWER_KEYWORDS:
                continue
            named = keyword.value.id if isinstance(keyword.value, ast.Name) else None
            if keyword.arg == "solution" and named in functions:
                functions[named].body = [ast.Expr(ast.Constant(...))]
            else:
                keyword.value = ast.Constant(ANSWER_KEYWORDS[keyword.arg])


def _defined(statement: ast.stmt) -> list[str] | None:
    """The names a module-level statement only defines (a function, a class, a value with no
    call in it), or None for one that may do something else when it runs."""
    if isinstance(statement, ast.FunctionDef | ast.ClassDef):
        return [statement.name]
    if isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None \
            and not any(isinstance(node, ast.Call) for node in ast.walk(statement.value)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        names = [node for target in targets for node in ast.walk(target)
                 if not isinstance(node, ast.expr_context)]
        if all(isinstance(node, ast.Name | ast.Tuple | ast.List) for node in names):
            return [node.id for node in names if isinstance(node, ast.Name)]
    return None


def _used(trees: Iterable[ast.Module]) -> set[str]:
    """Every name the package's code reads, or imports from one of its modules."""
    used = set(KEPT)
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
                used.add(node.id)
            elif isinstance(node, ast.Attribute):
                used.add(node.attr)
            elif isinstance(node, ast.ImportFrom):
                used.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                used.add(node.value)  # `__all__`, getattr(module, "name")
    return used


def _drop_unused(trees: Mapping[str, ast.Module]) -> None:
    """Module-level definitions nothing uses, taken out until none is left."""
    while True:
        used = _used(trees.values())
        dropped = False
        for tree in trees.values():
            kept = []
            for statement in tree.body:
                names = _defined(statement)
                if names and not any(name in used or name.startswith("__") for name in names):
                    dropped = True
                else:
                    kept.append(statement)
            tree.body = kept
        if not dropped:
            return


def without_answers(modules: Mapping[str, str]) -> dict[str, str]:
    """The package's modules, by path, without their answers. Raises SyntaxError for a module
    that is not Python."""
    trees = {path: ast.parse(source, path) for path, source in modules.items()}
    for tree in trees.values():
        _take_out_answers(tree)
    _drop_unused(trees)
    return {path: ast.unparse(tree) + "\n" for path, tree in trees.items()}


def _squeezed(text: str) -> str:
    return " ".join(text.split())


def _signature_lines(code: str) -> set[int]:
    """The line numbers (from 0) of each function's `def` line and parameters in `code`: the
    name and parameters an exercise asks for, which the question states too."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    return {line for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
            for line in range(node.lineno - 1, node.body[0].lineno - 1)}


def answer_lines(exercise: Exercise, handed_out: Iterable[str]) -> list[str]:
    """What the reveal of `exercise` shows that the lessons do not already: its reasoning, and
    each line of its answer but a signature that no code cell of a lesson holds, whitespace
    squeezed."""
    given = {_squeezed(line) for cell in handed_out for line in cell.splitlines()}
    answer = exercise.answer_text()
    signature = _signature_lines(answer)
    lines = [_squeezed(line) for number, line in enumerate(answer.splitlines())
             if number not in signature]
    return [_squeezed(exercise.why),
            *(line for line in lines if len(line) >= SHORTEST_LINE and line not in given)]


def leaked_answers(shipped: Mapping[str, str], exercises: Mapping[str, Exercise],
                   handed_out: Iterable[str]) -> list[tuple[str, str]]:
    """(file, exercise id) for each answer line of an exercise that a shipped file holds; a
    line that two answers share (`tahmin = {`) is the form of an answer, not one."""
    cells = list(handed_out)
    lines = {identifier: answer_lines(exercise, cells)
             for identifier, exercise in exercises.items()}
    shared = Counter(line for answer in lines.values() for line in set(answer))
    squeezed = {path: _squeezed(text) for path, text in shipped.items()}
    return list(dict.fromkeys(
        (path, identifier) for identifier, answer in lines.items() for line in answer
        if line and shared[line] == 1
        for path, text in squeezed.items() if line in text))
