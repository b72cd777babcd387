"""Which predictions a submitted notebook made, read from the widget state JupyterLab saved with
it (the student's copy and the lite course save it): a saved prediction locks its field. Not
from what the notebook printed, nor by running it: a fresh kernel has no student to click."""

from nbformat import NotebookNode

from checks.calls import exercise_ids
from checks.markers import PREDICT_CALL, WIDGET_VIEW

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_REFERENCE = "IPY_MODEL_"


def _state(notebook: NotebookNode) -> dict:
    """Each saved widget's state, by model id."""
    saved = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {})
    state = saved.get("state", {}) if isinstance(saved, dict) else {}
    return {key: value.get("state", {}) for key, value in state.items()
            if isinstance(value, dict)} if isinstance(state, dict) else {}


def _locked(state: dict, panel: str) -> bool:
    """Whether the prediction form shown as `panel` has its field locked: saved."""
    children = state.get(panel, {}).get("children", [])
    fields = [state.get(child.removeprefix(MODEL_REFERENCE), {}) for child in children
              if isinstance(child, str)] if isinstance(children, list) else []
    return len(fields) > 1 and fields[1].get("disabled") is True


def predictions_made(notebook: NotebookNode) -> set[str]:
    """The ids of the predictions whose forms were saved."""
    state, made = _state(notebook), set()
    for cell in notebook.cells:
        asked = exercise_ids(cell.source, (PREDICT_CALL,)) if cell.cell_type == "code" else []
        views = [output.get("data", {}).get(WIDGET_VIEW, {}).get("model_id")
                 for output in cell.get("outputs", []) if isinstance(output, dict)]
        if len(asked) == 1 and any(_locked(state, view) for view in views
                                   if isinstance(view, str)):
            made.add(asked[0])
    return made
