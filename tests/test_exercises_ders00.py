"""Lesson 00's exercises and predictions: right answers pass, typical mistakes get their hint
without the answer, no answer yet asks the question, the modify task's handed code misses its
goal, and a saved prediction gets its verdict from the lesson's measurement."""

import re
import textwrap

import nbformat
import pytest
from nbclient import NotebookClient

from predictions import save_prediction
from checks.student.tr import form
from alistirmalar.ders00 import EXERCISES, PREDICTIONS
from alistirmalar.ders00 import (
    DEVIR_VERILEN,
    GERCEK_ISTEK_KODU,
    degisen_satir,
    devret_hucresi,
)
from checks.exercises.kinds import NO_ANSWER
from checks.words import WORDS
from course_copies import ROOT
from kernel.isler import (
    BellekSurucusu,
    EszamanliSurucu,
    KirilganIs,
    KucukResimIsi,
    YazilarDenetleyicisi,
)
from checks.student.tr import tahmin_et, tahmin_sonucu
from kernel.olcum import Gunluk, ayri_istek, sinifla

ORTUSME = EXERCISES["00-ortusmeler"]
KOR_NOKTA = EXERCISES["00-kor-nokta"]
GERCEK = EXERCISES["00-gercek-istek"]
DEVRET = EXERCISES["00-devret"]
LESSON = ROOT / "lessons" / "00-olcum-cekirdegi.ipynb"


def right_overlaps() -> dict[str, str]:
    return dict(kaydet="koştu", eposta="koştu", arama="atlandı", kucukResim="ertelendi",
                rapor="bağlanmadı")


def right_report() -> dict[str, str]:
    return dict(kaydet="koştu", eposta="bağlanmadı", kucukResim="raporda yok",
                arama="raporda yok")


def right_request() -> dict[str, str]:
    return dict(kaydet="koştu", kucukResim="ertelendi", eposta="koştu", arama="bağlanmadı")


def says(text: str, choice: str) -> bool:
    """Whether the feedback writes the choice as a word of its own (koşturup is not koştu)."""
    return re.search(rf"(?<!\w){re.escape(choice)}(?!\w)", text) is not None


@pytest.mark.parametrize("exercise,answer", [
    (ORTUSME, right_overlaps()),
    (KOR_NOKTA, right_report()),
    (GERCEK, right_request()),
], ids=["ortusmeler", "kor-nokta", "gercek-istek"])
def test_the_right_answer_passes_and_says_what_was_checked(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")
    assert "senaryoyu çekirdekte gerçekten koşturup" in str(feedback)


@pytest.mark.parametrize("exercise", [ORTUSME, KOR_NOKTA, GERCEK, DEVRET],
                         ids=["ortusmeler", "kor-nokta", "gercek-istek", "devret"])
def test_no_answer_yet_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


def test_the_overlap_question_shows_both_requests_and_every_part():
    assert "Gunluk.kostu('rapor')\nSonra Gunluk.yeni_istek()" in ORTUSME.question
    assert ORTUSME.question.endswith("kaydet, eposta, arama, kucukResim, rapor")


OVERLAP_MISTAKES = [
    ({"kaydet": "ertelendi"}, "önce koşanlar listesine bakar"),
    ({"eposta": "bağlanmadı"}, "yolda olmasını şart koşmaz"),
    ({"arama": "koştu"}, "koşmanın kanıtı değildir"),
    ({"arama": "bağlanmadı"}, "bu istek onu tanıyor"),
    ({"kucukResim": "bağlanmadı"}, "Yola konmamış bir parça da ertelenenler"),
    ({"kucukResim": "atlandı"}, "kucukResim yola hiç konmadı"),
    ({"rapor": "koştu"}, "üç listeyi de boşaltır"),
    ({"rapor": "atlandı"}, "üç listeyi de boşaltır"),
    ({"eposta": "atlandı"}, "yalnız açık isteğin listelerine, şu sırayla bakar"),
]
REPORT_MISTAKES = [
    ({"arama": "bağlanmadı"}, "ölçümün kör noktası budur"),
    ({"kucukResim": "ertelendi"}, "beklenen listesini dolaşır"),
    ({"eposta": "raporda yok"}, "hiçbir listesinde olmasa bile"),
    ({"eposta": "atlandı"}, "Beklenen listesinde olmak yola konmak değildir"),
    ({"kaydet": "ertelendi"}, "Önce raporun hangi parçalara baktığını bulun"),
]
REQUEST_MISTAKES = [
    ({"kucukResim": "koştu"}, "İşçinin isle()'si işi çalıştırır ama Gunluk'e hiçbir şey"),
    ({"kucukResim": "atlandı"}, "işi kuyruğa koyarken bir liste yazar"),
    ({"kucukResim": "bağlanmadı"}, "isle() yeni bir istek açmaz"),
    ({"eposta": "atlandı"}, "iş hata verince bu kayıt geri alınmaz"),
    ({"eposta": "bağlanmadı"}, "İstisna Gunluk'ün listelerinden hiçbir şey silmez"),
    ({"eposta": "ertelendi"}, "Eşzamanlı sürücü işi kuyruğa koymaz"),
    ({"arama": "atlandı"}, "kaydet()'i işe Gunluk.yeni_istek() ile başlar"),
    ({"arama": "ertelendi"}, "arama hiçbir sürücüye verilmedi"),
    ({"arama": "koştu"}, "yola konmak koşmanın kanıtı değildir"),
    ({"kaydet": "atlandı"}, "Her satırın hangi Gunluk çağrısını yaptığını bulun"),
]


@pytest.mark.parametrize("exercise,right,wrong,hint", [
    *[(ORTUSME, right_overlaps(), wrong, hint) for wrong, hint in OVERLAP_MISTAKES],
    *[(KOR_NOKTA, right_report(), wrong, hint) for wrong, hint in REPORT_MISTAKES],
    *[(GERCEK, right_request(), wrong, hint) for wrong, hint in REQUEST_MISTAKES],
], ids=[f"{name}-{part}-{choice}" for name, mistakes in (("ortusmeler", OVERLAP_MISTAKES),
                                                          ("kor-nokta", REPORT_MISTAKES),
                                                          ("gercek-istek", REQUEST_MISTAKES))
        for wrong, _ in mistakes for part, choice in wrong.items()])
def test_typical_prediction_mistakes_get_their_hint_without_the_answer(exercise, right, wrong,
                                                                       hint):
    feedback = exercise.check({**right, **wrong})
    text = str(feedback)
    assert feedback.correct is False and hint in text
    (part,) = wrong
    assert f"tutmayan: {part}\n" in text
    assert not says(text, right[part])


def test_a_misspelt_report_choice_is_told_the_spelling():
    text = str(KOR_NOKTA.check({**right_report(), "arama": "Raporda yok"}))
    assert "'raporda yok' yazın" in text
    assert 'Seçenekler: "koştu", "ertelendi", "atlandı", "bağlanmadı", "raporda yok".' in text


def test_the_report_form_offers_the_missing_line_choice():
    widget = form("00-kor-nokta")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    assert list(dropdowns) == ["kaydet", "eposta", "kucukResim", "arama"]
    assert dropdowns["arama"].options[-1] == "raporda yok"


def test_the_request_question_shows_the_code_the_check_runs():
    """The code in the question, run as a student would run it, gives the checked classes."""
    assert "    kuyruk.isle()" in GERCEK.question
    assert 'Gunluk.yola("arama")\n    YazilarDenetleyicisi(kuyruk).kaydet(7)' in GERCEK.question
    namespace = dict(BellekSurucusu=BellekSurucusu, EszamanliSurucu=EszamanliSurucu,
                     KirilganIs=KirilganIs, YazilarDenetleyicisi=YazilarDenetleyicisi,
                     Gunluk=Gunluk)
    with ayri_istek():
        exec(textwrap.dedent(GERCEK_ISTEK_KODU), namespace)
        shown = {part: sinifla(part) for part in right_request()}
    assert shown == right_request()


def test_checking_the_request_leaves_the_students_thumbnails_as_they_were():
    KucukResimIsi.uretilen[:] = [3]
    GERCEK.check(right_request())
    assert KucukResimIsi.uretilen == [3]
    KucukResimIsi.uretilen.clear()


def handed_cell() -> str:
    """The modify exercise's cell as the lesson hands it over."""
    notebook = nbformat.read(LESSON, as_version=4)
    (cell,) = [cell for cell in notebook.cells if 'kontrol("00-devret"' in cell.source]
    return cell.source


def calls_of(cell: str) -> list[tuple[str, str]]:
    """The calls a cell's code (all before its `kontrol(` line) lists."""
    namespace: dict = {}
    exec(cell.split("kontrol(")[0], namespace)
    return namespace["cagrilar"]


def handed_calls() -> list[tuple[str, str]]:
    return calls_of(handed_cell())


def test_the_check_knows_the_list_the_lesson_hands_over():
    assert handed_cell() == devret_hucresi(DEVIR_VERILEN)
    assert handed_calls() == list(DEVIR_VERILEN)


def test_the_handed_code_says_the_goal_and_nothing_more():
    """No hint before a try: the hint would name the line to change."""
    feedback = DEVRET.check(handed_calls())
    text = " ".join(str(feedback).split())
    assert feedback.correct is None and feedback.hints == () and "İpucu" not in text
    assert ("Hedef: sinifla() kaydet için koştu, kucukResim için ertelendi döndürür; verilen "
            "listeden 1 satır farklı.") in text
    assert ("şimdiki kodla: sinifla() kaydet için koştu, kucukResim için koştu döndürür; liste "
            "verildiği gibi") in text and WORDS["tr"]["unchanged"] in text


def test_moving_the_deferral_does_not_reach_the_goal():
    """Order does not matter: putting ertele before kostu still measures koştu."""
    calls = handed_calls()
    moved = [calls[-1], *calls[:-1]]
    assert DEVRET.check(moved).correct is False


def test_the_built_solution_and_its_pasted_text_reach_the_goal():
    assert DEVRET.check(DEVRET.build()).correct is True
    assert calls_of(DEVRET.answer_text()) == DEVRET.build()
    assert DEVRET.check(calls_of(DEVRET.answer_text())).correct is True
    assert len(handed_calls()) - len(DEVRET.build()) == 1  # one line less


def without(calls: list, *lines: int) -> list:
    return [call for number, call in enumerate(calls) if number not in lines]


KOSTU_KUCUK_RESIM = 3  # the handed line that keeps kucukResim among the calls


@pytest.mark.parametrize("change", [
    lambda calls: without(calls, KOSTU_KUCUK_RESIM),
    lambda calls: [("yola", "kucukResim") if number == KOSTU_KUCUK_RESIM else call
                   for number, call in enumerate(calls)],
    lambda calls: [("ertele", "kucukResim") if number == KOSTU_KUCUK_RESIM else call
                   for number, call in enumerate(calls)],
], ids=["deleted", "changed-to-yola", "changed-to-ertele"])
def test_one_line_changed_or_deleted_reaches_the_goal(change):
    assert DEVRET.check(change(handed_calls())).correct is True


@pytest.mark.parametrize("lines", [(0, KOSTU_KUCUK_RESIM), (1, KOSTU_KUCUK_RESIM)],
                         ids=["and-yola-kaydet", "and-yola-kucukResim"])
def test_two_lines_deleted_are_told_to_change_one_only(lines):
    """Deleting the line that matters and another reaches the classes, not what is asked."""
    feedback = DEVRET.check(without(handed_calls(), *lines))
    text = " ".join(str(feedback).split())
    assert feedback.correct is False and "verilen listeden 2 satır farklı" in text
    assert "kucukResim için ertelendi döndürür; verilen listeden 2" in text
    assert feedback.hints == (DEVRET.mistakes[0].hint,) and "yalnız bir satırı" in text


def test_two_changes_with_the_classes_still_wrong_get_the_general_hint():
    feedback = DEVRET.check(without(handed_calls(), 0, 1))
    assert feedback.correct is False and feedback.hints == (DEVRET.hint,)


@pytest.mark.parametrize("calls,lines", [
    (list(DEVIR_VERILEN), 0),
    (without(list(DEVIR_VERILEN), 2), 1),
    ([*DEVIR_VERILEN, ("yola", "arama")], 1),
    ([("yola", "kaydet"), *DEVIR_VERILEN[2:]], 1),
    (list(reversed(DEVIR_VERILEN)), 4),
    ([DEVIR_VERILEN[-1], *DEVIR_VERILEN[:-1]], 2),  # a line moved: deleted and added
    ([], len(DEVIR_VERILEN)),
])
def test_the_lines_that_differ_are_the_fewest_changes_deletions_and_additions(calls, lines):
    assert degisen_satir(calls) == lines


@pytest.mark.parametrize("calls", [[("yeni_istek", "kaydet")], [("kostu",)], 7])
def test_calls_that_are_not_yola_kostu_ertele_pairs_are_refused(calls):
    feedback = DEVRET.check(calls)
    assert feedback.correct is False and "Kurduğunuz nesne ölçülemedi" in str(feedback)


# Predictions: the value each lesson cell passes to tahmin_sonucu, computed the same way.

def measured_patlayan() -> str:
    Gunluk.yeni_istek()
    Gunluk.yola("kirilgan")
    with pytest.raises(RuntimeError):
        EszamanliSurucu().gonder(KirilganIs(1))
    return sinifla("kirilgan")


def measured_ertele_son() -> str:
    Gunluk.yeni_istek()
    for call in ("yola", "kostu", "ertele"):
        getattr(Gunluk, call)("kaydet")
    return sinifla("kaydet")


def measured_yolsuz() -> str:
    Gunluk.yeni_istek()
    Gunluk.kostu("eposta")
    return sinifla("eposta")


def measured_unutan_rapor() -> str:
    YazilarDenetleyicisi(BellekSurucusu()).kaydet(7)
    unutan = [part for part in ("kaydet", "kucukResim")
              if sinifla(part) in ("atlandı", "bağlanmadı")]
    return ", ".join(unutan) or "yok"


MEASURED = {"00-patlayan": (measured_patlayan, "koştu"),
            "00-ertele-son": (measured_ertele_son, "koştu"),
            "00-yolsuz": (measured_yolsuz, "koştu"),
            "00-unutan-rapor": (measured_unutan_rapor, "yok")}


def measure(prediction_id: str) -> str:
    with ayri_istek():
        return MEASURED[prediction_id][0]()


def test_every_prediction_of_the_lesson_is_measured_here():
    assert sorted(MEASURED) == sorted(p for p in PREDICTIONS if p.startswith("00-"))
    notebook = nbformat.read(LESSON, as_version=4).cells
    for prediction_id in MEASURED:
        assert any(f'tahmin_sonucu("{prediction_id}"' in cell.source for cell in notebook)


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_the_lessons_measurement_is_the_expected_choice(prediction_id):
    assert measure(prediction_id) == MEASURED[prediction_id][1]


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_a_right_prediction_is_told_it_held(prediction_id, capsys):
    measured = measure(prediction_id)
    save_prediction(prediction_id, measured)
    capsys.readouterr()
    tahmin_sonucu(prediction_id, measured)
    assert capsys.readouterr().out == f"✔ Tahmininiz tuttu: ölçülen {measured}.\n"


WRONG = [(prediction_id, choice) for prediction_id in MEASURED
         for choice in PREDICTIONS[prediction_id].choices
         if choice != MEASURED[prediction_id][1]]


@pytest.mark.parametrize("prediction_id,choice", WRONG)
def test_a_wrong_prediction_is_told_the_assumption_it_rested_on(prediction_id, choice, capsys):
    measured = measure(prediction_id)
    save_prediction(prediction_id, choice)
    capsys.readouterr()
    tahmin_sonucu(prediction_id, measured)
    out = capsys.readouterr().out
    assert out.startswith(f"✘ Tahmininiz: {choice}. Ölçülen: {measured}.")
    assumption = PREDICTIONS[prediction_id].assumptions[choice]
    assert "Ölçümün çürüttüğü varsayım:" in out
    assert " ".join(assumption.split()) in " ".join(out.split())


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_without_a_saved_prediction_the_measurement_prints_nothing(prediction_id, capsys):
    tahmin_et(prediction_id)  # the form shown, but nothing saved
    capsys.readouterr()
    tahmin_sonucu(prediction_id, measure(prediction_id))
    assert capsys.readouterr().out == ""


def test_the_lesson_run_with_saved_predictions_prints_each_verdict_under_its_measurement():
    """Each measurement cell passes its own measured value: with a wrong prediction saved
    after each form, the cell that measures prints the verdict against the lesson's value."""
    notebook = nbformat.read(LESSON, as_version=4)
    wrong = {prediction_id: next(choice for choice in PREDICTIONS[prediction_id].choices
                                 if choice != MEASURED[prediction_id][1])
             for prediction_id in MEASURED}
    for index in reversed(range(len(notebook.cells))):
        for prediction_id, choice in wrong.items():
            if f'tahmin_et("{prediction_id}")' in notebook.cells[index].source:
                notebook.cells.insert(index + 1, nbformat.v4.new_code_cell(
                    f"checks.student.prediction.SAVED[{prediction_id!r}] = {choice!r}"))
    notebook.cells.insert(1, nbformat.v4.new_code_cell("import checks.student.prediction"))
    NotebookClient(notebook, timeout=120, record_timing=False, store_widget_state=False,
                   resources={"metadata": {"path": str(LESSON.parent)}}).execute()
    for prediction_id, choice in wrong.items():
        (cell,) = [cell for cell in notebook.cells
                   if f'tahmin_sonucu("{prediction_id}"' in cell.source]
        printed = "".join(output.get("text", "") for output in cell.outputs)
        assert f"✘ Tahmininiz: {choice}. Ölçülen: {MEASURED[prediction_id][1]}." in printed


@pytest.mark.parametrize("renamed", [("kostu", "kucukresim"), ("kostu", "kucuk_resim")])
def test_renaming_a_part_is_not_a_change_that_counts(renamed):
    """Misspelt, kucukResim's record is another part's: sinifla() would find it deferred only
    because the measurement no longer sees the call."""
    calls = [renamed if call == ("kostu", "kucukResim") else call for call in handed_calls()]
    feedback = DEVRET.check(calls)
    assert feedback.correct is False and "listedeki parçalardan biri değil" in str(feedback)
