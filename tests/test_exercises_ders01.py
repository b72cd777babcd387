"""Lesson 01's predictions and its new exercises: a saved prediction gets its verdict from the
lesson's measurement (a wrong one with the assumption it contradicts), the drivers' exercise
checks every fate against the kernel, and the Modify step passes only with the one change."""

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import nbformat
import pytest

from predictions import save_prediction
from checks.student.tr import tahmin_et, tahmin_sonucu
from alistirmalar.ders01 import EXERCISES, PREDICTIONS
from alistirmalar.ders01 import (
    AKIBET_SENARYOSU,
    AKIBETLER,
    COZUM_HAKKI,
    HAK_ISLERI,
    HAKKI_BITEN,
    HATA_SIRASI,
    UC_ISTEK,
    VERILEN_HAK,
    hak_hucresi,
    gunluk_secenegi,
    hak_kuyrugu,
    uc_istek_secenegi,
)
from checks.exercises.kinds import ModifyTask, PartsPrediction
from checks.words import WORDS
from kernel.isler import (
    BellekSurucusu,
    KirilganIs,
    KucukResimIsi,
    YazilarDenetleyicisi,
)
from kernel.olcum import ayri_istek

LESSON = Path(__file__).parent.parent / "lessons" / "01-kuyruklar-ve-isler.ipynb"
T = TypeVar("T")


def exercise(exercise_id: str, kind: type[T]) -> T:
    found = EXERCISES[exercise_id]
    assert isinstance(found, kind)
    return found


AKIBET, HAK = exercise("01-akibetler", PartsPrediction), exercise("01-hak-ayari", ModifyTask)


def three_requests() -> str:
    """The controller answers three requests with one queue, the worker runs once after the
    third: the jobs waiting at the third answer, and the thumbnails the worker then made."""
    KucukResimIsi.uretilen.clear()
    kuyruk = BellekSurucusu()
    with ayri_istek():
        for yazi_id in UC_ISTEK:
            YazilarDenetleyicisi(kuyruk).kaydet(yazi_id)
        bekleyen = kuyruk.bekleyen()
        kuyruk.isle()
    return uc_istek_secenegi(bekleyen, list(KucukResimIsi.uretilen))


def a_failed_job_and_the_one_behind_it() -> str:
    """One queue with three attempts: a job that fails its first run, then a thumbnail behind
    it; the worker's log of one isle(), joined as the lesson's cell joins it."""
    basarisiz, yazi_id = HATA_SIRASI
    KucukResimIsi.uretilen.clear()
    with ayri_istek():
        kuyruk = BellekSurucusu(deneme_hakki=3)
        kuyruk.gonder(KirilganIs(basarisiz))
        kuyruk.gonder(KucukResimIsi(yazi_id))
        return gunluk_secenegi(*kuyruk.isle())


def attempts_after_five() -> str:
    """The attempt counter when the worker stops, for a job failing 5 times with 3 attempts,
    as the lesson's cell passes it to the verdict."""
    hak, basarisiz = HAKKI_BITEN
    is_ = KirilganIs(basarisiz)
    with ayri_istek():
        kuyruk = BellekSurucusu(deneme_hakki=hak)
        kuyruk.gonder(is_)
        kuyruk.isle()
    return str(is_.deneme)


MEASURED: dict[str, Callable[[], str]] = {
    "01-uc-istek": three_requests, "01-hata-nerede": a_failed_job_and_the_one_behind_it,
    "01-hakki-biten": attempts_after_five}


def test_the_lesson_measures_what_its_predictions_ask_about():
    assert set(MEASURED) == {k for k in PREDICTIONS if k.startswith("01-")}
    assert (three_requests(), a_failed_job_and_the_one_behind_it(), attempts_after_five()) == (
        "bekleyen 3, üretilen [7, 8, 9]",
        "kirilgan deneme 1: RuntimeError; kucukResim deneme 1: koştu; kirilgan deneme 2: koştu",
        "3")


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_every_choice_is_a_measurement_the_lesson_could_print(prediction_id):
    """The lesson's measured value is among the choices, and every choice has an assumption
    of its own."""
    prediction = PREDICTIONS[prediction_id]
    assert MEASURED[prediction_id]() in prediction.choices
    assert len(set(prediction.assumptions.values())) == len(prediction.choices) > 1


def test_the_attempts_prediction_offers_every_count_from_one_past_the_failures():
    """Who forgets the limit says 5 (every failure tried) or 6 (tried until it runs): each is a
    choice of its own, with the belief that leads to it."""
    hak, basarisiz = HAKKI_BITEN
    prediction = PREDICTIONS["01-hakki-biten"]
    assert prediction.choices == tuple(str(n) for n in range(1, basarisiz + 2))
    assert "hata verdiği denemelerin hepsinde" in prediction.assumptions[str(basarisiz)]
    assert "başarana dek" in prediction.assumptions[str(basarisiz + 1)]
    assert "yalnız yeniden denemeleri" in prediction.assumptions[str(hak + 1)]


def test_the_lesson_cell_gives_each_verdict_the_value_it_measured():
    """Each measurement cell passes a computed value, never a literal, to its verdict."""
    notebook = nbformat.read(LESSON, as_version=4)
    calls = {line.split('"')[1]: line for cell in notebook.cells for line in
             cell.source.splitlines() if line.startswith("tahmin_sonucu(")}
    assert set(calls) == set(MEASURED)
    assert calls["01-uc-istek"].endswith(
        '"bekleyen {bekleyen}, üretilen {KucukResimIsi.uretilen}")')
    assert calls["01-hakki-biten"].endswith("str(sonuclar[5][3]))")


# What a measurement prints that is its prediction's answer: none may stand above the form.
TELLTALE = {"01-uc-istek": "bekleyen: 3",
            "01-hata-nerede": "kucukResim deneme 1: koştu\nişçi: kirilgan deneme 2",
            "01-hakki-biten": "deneme 3: "}


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_no_cell_above_a_form_prints_or_says_its_answer(prediction_id):
    """Above each prediction's form, no output prints its answer, and no prose holds the
    sentences that would give 01-hata-nerede away (where a failed job goes back to)."""
    cells = nbformat.read(LESSON, as_version=4).cells
    form = next(i for i, cell in enumerate(cells)
                if f'tahmin_et("{prediction_id}")' in cell.source)
    printed = "".join(out.get("text", "") for cell in cells[:form] if cell.cell_type == "code"
                      for out in cell.outputs)
    assert TELLTALE[prediction_id] not in printed
    assert TELLTALE[prediction_id] in "".join(out.get("text", "") for cell in cells[form:]
                                              if cell.cell_type == "code"
                                              for out in cell.outputs)
    if prediction_id == "01-hata-nerede":
        prose = " ".join(" ".join(cell.source.split()) for cell in cells[:form]
                         if cell.cell_type == "markdown")
        assert not any(said in prose for said in ("arkasına", "geri kon", "sona ekler",
                                                  "sonuna döner", "hemen yeniden"))


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


WRONG = [(prediction_id, choice) for prediction_id in MEASURED
         for choice in PREDICTIONS[prediction_id].choices if choice != MEASURED[prediction_id]()]


@pytest.mark.parametrize("prediction_id,choice", WRONG)
def test_a_wrong_prediction_gets_the_assumption_the_measurement_contradicts(
        capsys, prediction_id, choice):
    out = predict(capsys, prediction_id, choice)
    assert out.startswith(f"✘ Tahmininiz: {choice}. Ölçülen: {MEASURED[prediction_id]()}.")
    assert PREDICTIONS[prediction_id].assumptions[choice] in out


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_without_a_saved_prediction_the_measurement_prints_nothing(capsys, prediction_id):
    tahmin_et(prediction_id)  # shown, never saved
    capsys.readouterr()
    tahmin_sonucu(prediction_id, MEASURED[prediction_id]())
    assert capsys.readouterr().out == ""


def right_fates() -> dict[str, str]:
    with ayri_istek():
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
    with ayri_istek():
        exec(code[:code.index("kontrol(")], names)
    return names["kuyruk"]


def test_the_code_as_handed_over_says_the_goal_and_nothing_more():
    feedback = HAK.check(built_by(handed_code()))
    assert feedback.correct is None and feedback.hints == ()
    assert "c 3 hatalı denemeden sonra koştu" in " ".join(str(feedback).split())
    assert WORDS["tr"]["unchanged"] in feedback.details


def test_the_solution_changes_one_number_and_passes():
    assert handed_code() == hak_hucresi(VERILEN_HAK)
    assert handed_code().replace(f"deneme_hakki={VERILEN_HAK}",
                                 f"deneme_hakki={COZUM_HAKKI}") == HAK.answer_text()
    assert HAK.check(HAK.build()).correct is True
    assert HAK.check(built_by(HAK.answer_text())).correct is True


def test_only_one_number_of_attempts_reaches_the_goal():
    assert [hak for hak in range(1, 9) if HAK.check(hak_kuyrugu(hak)).correct] == [COZUM_HAKKI]


def test_guessing_upward_from_the_handed_number_never_passes():
    """The handed-out number is above the answer: counting up from it never reaches the goal,
    and each try is told it changed something (not "unchanged") with the hint about c."""
    assert COZUM_HAKKI < VERILEN_HAK
    for hak in range(VERILEN_HAK + 1, VERILEN_HAK + 4):
        feedback = HAK.check(hak_kuyrugu(hak))
        assert feedback.correct is False and WORDS["tr"]["unchanged"] not in feedback.details
        assert feedback.hints[0].startswith("c hâlâ koşuyor")


@pytest.mark.parametrize("hak, hint", [(COZUM_HAKKI + 1, "c hâlâ koşuyor"),
                                       (COZUM_HAKKI - 1, "b de başarısız işler listesine"),
                                       (1, "b de başarısız işler listesine")])
def test_a_number_next_to_the_answer_gets_the_hint_about_the_job_it_misses(hak, hint):
    feedback = HAK.check(hak_kuyrugu(hak))
    assert feedback.correct is False and feedback.hints[0].startswith(hint)
    assert WORDS["tr"]["unchanged"] not in feedback.details
    assert all(str(COZUM_HAKKI) not in text for text in feedback.hints)


@pytest.mark.parametrize("isler", [(("a", 1), ("b", 2), ("c", 5)), (("a", 1), ("b", 1), ("c", 3)),
                                   (("a", 1), ("b", 2))])
def test_changing_the_jobs_instead_of_the_attempts_does_not_pass(isler):
    """Even jobs changed so that the fates read as the goal's (c failing 5 times) miss it."""
    feedback = HAK.check(hak_kuyrugu(VERILEN_HAK, isler))
    assert feedback.correct is False and feedback.hints[0].startswith("İşlere dokunmayın")
    assert "işler verildiği gibi değil" in " ".join(str(feedback).split())
    assert HAK.check(hak_kuyrugu(COZUM_HAKKI, isler)).correct is False


def test_the_goal_says_how_often_a_job_failed_not_which_attempt_it_needs():
    text = " ".join(str(HAK.check(built_by(handed_code()))).split())
    assert "Hedef: a 1 hatalı denemeden sonra koştu; b 2 hatalı denemeden sonra koştu; c " \
           "başarısız işler listesinde." in text
    assert ". denemede" not in text and str(COZUM_HAKKI) not in HAK.hint
    assert str(COZUM_HAKKI) not in "".join(mistake.hint for mistake in HAK.mistakes)


def test_a_job_changed_to_run_at_once_is_told_and_misses_the_goal():
    feedback = HAK.check(hak_kuyrugu(VERILEN_HAK, (("a", 0), *HAK_ISLERI[1:])))
    assert feedback.correct is False and "a ilk denemede koştu" in " ".join(str(feedback).split())


def test_checking_leaves_the_students_queue_full():
    kuyruk = hak_kuyrugu(COZUM_HAKKI)
    HAK.check(kuyruk)
    assert kuyruk.bekleyen() == 3 and HAK.check(kuyruk).correct is True


def test_something_else_than_a_queue_is_told_in_turkish():
    text = str(HAK.check(5))
    assert "Kurduğunuz nesne ölçülemedi" in text and "BellekSurucusu olmalı" in text
