"""Lesson 01's predictions and its new exercises: a saved prediction gets its verdict from the
lesson's measurement (a wrong one with the assumption it contradicts), the drivers' exercise
checks every fate against the kernel, and the Modify step passes only with the one change."""

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import nbformat
import pytest

from predictions import save_prediction
from checks.tahmin import tahmin_et, tahmin_sonucu
from checks.exercises import EXERCISES, PREDICTIONS
from checks.exercises.ders01 import (
    AKIBET_SENARYOSU,
    AKIBETLER,
    COZUM_HAKKI,
    HATA_SECENEGI,
    VERILEN_HAK,
    hak_hucresi,
    hak_kuyrugu,
)
from checks.exercises.kinds import ModifyTask, PartsPrediction, UNCHANGED, own_request
from kernel.isler import (
    BellekSurucusu,
    EszamanliSurucu,
    KirilganIs,
    KucukResimIsi,
    YazilarDenetleyicisi,
)

LESSON = Path(__file__).parent.parent / "lessons" / "01-kuyruklar-ve-isler.ipynb"
T = TypeVar("T")


def exercise(exercise_id: str, kind: type[T]) -> T:
    found = EXERCISES[exercise_id]
    assert isinstance(found, kind)
    return found


AKIBET, HAK = exercise("01-akibetler", PartsPrediction), exercise("01-hak-ayari", ModifyTask)


def at_the_answer() -> str:
    """The lesson's first measurement: thumbnails made and jobs waiting when the queue
    driver's controller has answered."""
    KucukResimIsi.uretilen.clear()
    kuyruk = BellekSurucusu()
    with own_request():
        YazilarDenetleyicisi(kuyruk).kaydet(7)
    return f"üretilen {len(KucukResimIsi.uretilen)}, bekleyen {kuyruk.bekleyen()}"


def what_send_does() -> str:
    """What the controller sees from each driver's gonder() with a job that fails its first
    run, joined as the lesson's cell joins it."""
    sonuc = {}
    for ad, surucu in (("eşzamanlı", EszamanliSurucu()), ("kuyruk", BellekSurucusu())):
        try:
            with own_request():
                surucu.gonder(KirilganIs(1))
            sonuc[ad] = "sorunsuz döner"
        except RuntimeError as hata:
            sonuc[ad] = f"{type(hata).__name__} fırlatır"
    return HATA_SECENEGI.format(sonuc["eşzamanlı"], sonuc["kuyruk"])


def attempts_after_five() -> int:
    """The attempt counter when the worker stops, for a job failing 5 times with 3 attempts."""
    is_ = KirilganIs(5)
    with own_request():
        kuyruk = BellekSurucusu(deneme_hakki=3)
        kuyruk.gonder(is_)
        kuyruk.isle()
    return is_.deneme


MEASURED: dict[str, Callable[[], str | int]] = {
    "01-yanit-ani": at_the_answer, "01-hata-nerede": what_send_does,
    "01-hakki-biten": attempts_after_five}


def test_the_lesson_measures_what_its_predictions_ask_about():
    assert set(MEASURED) == {k for k in PREDICTIONS if k.startswith("01-")}
    assert (at_the_answer(), what_send_does(), attempts_after_five()) == (
        "üretilen 0, bekleyen 1", "eşzamanlı: RuntimeError fırlatır; kuyruk: sorunsuz döner", 3)


def test_every_choice_is_a_measurement_the_lesson_could_print():
    """The lesson's measured values are among the choices, and every wrong choice has its
    assumption."""
    for prediction_id in ("01-yanit-ani", "01-hata-nerede"):
        prediction = PREDICTIONS[prediction_id]
        assert MEASURED[prediction_id]() in prediction.choices
        wrong = set(prediction.choices) - {MEASURED[prediction_id]()}
        assert wrong and set(prediction.assumptions) == wrong


def test_the_lesson_cell_gives_each_verdict_the_value_it_measured():
    """Each measurement cell passes a computed value, never a literal, to its verdict."""
    notebook = nbformat.read(LESSON, as_version=4)
    calls = {line.split('"')[1]: line for cell in notebook.cells for line in
             cell.source.splitlines() if line.startswith("tahmin_sonucu(")}
    assert set(calls) == set(MEASURED)
    assert calls["01-yanit-ani"].endswith("bekleyen {bekleyen_is}\")")
    assert calls["01-hakki-biten"].endswith("sonuclar[5][3])")


def predict(capsys, prediction_id, choice) -> str:
    """Fill the form, save, then print the verdict with the lesson's measurement."""
    save_prediction(prediction_id, choice)
    capsys.readouterr()
    tahmin_sonucu(prediction_id, MEASURED[prediction_id]())
    return " ".join(capsys.readouterr().out.split())  # the verdict is wrapped to the page


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_a_right_prediction_is_told_it_held(capsys, prediction_id):
    measured = MEASURED[prediction_id]()
    out = predict(capsys, prediction_id, measured)
    assert out.startswith("✔ Tahmininiz tuttu") and str(measured) in out


WRONG = [(prediction_id, choice) for prediction_id in ("01-yanit-ani", "01-hata-nerede")
         for choice in PREDICTIONS[prediction_id].choices
         if choice != MEASURED[prediction_id]()] + [("01-hakki-biten", 2),
                                                    ("01-hakki-biten", 5)]


@pytest.mark.parametrize("prediction_id,choice", WRONG)
def test_a_wrong_prediction_gets_the_assumption_the_measurement_contradicts(
        capsys, prediction_id, choice):
    prediction = PREDICTIONS[prediction_id]
    key = choice if prediction.choices else ("az" if choice < 3 else "çok")
    out = predict(capsys, prediction_id, choice)
    assert out.startswith(f"✘ Tahmininiz: {choice}. Ölçülen: ")
    assert prediction.assumptions[key] in out


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_without_a_saved_prediction_the_measurement_prints_nothing(capsys, prediction_id):
    tahmin_et(prediction_id)  # shown, never saved
    capsys.readouterr()
    tahmin_sonucu(prediction_id, MEASURED[prediction_id]())
    assert capsys.readouterr().out == ""


def right_fates() -> dict[str, str]:
    with own_request():
        return AKIBET.expected()


def test_the_drivers_scenario_needs_every_fate_and_shows_every_send():
    assert right_fates() == {"kucukResim": "yanıttan önce koştu",
                             "eposta": "gonder() hata fırlattı", "arama": "işçide koştu",
                             "rapor": "başarısız işler listesinde", "bildirim": "işçide koştu"}
    assert set(right_fates().values()) == set(AKIBETLER)
    assert 'eszamanli.gonder(KirilganIs(1, ad="eposta"))' in AKIBET.question
    assert AKIBET.question.count(".gonder(") == len(AKIBET_SENARYOSU)


def test_the_right_fates_pass():
    feedback = AKIBET.check(right_fates())
    assert feedback.correct is True and "karşılaştırdım" in str(feedback)


@pytest.mark.parametrize("part,choice", list(AKIBET.mistakes))
def test_each_typical_fate_mistake_gets_its_hint_without_the_answer(part, choice):
    text = str(AKIBET.check({**right_fates(), part: choice}))
    assert text.startswith("✘ ") and AKIBET.mistakes[part, choice] in " ".join(text.split())
    assert f"tutmayan: {part}" in text and right_fates()[part] not in text


def handed_code() -> str:
    """The Modify cell as the lesson hands it over, its `kontrol(` line included."""
    notebook = nbformat.read(LESSON, as_version=4)
    (source,) = [cell.source for cell in notebook.cells
                 if 'kontrol("01-hak-ayari", kuyruk)' in cell.source]
    return source


def built_by(code: str) -> object:
    """What a cell's code (all before its `kontrol(` line) builds."""
    names = {"BellekSurucusu": BellekSurucusu, "KirilganIs": KirilganIs}
    with own_request():
        exec(code[:code.index("kontrol(")], names)
    return names["kuyruk"]


def test_the_code_as_handed_over_says_the_goal_and_nothing_more():
    feedback = HAK.check(built_by(handed_code()))
    assert feedback.correct is None and feedback.hints == ()
    assert "b başarısız işler listesinde" in str(feedback) and UNCHANGED in feedback.details


def test_the_solution_changes_one_number_and_passes():
    assert handed_code() == hak_hucresi(VERILEN_HAK)
    assert handed_code().replace(f"deneme_hakki={VERILEN_HAK}",
                                 f"deneme_hakki={COZUM_HAKKI}") == HAK.answer_text()
    assert HAK.check(HAK.build()).correct is True
    assert HAK.check(built_by(HAK.answer_text())).correct is True


def test_only_one_number_of_attempts_reaches_the_goal():
    assert [hak for hak in range(1, 8) if HAK.check(hak_kuyrugu(hak)).correct] == [COZUM_HAKKI]


def test_changing_a_job_instead_of_the_attempts_does_not_pass():
    kuyruk = BellekSurucusu(deneme_hakki=VERILEN_HAK)
    for ad, hata in (("a", 1), ("b", 1), ("c", 3)):
        kuyruk.gonder(KirilganIs(hata, ad=ad))
    assert HAK.check(kuyruk).correct is False


def test_the_goal_says_how_often_a_job_failed_not_which_attempt_it_needs():
    text = " ".join(str(HAK.check(built_by(handed_code()))).split())
    assert "Hedef: a 1 hatalı denemeden sonra koştu; b 2 hatalı denemeden sonra koştu" in text
    assert ". denemede" not in text and str(COZUM_HAKKI) not in HAK.hint


def test_a_job_changed_to_run_at_once_is_told_and_misses_the_goal():
    kuyruk = BellekSurucusu(deneme_hakki=VERILEN_HAK)
    for ad, hata in (("a", 0), ("b", 2), ("c", 3)):
        kuyruk.gonder(KirilganIs(hata, ad=ad))
    feedback = HAK.check(kuyruk)
    assert feedback.correct is False and "a ilk denemede koştu" in " ".join(str(feedback).split())


def test_checking_leaves_the_students_queue_full():
    kuyruk = hak_kuyrugu(COZUM_HAKKI)
    HAK.check(kuyruk)
    assert kuyruk.bekleyen() == 3 and HAK.check(kuyruk).correct is True


def test_something_else_than_a_queue_is_told_in_turkish():
    text = str(HAK.check(5))
    assert "Kurduğunuz nesne ölçülemedi" in text and "BellekSurucusu olmalı" in text
