"""Lesson 05's exercises: right answers pass, typical mistakes get their hint without the answer,
no answer asks the question, and the right answers are what the kernel's executors do."""

import html

import pytest

from checks.alistirma import form, kontrol
from checks.display import WIDTH
from checks.exercises import EXERCISES, ders05
from checks.exercises.kinds import NO_ANSWER

YOKLAMA = EXERCISES["05-yoklama-sayisi"]
BITIS = EXERCISES["05-bitis-sirasi"]
KURAL = EXERCISES["05-sira-kurali"]
IDS = ("05-yoklama-sayisi", "05-bitis-sirasi", "05-sira-kurali")


def right_polls() -> dict[str, str]:
    return {"kostur": "4 yoklama", "kostur_dongu": "4 yoklama", "kostur_kuyruk": "4 yoklama"}


RIGHT_ORDER = ["b: 2 yoklama", "c: 2 yoklama", "a: 3 yoklama"]


def by_rounds(adlar, duraklamalar):
    """Written otherwise than the model answer: round by round, as the executor goes."""
    kalan, biten = list(zip(adlar, duraklamalar, strict=True)), []
    while kalan:
        biten += [ad for ad, kez in kalan if kez == 0]
        kalan = [(ad, kez - 1) for ad, kez in kalan if kez > 0]
    return biten


def test_the_right_answers_are_what_the_kernel_does():
    assert YOKLAMA.expected() == right_polls()
    assert BITIS.expected() == RIGHT_ORDER
    assert KURAL.reference(("a", "b", "c", "d"), (1, 0, 1, 0)) == ["b", "d", "a", "c"]
    assert KURAL.reference((), ()) == []


@pytest.mark.parametrize("exercise,answer", [
    (YOKLAMA, right_polls()),
    (BITIS, RIGHT_ORDER),
    (BITIS, "\n".join(RIGHT_ORDER) + "\n"),
    (BITIS, ["  b:  2 yoklama", "", *RIGHT_ORDER[1:]]),
    (KURAL, by_rounds),
    (KURAL, KURAL.solution),
])
def test_the_right_answer_passes(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")


@pytest.mark.parametrize("exercise", [YOKLAMA, BITIS, KURAL])
def test_no_answer_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


def test_the_questions_show_the_tasks_and_keep_the_answers_out(capsys):
    for exercise_id in IDS:
        kontrol(exercise_id, NO_ANSWER)
    printed = capsys.readouterr().out
    assert "a = duraklayan('a', 3, kanal)" in printed and "kostur_kuyruk([b, c, a])" in printed
    assert "kostur_kuyruk([a, b, c])" in printed and "b = BirKezDuraklar('b', kanal)" in printed
    assert "4 yoklama" not in printed and not any(line in printed for line in RIGHT_ORDER)
    assert all(len(line) <= WIDTH for line in printed.splitlines())


POLL_MISTAKES = [
    ({"kostur": "3 yoklama"}, "Duraklamaları saydınız"),
    ({"kostur_dongu": "3 yoklama"}, "Duraklamaları saydınız"),
    ({"kostur_kuyruk": "3 yoklama"}, "Duraklamaları saydınız"),
    ({"kostur": "6 yoklama"}, "Beklemek yoklamak değildir: kostur,"),
    ({"kostur_dongu": "7 yoklama"}, "kostur_dongu beklemez ama boşa da yoklamaz"),
    ({"kostur_kuyruk": "5 yoklama"}, "bu bekleyiş a'nın yoklaması sayılmaz"),
    ({"kostur_kuyruk": "6 yoklama"}, "bu bekleyiş a'nın yoklaması sayılmaz"),
    ({"kostur_kuyruk": "7 yoklama"}, "bütün yoklamaları saydınız"),
    ({"kostur": "1 yoklama"}, "Yürütücü yalnız ne zaman yoklayacağını seçer"),
]


@pytest.mark.parametrize("wrong,hint", POLL_MISTAKES)
def test_typical_poll_mistakes_get_their_hint_without_the_answer(wrong, hint):
    feedback = YOKLAMA.check({**right_polls(), **wrong})
    text = str(feedback)
    (part,) = wrong
    assert feedback.correct is False and hint in text and f"tutmayan: {part}" in text
    assert "4 yoklama" not in text


def test_each_poll_hint_is_only_for_its_mistake():
    text = str(YOKLAMA.check({**right_polls(), "kostur_kuyruk": "7 yoklama"}))
    assert "Duraklamaları" not in text and "kostur_dongu beklemez" not in text
    text = str(YOKLAMA.check({**right_polls(), "kostur_dongu": "3 yoklama"}))
    assert "kostur_dongu beklemez" not in text and "bütün yoklamaları" not in text


def test_a_poll_count_written_as_a_number_is_told_the_choices():
    text = str(YOKLAMA.check({**right_polls(), "kostur": 4}))
    assert "kostur: 4 bir seçenek değil" in text and "Seçenekler: 1 yoklama, 2 yoklama" in text


@pytest.mark.parametrize("wrong,hint", [
    (["a: 3 yoklama", "b: 2 yoklama", "c: 2 yoklama"], "verildikleri sırayla bitmiyor"),
    (["c: 2 yoklama", "b: 2 yoklama", "a: 3 yoklama"], "b ile c aynı turda biter"),
    (["b: 1 yoklama", "c: 1 yoklama", "a: 2 yoklama"], "Duraklamaları saydınız"),
    (["b: 5 yoklama", "c: 6 yoklama", "a: 7 yoklama"], "öteki görevler yoklanırken"),
    (["b: 2 yoklama", "c: 2 yoklama", "a: 7 yoklama"], "öteki görevler yoklanırken"),
    (["b 2", "c 2", "a 3"], "tam şu biçimde yazın"),
    (["b = 2 yoklama", "c: 2 yoklama", "a: 3 yoklama"], "tam şu biçimde yazın"),
    (["b: 2 yoklama", "a: 3 yoklama", "c: 2 yoklama"], "Her turda hazır kuyruğundaki"),
])
def test_typical_order_mistakes_get_their_hint_without_the_answer(wrong, hint):
    text = str(BITIS.check(wrong))
    assert text.startswith("✘") and hint in text
    assert not any(line in text for line in RIGHT_ORDER if line not in wrong)


def test_each_order_hint_is_only_for_its_mistake():
    given_order = str(BITIS.check(["a: 3 yoklama", "b: 2 yoklama", "c: 2 yoklama"]))
    assert "aynı turda" not in given_order and "Duraklamaları" not in given_order
    steps = str(BITIS.check(["b: 5 yoklama", "c: 6 yoklama", "a: 7 yoklama"]))
    assert "Duraklamaları" not in steps and "sırayla bitmiyor" not in steps
    assert "tam şu biçimde" not in steps


def in_given_order(adlar, duraklamalar):
    return [ad for ad in adlar]


def most_pauses_first(adlar, duraklamalar):
    return [ad for _, ad in sorted(zip(duraklamalar, adlar, strict=True),
                                   key=lambda pair: pair[0], reverse=True)]


def ties_last_first(adlar, duraklamalar):
    return [ad for _, _, ad in sorted((kez, -i, ad) for i, (ad, kez)
                                      in enumerate(zip(adlar, duraklamalar, strict=True)))]


def positions(adlar, duraklamalar):
    return sorted(range(len(adlar)), key=lambda i: duraklamalar[i])


def a_tuple(adlar, duraklamalar):
    return tuple(by_rounds(adlar, duraklamalar))


@pytest.mark.parametrize("function,hint", [
    (in_given_order, "verildikleri sırayla bitmiyor"),
    (lambda adlar, duraklamalar: list(adlar), "verildikleri sırayla bitmiyor"),
    (most_pauses_first, "sıralamanın yönüne bakın"),
    (ties_last_first, "kuyrukta ilk giren ilk çıkar"),
    (positions, "görevlerin adlarını"),
    (a_tuple, "bir liste (list) döndürmeli"),
    (lambda adlar, duraklamalar: by_rounds(adlar, duraklamalar)[:2], "Her görev duraklamasının"),
])
def test_typical_function_mistakes_get_their_hint_without_the_answer(function, hint):
    feedback = KURAL.check(function)
    text = str(feedback) + " ".join(feedback.hints)  # what is shown, and the hints to come
    assert feedback.correct is False and hint in " ".join(feedback.hints)
    assert f"{len(ders05.DURUMLAR)} durumda çağırdım" in text
    assert "sorted(range" not in text and "key=lambda" not in text


def test_each_function_hint_is_only_for_its_mistake():
    hints = [mistake.hint for mistake in KURAL.mistakes]
    for function in (in_given_order, most_pauses_first, ties_last_first, positions, a_tuple):
        ladder = " ".join(KURAL.check(function).hints)
        assert sum(hint in ladder for hint in hints) == 1, function.__name__


def test_every_mistake_model_is_wrong_somewhere_and_recognised_by_its_own_cases():
    wrong_sets = [ders05.yanlislar(model) for model in ders05.SIRA_IPUCLARI]
    assert all(wrong_sets) and len({frozenset(s) for s in wrong_sets}) == len(wrong_sets)
    everything, named = set(ders05.DURUMLAR), {d for d in ders05.DURUMLAR if d[0]}
    assert not any(s in (everything, named) for s in wrong_sets)
    assert ders05.yanlislar(ders05.bitis_sirasi) == set()


def test_the_feedback_says_where_the_right_answer_came_from():
    for answer in (by_rounds, in_given_order):
        assert "görevleri çekirdeğin kostur_kuyruk yürütücüsünde gerçekten koşturarak buldum" \
            in str(KURAL.check(answer))
    for answer in (RIGHT_ORDER, RIGHT_ORDER[::-1]):
        assert "görevleri çekirdeğin kostur_kuyruk yürütücüsünde gerçekten koşturup aldığım " \
            "bitiş sırasıyla karşılaştırdım" in str(BITIS.check(answer))
    assert "senaryoyu çekirdekte gerçekten koşturup" in str(YOKLAMA.check(right_polls()))


def test_the_forms_check_the_chosen_counts_and_the_written_lines():
    widget = form("05-yoklama-sayisi")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-2:]
    assert list(dropdowns) == ["kostur", "kostur_dongu", "kostur_kuyruk"]
    for part, choice in right_polls().items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("05-bitis-sirasi")
    textarea, button, feedback = widget.children[1:]
    textarea.value = "a: 3 yoklama\nb: 2 yoklama\nc: 2 yoklama"
    button.click()
    assert "verildikleri sırayla bitmiyor" in html.unescape(feedback.value)
