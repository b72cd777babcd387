"""A prediction's form driven from Python, as a student's choice and click would."""

from checks.student.tr import tahmin_et, tahmin_sonucu


def save_prediction(prediction_id: str, value) -> None:
    """Choose `value` in the form and press "Tahminimi kaydet": the form locks."""
    panel = tahmin_et(prediction_id)
    assert panel is not None
    field, button = panel.children[1:3]
    field.value = str(value)  # a choice, or the number as typed
    button.click()
    assert field.disabled and button.disabled


def wrong_verdict(prediction_id: str, choice, measured, capsys) -> str:
    """The verdict, on one line, after `choice` was saved and `measured` came out: it opens by
    saying the prediction and what was measured."""
    save_prediction(prediction_id, choice)
    tahmin_sonucu(prediction_id, measured)
    printed = " ".join(capsys.readouterr().out.split())
    assert printed.startswith(f"✘ Tahmininiz: {choice}. Ölçülen: ")
    return printed
