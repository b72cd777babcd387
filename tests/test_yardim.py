"""The hint and answer buttons under every check: a hint when asked, one at a time; the answer,
with its reasoning and where it goes, only when asked; a button with nothing to do is off."""

import html
import re

import pytest

from checks.student.tr import form, kontrol
from checks.exercises import course_registry
from checks.exercises.kinds import NO_ANSWER, PartsPrediction
from checks.markers import NOTEBOOK_ONLY
from checks.words import WORDS

SAID = WORDS["tr"]  # the course's language

IPUCLU = PartsPrediction(
    question="Hangi sınıf?", how_to_answer="Bir sözlük yazın.", why="Çünkü listeler öyle.",
    hint="Listelere bakın.", expected=lambda: {"a": "koştu", "b": "ertelendi"},
    choices=("koştu", "ertelendi", "atlandı"),
    mistakes={("a", "atlandı"): "a yoldaydı ama çağrıldı.",
              ("b", "atlandı"): "b sonraya bırakıldı.",
              ("b", "koştu"): "b çağrılmadı."})
YANLIS = {"a": "atlandı", "b": "atlandı"}  # two typical mistakes: a ladder of two hints


@pytest.fixture(autouse=True)
def exercise(monkeypatch):
    monkeypatch.setitem(course_registry().exercises, "99-ipuclu", IPUCLU)


def buttons(panel):
    row, hint_area, answer_area = panel.children
    hint, answer = row.children
    return hint, answer, hint_area, answer_area


def shown(area) -> str:
    """What the student reads in an area: its text, without the markup."""
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", area.value)).split())


def test_before_any_try_the_hint_button_gives_the_exercises_hint_once(capsys):
    hint, answer, hint_area, _ = buttons(kontrol("99-ipuclu", NO_ANSWER))
    assert "Seçenekler:" in capsys.readouterr().out
    assert not hint.disabled and hint_area.value == ""
    hint.click()
    assert "İpucu: Listelere bakın." in shown(hint_area)
    assert hint.disabled and hint.tooltip == SAID["no_hint_left"]


def test_after_a_wrong_try_the_button_climbs_the_ladder_the_printed_feedback_started(capsys):
    hint, _, hint_area, _ = buttons(kontrol("99-ipuclu", YANLIS))
    assert "İpucu 1/2: a yoldaydı ama çağrıldı." in capsys.readouterr().out
    hint.click()
    assert "İpucu 2/2: b sonraya bırakıldı." in shown(hint_area) and hint.disabled
    hint, *_ = buttons(kontrol("99-ipuclu", YANLIS))  # the same answer: the last rung stays
    assert "İpucu 2/2" in capsys.readouterr().out and hint.disabled


def test_a_right_answer_leaves_nothing_to_hint(capsys):
    hint, *_ = buttons(kontrol("99-ipuclu", {"a": "koştu", "b": "ertelendi"}))
    assert "✔ Doğru." in capsys.readouterr().out
    assert hint.disabled and hint.tooltip == SAID["no_hint_right"]


def test_the_answer_waits_for_its_button_with_why_and_where_it_goes(capsys):
    panel = kontrol("99-ipuclu", YANLIS)
    _, answer, _, answer_area = buttons(panel)
    assert answer_area.value == "" and answer.description == SAID["show_answer"]
    assert '"a": "koştu"' not in capsys.readouterr().out
    answer.click()
    text = shown(answer_area)
    assert text.startswith("Neden? Çünkü listeler öyle.") and SAID["paste_before_check"] in text
    assert '"a": "koştu",' in html.unescape(answer_area.value)
    assert answer.description == SAID["hide_answer"]
    answer.click()
    assert answer_area.value == "" and answer.description == SAID["show_answer"]


def test_a_modify_steps_answer_says_it_replaces_the_whole_cell():
    modify = next(exercise_id for exercise_id, exercise in course_registry().exercises.items()
                  if exercise.whole_cell)
    _, answer, _, answer_area = buttons(kontrol(modify, None))
    answer.click()
    assert SAID["paste_whole_cell"] in shown(answer_area)
    assert f'kontrol("{modify}"' in html.unescape(answer_area.value)


def test_the_site_shows_nothing_for_the_buttons_and_an_unrun_notebook_a_sentence():
    data, metadata = kontrol("99-ipuclu", NO_ANSWER)._repr_mimebundle_()
    assert metadata == {NOTEBOOK_ONLY: True}
    assert data["text/plain"].startswith("[İpucu ve cevap düğmeleri:")


def test_a_forms_buttons_follow_the_forms_own_tries():
    panel = form("99-ipuclu")
    *fields, check, feedback, help_panel = panel.children[1:]
    hint, _, hint_area, _ = buttons(help_panel)
    for field, choice in zip(fields, ("atlandı", "atlandı"), strict=True):
        field.value = choice
    check.click()
    assert "İpucu 1/2" in html.unescape(feedback.value) and not hint.disabled
    hint.click()
    assert "İpucu 2/2" in shown(hint_area) and hint.disabled
    fields[0].value, fields[1].value = "koştu", "ertelendi"
    check.click()
    assert "✔ Doğru." in html.unescape(feedback.value) and hint.disabled
