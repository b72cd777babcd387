"""The lesson format's markers, as data: cell tags, output and notebook metadata and the calls
lessons make (the required sections are the course's, in `checks.definition`). Imported in the
lite site's kernel too (through checks.student.display), where nbformat is not installed."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from checks.notebook_nodes import NotebookNode

CLAIM = "claim"
INSTRUCTOR = "instructor"
EXERCISE = "exercise"
DISCUSSION = "discussion"

TAGS = {
    CLAIM: "asserts what the prose states about an output; the site leaves it out",
    INSTRUCTOR: "an instructor's note (timing, common mistakes, running the explorer in class): "
                "the student's notebook and the learner's page leave it out, the instructor's "
                "page shows it",
    EXERCISE: "a student's answer cell; it ends with its check (`kontrol(...)` or `form(...)`), "
              "which shows the hint and answer buttons",
    DISCUSSION: "prose that discusses a prediction's measured result: the student's notebook "
                "stores it folded and the site folds it, until the student has predicted",
}
# The tags of the tools instructors use beside the course, accepted as they are.
REMOVE_CELL, RAISES_EXCEPTION = "remove-cell", "raises-exception"
REMOVE_INPUT, REMOVE_OUTPUT, HIDE_INPUT, HIDE_OUTPUT = (
    "remove-input", "remove-output", "hide-input", "hide-output")
PEER_TAGS = {
    REMOVE_CELL: "Jupyter Book and MyST leave the cell out of the page",
    REMOVE_INPUT: "Jupyter Book and MyST show the cell's outputs only",
    REMOVE_OUTPUT: "Jupyter Book and MyST show the cell's code only",
    HIDE_INPUT: "Jupyter Book and MyST fold the cell's code",
    HIDE_OUTPUT: "Jupyter Book and MyST fold the cell's outputs",
    "parameters": "papermill's cell of default parameters",
    "injected-parameters": "the cell papermill adds with the parameters of its run",
    RAISES_EXCEPTION: "nbval, nbclient and nbconvert expect the cell to end in an error",
}
PAPERMILL_TAGS = frozenset({"parameters", "injected-parameters"})
# A cell the course site leaves out of the learner's page is left out by those tools too.
IMPLIED_PEER_TAGS = {CLAIM: REMOVE_CELL, INSTRUCTOR: REMOVE_CELL}
# A student's notebook has no note for the instructor and no claim, which states a measurement.
LEFT_OUT_OF_STUDENT_COPY = frozenset({INSTRUCTOR, CLAIM})
LEFT_OUT_OF_INSTRUCTOR_PAGE = frozenset({CLAIM})

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # an output that needs a live kernel
# A form's question, in its output's metadata (markdown): the site shows it, having no kernel.
QUESTION = "kuyruk-kursu/soru"
# In a widget's output's metadata: the site shows nothing for it (an exercise's hint and answer
# buttons, which have nothing to show without a kernel).
NOTEBOOK_ONLY = "kuyruk-kursu/yalniz-defterde"

# In a lesson's notebook metadata: the right choice (or whole number) of each prediction the
# lesson asks, by id, as its last `run` measured it; the instructor's page shows it as the answer
# key, and the student's copy leaves it out. `run` sets STORING in its kernel's environment:
# anywhere else, a lesson that measures another than the stored one fails (checks.student.measured).
MEASUREMENTS = "kuyruk-kursu/olcumler"
STORING = "KURS_STORING_MEASUREMENTS"


def tags(cell: "NotebookNode") -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def measurements(notebook: Mapping[str, Any]) -> dict[str, str | int]:
    """What a lesson's metadata stores of its predictions' measurements (nothing, if it stores
    something else under MEASUREMENTS)."""
    stored = notebook.get("metadata", {}).get(MEASUREMENTS, {})
    return dict(stored) if isinstance(stored, dict) else {}


def missing_peer_tags(cell: "NotebookNode") -> dict[str, str]:
    """Each standard tag a cell's course tags imply that it does not have, in order, with the
    first course tag that implies it."""
    have, missing = tags(cell), dict[str, str]()
    for tag, peer in IMPLIED_PEER_TAGS.items():
        if tag in have and peer not in have:
            missing.setdefault(peer, tag)
    return missing


def on_the_pages(cell: "NotebookNode") -> bool:
    """Whether the site's instructor's page shows a cell (it shows all the learner's page
    shows, and the notes): no raw cell (the front matter), no claim, no cell an
    author tagged `remove-cell` as Jupyter Book and MyST read it, but the notes, which carry
    that tag too."""
    have = tags(cell)
    return cell.get("cell_type") != "raw" and not have & LEFT_OUT_OF_INSTRUCTOR_PAGE and \
        (REMOVE_CELL not in have or INSTRUCTOR in have)


@dataclass(frozen=True)
class ToolNames:
    """The names a course's lessons call the student's tools by, in the course's language."""

    module: str  # the module a lesson imports them from
    check: str  # check an answer; its value shows the hint and answer buttons
    form: str  # a form that checks a prediction exercise
    predict: str  # a prediction asked before a measurement
    verdict: str  # the measurement's verdict on it
    progress: str  # the student's progress, shown by the last cell of every lesson: no measurement
    answer: str  # the name an exercise cell gives its answer, as a revealed answer spells it

    @property
    def checks(self) -> tuple[str, str]:
        """The calls that check an exercise."""
        return self.check, self.form

    @property
    def calls(self) -> tuple[str, ...]:
        """Every tool a lesson calls."""
        return self.check, self.form, self.predict, self.verdict, self.progress

    def import_line(self, *names: str) -> str:
        return f"from {self.module} import {', '.join(names)}"


TOOL_NAMES = {
    "tr": ToolNames("checks.student.tr", check="kontrol", form="form", predict="tahmin_et",
                    verdict="tahmin_sonucu", progress="ilerleme", answer="tahmin"),
    "en": ToolNames("checks.student.en", check="check", form="form", predict="predict",
                    verdict="prediction_result", progress="progress", answer="prediction"),
}


def tool_names(language: str) -> ToolNames:
    """The student's tools by the names of a course in `language`: the English names in a
    language the toolkit has no names for, as its words and section titles."""
    return TOOL_NAMES.get(language, TOOL_NAMES["en"])
