"""Lint rules for a lesson's parts: sections, measurements, claims, exercises, style."""

import ast
from collections.abc import Iterator

from checks import markers
from checks.course import CourseDefinition, Lesson
from checks.exercises import EXERCISES
from checks.exercises.kinds import FunctionTask
from checks.findings import ERROR, WARNING, Found, Rule
from checks.sections import cited_figures, code_cells, sections

CHECK_CALLS = ("kontrol", "form")
MIN_EXERCISES = 3
LONG_CELL = {"code": 15, "markdown": 40}
PROSE_WORDS_WITHOUT_CODE = 300


def python_of(source: str) -> str:
    """A cell's code with IPython's magics and shell escapes (`%time`, `!ls`) as `pass`."""
    return "\n".join(line[:len(line) - len(line.lstrip())] + "pass"
                     if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


def checked_exercises(source: str) -> list[str]:
    """The exercise ids a cell checks with `kontrol("id", ...)` or `form("id")`."""
    try:
        tree = ast.parse(python_of(source))
    except SyntaxError:
        return []
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in CHECK_CALLS and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def missing_section(lesson: Lesson, _: CourseDefinition) -> Found:
    titles = {section.title for section in sections(lesson.notebook)}
    for required in markers.REQUIRED_SECTIONS:
        if required not in titles:
            yield None, {"section": required}


def no_measurement(lesson: Lesson, _: CourseDefinition) -> Found:
    if not any(markers.tags(cell).isdisjoint(markers.TAGS)
               and any(out.output_type == "stream" for out in cell.outputs)
               for _, cell in code_cells(lesson.notebook)):
        yield None, {}


def claims_missing(lesson: Lesson, _: CourseDefinition) -> Found:
    cells = lesson.notebook.cells
    for section in sections(lesson.notebook):
        figures = cited_figures(section)
        has_claim = any(markers.CLAIM in markers.tags(cells[i]) for i in section.code_cells)
        if figures and not has_claim and section.title != markers.EXERCISES:
            cell, figure = figures[0]
            yield cell, {"section": section.title or "(introduction)", "figure": figure}


def _exercise_cells(lesson: Lesson) -> Iterator[tuple[int, list[str]]]:
    for index, cell in code_cells(lesson.notebook):
        if markers.EXERCISE in markers.tags(cell):
            yield index, checked_exercises(cell.source)


def exercise_without_check(lesson: Lesson, _: CourseDefinition) -> Found:
    calls = " or ".join(f'{name}("NN-name", ...)' for name in CHECK_CALLS)
    for index, checked in _exercise_cells(lesson):
        if not checked:
            yield index, {"problem": f"calls no check: it needs {calls}"}
        for unknown in [exercise for exercise in checked if exercise not in EXERCISES]:
            known = ", ".join(EXERCISES)
            yield index, {"problem": f"checks {unknown!r}, which is not registered in "
                                     f"checks/exercises/__init__.py (known: {known})"}


def claim_prints(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in code_cells(lesson.notebook):
        if markers.CLAIM in markers.tags(cell) and cell.outputs:
            yield index, {}


def too_few_exercises(lesson: Lesson, _: CourseDefinition) -> Found:
    ids = {exercise for _, checked in _exercise_cells(lesson) for exercise in checked
           if exercise in EXERCISES}
    predictions = [i for i in ids if not isinstance(EXERCISES[i], FunctionTask)]
    if len(ids) < MIN_EXERCISES or not predictions:
        yield None, {"count": len(ids), "predictions": len(predictions), "minimum": MIN_EXERCISES}


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
        elif cell.cell_type == "markdown":
            start = index if start is None else start
            words += len(cell.source.split())


RULES = (
    Rule("missing-section", ERROR, "required section '## {section}' is missing", missing_section),
    Rule("no-measurement", ERROR, "no measurement: no code cell prints anything", no_measurement),
    Rule("claims-missing", ERROR, "section '{section}' cites the figure {figure} in its prose but "
         "has no claim cell (a code cell tagged 'claim')", claims_missing),
    Rule("exercise-without-check", ERROR, "exercise cell {problem}", exercise_without_check),
    Rule("claim-prints", ERROR, "claim cell has outputs: a claim only asserts, and the site "
         "hides it", claim_prints),
    Rule("too-few-exercises", ERROR, "the lesson checks {count} exercise(s), {predictions} of "
         "them predictions; it needs at least {minimum}, one of them a prediction",
         too_few_exercises),
    Rule("long-cell", WARNING, "{kind} cell has {lines} lines (more than {limit})", long_cell),
    Rule("prose-without-code", WARNING, "{words} words of prose with no code between them "
         "(more than {limit})", prose_without_code),
)
