"""Lesson 05's exercises: right answers pass, typical mistakes get their hint without the answer,
no answer asks the question, and the right answers are what the kernel's executors do; its
predictions, whose verdict the lesson's own measurement cells give; its Modify step."""

import html
import re
import queue

import nbformat
import pytest

from predictions import save_prediction
from checks.student.tr import form, kontrol
from checks.student.tr import tahmin_sonucu
from checks.student.display import WIDTH
from alistirmalar import ders05
from alistirmalar.ders05 import EXERCISES
from checks.exercises.kinds import NO_ANSWER
from checks.words import WORDS
from course_copies import ROOT
from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan, kanaldakiler
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir
from kernel.yurutucu.tek_gorev import iki_yurutucu, kostur, kostur_dongu

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
    assert not any(line in printed for line in RIGHT_ORDER)
    flat = " ".join(printed.split())  # the counts only in the choices, listed before a try
    assert flat.count("4 yoklama") == flat.count('"4 yoklama"') == 1
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
    assert "kostur: 4 bir seçenek değil" in text and 'Seçenekler: "1 yoklama", "2 yoklama"' in text


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
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    assert list(dropdowns) == ["kostur", "kostur_dongu", "kostur_kuyruk"]
    for part, choice in right_polls().items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("05-bitis-sirasi")
    textarea, button, feedback = widget.children[1:4]
    textarea.value = "a: 3 yoklama\nb: 2 yoklama\nc: 2 yoklama"
    button.click()
    assert "verildikleri sırayla bitmiyor" in html.unescape(feedback.value)


# Predictions: the form drives them; the lesson's own measurement cells give the verdict.
LESSON = ROOT / "lessons" / "05-yurutuculer.ipynb"
KERNEL = {"queue": queue, "kostur": kostur, "kostur_dongu": kostur_dongu,
          "kostur_kuyruk": kostur_kuyruk, "kanaldakiler": kanaldakiler, "Gelecek": Gelecek,
          "duraklayan": duraklayan, "HemenHazir": HemenHazir, "BirKezDuraklar": BirKezDuraklar,
          "Baglam": Baglam, "Hazir": Hazir, "Bekliyor": Bekliyor, "iki_yurutucu": iki_yurutucu}


def lesson_cell(start: str) -> str:
    """The source of the lesson's code cell that starts so (exactly one)."""
    (source,) = [cell.source for cell in nbformat.read(LESSON, as_version=4).cells
                 if cell.cell_type == "code" and cell.source.startswith(start)]
    return source


def run_lesson_cells(*starts: str) -> dict:
    """The lesson's cells, as they stand, run in order on the kernel's names."""
    names = {**KERNEL, "tahmin_sonucu": tahmin_sonucu}
    for start in starts:
        exec(lesson_cell(start), names)
    return names


UNUTKAN_CELLS = ("from kernel.yurutucu.sozlesme import Yanit", "unutkan = kostur_dongu(")
IKI_CELLS = ("olcu, kayitlar = iki_yurutucu()",)
SIRA_CELLS = ("def uc_gorev(", "kanal = queue.Queue()\nsinir = {}")
MEASUREMENTS = {"05-unutkan": UNUTKAN_CELLS, "05-iki-yurutucu": IKI_CELLS,
                "05-kuyrukta-sira": SIRA_CELLS}


def kernels_answer(prediction_id: str) -> str | int:
    """What the kernel measures, found here without the lesson's measurement cell."""
    kanal: queue.Queue[str] = queue.Queue()
    if prediction_id == "05-unutkan":
        unutkan = run_lesson_cells(UNUTKAN_CELLS[0])["Unutkan"]
        return kostur_dongu(unutkan())[1]
    if prediction_id == "05-iki-yurutucu":
        return kostur(BirKezDuraklar("d", kanal))[1]
    tasks = [duraklayan("a", 2, kanal), HemenHazir("b", kanal), BirKezDuraklar("c", kanal)]
    return ", ".join(biten.deger for biten in kostur_kuyruk(tasks))


def test_the_kernels_answers_are_among_the_choices_and_every_choice_has_its_assumption():
    assert kernels_answer("05-unutkan") == 3
    assert kernels_answer("05-iki-yurutucu") == 2
    assert kernels_answer("05-kuyrukta-sira") == "b, c, a"
    for prediction_id, prediction in ders05.PREDICTIONS.items():
        assert not prediction.choices or kernels_answer(prediction_id) in prediction.choices
        assert sorted(prediction.assumptions) == sorted(prediction.choices or ["az", "çok"]), \
            prediction_id


def predictions_made():
    """Each prediction with each answer a student can give: every choice, or a number that is
    right, too low and too high."""
    for prediction_id, prediction in ders05.PREDICTIONS.items():
        right = kernels_answer(prediction_id)
        if prediction.choices:
            yield from ((prediction_id, choice, None if choice == right else choice)
                        for choice in prediction.choices)
        else:
            yield from ((prediction_id, n, key)
                        for n, key in ((right, None), (right - 1, "az"), (right + 5, "çok")))


@pytest.mark.parametrize("prediction_id,predicted,assumption", list(predictions_made()))
def test_the_lessons_measurement_tells_whether_the_prediction_held(
        prediction_id, predicted, assumption, capsys):
    save_prediction(prediction_id, predicted)
    capsys.readouterr()
    run_lesson_cells(*MEASUREMENTS[prediction_id])
    verdict = " ".join(capsys.readouterr().out.split()).split("Tahmininiz", 1)
    right = kernels_answer(prediction_id)
    if assumption is None:
        assert verdict[0].endswith("✔ ") and verdict[1].startswith(f" tuttu: ölçülen {right}.")
    else:
        assert verdict[0].endswith("✘ ")
        assert verdict[1].startswith(f": {predicted}. Ölçülen: {right}.")
        sentence = ders05.PREDICTIONS[prediction_id].assumptions[assumption]
        assert f"Ölçümün çürüttüğü varsayım: {sentence}" in verdict[1]


@pytest.mark.parametrize("prediction_id", ders05.PREDICTIONS)
def test_with_no_prediction_the_measurement_prints_only_what_it_measured(prediction_id, capsys):
    run_lesson_cells(*MEASUREMENTS[prediction_id])
    printed = capsys.readouterr().out
    assert printed and "Tahmininiz" not in printed and "✔" not in printed


# The Modify step: working code handed over, a goal reached by a small change.
ONCE_B = EXERCISES["05-once-b"]


def handed_tasks() -> list:
    """What the exercise cell builds as the student gets it: all before its kontrol line."""
    source = lesson_cell('kanal = queue.Queue()\ngorevler = [')
    names = dict(KERNEL)
    exec(source[:source.index("kontrol(")], names)
    return names["gorevler"]


def test_the_handed_code_runs_and_says_the_goal_and_nothing_more():
    """No hint before a try: the hint would say which task is polled first."""
    feedback = ONCE_B.check(handed_tasks())
    assert feedback.correct is None and feedback.hints == ()
    assert "c, b, a" in feedback.checked and "bitiş sırası c, a, b" in feedback.details[0]
    assert WORDS["tr"]["unchanged"] in feedback.details


def test_the_answer_is_the_handed_cell_with_b_and_a_swapped():
    handed = lesson_cell('kanal = queue.Queue()\ngorevler = [')
    a, b = 'duraklayan("a", 1, kanal)', 'BirKezDuraklar("b", kanal)'
    assert handed.replace(a, "<a>").replace(b, a).replace("<a>", b) == ONCE_B.answer_text()


def test_the_solution_and_what_it_builds_reach_the_goal():
    names = {**KERNEL, "kontrol": lambda *_: None}  # pasted over the whole cell
    exec(ONCE_B.answer_text(), names)
    for tasks in (names["gorevler"], ONCE_B.build()):
        feedback = ONCE_B.check(tasks)
        assert feedback.correct is True and str(feedback).startswith("✔ Doğru. Hedef: ")


@pytest.mark.parametrize("change", [
    lambda k: [HemenHazir("b", k), duraklayan("a", 1, k), HemenHazir("c", k)],  # b's kind
    lambda k: [duraklayan("a", 2, k), BirKezDuraklar("b", k), HemenHazir("c", k)],  # a's pauses
])
def test_a_change_that_puts_b_first_by_changing_polls_misses_the_goal(change):
    feedback = ONCE_B.check(change(queue.Queue()))
    assert feedback.correct is False and "yoklamalar" in feedback.details[0]


def test_something_that_is_not_a_list_of_tasks_is_told_so():
    feedback = ONCE_B.check(42)
    assert feedback.correct is False and "Kurduğunuz nesne ölçülemedi" in str(feedback)


# Above each prediction's form, a student reads the prose, the code and what the cells printed
# (docstrings shown with inspect.getsource among them): none may hold the answer.
def cells_above(prediction_id: str) -> tuple[str, str]:
    """(what is read above the form: prose and printed outputs; what is printed below it)."""
    cells = nbformat.read(LESSON, as_version=4).cells
    form = next(i for i, cell in enumerate(cells)
                if f'tahmin_et("{prediction_id}")' in cell.source)

    def printed(part) -> str:
        return "\n".join(out.get("text", "") for cell in part if cell.cell_type == "code"
                         for out in cell.outputs)
    prose = "\n".join(cell.source for cell in cells[:form] if cell.cell_type != "code"
                      and "instructor" not in cell.metadata.get("tags", []))
    return " ".join((prose + "\n" + printed(cells[:form])).split()), printed(cells[form:])


# What gave each answer away: the measurement's own output, and the sentences that said it.
TELLTALES = {
    "05-unutkan": ("('unutkan', 3)",),
    "05-iki-yurutucu": ("BirKezDuraklar       2             2", "Hazir(deger='elle')"),
    "05-kuyrukta-sira": ("kostur_kuyruk  b, c, a",),
}
SAYINGS = {
    "05-unutkan": r"hemen\s+(sonra\s+)?(görevi\s+)?yeniden\s+yokla|sonra\s+biter",
    "05-iki-yurutucu": r"2\s+yoklamada|ikinci(si)?\s+yoklamada|ikincide|ikincisinde",
    "05-kuyrukta-sira": r"b, c, a",
}


@pytest.mark.parametrize("prediction_id", ders05.PREDICTIONS)
def test_nothing_above_a_form_prints_or_says_its_answer(prediction_id):
    above, below = cells_above(prediction_id)
    for telltale in TELLTALES[prediction_id]:
        assert telltale not in above
    assert any(telltale in below for telltale in TELLTALES[prediction_id])
    assert not re.search(SAYINGS[prediction_id], above, re.I), prediction_id


def test_the_wrong_order_choices_are_what_two_other_executors_would_do():
    """One at a time, as kostur does; or a task that pauses keeping its place in the queue, so
    that only the task that never pauses gets ahead: the beliefs the assumptions name."""
    pauses = {"a": 2, "b": 0, "c": 1}  # the prediction's tasks, in the order given
    one_at_a_time = ", ".join(pauses)
    keeping_places = ", ".join(sorted(pauses, key=lambda ad: pauses[ad] > 0))
    choices = ders05.PREDICTIONS["05-kuyrukta-sira"].choices
    assert sorted(choices) == sorted({kernels_answer("05-kuyrukta-sira"), one_at_a_time,
                                      keeping_places})
    assert len(set(choices)) == 3


@pytest.mark.parametrize("prediction_id", ders05.PREDICTIONS)
def test_an_instructor_note_that_says_what_to_ask_stands_before_its_form_without_the_answer(
        prediction_id):
    cells = nbformat.read(LESSON, as_version=4).cells
    form = next(i for i, cell in enumerate(cells)
                if f'tahmin_et("{prediction_id}")' in cell.source)
    verdict = next(i for i, cell in enumerate(cells)
                   if f'tahmin_sonucu("{prediction_id}"' in cell.source)
    notes = [(i, cell.source) for i, cell in enumerate(cells)
             if "instructor" in cell.metadata.get("tags", [])][1:]  # the first is the plan
    answer = re.escape(str(kernels_answer(prediction_id)))
    section = max(i for i, cell in enumerate(cells[:form]) if cell.source.startswith("## "))
    assert not any(re.search(rf"(?<![\w.]){answer}(?![\w.])", note)
                   for i, note in notes if section < i < form)
    asks_before = re.compile(r"önce\s+(sınıfa\s+)?sorun\b", re.I)
    assert not any(asks_before.search(note) for i, note in notes if form < i <= verdict + 1)
    if prediction_id == "05-iki-yurutucu":  # its note was after the measurement once
        assert any(asks_before.search(note) for i, note in notes if section < i < form)


def test_the_summary_does_not_answer_the_poll_count_exercise():
    """05-yoklama-sayisi asks a's polls in all three executors: the summary above it gives
    neither the rule that turns pauses into polls nor the counts under kostur_kuyruk."""
    cells = nbformat.read(LESSON, as_version=4).cells
    (summary,) = [cell.source for cell in cells if cell.source.startswith("## Özet")]
    flat = " ".join(summary.split()).lower()
    assert "bir fazla" not in flat and not re.search(r"(?<![a-z])\d", flat)
    bullets = flat.split("- ")
    assert not any("kostur_kuyruk" in b and "sayısını değiştirmedi" in b for b in bullets)
    assert YOKLAMA.expected()["kostur"] == "4 yoklama"


def test_the_modify_step_does_not_say_its_change():
    """The step's text asks for b before a; it never says how (b handed over before a)."""
    cells = nbformat.read(LESSON, as_version=4).cells
    step = next(i for i, cell in enumerate(cells) if 'kontrol("05-once-b"' in cell.source)
    heading = max(i for i, cell in enumerate(cells[:step]) if cell.source.startswith("### "))
    text = " ".join(cell.source for cell in cells[heading:step]) + " " + ONCE_B.question
    flat = " ".join(text.split()).lower()
    for telling in ("önüne", "önce verin", "yerini değiştir", "yer değiştir", "listenin başına",
                    'birkezduraklar("b", kanal), duraklayan'):
        assert telling not in flat, telling
