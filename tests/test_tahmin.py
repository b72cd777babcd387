"""Predictions before measurements: the form a student commits with, the verdict the measurement
gives, what a lesson run with no prediction prints (nothing), and how the site shows the form."""

import pytest
from nbformat import from_dict

from predictions import save_prediction
from checks.student import prediction
from checks.student.exercise import NO_CHOICE
from checks.student.display import WIDTH
from checks.student.tr import tahmin_et, tahmin_sonucu
from checks.exercises import course_registry
from checks.exercises.kinds import Outcome, Prediction
from checks.markers import QUESTION
from checks.words import WORDS
from publish.outputs import render_output
from publish.prose import Outline
from publish.strings import STRINGS

SAVE = WORDS["tr"]["save"]  # the form's button, in the course's language

SECIMLI = Prediction("Parça hangi sınıfa düşer?", ("koştu", "ertelendi"),
                     {"ertelendi": "Kuyruğa konan iş, yanıt dönmeden koşmaz."})
SAYILI = Prediction("Kaç kez teslim edilir?", (),
                    {"az": "Görünürlük süresi işten kısaysa ileti yeniden görünür.",
                     "çok": "Her teslim bir alma isteğiyle olur."})


@pytest.fixture(autouse=True)
def predictions(monkeypatch):
    """Two predictions of the tests' own (tests/conftest.py clears what was saved), in the
    registry `tahmin_et` reads now: a test that clears its caches makes a new one."""
    monkeypatch.setitem(course_registry().predictions, "99-secim", SECIMLI)
    monkeypatch.setitem(course_registry().predictions, "99-sayi", SAYILI)


@pytest.mark.parametrize("predicted, printed", [
    ("koştu", "✔ Tahmininiz tuttu: ölçülen koştu."),
    ("ertelendi", "✘ Tahmininiz: ertelendi. Ölçülen: koştu.\nÖlçümün çürüttüğü varsayım: "
                  "Kuyruğa konan iş, yanıt dönmeden koşmaz."),
])
def test_the_measurement_says_whether_a_choice_held_and_which_assumption_it_broke(
            predicted, printed, capsys):
    save_prediction("99-secim", predicted)
    tahmin_sonucu("99-secim", "koştu")
    assert capsys.readouterr().out == printed + "\n"


@pytest.mark.parametrize("predicted, assumption", [(1, "az"), (9, "çok")])
def test_a_number_too_low_or_too_high_is_told_its_own_assumption(predicted, assumption, capsys):
    save_prediction("99-sayi", predicted)
    tahmin_sonucu("99-sayi", 4)
    out = capsys.readouterr().out
    assert out.startswith(f"✘ Tahmininiz: {predicted}. Ölçülen: 4.")
    assert SAYILI.assumptions[assumption] in " ".join(out.split())  # wrapped at 80 columns


def test_with_no_prediction_the_measurement_prints_nothing_more(capsys):
    """So a lesson run top to bottom stores the same outputs, whatever its forms."""
    tahmin_et("99-secim")
    tahmin_sonucu("99-secim", "koştu")
    assert capsys.readouterr().out == ""


def test_a_saved_prediction_is_locked_and_the_button_waits_for_a_choice():
    panel = tahmin_et("99-secim")
    _, field, button, status = panel.children
    assert field.options == (NO_CHOICE, "koştu", "ertelendi") and button.description == SAVE
    assert button.disabled
    field.value = "ertelendi"
    assert not button.disabled
    field.value = NO_CHOICE
    assert button.disabled
    button.click()  # a click that reaches it anyway saves nothing
    assert "Önce bir seçenek" in status.value and "99-secim" not in prediction.SAVED
    field.value = "ertelendi"
    button.click()
    assert prediction.SAVED["99-secim"] == "ertelendi"
    assert field.disabled and button.disabled and "Kaydedildi: ertelendi" in status.value


def test_a_number_starts_empty_and_only_a_whole_number_is_saved():
    _, field, button, status = tahmin_et("99-sayi").children
    assert field.value == "" and button.disabled and status.value == ""
    field.value = "3.5"
    assert button.disabled and "“3.5” olmaz: 0 ya da daha büyük bir tam sayı" in status.value
    field.value = "-1"  # an integer, but no count: the message says what is allowed
    assert button.disabled and "“-1” olmaz: 0 ya da daha büyük" in status.value
    button.click()
    assert "99-sayi" not in prediction.SAVED
    field.value = " 35 "
    assert not button.disabled and status.value == ""
    button.click()
    assert prediction.SAVED["99-sayi"] == 35 and field.disabled and button.disabled


@pytest.mark.parametrize("prediction, typed, said", [
    ("99-secim", "ertelendi", "“ertelendi” seçili"), ("99-sayi", "7", "“7” yazılı")])
def test_a_prediction_chosen_but_not_saved_is_named_by_the_measurement(prediction, typed, said,
                                                                      capsys):
    field = tahmin_et(prediction).children[1]
    field.value = typed
    tahmin_sonucu(prediction, "koştu" if prediction == "99-secim" else 4)
    printed = " ".join(capsys.readouterr().out.split())
    assert printed == (f"Tahmininizi kaydetmediniz: formda {said}, ama “{SAVE}” düğmesine "
                       "basılmadığı için ölçüm onunla karşılaştırılmadı.")
    field.value = NO_CHOICE if prediction == "99-secim" else ""  # taken back: nothing to say
    tahmin_sonucu(prediction, "koştu" if prediction == "99-secim" else 4)
    assert capsys.readouterr().out == ""


def test_a_dropdown_is_wide_enough_for_its_longest_choice(monkeypatch):
    monkeypatch.setitem(course_registry().predictions, "99-uzun",
                        Prediction("Hangisi?", ("kısa", "çok daha uzun bir seçenek"), {}))
    field = tahmin_et("99-uzun").children[1]
    assert f"+ {len('çok daha uzun bir seçenek') + 6}ch)" in field.layout.width


def test_running_the_form_again_asks_afresh(capsys):
    """Where nothing is recorded, as here; in a student's copy a saved prediction stays locked
    (tests/test_ilerleme.py)."""
    save_prediction("99-secim", "koştu")
    tahmin_et("99-secim")
    tahmin_sonucu("99-secim", "koştu")
    assert capsys.readouterr().out == ""


def test_an_unknown_id_is_named_with_the_known_ones(capsys):
    assert tahmin_et("99-yok") is None
    tahmin_sonucu("99-yok", "koştu")
    out = capsys.readouterr().out
    assert out.count("'99-yok' adında bir tahmin yok") == 2 and "99-secim" in out


def test_a_measurement_outside_the_choices_is_the_lessons_mistake():
    with pytest.raises(ValueError, match="seçeneklerden biri değil"):
        SECIMLI.verdict("koştu", "atlandı")


def test_unrun_and_on_the_site_the_form_shows_its_question_and_choices():
    data, metadata = tahmin_et("99-secim")._repr_mimebundle_()
    assert data["text/plain"] == ("[Tahmin edin: Parça hangi sınıfa düşer? Seçenekler: koştu | "
                                  "ertelendi. Form,\nhücreyi çalıştırınca burada görünür.]")
    assert all(len(line) <= WIDTH for line in data["text/plain"].splitlines())
    assert "text/markdown" not in data  # JupyterLab's table of contents fails on one, stored
    assert metadata == {QUESTION: "**Tahmin edin.** Parça hangi sınıfa düşer? Seçenekler: "
                                  "`koştu` | `ertelendi`."}
    assert " ".join(tahmin_et("99-sayi")._repr_mimebundle_()[0]["text/plain"].split()).startswith(
        "[Tahmin edin: Kaç kez teslim edilir? Cevap bir tam sayı. Form,")
    output = from_dict({"output_type": "display_data", "metadata": metadata, "data": data})
    html = render_output(output, STRINGS["tr"], Outline())
    assert html.index("Parça hangi sınıfa düşer?") < html.index('class="output widget note"')
    assert "<code>ertelendi</code>" in html


def test_a_count_is_put_into_its_range_before_the_comparison(capsys):
    araliklar = Prediction("Kaçı?", ("0–9", "10–99"), {"0–9": "Az sanıldı."},
                           group=lambda n: "0–9" if n < 10 else "10–99")
    assert araliklar.verdict("10–99", 42) == "✔ Tahmininiz tuttu: ölçülen 42 (10–99)."
    assert araliklar.verdict("0–9", 42) == ("✘ Tahmininiz: 0–9. Ölçülen: 42 (10–99).\n"
                                            "Ölçümün çürüttüğü varsayım: Az sanıldı.")


def test_the_verdict_says_a_structured_outcome_which_the_progress_records():
    assert SECIMLI.outcome("koştu", "koştu") == Outcome(True, "koştu", "koştu")
    missed = SECIMLI.outcome("ertelendi", "koştu")
    assert missed == Outcome(False, "ertelendi", "koştu", SECIMLI.assumptions["ertelendi"])
    assert str(missed) == SECIMLI.verdict("ertelendi", "koştu")
    assert SAYILI.outcome(1, 4) == Outcome(False, 1, "4", SAYILI.assumptions["az"])
    no_assumption = Prediction("Hangisi?", ("a", "b"), {})
    assert no_assumption.outcome("b", "a").assumption is None
    assert no_assumption.verdict("b", "a") == "✘ Tahmininiz: b. Ölçülen: a."
    ranges = Prediction("Kaçı?", ("0–9", "10–99"), {}, group=lambda n: "0–9" if n < 10 else "10–99")
    assert ranges.outcome("10–99", 42) == Outcome(True, "10–99", "42 (10–99)")


def test_choices_that_hold_commas_are_told_apart(monkeypatch):
    """"hiçbiri, hız-6, hız-7" would read as three choices, or four."""
    monkeypatch.setitem(course_registry().predictions, "99-virgul",
                        Prediction("Hangileri?", ("hiçbiri", "hız-6, hız-7"), {}))
    data, metadata = tahmin_et("99-virgul")._repr_mimebundle_()
    assert "Seçenekler: hiçbiri | hız-6, hız-7." in " ".join(data["text/plain"].split())
    assert metadata[QUESTION].endswith("Seçenekler: `hiçbiri` | `hız-6, hız-7`.")
