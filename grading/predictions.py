"""What a submitted notebook's forms held, read from the widget state JupyterLab saved with it
(the student's copy and the lite course save it): which predictions were saved (a saved one
locks its field), and the answers chosen or typed in exercise forms (`form("id")`). Not from
what the notebook printed, nor by running it: a fresh kernel has no student to click."""

from checks.calls import exercise_ids
from checks.markers import WIDGET_VIEW, ToolNames
from checks.notebook_nodes import NotebookNode

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
MODEL_REFERENCE = "IPY_MODEL_"


def _state(notebook: NotebookNode) -> dict:
    """Each saved widget's state, by model id."""
    saved = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {})
    state = saved.get("state", {}) if isinstance(saved, dict) else {}
    return {key: {**value.get("state", {}), "_model_name": value.get("model_name")}
            for key, value in state.items() if isinstance(value, dict)
            and isinstance(value.get("state", {}), dict)} if isinstance(state, dict) else {}


def _fields(state: dict, panel: object) -> list[dict]:
    """The saved states of the widgets in the form shown as `panel`, in order."""
    children = state.get(panel, {}).get("children", []) if isinstance(panel, str) else []
    return [state.get(child.removeprefix(MODEL_REFERENCE), {}) for child in children
            if isinstance(child, str)] if isinstance(children, list) else []


def _forms(notebook: NotebookNode, call: str) -> list[tuple[str, list[dict]]]:
    """(id, its widgets' states) of each form a cell shows for one `call("id")`."""
    state, found = _state(notebook), []
    for cell in notebook.cells:
        asked = exercise_ids(cell.source, (call,)) if cell.cell_type == "code" else []
        if len(asked) == 1:
            found += [(asked[0], _fields(state, output.get("data", {}).get(WIDGET_VIEW, {})
                                          .get("model_id")))
                      for output in cell.get("outputs", []) if isinstance(output, dict)]
    return found


def predictions_made(notebook: NotebookNode, tools: ToolNames) -> set[str]:
    """The ids of the predictions whose forms were saved."""
    return {asked for asked, fields in _forms(notebook, tools.predict)
            if len(fields) > 1 and fields[1].get("disabled") is True}


def _chosen(field: dict) -> str | None:
    """A drop-down's chosen label; None before a choice (its first, empty one)."""
    labels, index = field.get("_options_labels"), field.get("index")
    if isinstance(labels, list) and isinstance(index, int) and 0 < index < len(labels):
        return str(labels[index])
    return None


def form_answers(notebook: NotebookNode, tools: ToolNames) -> list[tuple[str, object]]:
    """(exercise id, answer) of each exercise form filled in: every part chosen (a dict of
    part and choice), or lines typed (a text)."""
    answers: list[tuple[str, object]] = []
    for asked, fields in _forms(notebook, tools.form):
        parts = {field.get("description"): _chosen(field) for field in fields
                 if "_options_labels" in field}
        typed = [field.get("value") for field in fields
                 if field.get("_model_name") == "TextareaModel"]
        if parts and None not in parts.values():
            answers.append((asked, parts))
        elif typed and isinstance(typed[0], str) and typed[0].strip():
            answers.append((asked, typed[0]))
    return answers
