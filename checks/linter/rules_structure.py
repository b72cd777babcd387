"""Lint rules for a lesson's parts: sections, measurements and their outputs, claims, exercises
and predictions, style."""

import ast
import io
import tokenize
from collections.abc import Iterator

from checks import markers
from checks.calls import exercise_ids, may_call, parsed, python_of, top_level_calls
from checks.course import Lesson
from checks.definition import LESSONS_DIR, CourseDefinition
from checks.exercises import of_course
from checks.exercises.kinds import Exercise, LogPrediction, ModifyTask, PartsPrediction
from checks.findings import ERROR, WARNING, Found, Rule
from checks.markers import ToolNames
from checks.notebook_nodes import NotebookNode
from checks.sections import cited_figures

SHOWING_CALLS = ("print", "display")  # each always shows something, as a check does
LONG_CELL = {"code": 15, "markdown": 40}
PROSE_WORDS_WITHOUT_CODE = 300


def unregistered(ids: list[str], definition: CourseDefinition) -> Iterator[str]:
    """Each id that no exercise is registered under, said so that an author can fix it."""
    known = of_course(definition).exercises
    for exercise in ids:
        if exercise not in known:
            yield (f"{exercise!r}, which no module of the package {definition.exercises!r} "
                   f"registers in its EXERCISES (known: {', '.join(known) or 'none'})")


def missing_section(lesson: Lesson, definition: CourseDefinition) -> Found:
    titles = {section.title for section in lesson.sections}
    for required in vars(definition.sections).values():
        if required not in titles:
            yield None, {"section": required}


def measures(cell: NotebookNode, progress: str) -> bool:
    """Whether a code cell prints a measurement: it prints, and is no claim, exercise or note,
    nor the student's progress (the call `progress`, which prints a sentence of its own where
    nothing is recorded)."""
    return markers.tags(cell).isdisjoint(markers.TAGS) \
        and any(out.output_type == "stream" for out in cell.outputs) \
        and all(name != progress for name, _ in top_level_calls(cell.source))


def no_measurement(lesson: Lesson, definition: CourseDefinition) -> Found:
    if not any(measures(cell, definition.tools.progress) for _, cell in lesson.code_cells):
        yield None, {}


def outputs_missing(lesson: Lesson, definition: CourseDefinition) -> Found:
    showing = (*SHOWING_CALLS, *definition.tools.checks)
    for index, cell in lesson.code_cells:
        silent = cell.execution_count is not None and not cell.outputs
        if not silent or not may_call(cell.source, showing):
            continue  # known without parsing the cell, which is what costs
        shown = [name for name, _ in top_level_calls(cell.source) if name in showing]
        if shown:
            yield index, {"call": shown[0], "lesson": LESSONS_DIR / lesson.path.name}


def claims_missing(lesson: Lesson, definition: CourseDefinition) -> Found:
    cells = lesson.notebook.cells
    for section in lesson.sections:
        figures = cited_figures(section)
        has_claim = any(markers.CLAIM in markers.tags(cells[i]) for i in section.code_cells)
        if figures and not has_claim and section.title != definition.sections.exercises:
            cell, figure = figures[0]
            yield cell, {"section": section.title or "(introduction)", "figure": figure}


def _exercise_cells(lesson: Lesson, tools: ToolNames) -> Iterator[tuple[int, list[str]]]:
    for index, cell in lesson.code_cells:
        if markers.EXERCISE in markers.tags(cell):
            yield index, exercise_ids(cell.source, tools.checks)


def _last_token(code: str) -> str:
    """The last token of some code that is not a comment or a line's end."""
    skipped = {tokenize.NEWLINE, tokenize.NL, tokenize.COMMENT, tokenize.INDENT,
               tokenize.DEDENT, tokenize.ENDMARKER}
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return ""
    return next((token.string for token in reversed(tokens) if token.type not in skipped), "")


def ends_with_check(source: str, checks: tuple[str, ...]) -> bool:
    """Whether a cell's last statement is a call of `checks` whose value (the hint and answer
    buttons) the notebook shows: not assigned, not inside a block, not silenced by a `;`."""
    tree = parsed(source)
    last = tree.body[-1] if tree and tree.body else None
    return isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) \
        and isinstance(last.value.func, ast.Name) and last.value.func.id in checks \
        and _last_token(python_of(source)) != ";"


def exercise_without_check(lesson: Lesson, definition: CourseDefinition) -> Found:
    checks = definition.tools.checks
    calls = " or ".join(f'{name}("NN-name", ...)' for name in checks)
    for index, checked in _exercise_cells(lesson, definition.tools):
        if not checked:
            yield index, {"problem": f"calls no check: it needs {calls}"}
        elif not ends_with_check(lesson.notebook.cells[index].source, checks):
            yield index, {"problem": f"does not end with its check: make {calls} its last "
                                     "line, whose value shows the hint and answer buttons"}
        for unknown in unregistered(checked, definition):
            yield index, {"problem": f"checks {unknown}"}


def claim_prints(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        if markers.CLAIM in markers.tags(cell) and cell.outputs:
            yield index, {}


def _conjuncts(test: ast.expr) -> Iterator[ast.expr]:
    """The parts of `a and b and c`, each asserted on its own."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        for value in test.values:
            yield from _conjuncts(value)
    else:
        yield test


def _is_name(node: ast.expr) -> bool:
    """`x` or `x.y.z`: a name, with no literal, call, index or sum in it."""
    return isinstance(node, ast.Name) or isinstance(node, ast.Attribute) and _is_name(node.value)


def _cites_nothing(part: ast.expr) -> str | None:
    """Why an asserted comparison cannot hold a figure the prose cites, if it cannot."""
    while isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
        part = part.operand
    if not isinstance(part, ast.Compare):
        return None  # a truth (`all(...)`, `x.bitti()`) says what the prose says in words
    operands = [part.left, *part.comparators]
    if len({ast.dump(operand) for operand in operands}) < len(operands):
        return "compares an expression with itself"
    return "compares names only, with no literal" if all(map(_is_name, operands)) else None


def uncited_assertions(source: str) -> Iterator[tuple[str, str]]:
    """(code, why) for each part of a claim cell's assertions that cannot hold a figure the
    prose cites: `assert x == x`, `assert gorunen == ucusta`."""
    code = python_of(source)
    tree = parsed(source)
    for node in ast.walk(tree) if tree else ():
        if not isinstance(node, ast.Assert):
            continue
        for part in _conjuncts(node.test):
            try:
                why = _cites_nothing(part)
            except RecursionError:  # nested too deep to compare: not a claim anyone writes
                continue
            if why:
                yield " ".join(str(ast.get_source_segment(code, part)).split()), why


def claim_without_literal(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        if markers.CLAIM in markers.tags(cell):
            for code, why in uncited_assertions(cell.source):
                yield index, {"code": code, "problem": why}


def _checked(lesson: Lesson, definition: CourseDefinition) -> list[Exercise]:
    """The registered exercises the lesson checks, each once."""
    registry = of_course(definition)
    ids = dict.fromkeys(exercise for _, checked in _exercise_cells(lesson, definition.tools)
                        for exercise in checked)
    return [registry.exercises[exercise] for exercise in ids if exercise in registry.exercises]


def too_few_exercises(lesson: Lesson, definition: CourseDefinition) -> Found:
    minimum = definition.minimums.exercises
    checked = _checked(lesson, definition)
    asking = [exercise for exercise in checked
              if isinstance(exercise, PartsPrediction | LogPrediction)]
    if minimum and (len(checked) < minimum or not asking):
        yield None, {"count": len(checked), "predictions": len(asking), "minimum": minimum}


def predictions_missing(lesson: Lesson, definition: CourseDefinition) -> Found:
    """Each prediction asked before its measurement and answered after it, at least as many
    as the course's minimum."""
    known = of_course(definition).predictions
    asked: dict[str, int] = {}
    answered: set[str] = set()
    tools = definition.tools
    said = {"predict": tools.predict, "verdict": tools.verdict}
    for index, cell in lesson.code_cells:
        for prediction in exercise_ids(cell.source, (tools.verdict,)):
            if prediction not in asked:
                yield index, {"problem": f"gives the verdict on {prediction!r} before a "
                              f"{tools.predict}({prediction!r}) cell asks for it", **said}
            answered.add(prediction)
        for prediction in exercise_ids(cell.source, (tools.predict,)):
            if prediction not in known:
                yield index, {"problem": f"asks for {prediction!r}, which no module of the "
                              f"package {definition.exercises!r} registers in its PREDICTIONS "
                              f"(known: {', '.join(known) or 'none'})", **said}
            asked.setdefault(prediction, index)
    for prediction, index in asked.items():
        if prediction not in answered:
            yield index, {"problem": f"asks for {prediction!r}, but no later cell calls "
                          f"{tools.verdict}({prediction!r}, measured)", **said}
    if len(asked) < definition.minimums.predictions:
        yield None, {"problem": f"asks for {len(asked)} prediction(s) before its measurements; "
                     f"it needs at least {definition.minimums.predictions} (course.toml's "
                     "[minimums] predictions)", **said}


def modify_missing(lesson: Lesson, definition: CourseDefinition) -> Found:
    modifying = [exercise for exercise in _checked(lesson, definition)
                 if isinstance(exercise, ModifyTask)]
    if len(modifying) < definition.minimums.modify:
        yield None, {"count": len(modifying), "minimum": definition.minimums.modify,
                     "check": definition.tools.check}


def long_cell(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in enumerate(lesson.notebook.cells):
        limit, lines = LONG_CELL.get(cell.cell_type), len(cell.source.splitlines())
        if limit and lines > limit:
            yield index, {"lines": lines, "kind": cell.cell_type, "limit": limit}


def prose_without_code(lesson: Lesson, _: CourseDefinition) -> Found:
    start, words = None, 0
    for index, cell in enumerate([*lesson.notebook.cells, None]):
        if cell is None or cell.cell_type == "code":
            if words > PROSE_WORDS_WITHOUT_CODE:
                yield start, {"words": words, "limit": PROSE_WORDS_WITHOUT_CODE}
            start, words = None, 0
        elif cell.cell_type == "markdown" and markers.INSTRUCTOR not in markers.tags(cell):
            start = index if start is None else start  # a student reads no instructor's note
            words += len(cell.source.split())


RULES = (
    Rule("missing-section", ERROR, "required section '## {section}' is missing", missing_section),
    Rule("no-measurement", ERROR, "no measurement: no code cell prints anything", no_measurement,
         settled_by_run=True),  # a lesson never run has printed nothing yet
    Rule("outputs-missing", ERROR, "code cell calls {call}() but stores no output, though it was "
         "run: its outputs were deleted; store a fresh run ({command} run {lesson})",
         outputs_missing),
    Rule("claims-missing", ERROR, "section '{section}' cites the figure {figure} in its prose but "
         "has no claim cell (a code cell tagged 'claim')", claims_missing),
    Rule("exercise-without-check", ERROR, "exercise cell {problem}", exercise_without_check),
    Rule("claim-without-literal", ERROR, "claim cell asserts {code!r}, which {problem}: a "
         "claim compares a printed figure with the literal the prose cites",
         claim_without_literal),
    Rule("claim-prints", ERROR, "claim cell has outputs: a claim only asserts, and the site "
         "hides it", claim_prints),
    Rule("too-few-exercises", ERROR, "the lesson checks {count} exercise(s), {predictions} of "
         "them predicting an output (PartsPrediction or LogPrediction); it needs at least "
         "{minimum}, one of them predicting an output (course.toml's [minimums] "
         "exercises)", too_few_exercises),
    Rule("predictions-missing", ERROR, "the lesson {problem}: a student commits to a "
         "prediction with {predict}(...) before a measurement, and the measurement's cell "
         "tells whether it held with {verdict}(...)", predictions_missing),
    Rule("modify-missing", ERROR, "{count} exercise(s) ask to modify working code, and the "
         "course's minimum is {minimum} (course.toml's [minimums] modify): such an exercise "
         "is a ModifyTask (checks/exercises/kinds.py), checked by {check}(...)", modify_missing),
    Rule("long-cell", WARNING, "{kind} cell has {lines} lines (more than {limit})", long_cell),
    Rule("prose-without-code", WARNING, "{words} words of prose with no code between them "
         "(more than {limit})", prose_without_code),
)
