"""What a submitted notebook's saved forms hold, read from its widget state: a prediction counts
as made only when its form was saved (locked), and an exercise form's drop-down counts only
once a choice was made in it."""

import nbformat
import pytest

from checks.markers import WIDGET_VIEW
from course_copies import NAMES
from grading.predictions import MODEL_REFERENCE, WIDGET_STATE, form_answers, predictions_made


def notebook_with_a_form(call: str, fields: dict[str, dict]) -> nbformat.NotebookNode:
    """A notebook whose one cell, `call`, shows a form: a box of `fields`, by model id."""
    cell = nbformat.v4.new_code_cell(call)
    cell.outputs = [nbformat.v4.new_output("display_data",
                                           data={WIDGET_VIEW: {"model_id": "form"}})]
    state = {"form": {"model_name": "VBoxModel", "state": {
        "children": [f"{MODEL_REFERENCE}{model}" for model in fields]}}}
    state |= {model: {"model_name": "DropdownModel", "state": field}
              for model, field in fields.items()}
    notebook = nbformat.v4.new_notebook(cells=[cell])
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": state}}
    return notebook


@pytest.mark.parametrize(("disabled", "made"), [(True, {"00-tahmin"}), (False, set())])
def test_a_prediction_counts_as_made_only_when_its_form_was_saved(disabled, made):
    """Saving locks the form's field: shown but never saved, it was not made."""
    notebook = notebook_with_a_form('tahmin_et("00-tahmin")', {
        "question": {}, "choice": {"disabled": disabled}})
    assert predictions_made(notebook, NAMES) == made


@pytest.mark.parametrize(("index", "answers"), [
    (0, []), (1, [("01-form", {"kaydet": "koştu"})])])
def test_an_exercise_forms_drop_down_counts_once_a_choice_is_made(index, answers):
    """Its first label is the empty one ("—"): left there, the form is unanswered, not wrong."""
    notebook = notebook_with_a_form('form("01-form")', {"part": {
        "_options_labels": ["—", "koştu", "ertelendi"], "index": index,
        "description": "kaydet"}})
    assert form_answers(notebook, NAMES) == answers
