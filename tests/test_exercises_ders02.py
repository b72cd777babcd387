"""Lesson 02's exercises: right answers pass, typical mistakes get their hint without the
answer, no answer asks the question, and the right answers are what the kernel does."""

import html

import pytest

from checks.alistirma import form, kontrol
from checks.display import WIDTH
from checks.exercises import EXERCISES, ders02
from checks.exercises.kinds import NO_ANSWER

SINIFLAR = EXERCISES["02-siniflar"]
ETKILER = EXERCISES["02-etki-sirasi"]
DENETIM = EXERCISES["02-duyurulmayanlar"]
OLAY = "yazi.kaydedildi"


def right_classes() -> dict[str, str]:
    return {"eposta": "ertelendi", "sayac": "koştu", "filtre": "koştu",
            "bildirim": "bağlanmadı", "arama": "atlandı", "rapor": "atlandı"}


RIGHT_EFFECTS = ["arama: yazı 7", "sayac: yazı 7", "eposta: yazı 7", "rapor: yazı 7"]


def right_check(kayitlar, duyurulanlar):
    return [(olay, dinleyici) for olay, dinleyici in kayitlar if olay not in duyurulanlar]


def test_the_right_answers_are_what_the_kernel_does():
    assert SINIFLAR.expected() == right_classes()
    assert ETKILER.expected() == RIGHT_EFFECTS
    assert DENETIM.reference(((OLAY, "a"), ("x", "b"), ("y", "c"), ("x", "d")), (OLAY, "y")) \
        == [("x", "b"), ("x", "d")]


@pytest.mark.parametrize("exercise,answer", [
    (SINIFLAR, right_classes()),
    (ETKILER, RIGHT_EFFECTS),
    (ETKILER, "\n".join(RIGHT_EFFECTS) + "\n"),
    (ETKILER, ["  arama:  yazı 7", "", *RIGHT_EFFECTS[1:]]),
    (DENETIM, right_check),
    (DENETIM, DENETIM.solution),
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
    assert "ertelendi" not in printed and "atlandı" not in printed
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


def lowered(kayitlar, duyurulanlar):
    adlar = [ad.lower().strip() for ad in duyurulanlar]
    return [(olay, d) for olay, d in kayitlar if olay.lower().strip() not in adlar]


def containing(kayitlar, duyurulanlar):
    return [(olay, d) for olay, d in kayitlar if not any(ad in olay for ad in duyurulanlar)]


def grouped(kayitlar, duyurulanlar):
    adlar = dict.fromkeys(olay for olay, _ in kayitlar if olay not in duyurulanlar)
    return [(olay, d) for ad in adlar for olay, d in kayitlar if olay == ad]


def one_per_name(kayitlar, duyurulanlar):
    return list({olay: d for olay, d in kayitlar if olay not in duyurulanlar}.items())


def nothing_until_announced(kayitlar, duyurulanlar):
    return [(olay, d) for olay, d in kayitlar if duyurulanlar and olay not in duyurulanlar]


def announced_ones(kayitlar, duyurulanlar):
    return [(olay, d) for olay, d in kayitlar if olay in duyurulanlar]


def listener_names(kayitlar, duyurulanlar):
    return [d for olay, d in kayitlar if olay not in duyurulanlar]


def a_set(kayitlar, duyurulanlar):
    return {(olay, d) for olay, d in kayitlar if olay not in duyurulanlar}


@pytest.mark.parametrize("function,hint", [
    (lowered, "harfi harfine karşılaştırır"),
    (containing, "adın bir parçasına değil, tamamına bakın"),
    (grouped, "olay adına göre gruplamayın"),
    (one_per_name, "her kaydı ayrı bir çift olarak sayın"),
    (nothing_until_announced, "Henüz hiçbir olay duyurulmadıysa"),
    (announced_ones, "Bütün olay adlarının duyurulduğu bir durumda bile"),
    (lambda kayitlar, duyurulanlar: list(kayitlar), "Bütün olay adlarının duyurulduğu"),
    (listener_names, "Sonucu boş olmaması gereken her durum tutmuyor"),
    (lambda kayitlar, duyurulanlar: [], "Sonucu boş olmaması gereken her durum tutmuyor"),
    (a_set, "bir liste (list) döndürmeli"),
    (lambda kayitlar, duyurulanlar: [(olay, d) for olay, d in kayitlar
                                     if olay not in (*duyurulanlar, "yazi.silindi")],
     "karşılaştırma birebir olmalı"),
])
def test_typical_function_mistakes_get_their_hint_without_the_answer(function, hint):
    feedback = DENETIM.check(function)
    ladder = " ".join(feedback.hints)  # the hints a student gets, one try after another
    assert feedback.correct is False and hint in ladder
    assert f"{len(ders02.DURUMLAR)} durumda çağırdım" in str(feedback)
    for text in (str(feedback), ladder):
        assert "not in duyurulanlar" not in text and "return [" not in text


def test_each_hint_names_only_the_mistake_it_recognises():
    def ladder(function) -> str:
        return " ".join(DENETIM.check(function).hints)
    assert "gruplamayın" not in ladder(lowered)
    assert "harfi harfine" not in ladder(grouped)
    assert "liste (list)" not in ladder(listener_names)
    inverted = ladder(announced_ones)  # fails the traps and plain cases alike
    assert not any(hint in inverted for hint in ders02.TUZAK_IPUCLARI.values())


def test_the_feedback_says_where_the_right_answer_came_from():
    for answer in (right_check, lowered):
        text = str(DENETIM.check(answer))
        assert "dinleyicileri gerçek bir dağıtıcıya kaydedip adları duyurarak buldum" in text
        assert "işçi" not in text
    for answer in (RIGHT_EFFECTS, REGISTRATION_ORDER):
        assert "isteği ve işçiyi gerçekten çalıştırıp aldığım etkiler listesiyle " \
            "karşılaştırdım" in str(ETKILER.check(answer))


def test_every_trap_is_set_by_a_case_whose_answer_the_check_needs():
    kinds = set(ders02.DURUMLAR.values())
    assert ders02.TUZAKLAR | {"bos", "hepsi", "duz"} == kinds
    for case, kind in ders02.DURUMLAR.items():
        result = DENETIM.reference(*case)
        assert (result == []) == (kind in {"bos", "hepsi"}), (case, kind)


def test_a_function_that_raises_or_takes_the_wrong_parameters_is_told_so():
    def broken(kayitlar, duyurulanlar):
        return [(olay, d) for olay, d in kayitlar if olay != duyurulanlar[0]]

    text = str(DENETIM.check(broken))
    assert "broken((('yazi.kaydedildi', 'arama'), ('yazi.silindi', 'rapor')), ()) hata " \
        "verdi: IndexError" in text

    def duyurulmayanlar(kayitlar):
        return []

    text = str(DENETIM.check(duyurulmayanlar))
    assert "bu parametrelerle çağrılamıyor; beklenen: duyurulmayanlar(kayitlar:" in text


def test_the_forms_check_the_chosen_classes_and_the_written_lines():
    widget = form("02-siniflar")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-2:]
    for part, choice in right_classes().items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("02-etki-sirasi")
    textarea, button, feedback = widget.children[1:]
    textarea.value = "\n".join(REGISTRATION_ORDER)
    button.click()
    assert "Kayıt sırası yalnız" in html.unescape(feedback.value)
