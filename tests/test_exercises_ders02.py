"""Lesson 02's exercises: right answers pass, typical mistakes get their hint without the
answer, no answer asks the question, and the right answers are what the kernel does."""

import html
from pathlib import Path

import nbformat
import pytest

from predictions import save_prediction, wrong_verdict
from checks.student.tr import form, kontrol
from checks.student.tr import tahmin_et, tahmin_sonucu
from checks.student.display import WIDTH
from alistirmalar import ders02
from alistirmalar.ders02 import EXERCISES
from checks.exercises.kinds import NO_ANSWER
from checks.words import WORDS
from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, Dinleyici, DuyuranDenetleyici, Olay, YazanDinleyici
from kernel.olcum import sinifla

SINIFLAR = EXERCISES["02-siniflar"]
ETKILER = EXERCISES["02-etki-sirasi"]
DENETIM = EXERCISES["02-denetim"]
OLAY = "yazi.kaydedildi"


def right_classes() -> dict[str, str]:
    return {"eposta": "ertelendi", "sayac": "koştu", "filtre": "koştu",
            "bildirim": "bağlanmadı", "arama": "atlandı", "rapor": "atlandı"}


RIGHT_EFFECTS = ["arama: yazı 7", "sayac: yazı 7", "eposta: yazı 7", "rapor: yazı 7"]


def right_fates() -> dict[str, str]:
    return {"rapor": "tepki verdi", "sayac": "tepki verdi", "bildirim": "denetimde göründü",
            "filtre": "tepki verdi", "eposta": "ikisinde de yok", "arsiv": "denetimde göründü"}


def test_the_right_answers_are_what_the_kernel_does():
    assert SINIFLAR.expected() == right_classes()
    assert ETKILER.expected() == RIGHT_EFFECTS
    assert DENETIM.expected() == right_fates()


@pytest.mark.parametrize("exercise,answer", [
    (SINIFLAR, right_classes()),
    (ETKILER, RIGHT_EFFECTS),
    (ETKILER, "\n".join(RIGHT_EFFECTS) + "\n"),
    (ETKILER, ["  arama:  yazı 7", "", *RIGHT_EFFECTS[1:]]),
    (DENETIM, right_fates()),
])
def test_the_right_answer_passes(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")


@pytest.mark.parametrize("exercise", [SINIFLAR, ETKILER, DENETIM])
def test_no_answer_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


def test_the_questions_show_the_misnamed_registrations_and_keep_the_answers_out(capsys):
    for exercise_id in ("02-siniflar", "02-etki-sirasi"):
        kontrol(exercise_id, NO_ANSWER)
    printed = capsys.readouterr().out
    assert "bildirim ← 'yazi.kaydedldi'" in printed
    assert "bildirim ← 'blog.yazi.kaydedildi'" in printed
    assert "filtre" in printed and "durduran" in printed
    assert not any(line in printed for line in RIGHT_EFFECTS)
    flat = " ".join(printed.split())  # the classes only in the choices, listed before a try
    assert flat.count("ertelendi") == flat.count('"ertelendi"') == 1
    assert flat.count("atlandı") == flat.count('"atlandı"') == 1
    assert all(len(line) <= WIDTH for line in printed.splitlines())


CLASS_MISTAKES = [
    ({"filtre": "atlandı"}, "önce kendisi tepki verir"),
    ({"eposta": "atlandı"}, "Durdurma geriye işlemez"),
    ({"eposta": "koştu"}, "istekte çalışmaz"),
    ({"rapor": "ertelendi"}, "kuyruğa o sıra gelince konur"),
    ({"arama": "koştu"}, "ondan sonra kaydedilen dinleyiciler çalışmaz"),
    ({"arama": "bağlanmadı"}, "yoldan çıkarmaz"),
    ({"rapor": "bağlanmadı"}, "yoldan çıkarmaz"),
    ({"bildirim": "atlandı"}, "yola yalnız adı tutan dinleyiciler konur"),
    ({"bildirim": "ertelendi"}, "Kuyrukta olmak yetmez"),
    ({"sayac": "atlandı"}, "yayılımı durduran bir dinleyiciden sonra durur"),
]


@pytest.mark.parametrize("wrong,hint", CLASS_MISTAKES)
def test_typical_class_mistakes_get_their_hint_without_the_answer(wrong, hint):
    feedback = SINIFLAR.check({**right_classes(), **wrong})
    text = str(feedback)
    assert feedback.correct is False and hint in text
    (part,) = wrong
    assert f"tutmayan: {part}" in text


def test_class_answers_of_the_wrong_shape_are_explained():
    assert "sözlük olmalı" in str(SINIFLAR.check(["koştu"]))
    missing = right_classes()
    del missing["bildirim"]
    assert "eksik parça: bildirim" in str(SINIFLAR.check(missing))
    assert "'bağlanmadı' yazın" in str(SINIFLAR.check({**right_classes(),
                                                       "bildirim": "baglanmadi"}))


REGISTRATION_ORDER = ["eposta: yazı 7", "arama: yazı 7", "rapor: yazı 7", "sayac: yazı 7"]


@pytest.mark.parametrize("wrong,hint", [
    (REGISTRATION_ORDER, "Kayıt sırası yalnız istek içinde"),
    (REGISTRATION_ORDER[:3] + ["bildirim: yazı 7", "sayac: yazı 7"], "Kayıt sırası yalnız"),
    (["eposta: yazı 7", "rapor: yazı 7", "arama: yazı 7", "sayac: yazı 7"],
     "Kuyruktaki dinleyiciler istekte tepki vermez"),
    (["arama: yazı 7", "sayac: yazı 7"], "işçi kuyruktaki dinleyicileri de çalıştırır"),
    (["arama: yazı 7", "bildirim: yazı 7", "sayac: yazı 7", "eposta: yazı 7", "rapor: yazı 7"],
     "bildirim'in kaydedildiği adı"),
    ([line.replace("yazı", "yazi") for line in RIGHT_EFFECTS], "Türkçe harflerle"),
    (RIGHT_EFFECTS[::-1], "kuyruğa girdikleri sırayla"),
])
def test_typical_effect_mistakes_get_their_hint_without_the_answer(wrong, hint):
    text = str(ETKILER.check(wrong))
    assert text.startswith("✘") and hint in text
    unseen = [line for line in RIGHT_EFFECTS if line not in wrong]
    assert not any(line in text for line in unseen)


def test_the_registration_order_hint_is_only_for_that_mistake():
    text = str(ETKILER.check(["eposta: yazı 7", "rapor: yazı 7", "arama: yazı 7",
                              "sayac: yazı 7"]))
    assert "Kayıt sırası yalnız" not in text and "bildirim'in" not in text


def test_the_feedback_says_where_the_right_answer_came_from():
    for answer in (RIGHT_EFFECTS, REGISTRATION_ORDER):
        assert "isteği ve işçiyi gerçekten çalıştırıp aldığım etkiler listesiyle " \
            "karşılaştırdım" in str(ETKILER.check(answer))


def test_the_forms_check_the_chosen_classes_and_the_written_lines():
    widget = form("02-siniflar")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    for part, choice in right_classes().items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("02-etki-sirasi")
    textarea, button, feedback = widget.children[1:4]
    textarea.value = "\n".join(REGISTRATION_ORDER)
    button.click()
    assert "Kayıt sırası yalnız" in html.unescape(feedback.value)


FATE_MISTAKES = [
    ({"rapor": "ikisinde de yok"}, "Döndürdüğü False kendi tepkisini geri almaz"),
    ({"sayac": "ikisinde de yok"}, "kuyruktaki bir dinleyici yayılımı durduramaz"),
    ({"bildirim": "tepki verdi"}, "büyük harfle başlayan bir ad başka bir addır"),
    ({"bildirim": "ikisinde de yok"}, "Denetim de adları harfi harfine"),
    ({"filtre": "ikisinde de yok"}, "önce kendisi tepki verir"),
    ({"eposta": "tepki verdi"}, "kuyruğa bile konmaz"),
    ({"eposta": "denetimde göründü"}, "Atlanmış olması denetime yansımaz"),
    ({"arsiv": "ikisinde de yok"}, "yalnız bu çalışmada duyurulan adları bilir"),
    ({"arsiv": "tepki verdi"}, "arsiv 'yazi.silindi'ye bağlı"),
    ({"sayac": "denetimde göründü"}, "yalnız adı hiç duyurulmamış kayıtları gösterir"),
]


@pytest.mark.parametrize("wrong,hint", FATE_MISTAKES)
def test_typical_fate_mistakes_get_their_hint(wrong, hint):
    text = str(DENETIM.check({**right_fates(), **wrong}))
    (part,) = wrong
    assert text.startswith("✘") and hint in text and f"tutmayan: {part}" in text


def test_no_fate_hint_is_keyed_on_a_right_answer_and_each_part_has_a_trap():
    right = DENETIM.expected()
    assert all(right[part] != choice for part, choice in DENETIM.mistakes)
    assert {part for part, _ in DENETIM.mistakes} == set(right)


def test_the_fate_question_shows_the_registrations_the_lesson_did_not_measure(capsys):
    kontrol("02-denetim", NO_ANSWER)
    printed = capsys.readouterr().out
    for line in ("rapor    ← 'yazi.kaydedildi'  kuyrukta, durduran",
                 "bildirim ← 'Yazi.kaydedildi'  eşzamanlı", "arsiv    ← 'yazi.silindi'"):
        assert line in printed
    assert all(len(line) <= WIDTH for line in printed.splitlines())


def test_the_fates_follow_the_kernel_when_a_registration_changes(monkeypatch):
    fixed = tuple((ad, OLAY if ad == "bildirim" else olay, tur)
                  for ad, olay, tur in ders02.DENETIM_KAYITLARI)
    monkeypatch.setattr(ders02, "DENETIM_KAYITLARI", fixed)
    assert ders02.denetimden_sonra()["bildirim"] == "tepki verdi"


# The Modify step: the code handed over, as the lesson's exercise cell holds it.
MODIFY = EXERCISES["02-filtreden-once"]
LESSON = Path(__file__).parent.parent / "lessons" / "02-olaylar-ve-dinleyiciler.ipynb"


def built_by(code: str):
    """What a cell's code (all before its `kontrol(` line) builds."""
    namespace = {"OLAY": OLAY, "YazanDinleyici": YazanDinleyici}
    exec(code[:code.index("kontrol(")], namespace)
    return namespace["kayitlar"]


def handed_code() -> str:
    """The Modify cell as the lesson hands it over, its `kontrol(` line included."""
    notebook = nbformat.read(LESSON, as_version=4)
    (cell,) = [cell for cell in notebook.cells
               if 'kontrol("02-filtreden-once"' in cell.source]
    return cell.source


def test_the_handed_code_is_the_stopping_experiment_and_misses_the_goal():
    assert handed_code() == ders02.kayit_kodu(ders02.ELDEKI_SIRA)
    feedback = MODIFY.check(built_by(handed_code()))
    text = str(feedback)
    assert feedback.correct is None and feedback.hints == () and MODIFY.hint not in text
    assert "eposta atlandı" in text and "eposta ertelendi" in text
    assert WORDS["tr"]["unchanged"] in feedback.details


def test_the_solution_and_build_reach_the_goal_by_moving_one_line():
    for answer in (MODIFY.build(), built_by(MODIFY.answer_text())):
        assert MODIFY.check(answer).correct is True
    handed, solved = handed_code().splitlines(), MODIFY.answer_text().splitlines()
    assert sorted(handed) == sorted(solved) and handed != solved


@pytest.mark.parametrize("change", [
    lambda code: code.replace(", durdurur=True", ""),  # filtre no longer stops
    lambda code: code.replace(", kuyrukta=True", ""),  # eposta no longer queued
    lambda code: code.replace('("arama", etkiler)', '("arama", [])').replace(
        '    (OLAY, YazanDinleyici("arama", [])),\n', ""),  # arama removed
])
def test_other_changes_miss_the_goal_and_say_what_they_measured(change):
    feedback = MODIFY.check(built_by(change(MODIFY.answer_text())))
    assert feedback.correct is False and "şimdiki kodla: " in str(feedback)


def test_an_object_that_is_not_registrations_is_explained():
    text = str(MODIFY.check(7))
    assert "Kurduğunuz nesne ölçülemedi" in text and MODIFY.how_to_answer in text


# Predictions: the form, then the verdict in the measurement cell.
def measure(*kayitlar) -> tuple[list[str], dict[str, str]]:
    """As the lesson's olc(): register, call the controller once; the effects and classes."""
    etkiler: list[str] = []
    dagitici = Dagitici(BellekSurucusu())
    for olay_adi, ad, secenekler in kayitlar:
        dagitici.dinle(olay_adi, YazanDinleyici(ad, etkiler, **secenekler))
    DuyuranDenetleyici(dagitici).kaydet(7)
    return etkiler, {ad: sinifla(ad) for _, ad, _ in kayitlar}


def effects_at_response() -> int:
    return len(measure((OLAY, "arama", {}), (OLAY, "eposta", {"kuyrukta": True}))[0])


def stopped_queued() -> str:
    return measure((OLAY, "sayac", {}), (OLAY, "filtre", {"durdurur": True}),
                   (OLAY, "arama", {}), (OLAY, "eposta", {"kuyrukta": True}))[1]["eposta"]


def misnamed() -> str:
    return measure((OLAY, "arama", {}), ("yazi.kaydedldi", "eposta", {"kuyrukta": True}),
                   ("blog.yazi.kaydedildi", "bildirim", {}))[1]["eposta"]


class EarlyWorker(Dinleyici):
    """As the lesson's AradaIsci: works the queue once while the request runs."""

    def __init__(self, kuyruk: BellekSurucusu) -> None:
        self.kuyruk = kuyruk

    def ad(self) -> str:
        return "isci"

    def tepki(self, olay: Olay) -> None:
        self.kuyruk.isle()


def effects_with_an_early_worker() -> str:
    """As the lesson's AradaIsci cells: eposta queued, the worker, arama, rapor queued; the
    worker again after the response; the listeners of the effects, in order."""
    etkiler: list[str] = []
    kuyruk = BellekSurucusu()
    dagitici = Dagitici(kuyruk)
    for dinleyici in (YazanDinleyici("eposta", etkiler, kuyrukta=True), EarlyWorker(kuyruk),
                      YazanDinleyici("arama", etkiler),
                      YazanDinleyici("rapor", etkiler, kuyrukta=True)):
        dagitici.dinle(OLAY, dinleyici)
    DuyuranDenetleyici(dagitici).kaydet(7)
    kuyruk.isle()
    return ", ".join(etki.split(":")[0] for etki in etkiler)


MEASURED = {"02-yanit-aninda": effects_at_response, "02-durdurma": stopped_queued,
            "02-tutmayan-ad": misnamed, "02-erken-isci": effects_with_an_early_worker}


def test_the_lesson_asks_for_these_predictions_and_they_measure_what_it_prints():
    assert set(ders02.PREDICTIONS) == set(MEASURED)
    assert {name: measured() for name, measured in MEASURED.items()} == {
        "02-yanit-aninda": 1, "02-durdurma": "atlandı", "02-tutmayan-ad": "bağlanmadı",
        "02-erken-isci": "eposta, arama, rapor"}


@pytest.mark.parametrize("prediction_id", list(MEASURED))
def test_a_right_prediction_is_confirmed(prediction_id, capsys):
    measured = MEASURED[prediction_id]()
    save_prediction(prediction_id, measured)
    tahmin_sonucu(prediction_id, measured)
    assert capsys.readouterr().out.startswith(f"✔ Tahmininiz tuttu: ölçülen {measured}.")


WRONG_PREDICTIONS: list[tuple[str, str | int, str]] = [(prediction_id, choice, assumption)
                     for prediction_id, prediction in ders02.PREDICTIONS.items()
                     for choice, assumption in prediction.assumptions.items()
                     if prediction.choices and choice != MEASURED[prediction_id]()]
WRONG_PREDICTIONS += [("02-yanit-aninda", 0, "Eşzamanlı bir dinleyici de yanıt döndükten"),
                      ("02-yanit-aninda", 2, "Kuyruğa konan bir dinleyici, yanıt dönmeden")]


@pytest.mark.parametrize("prediction_id,choice,assumption", WRONG_PREDICTIONS)
def test_a_wrong_prediction_names_the_assumption_the_measurement_contradicts(
        prediction_id, choice, assumption, capsys):
    printed = wrong_verdict(prediction_id, choice, MEASURED[prediction_id](), capsys)
    assert " ".join(assumption.split()) in printed


def test_every_choice_has_an_assumption():
    for prediction_id, prediction in ders02.PREDICTIONS.items():
        assert set(prediction.assumptions) == (set(prediction.choices) or {"az", "çok"}), \
            prediction_id


def test_without_a_saved_prediction_the_measurement_prints_nothing(capsys):
    tahmin_et("02-durdurma")  # the form shown, nothing chosen nor saved
    tahmin_sonucu("02-durdurma", stopped_queued())
    assert capsys.readouterr().out == ""


def test_the_early_worker_choices_are_orders_of_the_same_three_effects():
    prediction = ders02.PREDICTIONS["02-erken-isci"]
    measured = effects_with_an_early_worker()
    assert measured in prediction.choices
    assert {tuple(sorted(choice.split(", "))) for choice in prediction.choices} == {
        tuple(sorted(measured.split(", ")))}


def prose_above(prediction_id: str) -> str:
    """The front matter and every markdown cell above the prediction's form, as a student
    reads them before predicting."""
    cells = nbformat.read(LESSON, as_version=4).cells
    form = next(i for i, cell in enumerate(cells)
                if f'tahmin_et("{prediction_id}")' in cell.source)
    return "\n".join(cell.source for cell in cells[:form]
                     if cell.cell_type != "code"
                     and "instructor" not in cell.metadata.get("tags", []))


def test_the_prose_above_the_misnamed_prediction_does_not_tell_what_a_wrong_name_does():
    prose = prose_above("02-tutmayan-ad").lower()
    for telling in ("bağlanmadı", "sessiz", "hata vermed", "koştuğunu, ertelendiğini"):
        assert telling not in prose, telling


def test_the_prose_above_the_early_worker_prediction_does_not_give_the_order():
    prose = prose_above("02-erken-isci")
    assert effects_with_an_early_worker() not in prose


def test_each_note_on_what_to_ask_stands_before_its_form_and_holds_no_answer():
    """An instructor's note that says what to ask before a measurement comes before that
    prediction's form (no verdict between them) and names no choice the measurement gives."""
    cells = nbformat.read(LESSON, as_version=4).cells
    asking = [i for i, cell in enumerate(cells)
              if "instructor" in cell.metadata.get("tags", [])
              and "önce sor" in cell.source.splitlines()[0].lower()]
    assert len(asking) == 2
    for note in asking:
        form = next(i for i in range(note, len(cells)) if "tahmin_et(" in cells[i].source)
        assert not any("tahmin_sonucu(" in cell.source for cell in cells[note:form])
        (prediction_id,) = [name for name in MEASURED if name in cells[form].source]
        assert str(MEASURED[prediction_id]()) not in cells[note].source
