"""Lesson 00's exercises: right answers pass, typical mistakes get their hint without the
answer, and no answer yet asks the question."""

import re

import pytest

from checks.alistirma import form
from checks.exercises import EXERCISES
from checks.exercises.kinds import NO_ANSWER

ORTUSME = EXERCISES["00-ortusmeler"]
KOR_NOKTA = EXERCISES["00-kor-nokta"]
KARAR = EXERCISES["00-karar-sirasi"]


def right_overlaps() -> dict[str, str]:
    return dict(kaydet="koştu", eposta="koştu", arama="atlandı", kucukResim="ertelendi",
                rapor="bağlanmadı")


def right_report() -> dict[str, str]:
    return dict(kaydet="koştu", eposta="bağlanmadı", kucukResim="raporda yok",
                arama="raporda yok")


def decides(parca, yol, kosan, ertelenen):
    if parca in kosan:
        return "koştu"
    if parca in ertelenen:
        return "ertelendi"
    return "atlandı" if parca in yol else "bağlanmadı"


def says(text: str, choice: str) -> bool:
    """Whether the feedback writes the choice as a word of its own (koşturup is not koştu)."""
    return re.search(rf"(?<!\w){re.escape(choice)}(?!\w)", text) is not None


@pytest.mark.parametrize("exercise,answer", [
    (ORTUSME, right_overlaps()),
    (KOR_NOKTA, right_report()),
    (KARAR, decides),
], ids=["ortusmeler", "kor-nokta", "karar-sirasi"])
def test_the_right_answer_passes_and_says_what_was_checked(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")
    assert "karşılaştırdım" in str(feedback) or "çağırdım" in str(feedback)


@pytest.mark.parametrize("exercise", [ORTUSME, KOR_NOKTA, KARAR],
                         ids=["ortusmeler", "kor-nokta", "karar-sirasi"])
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


@pytest.mark.parametrize("exercise,right,wrong,hint", [
    *[(ORTUSME, right_overlaps(), wrong, hint) for wrong, hint in OVERLAP_MISTAKES],
    *[(KOR_NOKTA, right_report(), wrong, hint) for wrong, hint in REPORT_MISTAKES],
], ids=[f"{name}-{part}-{choice}" for name, mistakes in (("ortusmeler", OVERLAP_MISTAKES),
                                                          ("kor-nokta", REPORT_MISTAKES))
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
    assert "Seçenekler: koştu, ertelendi, atlandı, bağlanmadı, raporda yok." in text


def yol_first(parca, yol, kosan, ertelenen):
    if parca in yol:
        return "atlandı"
    return decides(parca, yol, kosan, ertelenen)


def deferred_first(parca, yol, kosan, ertelenen):
    if parca in ertelenen:
        return "ertelendi"
    return decides(parca, yol, kosan, ertelenen)


def path_required(parca, yol, kosan, ertelenen):
    return decides(parca, yol, kosan, ertelenen) if parca in yol else "bağlanmadı"


def swapped_last_two(parca, yol, kosan, ertelenen):
    return {"atlandı": "bağlanmadı", "bağlanmadı": "atlandı"}.get(
        decides(parca, yol, kosan, ertelenen), decides(parca, yol, kosan, ertelenen))


def looks_at_emptiness(parca, yol, kosan, ertelenen):
    return decides(parca, yol and parca, kosan and parca, ertelenen and parca)


def ascii_koştu(parca, yol, kosan, ertelenen):
    return "kostu" if parca in kosan else decides(parca, yol, kosan, ertelenen)


def ascii_everything(parca, yol, kosan, ertelenen):
    return decides(parca, yol, kosan, ertelenen).replace("ş", "s").replace("ı", "i") \
        .replace("ğ", "g")


@pytest.mark.parametrize("function,hint", [
    (yol_first, "yol listesine en son bakılır"),
    (deferred_first, "koşanlar listesine ertelenenlerden önce bakılır"),
    (path_required, "sinifla() yolu şart koşmaz"),
    (swapped_last_two, "Ne çağrılmış ne ertelenmiş parçaları ayıran tek şey yol listesidir"),
    (looks_at_emptiness, "parçanın listede olup olmadığına bakın"),
    (ascii_koştu, "Doğru sonucu 'koştu' olan durumların hiçbiri tutmuyor"),
    (ascii_everything, "sınıf adlarını tam olarak şöyle, Türkçe harfleriyle"),
    (lambda *_: "koştu", "listelere şu sırayla bakar"),
])
def test_typical_function_mistakes_get_their_hint_without_the_answer(function, hint):
    feedback = KARAR.check(function)
    text = str(feedback)
    assert feedback.correct is False and hint in text
    assert "16 durumda çağırdım" in text
    assert "if parca in" not in text and "return" not in text


def test_only_the_matching_hint_is_given():
    assert str(KARAR.check(yol_first)).count("İpucu") == 1
    assert str(KARAR.check(deferred_first)).count("İpucu") == 1


def test_the_function_is_checked_against_sinifla_and_says_so():
    text = str(KARAR.check(yol_first))
    assert "her durumun doğru sonucunu çekirdeğin sinifla()'sını çağırarak buldum" in text
    assert "işçi" not in text


def test_the_function_cases_cover_every_membership_alone_and_among_other_parts():
    memberships = {(parca in yol, parca in kosan, parca in ertelenen,
                    any(other != parca for other in yol + kosan + ertelenen))
                   for parca, yol, kosan, ertelenen in KARAR.cases}
    assert len(KARAR.cases) == len(memberships) == 16


def test_the_model_function_answer_passes_its_own_check():
    assert KARAR.check(KARAR.solution).correct is True


def test_a_function_with_the_wrong_parameters_is_told_the_ones_it_needs():
    def sinif_bul(parca):
        return "koştu"

    text = str(KARAR.check(sinif_bul))
    assert "sinif_bul(parca) bu parametrelerle çağrılamıyor; beklenen: sinif_bul(parca: str, " \
        "yol: tuple[str, ...], kosan: tuple[str, ...], ertelenen: tuple[str, ...]) -> str." in text


def test_an_empty_function_is_asked_for_a_value():
    def sinif_bul(parca, yol, kosan, ertelenen):
        ...

    feedback = KARAR.check(sinif_bul)
    assert feedback.correct is None and "henüz bir değer döndürmüyor" in str(feedback)


def test_a_function_that_changes_its_lists_cannot_spoil_the_cases():
    def sinif_bul(parca, yol, kosan, ertelenen):
        kosan.append(parca)

    assert "AttributeError" in str(KARAR.check(sinif_bul))
    assert KARAR.check(decides).correct is True


def test_the_report_form_offers_the_missing_line_choice():
    widget = form("00-kor-nokta")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    assert list(dropdowns) == ["kaydet", "eposta", "kucukResim", "arama"]
    assert dropdowns["arama"].options[-1] == "raporda yok"
