"""Lesson 04's exercises: right answers pass, typical mistakes get their hint without the answer,
no answer asks the question, and the right answers are what the kernel does."""

import dataclasses
import html
import math
import re
from pathlib import Path

import nbformat
import pytest

from predictions import save_prediction, wrong_verdict
from checks.student.tr import form, kontrol
from checks.student.tr import tahmin_et, tahmin_sonucu
from checks.student.display import WIDTH
from alistirmalar import ders04
from alistirmalar.ders04 import EXERCISES
from checks.exercises.kinds import NO_ANSWER
from checks.words import WORDS
from kernel.hizmet import konu
from kernel.hizmet.ayarlar import KuyrukAyari
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.deneyler import geri_basma, tavan_asimi
from kernel.hizmet.gorunurluk import AZAMI, kosum, tarama
from kernel.hizmet.yuk import DERS_YUKU

SATIR = EXERCISES["04-satir"]
NEREDE = EXERCISES["04-nerede-biter"]
TESLIM = EXERCISES["04-teslim-sayisi"]
AZAMI_TASK = EXERCISES["04-azami-teslim"]

RIGHT_ROW = "12 38 547 12 60"  # gorunurluk.tablo(sureler=(12,)), spaces folded
RIGHT_ENDS = {"a": "işlendi ve silindi", "b": "işlendi ve silindi", "c": "işlendi ve silindi",
              "d": "işlendi ama ölü mektup kutusunda", "e": "hiç işlenmeden ölü mektup kutusunda",
              "f": "işlendi ama ölü mektup kutusunda"}


def right_count(sure, gorunurluk, zehirli, coken, azami):
    if zehirli:
        return azami
    return 2 if coken else -(-sure // gorunurluk)


def test_the_right_answers_are_what_the_kernel_does():
    assert SATIR.expected() == [RIGHT_ROW]
    assert NEREDE.expected() == RIGHT_ENDS
    for case in ders04.DURUMLAR:
        assert TESLIM.reference(*case) == right_count(*case), case


def test_the_row_is_also_what_the_simulation_counts():
    s = Benzetim(DERS_YUKU.iletiler(), ders04.SATIR_SURESI).calistir()
    row = [ders04.SATIR_SURESI, s.cift, s.teslim, round(s.kurtarma), s.olu_sureleri[0]]
    assert " ".join(map(str, row)) == RIGHT_ROW


def test_the_question_gives_the_workloads_durations_split_at_the_multiples():
    ranges = ders04.sure_dagilimi(ders04.SATIR_SURESI)
    assert ranges == [("2-11", 332), ("12", 2), ("13-23", 13), ("24", 1), ("25-35", 16),
                      ("49-59", 3), ("61-69", 5)]
    assert sum(count for _, count in ranges) == sum(DERS_YUKU.saglam.values()) == 372
    assert "        12 birim: 2 ileti" in SATIR.question


@pytest.mark.parametrize("exercise,answer", [
    (SATIR, RIGHT_ROW),
    (SATIR, "  12   38 547\t12 60 \n"),
    (SATIR, [RIGHT_ROW]),
    (SATIR, ["", RIGHT_ROW, "  "]),
    (NEREDE, RIGHT_ENDS),
    (TESLIM, right_count),
    (TESLIM, TESLIM.solution),
])
def test_the_right_answer_passes(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")


@pytest.mark.parametrize("exercise", [SATIR, NEREDE, TESLIM])
def test_no_answer_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


def test_the_questions_keep_the_answers_out_and_fit_the_output_area(capsys):
    for exercise_id in ("04-satir", "04-nerede-biter", "04-teslim-sayisi"):
        kontrol(exercise_id, NO_ANSWER)
    printed = capsys.readouterr().out
    assert "gorunurluk.tablo(sureler=(12,))" in printed
    assert "f: 45 birimlik iş; ilk tüketicisi iletiyi aldığı anda ölür" in printed
    assert " ".join(printed.split()).count(RIGHT_ROW) == 0
    assert "38" not in printed and "547" not in printed
    assert all(len(line) <= WIDTH for line in printed.splitlines())


def numbers(**wrong: int) -> str:
    """The right row with some of its numbers replaced."""
    columns = ["gorunurluk", "cift", "teslim", "kurtarma", "olu"]
    values = dict(zip(columns, RIGHT_ROW.split(), strict=True))
    return " ".join(str(wrong.get(column, value)) for column, value in values.items())


ROW_MISTAKES = [
    ("12, 38, 547, 12, 60", "aralarına virgül koymayın"),
    (["görünürlük çift teslim kurtarma ölü", RIGHT_ROW], "Başlığı ve son satırı yazmayın"),
    ("12 38 547 12", "beş tam sayı"),
    (numbers(gorunurluk=5), "sorulan görünürlük süresinin kendisidir"),
    (numbers(cift=40), "bir kez teslim edilir ve çift işlenmez"),
    (numbers(teslim=550), "o anda yeni bir teslim olmaz"),
    (numbers(cift=50), "ikisi de çift işleme sayılmaz"),
    (numbers(cift=54), "ikisi de çift işleme sayılmaz"),
    (numbers(cift=66), "ikisi de çift işleme sayılmaz"),
    (numbers(teslim=499), "teslim sayısı süreye bağlı değildir"),
    (numbers(teslim=531), "teslim sayısı süreye bağlı değildir"),
    (numbers(teslim=483), "teslim sayısı süreye bağlı değildir"),
    (numbers(teslim=438), "her görünürlük süresinde bir kez daha teslim edilir"),
    (numbers(teslim=502), "her görünürlük süresinde bir kez daha teslim edilir"),
    (numbers(kurtarma=24), "tam bir görünürlük süresi gizli kalır"),
    (numbers(olu=48), "ilk alma isteğinde ölü mektup kutusuna taşınır"),
    (numbers(cift=37), "Satırı kosum()'un kuralıyla kurun"),
]


@pytest.mark.parametrize("wrong,hint", ROW_MISTAKES)
def test_typical_row_mistakes_get_their_hint_without_the_answer(wrong, hint):
    text = str(SATIR.check(wrong))
    assert text.startswith("✘") and hint in text
    assert RIGHT_ROW not in text.replace(str(wrong), "")


def test_each_row_hint_names_only_the_mistake_it_recognises():
    only_duplicates = str(SATIR.check(numbers(cift=40)))
    assert "o anda yeni bir teslim olmaz" not in only_duplicates
    assert "gizli kalır" not in only_duplicates and "ölü kutuya taşınır" not in only_duplicates
    assert "Satırı kosum()'un" not in only_duplicates
    poison = str(SATIR.check(numbers(teslim=499)))
    assert "ikisi de çift işleme" not in poison and "bir kez daha teslim" not in poison
    assert "virgül" not in str(SATIR.check("12, 38, 547, 12, 61"))


def test_the_typical_wrong_rows_are_the_kernels_row_with_the_mistake_in_it(monkeypatch):
    """The boundary mistakes come from the kernel's count (kosum), not from a second copy of its
    closed form: a kernel that counted one more moves them by one too."""
    assert (ders04.sinirda_cift(), ders04.sinirda_teslim()) == ({40}, {550})
    real = ders04.kosum

    def one_more(yuk, gorunurluk, azami=AZAMI):
        row = real(yuk, gorunurluk, azami)
        return dataclasses.replace(row, cift=row.cift + 1, teslim=row.teslim + 1)

    monkeypatch.setattr(ders04, "kosum", one_more)
    assert (ders04.sinirda_cift(), ders04.sinirda_teslim()) == ({41}, {551})


END_MISTAKES = [
    ("b", "işlendi ama ölü mektup kutusunda", "ondan sonraki alma isteğini durdurur"),
    ("c", "işlendi ama ölü mektup kutusunda",
     "iletisinin yeniden görüneceği anda biterse önce siler"),
    ("d", "işlendi ve silindi", "tavanı her iletiye uygular"),
    ("d", "hiç işlenmeden ölü mektup kutusunda", "onu işleyen tüketiciyi durdurmaz"),
    ("e", "işlendi ve silindi", "hiçbir teslimde işlenmez"),
    ("e", "işlendi ama ölü mektup kutusunda", "hiçbir teslimde işlenmez"),
    ("f", "işlendi ve silindi", "devralan görünürlüğü uzatmaz"),
    ("f", "hiç işlenmeden ölü mektup kutusunda", "Yalnız ilk tüketici ölür"),
]


@pytest.mark.parametrize("part,wrong,hint", END_MISTAKES)
def test_typical_end_mistakes_get_their_hint_without_the_answer(part, wrong, hint):
    feedback = NEREDE.check({**RIGHT_ENDS, part: wrong})
    text = " ".join(str(feedback).split())
    assert feedback.correct is False and hint in text
    assert f"tutmayan: {part}" in text
    assert RIGHT_ENDS[part] not in text


def test_every_end_hint_is_tested():
    assert set(NEREDE.mistakes) == {(part, wrong) for part, wrong, _ in END_MISTAKES}


def test_a_wrong_end_with_no_typical_mistake_gets_the_general_hint():
    wrong = {**RIGHT_ENDS, "a": "hiç işlenmeden ölü mektup kutusunda"}
    text = " ".join(str(NEREDE.check(wrong)).split())
    assert "tutmayan: a" in text and NEREDE.hint in text


def test_end_answers_of_the_wrong_shape_are_explained():
    assert "sözlük olmalı" in str(NEREDE.check(["işlendi ve silindi"]))
    missing = dict(RIGHT_ENDS)
    del missing["f"]
    assert "eksik parça: f" in str(NEREDE.check(missing))
    text = str(NEREDE.check({**RIGHT_ENDS, "a": "islendi ve silindi"}))
    assert "'işlendi ve silindi' yazın" in text


def ceiling_plus_floor(sure, gorunurluk, zehirli, coken, azami):
    if zehirli or coken:
        return right_count(sure, gorunurluk, zehirli, coken, azami)
    return sure // gorunurluk + 1


def floor_only(sure, gorunurluk, zehirli, coken, azami):
    if zehirli or coken:
        return right_count(sure, gorunurluk, zehirli, coken, azami)
    return max(sure // gorunurluk, 1)


def capped(sure, gorunurluk, zehirli, coken, azami):
    return min(right_count(sure, gorunurluk, zehirli, coken, azami), azami)


def poison_by_duration(sure, gorunurluk, zehirli, coken, azami):
    if coken and not zehirli:
        return 2
    return math.ceil(sure / gorunurluk)


def poison_moved_counted(sure, gorunurluk, zehirli, coken, azami):
    return azami + 1 if zehirli else right_count(sure, gorunurluk, zehirli, coken, azami)


def crash_redone(sure, gorunurluk, zehirli, coken, azami):
    if coken and not zehirli:
        return 1 + math.ceil(sure / gorunurluk)
    return right_count(sure, gorunurluk, zehirli, coken, azami)


def crash_first(sure, gorunurluk, zehirli, coken, azami):
    return 2 if coken else right_count(sure, gorunurluk, zehirli, coken, azami)


@pytest.mark.parametrize("function,hint", [
    (ceiling_plus_floor, "tam katı olan bir işi düşünün"),
    (floor_only, "aşağı yuvarlamak bu son teslimi kaçırır"),
    (lambda s, g, z, c, a: round(s / g) if not (z or c) else right_count(s, g, z, c, a),
     "aşağı yuvarlamak bu son teslimi kaçırır"),
    (capped, "yalnız zehirli iletiye uygulanır"),
    (poison_by_duration, "tam azami sayıda teslim edilir"),
    (poison_moved_counted, "taşınması bir teslim değildir"),
    (crash_redone, "iki kez teslim edilir"),
    (crash_first, "zehirliye bakan kural önce gelir"),
    (lambda s, g, z, c, a: -1, "Hiçbir durum tutmuyor"),
    (lambda s, g, z, c, a: right_count(s, g, z, c, a) + (s == 1), "Önce iletinin türüne bakın"),
])
def test_typical_function_mistakes_get_their_hint_without_the_answer(function, hint):
    feedback = TESLIM.check(function)
    text = " ".join(str(feedback).split())
    assert feedback.correct is False and hint in text
    assert f"{len(ders04.DURUMLAR)} durumda çağırdım" in text
    assert "math.ceil(sure / gorunurluk)" not in text and "return azami" not in text
    assert "(sure + gorunurluk - 1) // gorunurluk" not in text


def test_each_function_hint_names_only_the_mistake_it_recognises():
    plus_one = str(TESLIM.check(ceiling_plus_floor))
    assert "aşağı yuvarlamak" not in plus_one and "yalnız zehirli" not in plus_one
    floor = str(TESLIM.check(floor_only))
    assert "tam katı olan" not in floor
    cap = " ".join(" ".join(TESLIM.check(capped).hints).split())
    assert "tam katı olan" not in cap and "aşağı yuvarlamak" not in cap
    assert "iki kez teslim edilir" in cap  # a crash with a cap of one is capped too


def test_every_trap_is_set_by_a_case_whose_answer_the_check_needs():
    for (sure, gorunurluk, zehirli, coken, azami), kind in ders04.DURUMLAR.items():
        rounds = math.ceil(sure / gorunurluk)
        healthy = not (zehirli or coken)
        assert (kind == "duz") == (healthy and bool(sure % gorunurluk) and rounds <= azami)
        assert (kind == "esit") == (healthy and not sure % gorunurluk)
        assert (kind == "uzun") == (healthy and rounds > azami)
        assert (kind == "ikisi") == (zehirli and coken)
    assert set(ders04.DURUMLAR.values()) == ders04.TUZAKLAR | {"duz"}
    crashes = [case for case, kind in ders04.DURUMLAR.items() if kind == "coken"]
    poison = [case for case, kind in ders04.DURUMLAR.items() if kind == "zehirli"]
    assert any(math.ceil(s / g) > 2 for s, g, *_ in crashes)  # not by its duration
    assert any(a < 2 for *_, a in crashes)  # not capped
    assert any(math.ceil(s / g) != a for s, g, _, _, a in poison)  # not by its duration


def test_the_feedback_says_where_the_right_answer_came_from():
    for answer in (right_count, capped):
        text = " ".join(str(TESLIM.check(answer)).split())
        assert "iletiyi tek başına bir kuyruğa koyup benzetimi sayımın kurallarıyla " \
            "koşturarak buldum" in text
    for answer in (RIGHT_ROW, numbers(cift=40)):
        text = " ".join(str(SATIR.check(answer)).split())
        assert "uyarlanan dersin sayımının (gorunurluk.tablo) bu görünürlük süresinde bastığı " \
            "satırla karşılaştırdım" in text
    assert "senaryoyu çekirdekte gerçekten koşturup" in str(NEREDE.check(RIGHT_ENDS))


def test_a_function_that_raises_or_takes_the_wrong_parameters_is_told_so():
    def broken(sure, gorunurluk, zehirli, coken, azami):
        return sure // (gorunurluk - 5)

    text = str(TESLIM.check(broken))
    assert "broken(3, 5, False, False, 5) hata verdi: ZeroDivisionError" in text

    def teslim_sayisi(sure, gorunurluk):
        return 1

    text = " ".join(str(TESLIM.check(teslim_sayisi)).split())
    assert "bu parametrelerle çağrılamıyor; beklenen: teslim_sayisi(sure: int," in text


def test_the_forms_check_the_written_row_and_the_chosen_ends():
    widget = form("04-satir")
    textarea, button, feedback = widget.children[1:4]
    textarea.value = numbers(cift=40)
    button.click()
    assert "çift işlenmez" in html.unescape(feedback.value)
    textarea.value = RIGHT_ROW
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("04-nerede-biter")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    for part in dropdowns.values():  # what the JupyterLab test picks: the first choice
        part.value = part.options[1]
    button.click()
    assert "Henüz değil" in feedback.value
    for part, choice in RIGHT_ENDS.items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value


# Predictions: the form, then the verdict in the measurement cell.
def duplicated_at_5() -> int:
    """As the table's cell: the sweep's row at 5, its duplicates (the prediction's range is
    put around them by the prediction itself)."""
    satir = {s.gorunurluk: s for s in tarama(DERS_YUKU)}
    return satir[5].cift


MEASURED = {  # as the lesson's measurement cells give them to tahmin_sonucu
    "04-cift-isleme": duplicated_at_5,
    "04-kutudaki-ileti": lambda: tavan_asimi(ders04.KUTU_GORUNURLUK).servis_kutuda,
    "04-geri-basma": lambda: geri_basma(gorunurluk=30,
                                        sonra_azami=ders04.GERI_BASMA_AZAMI).ek_teslim,
    "04-konu-teslim": lambda: sum(a.teslim for a in konu.yayinla()),  # the simulation's total
}
VERDICTS = {  # the argument each measurement cell gives tahmin_sonucu
    "04-cift-isleme": "satir[5].cift", "04-kutudaki-ileti": "tavan[5].servis_kutuda",
    "04-geri-basma": "geri.ek_teslim", "04-konu-teslim": "konu_teslim"}


def test_the_lesson_asks_for_these_predictions_and_they_measure_what_it_prints():
    assert set(ders04.PREDICTIONS) == set(MEASURED)
    assert {name: measured() for name, measured in MEASURED.items()} == {
        "04-cift-isleme": 102, "04-kutudaki-ileti": 34, "04-geri-basma": 96,
        "04-konu-teslim": 1600}


def lesson_sources() -> list[str]:
    return [c.source for c in nbformat.read(LESSON, as_version=4).cells]


@pytest.mark.parametrize("prediction_id", list(MEASURED))
def test_each_verdict_compares_with_what_its_cell_measured(prediction_id):
    sources = lesson_sources()
    [cell] = [s for s in sources if f'tahmin_sonucu("{prediction_id}"' in s]
    assert f'tahmin_sonucu("{prediction_id}", {VERDICTS[prediction_id]})' in cell


def test_the_topic_verdict_is_the_simulations_total_and_the_seeds_formula_comes_after():
    sources = lesson_sources()
    [measured_at] = [i for i, s in enumerate(sources) if 'tahmin_sonucu("04-konu-teslim"' in s]
    assert "konu_teslim = sum(a.teslim for a in aboneler)" in sources[measured_at]
    assert "aboneler = konu.yayinla()" in sources[measured_at]
    table_at = next(i for i, s in enumerate(sources) if "print(fanout.tablo())" in s)
    assert table_at > measured_at


def test_nothing_before_the_dead_letter_form_runs_the_cap_on_every_message():
    """The cells above 04-kutudaki-ileti's form may explain the rule, but no code cell there
    runs the service's cap and no sentence gives the count."""
    cells = nbformat.read(LESSON, as_version=4).cells
    form_at = next(i for i, c in enumerate(cells) if 'tahmin_et("04-kutudaki-ileti")' in c.source)
    measured = str(MEASURED["04-kutudaki-ileti"]())
    for cell in cells[:form_at]:
        if cell.cell_type == "code" and "claim" not in cell.metadata.get("tags", []):
            code = cell.source.replace("inspect.getsource(tavan_asimi)", "")
            assert not any(runs in code for runs in ("tavan_herkese=True", "SERVIS_KURALLARI",
                                                     "tavan_asimi(")), cell.source
        elif cell.cell_type == "markdown" and "instructor" not in cell.metadata.get("tags", []):
            assert not re.search(rf"\b({measured}|kutuda)\b", cell.source), cell.source


ASK_BEFORE = {"04-cift-isleme": "çift işleme tahmininden önce",
              "04-kutudaki-ileti": "kutudaki ileti tahmininden önce",
              "04-geri-basma": "geri basma tahmininden önce",
              "04-konu-teslim": "konu tahmininden önce"}


@pytest.mark.parametrize("prediction_id", list(MEASURED))
def test_the_note_that_says_what_to_ask_stands_before_the_form_without_the_answer(prediction_id):
    cells = nbformat.read(LESSON, as_version=4).cells
    [note_at] = [i for i, c in enumerate(cells) if "instructor" in c.metadata.get("tags", [])
                 and ASK_BEFORE[prediction_id] in c.source]
    form_at = next(i for i, c in enumerate(cells) if f'tahmin_et("{prediction_id}")' in c.source)
    assert note_at < form_at
    between = cells[note_at + 1:form_at]
    assert all(c.cell_type == "markdown" and "tahmin_sonucu(" not in c.source for c in between)
    prediction, measured = ders04.PREDICTIONS[prediction_id], MEASURED[prediction_id]()
    answer = prediction.group(measured) if prediction.group else str(measured)
    note = cells[note_at].source
    assert answer not in note and f"{measured:,}".replace(",", ".") not in note


def test_the_note_after_the_duplicates_names_every_wrong_range_the_likeliest_first():
    [note] = [c.source for c in nbformat.read(LESSON, as_version=4).cells
              if "çift işlemede sık yanılgılar" in c.source]
    wrong = set(ders04.PREDICTIONS["04-cift-isleme"].assumptions) - {"61–200"}
    assert wrong == {"0", "1–30", "31–60", "201–400"}
    named = [choice for choice in ("31–60", "1–30", "0", "201–400") if f"**{choice}**" in note]
    assert named == ["31–60", "1–30", "0", "201–400"]
    assert note.index("**31–60**") < min(note.index(f"**{c}**") for c in wrong - {"31–60"})
    assert "En sık" in note.split("**31–60**")[0]


def test_the_duplicate_ranges_cover_every_count_once():
    assert [ders04.cift_araligi(n) for n in (0, 1, 30, 31, 60, 61, 102, 200, 201, 400)] == [
        "0", "1–30", "1–30", "31–60", "31–60", "61–200", "61–200", "61–200", "201–400",
        "201–400"]
    assert ders04.PREDICTIONS["04-cift-isleme"].choices == ("0", "1–30", "31–60", "61–200",
                                                            "201–400")
    with pytest.raises(StopIteration):
        ders04.cift_araligi(DERS_YUKU.ileti + 1)


def test_the_wrong_ranges_are_the_counts_their_assumptions_make():
    """Only the longest cluster: at most 9; every job from 12 units but not the 6-unit ones."""
    saglam = DERS_YUKU.saglam
    yalniz_gecikmis = sum(n for sure, n in saglam.items() if sure >= 40)
    altidan_uzun_degil = sum(n for sure, n in saglam.items() if sure >= 12)
    assert ders04.cift_araligi(yalniz_gecikmis) == "1–30"
    assert ders04.cift_araligi(altidan_uzun_degil) == "31–60"


def test_the_dead_letter_ranges_hold_what_their_assumptions_count():
    """Only the poison messages; with the longest cluster's healthy jobs; with every job from
    12 units; with every message delivered more than once. The right one: longer than 5 × 5."""
    z, saglam = DERS_YUKU.zehirli, DERS_YUKU.saglam
    counts = {"12": z, "13–21": z + sum(n for sure, n in saglam.items() if sure >= 40),
              "46–60": z + sum(n for sure, n in saglam.items() if sure >= 12),
              "61–400": z + kosum(DERS_YUKU, 5).cift}
    assert {choice: ders04.kutu_araligi(n) for choice, n in counts.items()} == {
        choice: choice for choice in counts}
    assert set(counts) | {"22–45"} == set(ders04.PREDICTIONS["04-kutudaki-ileti"].assumptions)
    uzun = sum(n for sure, n in saglam.items() if sure > AZAMI * ders04.KUTU_GORUNURLUK)
    assert ders04.kutu_araligi(z + uzun) == "22–45" == ders04.kutu_araligi(MEASURED[
        "04-kutudaki-ileti"]())
    assert ders04.PREDICTIONS["04-kutudaki-ileti"].choices == (
        "12", "13–21", "22–45", "46–60", "61–400")
    with pytest.raises(StopIteration):
        ders04.kutu_araligi(z - 1)


def test_above_the_form_the_redrive_gives_a_new_id_and_the_count_is_left_to_infer():
    """The lesson gives, with its source, what a redriven message gets (a new id, its retention
    restarted); whether its receive count starts again, which the raised ceiling turns into
    the answer, is the student's to infer, and the discussion says it."""
    tasinan = geri_basma(gorunurluk=30, sonra_azami=ders04.GERI_BASMA_AZAMI)
    assert tasinan.ek_teslim == tasinan.geri_basilan * ders04.GERI_BASMA_AZAMI
    cells = nbformat.read(LESSON, as_version=4).cells
    form = next(i for i, cell in enumerate(cells) if 'tahmin_et("04-geri-basma")' in cell.source)

    def prose(part):
        return " ".join(" ".join(cell.source.split()) for cell in part
                        if cell.cell_type == "markdown")
    above, below = prose(cells[:form]), prose(cells[form:form + 4])
    assert "geri basılan ileti yeni bir kimlik (`messageID`) alır" in above
    assert "yeni bir ileti sayılır" not in above and "alınma sayısı sıfırdan" not in above
    assert "yeni bir ileti sayılır" in below and "alınma sayısı sıfırdan başlar" in below
    assumption = ders04.PREDICTIONS["04-geri-basma"].assumptions["az"]
    assert "onarır" in assumption and "alınma sayısını yanında" in assumption


@pytest.mark.parametrize("prediction_id", list(MEASURED))
def test_a_right_prediction_is_confirmed(prediction_id, capsys):
    measured = MEASURED[prediction_id]()
    prediction = ders04.PREDICTIONS[prediction_id]
    saved = prediction.group(measured) if prediction.group else measured
    save_prediction(prediction_id, saved)
    tahmin_sonucu(prediction_id, measured)
    shown = f"{measured} ({saved})" if prediction.group else measured
    assert capsys.readouterr().out.startswith(f"✔ Tahmininiz tuttu: ölçülen {shown}.")


WRONG_PREDICTIONS = [(prediction_id, choice, assumption)
                     for prediction_id, prediction in ders04.PREDICTIONS.items()
                     for choice, assumption in prediction.assumptions.items()
                     if prediction.choices
                     and choice != prediction.group(MEASURED[prediction_id]())]
WRONG_PREDICTIONS += [(prediction_id, guess, ders04.PREDICTIONS[prediction_id].assumptions[key])
                      for prediction_id, guess, key in (
                          ("04-geri-basma", 36, "az"), ("04-geri-basma", 60, "az"),
                          ("04-geri-basma", 160, "çok"),
                          ("04-konu-teslim", 400, "az"), ("04-konu-teslim", 6400, "çok"))]


@pytest.mark.parametrize("prediction_id,choice,assumption", WRONG_PREDICTIONS)
def test_a_wrong_prediction_names_the_assumption_the_measurement_contradicts(
        prediction_id, choice, assumption, capsys):
    printed = wrong_verdict(prediction_id, choice, MEASURED[prediction_id](), capsys)
    assert " ".join(assumption.split()) in printed


def test_every_choice_has_an_assumption():
    for prediction_id, prediction in ders04.PREDICTIONS.items():
        assert set(prediction.assumptions) == (set(prediction.choices) or {"az", "çok"}), \
            prediction_id


def test_nothing_before_the_topic_form_says_the_topic_copies_each_event():
    """The answer of 04-konu-teslim is explained after its measurement, not before its form."""
    sources = [c.source for c in nbformat.read(LESSON, as_version=4).cells]
    form_at = sources.index('tahmin_et("04-konu-teslim")')
    [measured_at] = [i for i, s in enumerate(sources) if 'tahmin_sonucu("04-konu-teslim"' in s]
    before, after = " ".join(sources[:form_at]), " ".join(sources[measured_at:])
    for telling in ("ayrı bir kopya", "her alıcıya", "çoğalttığını", "konu_kalemi",
                    "Kuyruk bunu yapamaz"):
        assert telling not in " ".join(before.split()), telling
    assert "her aboneliğe ayrı bir kopya olarak" in " ".join(after.split())


def test_without_a_saved_prediction_the_measurement_prints_nothing(capsys):
    tahmin_et("04-konu-teslim")  # the form shown, nothing typed nor saved
    tahmin_sonucu("04-konu-teslim", MEASURED["04-konu-teslim"]())
    assert capsys.readouterr().out == ""


# The Modify step: working code handed over, one number to change.
LESSON = Path(__file__).parents[1] / "lessons" / "04-kuyruk-ve-konu-servisleri.ipynb"


def built(code: str):
    """What a cell's code (all before its `kontrol(` line) builds."""
    namespace: dict = {}
    exec(code[:code.index("kontrol(")], namespace)
    return namespace["kosu"]


def test_the_exercise_cell_hands_over_the_code_with_the_lessons_cap():
    cells = nbformat.read(LESSON, as_version=4).cells
    [cell] = [c for c in cells if 'kontrol("04-azami-teslim"' in c.source]
    assert cell.source == ders04.azami_kodu(AZAMI)


def test_the_code_as_handed_over_says_the_goal_and_nothing_more():
    feedback = AZAMI_TASK.check(built(ders04.azami_kodu(AZAMI)))
    assert feedback.correct is None and feedback.hints == ()
    assert "işlenirken ölü mektup kutusuna taşınan ileti 6" in str(feedback)
    assert WORDS["tr"]["unchanged"] in feedback.details


def test_a_cap_still_too_small_gets_the_hint():
    feedback = AZAMI_TASK.check(built(ders04.azami_kodu(AZAMI + 1)))
    assert feedback.correct is False and AZAMI_TASK.hint in feedback.hints
    assert "ceil" not in AZAMI_TASK.hint and str(ders04.en_kucuk_azami()) not in AZAMI_TASK.hint


def test_the_smallest_cap_is_the_longest_jobs_deliveries():
    assert ders04.en_kucuk_azami() == math.ceil(DERS_YUKU.en_uzun / ders04.AZAMI_GORUNURLUK) == 7


def test_the_solution_and_what_build_returns_pass():
    assert AZAMI_TASK.check(AZAMI_TASK.build()).correct is True
    assert AZAMI_TASK.check(built(AZAMI_TASK.answer_text())).correct is True
    assert AZAMI_TASK.answer_text() == ders04.azami_kodu(7)


def test_a_cap_that_is_enough_but_not_the_smallest_is_told_so():
    feedback = AZAMI_TASK.check(built(ders04.azami_kodu(8)))
    assert feedback.correct is False and "bir eksik olsa da yeterdi" in str(feedback)


@pytest.mark.parametrize("change,told", [
    (("Benzetim(DERS_YUKU.iletiler(), 10,", "Benzetim(DERS_YUKU.iletiler(), 14,"),
     "görünürlük 14 birim"),
    (("kurallar=servisin_kurali)", "kurallar=Kurallar())"), "tavan yalnız zehirliye"),
    (("DERS_YUKU.iletiler()", "DERS_YUKU.iletiler()[:300]"), "başka bir iş yükü"),
])
def test_reaching_the_goal_by_changing_something_else_does_not_pass(change, told):
    """Visibility 14 needs no more than 5; the count's rule or fewer messages move none."""
    code = ders04.azami_kodu(AZAMI).replace(*change)
    for azami in range(1, 8):
        feedback = AZAMI_TASK.check(built(code.replace(f"azami={AZAMI}", f"azami={azami}")))
        assert feedback.correct is False and told in str(feedback), azami


def test_something_else_than_a_simulation_is_explained():
    feedback = AZAMI_TASK.check(KuyrukAyari(azami=7))
    assert feedback.correct is False
    assert "kosu bir Benzetim olmalı; verilen: KuyrukAyari" in str(feedback)
