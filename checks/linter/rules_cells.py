"""Lint rules for a lesson's cells: run state (what its predictions measured too), outputs and
tags."""

import re
from collections.abc import Iterator

from checks import markers
from checks.calls import exercise_ids
from checks.course import Lesson
from checks.definition import LESSONS_DIR, CourseDefinition
from checks.exercises import of_course
from checks.exercises.kinds import Prediction
from checks.findings import ERROR, WARNING, Found, Rule, command
from checks.notebook_nodes import NotebookNode

# The top folders an absolute path that an output prints starts with
SYSTEM_FOLDERS = ("home", "Users", "root", "tmp", "var", "opt", "usr", "work", "mnt")
# what varies between runs -> (how to recognise it, texts one of which every match holds, what
# to print instead); the texts are looked for first: most outputs hold none of them, and a
# text is found many times faster than a pattern is searched for in a long output (a figure)
UNSTABLE_OUTPUT = {
    "a memory address": (re.compile(r"\b0x[0-9a-fA-F]{6,}\b"), ("0x",),
                         "print names, not objects"),
    "an absolute path": (re.compile(rf"(?<![\w./])(/({'|'.join(SYSTEM_FOLDERS)})/"
                                    r"\S+|\b[A-Za-z]:\\\S+)"),
                         (*(f"/{folder}/" for folder in SYSTEM_FOLDERS), ":\\"),
                         "print paths relative to the lesson"),
    "a date and time": (re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"), ("-",),
                        "count steps instead of reading the clock"),
    "a clock time": (re.compile(r"\b\d{1,2}:\d{2}:\d{2}\b"), (":",),
                     "count steps instead of reading the clock"),
    "a measured duration": (re.compile(r"\b\d+\.\d+\s?(s|ms|µs|us|ns|sn|saniye)\b"), (".",),
                            "count steps or attempts instead of timing"),
}


def _output_texts(cell: NotebookNode) -> Iterator[str]:
    for output in cell.outputs:
        if output.output_type == "stream":
            yield output.text
        for value in output.get("data", {}).values():
            if isinstance(value, str):
                yield value


STRIPPED_COUNTS = ("code cell has stored outputs but no execution count: a tool cleared the "
                   "counts (nbstripout keeps them only with --keep-count); store a fresh run "
                   "with {command} run")  # the command line's name filled in


def unrun(lesson: Lesson) -> bool:
    """Whether a lesson was never run: it has code cells (with code in them), and none of them
    has an execution count or a stored output (the student's notebook, a lesson through plain
    nbstripout, jupytext's notebook made without --update). A lesson of which only some cells
    ran is not unrun: each cell left is named (`not-executed`)."""
    return bool(lesson.code_cells) and all(cell.execution_count is None and not cell.outputs
                                           for _, cell in lesson.code_cells)


def not_run(lesson: Lesson, _: CourseDefinition) -> Found:
    if unrun(lesson):
        yield None, {"lesson": LESSONS_DIR / lesson.path.name}


def not_executed(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        if cell.execution_count is None:
            stripped = STRIPPED_COUNTS.format(command=command())
            yield index, {"problem": stripped if cell.outputs else
                          "code cell has no stored outputs: it was never run"}


def execution_order(lesson: Lesson, _: CourseDefinition) -> Found:
    for expected, (index, cell) in enumerate(lesson.code_cells, start=1):
        if cell.execution_count is not None and cell.execution_count != expected:
            yield index, {"found": cell.execution_count, "expected": expected}
            return


def error_output(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        if markers.RAISES_EXCEPTION in markers.tags(cell):
            continue  # it shows an error on purpose, and nbval and `run` expect one
        for output in cell.outputs:
            if output.output_type == "error":
                yield index, {"error": f"{output.ename}: {output.evalue}"}


def unstable_output(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        for text in _output_texts(cell):
            for what, (pattern, clues, instead) in UNSTABLE_OUTPUT.items():
                if any(clue in text for clue in clues) and (match := pattern.search(text)):
                    yield index, {"what": what, "text": match.group(), "instead": instead}


def unknown_tag(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in enumerate(lesson.notebook.cells):
        for tag in sorted(markers.tags(cell) - markers.TAGS.keys() - markers.PEER_TAGS.keys()):
            yield index, {"tag": tag, "known": ", ".join(markers.TAGS),
                          "peers": ", ".join(markers.PEER_TAGS)}


def peer_tag_missing(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in enumerate(lesson.notebook.cells):
        for peer, tag in markers.missing_peer_tags(cell).items():
            yield index, {"tag": tag, "peer": peer}


def _unfit(prediction: Prediction, value: object) -> str | None:
    """Why a stored measurement cannot be the prediction's right choice, if it cannot."""
    if prediction.choices and value not in prediction.choices:
        return f"one of its choices ({', '.join(prediction.choices)})"
    if not prediction.choices and (not isinstance(value, int) or isinstance(value, bool)):
        return "a whole number"
    return None


def measurement_not_stored(lesson: Lesson, definition: CourseDefinition) -> Found:
    known, stored = of_course(definition).predictions, markers.measurements(lesson.notebook)
    asked: dict[str, int] = {}
    for index, cell in lesson.code_cells:
        for prediction in exercise_ids(cell.source, (definition.tools.predict,)):
            asked.setdefault(prediction, index)
    for prediction, index in asked.items():
        if prediction not in known:
            continue  # predictions-missing says so
        if prediction not in stored:
            problem = "no measurement of it is stored"
        elif wanted := _unfit(known[prediction], stored[prediction]):
            problem = f"its stored measurement, {stored[prediction]!r}, is not {wanted}"
        else:
            continue
        yield index, {"id": prediction, "problem": problem,
                      "lesson": LESSONS_DIR / lesson.path.name}


def _reads_first(cells: list[NotebookNode], after: int) -> int | None:
    """The first cell after `after` that a student reads as prose (an instructor's note is not
    theirs), if any."""
    return next((at for at in range(after + 1, len(cells)) if cells[at].cell_type == "markdown"
                 and markers.INSTRUCTOR not in markers.tags(cells[at])), None)


def discussion_missing(lesson: Lesson, definition: CourseDefinition) -> Found:
    """The prose a student reads first after a prediction's verdict discusses what it measured:
    untagged, it would stand open below the form. A heading there opens something new."""
    cells = lesson.notebook.cells
    for index, cell in lesson.code_cells:
        for prediction in exercise_ids(cell.source, (definition.tools.verdict,)):
            at = _reads_first(cells, index)
            if (at is not None and not cells[at].source.lstrip().startswith("#")
                    and markers.DISCUSSION not in markers.tags(cells[at])):
                yield at, {"id": prediction, "tag": markers.DISCUSSION}


def summary_unfolded(lesson: Lesson, definition: CourseDefinition) -> Found:
    """A lesson that asks for predictions sums up what they measured in its summary: untagged,
    it would stand open below every form."""
    if not any(exercise_ids(cell.source, (definition.tools.predict,))
               for _, cell in lesson.code_cells):
        return
    title = definition.sections.summary
    for at in lesson.section_cells(title):
        cell = lesson.notebook.cells[at]
        if cell.cell_type == "markdown" and not markers.tags(cell) & {markers.INSTRUCTOR,
                                                                      markers.DISCUSSION}:
            yield at, {"title": title, "tag": markers.DISCUSSION}


def stderr_output(lesson: Lesson, _: CourseDefinition) -> Found:
    for index, cell in lesson.code_cells:
        if any(out.output_type == "stream" and out.name == "stderr" for out in cell.outputs):
            yield index, {}


RULES = (
    Rule("not-run", ERROR, "the lesson was never run: no code cell has an execution count or a "
         "stored output; run {command} run {lesson} first, then check what is left",
         not_run),
    Rule("not-executed", ERROR, "{problem}", not_executed, settled_by_run=True),
    Rule("execution-order", ERROR, "execution count is {found}, expected {expected}: run the "
         "notebook top to bottom in a fresh kernel", execution_order),
    Rule("error-output", ERROR, "stored output is an error: {error}", error_output),
    Rule("unstable-output", ERROR, "output cannot be stable, it holds {what}: {text!r}; "
         "{instead}",
         unstable_output),
    Rule("unknown-tag", ERROR, "unknown cell tag {tag!r} (the course's: {known}; other "
         "tools': {peers})", unknown_tag),
    Rule("peer-tag-missing", ERROR, "a cell tagged {tag!r} also needs the tag {peer!r}, so that "
         "Jupyter Book and MyST leave it out as the course site does; {command} run adds it",
         peer_tag_missing, settled_by_run=True),
    Rule("measurement-not-stored", ERROR, "asks for the prediction {id!r}, but {problem}: "
         "its right choice on the instructor's page is what the lesson's run measured; run "
         "{command} run {lesson}", measurement_not_stored, settled_by_run=True),
    Rule("discussion-missing", ERROR, "the first prose after the verdict of {id!r} discusses "
         "its result: tag it {tag!r}, so that the student's notebook and the site keep it "
         "folded until the prediction is made", discussion_missing),
    Rule("summary-unfolded", ERROR, "the section {title!r} sums up what the predictions "
         "measured: tag its prose {tag!r}, so that the student's notebook and the site keep it "
         "folded until the lesson is run", summary_unfolded),
    Rule("stderr-output", WARNING, "code cell writes to stderr", stderr_output),
)
