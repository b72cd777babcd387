"""A prediction's form driven from Python, as a student's choice and click would."""

from checks.alistirma import tahmin_et


def save_prediction(prediction_id: str, value) -> None:
    """Choose `value` in the form and press "Tahminimi kaydet": the form locks."""
    panel = tahmin_et(prediction_id)
    assert panel is not None
    field, button = panel.children[1:3]
    field.value = value
    button.click()
    assert field.disabled and button.disabled
