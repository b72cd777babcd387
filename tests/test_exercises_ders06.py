"""Lesson 06's exercises: right answers pass, typical mistakes get their hint without the answer,
and the right answers are what the kernel's models say (the lesson and tests/test_gercek_deneyler.py
hold the models to the real libraries); its predictions and their verdicts; its Modify step."""

import re

import nbformat
import pytest

from alistirmalar import ders06
from alistirmalar.ders06 import EXERCISES, PREDICTIONS
from checks.exercises.kinds import NO_ANSWER
from checks.student.tr import tahmin_sonucu
from checks.words import WORDS
from course_copies import ROOT
from kernel.gercek.onay import AKIBETLER, Ayar
from predictions import save_prediction, wrong_verdict

LESSON = ROOT / "lessons" / "06-gercek-kuyruklar.ipynb"
AKIBET = EXERCISES["06-onay-akibeti"]
TESLIM = EXERCISES["06-teslim-sayisi"]
KAYBOLMASIN = EXERCISES["06-kaybolmasin"]
RIGHT_FATES = {"Celery": "kaybolur", "Celery acks_late": "yeniden koşar",
               "Celery solo": "yeniden koşar", "Celery solo acks_late": "yeniden koşar"}


def lesson_cells() -> list:
    return nbformat.read(LESSON, as_version=4).cells


def test_the_right_answers_are_what_the_models_say():
    assert AKIBET.expected() == RIGHT_FATES
    assert [TESLIM.reference(*case) for case in ((1, 2, 1), (5, 2, 2), (7, 2, 3), (0, 5, 2))] \
        == [1, 2, 3, 1]


def by_loop(sure, gorunurluk, isci):
    """Written otherwise than the model answer: a delivery each visibility period while a
    worker is free."""
    teslim, an = 1, gorunurluk
    while an < sure and teslim < isci:
        teslim, an = teslim + 1, an + gorunurluk
    return teslim


@pytest.mark.parametrize("exercise,answer", [(AKIBET, RIGHT_FATES), (TESLIM, by_loop),
                                             (TESLIM, ders06.teslim_sayisi)])
def test_the_right_answer_passes(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru.")


@pytest.mark.parametrize("exercise", [AKIBET, TESLIM])
def test_no_answer_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None and exercise.question.split("\n")[0] in str(feedback)


@pytest.mark.parametrize("part,wrong", list(ders06.AKIBET_IPUCLARI))
def test_each_typical_fate_mistake_gets_its_own_hint_without_the_answer(part, wrong):
    feedback = AKIBET.check({**RIGHT_FATES, part: wrong})
    assert feedback.correct is False and feedback.hints[0] == ders06.AKIBET_IPUCLARI[part, wrong]
    assert RIGHT_FATES[part] not in " ".join(feedback.details)


@pytest.mark.parametrize("model", [ders06.yalniz_bolme, ders06.yalniz_isci])
def test_each_function_mistake_is_recognised_by_its_own_cases(model):
    feedback = TESLIM.check(model)
    hints = {mistake.hint for mistake in TESLIM.mistakes
             if mistake.matches(sorted(ders06.yanlislar(model)))}
    assert feedback.correct is False and feedback.hints[0] in hints and len(hints) == 1
    assert ders06.yanlislar(model)  # wrong somewhere


def test_every_prediction_has_the_models_answer_among_its_choices_and_an_assumption_per_wrong():
    for prediction in PREDICTIONS.values():
        wrong = set(prediction.choices) - {"koştu", "kaybolur"} if prediction.choices else {
            "az", "çok"}
        assert wrong <= set(prediction.assumptions)
    # the model's two outcomes, and a third, wrong, that the cell would print were the task to
    # run on without its consumer
    assert set(PREDICTIONS["06-oldurulen-huey"].choices) - set(AKIBETLER) == {"yine de biter"}
    assert set(AKIBETLER) <= set(PREDICTIONS["06-oldurulen-huey"].choices)


@pytest.mark.parametrize("prediction_id,measured", [
    ("06-gercek-sinif", "ertelendi"), ("06-deneme-sayisi", 3),
    ("06-oldurulen-huey", "kaybolur"), ("06-gorunurluk", 3)])
def test_a_right_prediction_holds_and_a_wrong_one_names_its_assumption(
        prediction_id, measured, capsys):
    save_prediction(prediction_id, measured)
    tahmin_sonucu(prediction_id, measured)
    assert "✔ Tahmininiz tuttu" in " ".join(capsys.readouterr().out.split())
    choices = PREDICTIONS[prediction_id].choices
    wrong = next(c for c in choices if c != measured) if choices else measured + 1
    printed = wrong_verdict(prediction_id, wrong, measured, capsys)
    assumption = PREDICTIONS[prediction_id].assumptions[wrong if choices else "çok"]
    assert " ".join(assumption.split()) in printed


# The Modify step: a Celery setting whose task is lost, changed so that it is not.
def handed_cell() -> str:
    (cell,) = [c.source for c in lesson_cells() if 'kontrol("06-kaybolmasin"' in c.source]
    return cell


def test_the_handed_cell_is_the_steps_cell_and_the_answer_changes_one_setting():
    assert handed_cell() == ders06.kaybolmasin_hucresi(ders06.VERILEN)
    assert KAYBOLMASIN.answer_text() == ders06.kaybolmasin_hucresi(ders06.COZUM)


def test_the_handed_setting_says_the_goal_and_the_solution_reaches_it():
    feedback = KAYBOLMASIN.check(KAYBOLMASIN.given())
    assert feedback.correct is None and WORDS["tr"]["unchanged"] in feedback.details
    names = {"Ayar": Ayar, "kontrol": lambda *_: None}
    exec(KAYBOLMASIN.answer_text(), names)
    for ayar in (names["ayar"], KAYBOLMASIN.build()):
        assert KAYBOLMASIN.check(ayar).correct is True


@pytest.mark.parametrize("ayar,hint", [
    (Ayar("celery", havuz="solo"), "solo havuzun"), (Ayar("huey"), "Kütüphane Celery kalmalı")])
def test_a_change_that_keeps_the_task_another_way_is_told_why_it_misses(ayar, hint):
    feedback = KAYBOLMASIN.check(ayar)
    assert feedback.correct is False and hint in feedback.hints[0]


def test_nothing_before_the_exercises_measures_or_says_the_solo_settings_fate():
    cells = lesson_cells()
    start = next(i for i, c in enumerate(cells) if c.source.startswith("## Kendini Sına"))
    student = [c for c in cells[:start] if "instructor" not in c.metadata.get("tags", [])]
    text = " ".join(" ".join(c.source.split()) for c in student)
    assert not re.search(r"solo[^.]*yeniden koşar", text)
    assert 'havuz="solo"' not in text
