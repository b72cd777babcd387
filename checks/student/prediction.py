"""A prediction before a measurement: the student chooses their prediction in a form (or types
its number) and saves it; prediction_result() in the measurement's cell says whether it held
and, if not, which assumption the measurement contradicted. In the student's own copy
(checks.student.progress) the prediction saved and its verdict are recorded: the form stays
locked though the kernel restarts, and the measurement compares with it. Every word the student
reads comes from checks.words, in the course's language."""

import ipywidgets as widgets

from checks.exercises import course_registry
from checks.exercises.kinds import Prediction
from checks.student import measured, progress
from checks.student.display import Panel, text_html, wrap_text
from checks.student.exercise import NO_CHOICE, choice_width
from checks.words import words

SAVED: dict[str, str | int] = {}  # the predictions saved in this kernel, by id
DRAFTS: dict[str, str] = {}  # chosen or typed, not saved
# a reset of the student's progress forgets this kernel's predictions too
progress.forget_on_reset(SAVED.clear, DRAFTS.clear)


def _prediction(identifier: str) -> Prediction | None:
    """The id's prediction; says so when there is none."""
    predictions = course_registry().predictions
    prediction = predictions.get(identifier)
    if prediction is None:
        print(wrap_text(words()["unknown_prediction"].format(id=identifier,
                                                             known=", ".join(predictions))))
    return prediction


CHOICE_SEPARATOR = " | "  # a choice may hold a comma ("hız-6, hız-7"): choices are split by bars


def _choices(prediction: Prediction, mark: str) -> str:
    """The choices after the question, each between `mark`s (backticks in markdown)."""
    if not prediction.choices:
        return words()["form_whole_number"]
    return words()["form_choices"].format(choices=CHOICE_SEPARATOR.join(
        f"{mark}{choice}{mark}" for choice in prediction.choices))


def whole_number(text: str) -> int | None:
    """A whole number typed; None for anything else ("", "3.5", "three")."""
    text = text.strip()
    return int(text) if text.isdecimal() else None


def _field(prediction: Prediction) -> widgets.Dropdown | widgets.Text:
    """A dropdown as wide as its longest choice; for a number, a box that starts empty."""
    said = words()
    if prediction.choices:
        choices = (NO_CHOICE, *prediction.choices)
        return widgets.Dropdown(options=choices, description=said["prediction"],
                                layout=choice_width(choices))
    return widgets.Text(description=said["prediction"], placeholder=said["a_whole_number"])


def _read(prediction: Prediction, value: str) -> str | int | None:
    """The field's value as a prediction that can be saved; else None."""
    if prediction.choices:
        return None if value == NO_CHOICE else value
    return whole_number(value)


def _saved(prediction: Prediction, identifier: str) -> str | int | None:
    """The prediction saved in the student's progress that this form can take (else None);
    prints what there is to say about the file."""
    saved, sentence = progress.saved_prediction(identifier)
    if sentence:
        print(wrap_text(sentence))
    read = None if saved is None else _read(prediction, str(saved))
    return read if not prediction.choices or read in prediction.choices else None


def predict(identifier: str) -> Panel | None:
    """A prediction's form, before the measurement: choose (or type the number), press save. What
    is saved is locked; prediction_result() in the measurement's cell gives its verdict. The
    button is disabled while there is nothing to save. A prediction saved in the student's
    progress is shown with the form locked."""
    prediction = _prediction(identifier)
    if prediction is None:
        return None
    SAVED.pop(identifier, None)  # a form run again asks afresh what the progress does not hold
    DRAFTS.pop(identifier, None)
    saved = _saved(prediction, identifier)
    said = words()
    field = _field(prediction)
    button = widgets.Button(description=said["save"], disabled=True)
    status = widgets.HTML()
    if saved is not None:
        SAVED[identifier] = saved
        field.value = str(saved)
        field.disabled = True
        status.value = text_html(said["saved_before"].format(value=saved))

    def changed(_: object = None) -> None:
        value = str(field.value)
        read = _read(prediction, value)
        button.disabled = read is None
        empty = value.strip() in ("", NO_CHOICE)
        if empty:
            DRAFTS.pop(identifier, None)
        else:
            DRAFTS[identifier] = value.strip()
        status.value = "" if read is not None or empty else text_html(
            said["not_a_whole_number"].format(typed=value.strip()))

    def save(_: widgets.Button) -> None:
        if field.disabled:  # saved: a click that still arrives changes nothing
            return
        read = _read(prediction, str(field.value))
        if read is None:
            status.value = text_html(said["choose_first" if prediction.choices else "type_first"])
            return
        SAVED[identifier] = read
        DRAFTS.pop(identifier, None)
        field.disabled = button.disabled = True  # a saved prediction never changes
        sentence = progress.record("prediction", id=identifier, value=read)
        status.value = text_html("\n".join([said["saved"].format(value=read),
                                            *([sentence] if sentence else [])]))

    field.observe(changed, names="value")
    button.on_click(save)
    question = widgets.HTML(text_html(prediction.question))
    return Panel([question, field, button, status],
                 said["predict_unrun"].format(question=prediction.question,
                                              choices=_choices(prediction, "")),
                 said["predict_question"].format(question=prediction.question,
                                                 choices=_choices(prediction, "`")))


def prediction_result(identifier: str, measured_value: str | int) -> None:
    """After the measurement: with a prediction saved (in this kernel or in the student's
    progress), prints whether it held and records the verdict; with one chosen in the form and
    not saved, says so; else prints nothing (a lesson run without predictions always prints the
    same). The measurement's right choice is noted for the instructor's answer key
    (checks.student.measured)."""
    prediction = _prediction(identifier)
    if prediction is None:
        return
    measured.note(identifier, prediction, measured_value)
    saved = SAVED.get(identifier)
    if saved is None and identifier in DRAFTS:
        said = words()
        print(wrap_text(said["not_saved"].format(
            draft=DRAFTS[identifier], how=said["chosen" if prediction.choices else "typed"],
            save=said["save"])))
        return
    if saved is None:  # the kernel restarted and the form was not run again
        saved = _saved(prediction, identifier)
    if saved is not None:
        result = prediction.outcome(saved, measured_value)
        print(wrap_text(str(result)))
        sentence = progress.record_verdict(identifier, result)
        if sentence:
            print(wrap_text(sentence))
