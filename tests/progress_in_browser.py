"""A student's progress as the browser tests make it, in JupyterLab on the student's copy and in
the lite course alike: a lesson's second prediction saved (a wrong choice, so that the summary
names the assumption its measurement contradicts) and its measurement run, an exercise's form
filled with the right answer; then, once the kernel is new, what the page and the record show."""

import json
from dataclasses import dataclass

import nbformat

from checks.calls import exercise_ids
from checks.definition import LESSONS_DIR, read_definition
from checks.exercises import of_course
from checks.exercises.kinds import PartsPrediction
from checks.markers import EXERCISE, measurements, tags
from checks.words import words_in
from course_copies import NAMES, ROOT

SAID = words_in(read_definition(ROOT).language)


@dataclass(frozen=True)
class Progress:
    """What the test does in a lesson: where, and what the summary then says of it."""

    prediction: str  # the prediction's id
    form: int  # the index of its form's cell, and of the cell that measures it
    measured: int
    choice: str  # the choice saved, a wrong one
    assumption: str  # the assumption the measurement contradicts
    exercise: str  # the exercise's id, checked in the form in cell `checked`
    checked: int
    answer: list[str]  # the right choice of each of its rows, in order


def calls(cell: nbformat.NotebookNode, name: str) -> list[str]:
    """The ids a code cell gives to `name`: `tahmin_et("00-x")`."""
    return exercise_ids(cell.source, (name,)) if cell.cell_type == "code" else []


def progress_in(notebook: nbformat.NotebookNode) -> Progress:
    """The lesson's second prediction (the first is the one every lesson's test makes) and its
    first exercise with a form of choices."""
    registry = of_course(read_definition(ROOT))
    asked = [(index, calls(cell, NAMES.predict)[0]) for index, cell in enumerate(notebook.cells)
             if calls(cell, NAMES.predict)]
    form, prediction = asked[1]
    measured = next(index for index, cell in enumerate(notebook.cells)
                    if index > form and prediction in calls(cell, NAMES.verdict))
    right = next(stored[prediction] for name in read_definition(ROOT).lessons
                 if prediction in (stored := measurements(
                     nbformat.read(ROOT / LESSONS_DIR / name, as_version=4))))
    choice, assumption = next((choice, assumption) for choice, assumption
                              in registry.predictions[prediction].assumptions.items()
                              if choice != right)
    checked, exercise = next(
        (index, identifier) for index, cell in enumerate(notebook.cells)
        if EXERCISE in tags(cell) for identifier in calls(cell, NAMES.form)
        if isinstance(registry.exercises[identifier], PartsPrediction))
    answer = list(registry.exercises[exercise].expected().values())
    return Progress(prediction, form, measured, choice, assumption, exercise, checked, answer)


def cell(page, index: int):
    return page.locator(".jp-Notebook .jp-Cell").nth(index)


def run_cell(page, index: int) -> None:
    cell(page, index).locator(".jp-InputPrompt").click()
    page.keyboard.press("Shift+Enter")


def make_progress(page, progress: Progress) -> None:
    """In a lesson that has run: the prediction saved and measured, the exercise passed."""
    form = cell(page, progress.form)
    form.locator(".widget-dropdown select").select_option(progress.choice)
    form.locator("button", has_text=SAID["save"]).click()
    form.get_by_text(SAID["saved"].format(value=progress.choice)).wait_for()
    run_cell(page, progress.measured)
    cell(page, progress.measured).get_by_text(progress.assumption).wait_for()
    checked = cell(page, progress.checked)
    for row, choice in enumerate(progress.answer):
        checked.locator(".widget-dropdown select").nth(row).select_option(choice)
    checked.locator("button", has_text=SAID["check"]).click()
    checked.get_by_text(SAID["right"]).wait_for()


def summary_says(progress: Progress) -> list[str]:
    """What ilerleme() says of the two, each a line of its summary."""
    missed = SAID["progress_missed"].partition("{shown}")[0].format(predicted=progress.choice)
    passed = SAID["progress_passed"].partition("(")[0]
    return [f"{progress.prediction}: {missed}", progress.assumption,
            f"{progress.exercise}: {passed}"]


def check_progress_kept(page, progress: Progress, summary: int, measured: bool = True) -> None:
    """With a new kernel: the saved prediction's form locked with its choice, its measurement
    (when it ran again) comparing against it, and the summary in cell `summary` (the lesson's
    last, ilerleme()) naming both."""
    form = cell(page, progress.form)
    form.get_by_text(SAID["saved_before"].format(value=progress.choice)).wait_for()
    select = form.locator(".widget-dropdown select")
    assert select.is_disabled()
    assert select.evaluate("select => select.options[select.selectedIndex].text") == \
        progress.choice
    if measured:
        cell(page, progress.measured).get_by_text(progress.assumption).wait_for()
    shown = cell(page, summary).locator(".jp-OutputArea-output")
    shown.get_by_text(progress.exercise).wait_for()
    said = " ".join(shown.inner_text().split())
    for line in summary_says(progress):
        assert line in said, (line, said)


def check_recorded(text: str, progress: Progress) -> None:
    """The record file holds the saved prediction and the passed check."""
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    kept = {(record["kind"], record["id"], record.get("value", record.get("passed")))
            for record in records}
    assert {("prediction", progress.prediction, progress.choice),
            ("check", progress.exercise, True)} <= kept, records
