"""Exercise checks: right answers pass, typical mistakes get their hint, answers stay hidden."""

import functools
import html
from pathlib import Path

import nbformat
import pytest

from hypothesis import given
from hypothesis import strategies as st

from checks.student.exercise import NO_CHOICE
from checks.student.tr import form, kontrol
from checks.student.display import WIDTH, wrap_text
from checks.exercises import course_registry
from checks.exercises.kinds import NO_ANSWER, LogPrediction, PartsPrediction
from checks.words import WORDS

EXERCISES = course_registry().exercises  # the one `kontrol` reads

SINIFLAR = EXERCISES["00-ortusmeler"]
GUNLUK = EXERCISES["01-isci-gunlugu"]
BASARISIZ = EXERCISES["01-basarisiz-mi"]
SIRA = EXERCISES["05-sira-kurali"]


def right_classes():
    return dict(kaydet="koştu", eposta="koştu", arama="atlandı", kucukResim="ertelendi",
                rapor="bağlanmadı")


RIGHT_LOG = ["a deneme 1: RuntimeError", "b deneme 1: koştu", "c deneme 1: RuntimeError",
             "a deneme 2: koştu", "c deneme 2: RuntimeError"]


def test_every_exercise_has_a_lesson_number_id_and_a_question():
    for exercise_id, exercise in EXERCISES.items():
        assert exercise_id[:3].rstrip("-").isdigit() and exercise.question


@pytest.mark.parametrize("exercise,answer", [
    (SINIFLAR, right_classes()),
    (GUNLUK, RIGHT_LOG),
    (GUNLUK, "\n".join(RIGHT_LOG) + "\n"),
    (GUNLUK, ["  a  deneme 1:  RuntimeError", "", *RIGHT_LOG[1:]]),
    (BASARISIZ, lambda basarisiz, hak: basarisiz >= hak),
])
def test_the_right_answer_passes_and_says_what_was_checked(exercise, answer):
    feedback = exercise.check(answer)
    text = str(feedback)
    assert feedback.correct is True and text.startswith("✔ Doğru. ")
    assert "karşılaştırdım" in text or "çağırdım" in text


@pytest.mark.parametrize("exercise", EXERCISES.values())
def test_no_answer_yet_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


CLASS_MISTAKES = [
    ({"kaydet": "ertelendi"}, "önce koşanlar listesine bakar"),
    ({"eposta": "bağlanmadı"}, "ilk baktığı liste koşanlar listesidir"),
    ({"kucukResim": "atlandı"}, "ertelenenler listesine yoldan önce bakar"),
    ({"arama": "bağlanmadı"}, "bağlanmamış değildir"),
    ({"rapor": "atlandı"}, "Gunluk.yeni_istek() üç listeyi de boşaltır"),
    ({"eposta": "ertelendi"}, "şu sırayla bakar"),  # no hint of its own: the general one
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
    missing = dict(right_classes())
    del missing["rapor"]
    assert "eksik parça: rapor" in str(SINIFLAR.check(missing))
    extra = {**right_classes(), "bildirim": "koştu"}
    assert "beklenmeyen parça: bildirim" in str(SINIFLAR.check(extra))


def test_every_choice_that_is_not_one_is_named_and_ascii_spellings_are_told_the_letters():
    text = str(SINIFLAR.check({**right_classes(), "kaydet": "kostu", "arama": "Atlandi",
                               "rapor": "bilmem"}))
    assert "kaydet: 'kostu' bir seçenek değil; 'koştu' yazın: seçenekler Türkçe harflerle" in text
    assert "arama: 'Atlandi' bir seçenek değil; 'atlandı' yazın" in text
    assert "rapor: 'bilmem' bir seçenek değil\n" in text
    assert 'Seçenekler: "koştu", "ertelendi", "atlandı", "bağlanmadı".' in text


def immediate_retry_order():
    return [RIGHT_LOG[i] for i in (0, 3, 1, 2, 4)]


@pytest.mark.parametrize("wrong,hint", [
    (immediate_retry_order(), "kuyruğun sonuna geri konur"),
    (RIGHT_LOG + ["c deneme 3: RuntimeError"], "2. denemeden sonra"),
    ([line.replace("RuntimeError", "RuntimeException") for line in RIGHT_LOG], "RuntimeError"),
    (RIGHT_LOG[:2], "başındaki işi alır"),
])
def test_typical_log_mistakes_get_their_hint_without_the_answer(wrong, hint):
    text = str(GUNLUK.check(wrong))
    assert text.startswith("✘") and hint in text
    unseen = [line for line in RIGHT_LOG if line not in wrong]
    assert not any(line in text for line in unseen)


def test_log_feedback_points_at_the_first_wrong_line():
    text = str(GUNLUK.check(immediate_retry_order()))
    assert "ilk 1 satır doğru" in text
    assert "2. satırınız tutmuyor: 'a deneme 2: koştu'" in text


def test_a_log_wrong_from_its_first_line_says_so_and_never_counts_zero_lines():
    text = str(GUNLUK.check(["b deneme 1: koştu", *RIGHT_LOG]))
    assert "  • hiçbir satır tutmuyor\n  • 1. satırınız tutmuyor: 'b deneme 1: koştu'" in text
    assert "ilk 0" not in text
    in_place = str(GUNLUK.check(["x", *RIGHT_LOG[1:]]))  # only the first line is wrong
    assert "hiçbir satır" not in in_place and "ilk 0" not in in_place
    assert "1. satırınız tutmuyor: 'x'" in in_place


@pytest.mark.parametrize("function,hint", [
    (lambda basarisiz, hak: basarisiz > hak, "Eşitlik durumuna bakın"),
    (lambda basarisiz, hak: basarisiz >= hak - 1, "Son hak da bir denemedir"),
    (lambda basarisiz, hak: basarisiz > 3, "başarısız denemelerinin sayısı"),
])
def test_typical_function_mistakes_get_their_hint(function, hint):
    feedback = BASARISIZ.check(function)
    assert feedback.correct is False and hint in str(feedback)
    assert "35 durumda çağırdım" in str(feedback)
    assert ">=" not in str(feedback)


def test_a_function_that_raises_gets_a_hint_about_the_exception_and_no_other():
    def bitis(adlar, duraklamalar):
        return [adlar[5]]

    feedback = SIRA.check(bitis)
    text, first = str(feedback), SIRA.cases[0]
    assert f"/{len(SIRA.cases)} durum doğru" in text
    assert f"bitis{first} hata verdi: IndexError: tuple index out of range" in text
    assert feedback.hints == ("Önce IndexError hatasını giderin: hata veren bir durumun sonucu "
                              "karşılaştırılamaz. Hatanın hangi satırda çıktığını görmek için "
                              "fonksiyonunuzu yeni bir hücrede o durumla çağırın: "
                              f"bitis{first}",)
    assert SIRA.hint not in text and not any(m.hint in text for m in SIRA.mistakes)


def test_a_function_of_the_wrong_type_is_told_what_it_returned_and_the_type_expected():
    def basarisiz_mi(basarisiz_deneme, deneme_hakki):
        return "evet" if basarisiz_deneme >= deneme_hakki else "hayır"

    feedback = BASARISIZ.check(basarisiz_mi)
    assert feedback.details == ("0/35 durum doğru", "basarisiz_mi(0, 1) 'hayır' döndürdü (türü "
                                "str); beklenen tür: bool")
    assert feedback.hints == ("Her durumda bool türünde bir değer döndürün; sonucunuz str "
                              "türünde ve Python farklı türden iki değeri, yazılışları benzese "
                              "de, eşit saymaz.",)

    def forgets_one_return(basarisiz_deneme, deneme_hakki):
        if basarisiz_deneme >= deneme_hakki:
            return True

    text = str(BASARISIZ.check(forgets_one_return))
    assert "forgets_one_return(0, 1) None döndürdü (türü NoneType); beklenen tür: bool" in text
    assert "return'ü olmayan bir yol None döndürür" in text


def test_a_float_where_a_whole_number_is_expected_is_told_about_floor_division():
    teslim = EXERCISES["04-teslim-sayisi"]
    feedback = teslim.check(lambda sure, gorunurluk, zehirli, coken, azami: sure / gorunurluk)
    assert "beklenen tür: int" in str(feedback)
    assert feedback.hints[0] == ("Her durumda int türünde bir değer döndürün: Python'da / "
                                 "bölmesi her zaman float verir; tam sayı bölmesi // ile.")


def test_no_result_of_the_right_type_puts_the_type_before_any_typical_mistake():
    """`05-sira-kurali` has typical mistakes for an answer where no case holds; an int is not
    a wrong order, so the type comes first."""
    feedback = SIRA.check(lambda adlar, duraklamalar: 1)
    assert any(m.matches(list(SIRA.cases)) for m in SIRA.mistakes)
    assert feedback.hints[0].startswith("Her durumda list türünde bir değer döndürün")
    assert str(feedback).count("İpucu") == 1


def test_a_value_of_the_right_type_is_not_told_about_types():
    text = str(BASARISIZ.check(lambda basarisiz, hak: basarisiz > hak))
    assert "tür" not in text and "yanlış sonuç veren bir durum: <lambda>(1, 1)" in text


def test_a_function_that_raises_or_returns_nothing_is_reported_honestly():
    def broken(basarisiz, hak):
        return basarisiz / (hak - 1) >= 1

    text = str(BASARISIZ.check(broken))
    assert "broken(0, 1) hata verdi: ZeroDivisionError: division by zero" in text
    assert "/35 durum doğru" in text

    def empty(basarisiz, hak):
        ...

    assert BASARISIZ.check(empty).correct is None
    assert "henüz bir değer döndürmüyor" in str(BASARISIZ.check(empty))
    assert "fonksiyon olmalı" in str(BASARISIZ.check(3))


def test_a_function_right_where_it_returns_but_raising_once_is_not_right():
    def right_but_one(basarisiz, hak):
        if (basarisiz, hak) == (6, 5):
            raise KeyError("unutulan durum")
        return basarisiz >= hak

    feedback = BASARISIZ.check(right_but_one)
    assert feedback.correct is False
    assert "34/35 durum doğru" in str(feedback)
    assert "right_but_one(6, 5) hata verdi: KeyError: 'unutulan durum'" in str(feedback)


def test_a_function_with_the_wrong_parameters_is_told_the_ones_it_needs():
    def basarisiz_mi(basarisiz_deneme):
        return basarisiz_deneme > 2

    text = str(BASARISIZ.check(basarisiz_mi))
    assert text.startswith("✘ Henüz değil. Cevabın biçimi uygun değil.")
    assert ("basarisiz_mi(basarisiz_deneme) bu parametrelerle çağrılamıyor; beklenen: "
            "basarisiz_mi(basarisiz_deneme: int, deneme_hakki: int) -> bool.") in text


def answer_button(panel):
    """The 'Cevabı göster' button under a checked exercise, and the field the answer shows in."""
    buttons, _, shown = panel.children
    (button,) = [b for b in buttons.children if b.description in ("Cevabı göster", "Cevabı gizle")]
    return button, shown


def shown_answer(panel) -> str:
    """What the student reads under the button."""
    return html.unescape(answer_button(panel)[1].value)


def test_the_answer_waits_for_the_button_and_the_button_hides_it_again(capsys):
    panel = kontrol("00-ortusmeler", {**right_classes(), "eposta": "ertelendi"})
    button, _ = answer_button(panel)
    assert '"eposta":     "koştu",' not in capsys.readouterr().out
    assert shown_answer(panel) == "" and button.description == "Cevabı göster"
    button.click()
    assert '"eposta":     "koştu",' in shown_answer(panel)
    assert SINIFLAR.why in shown_answer(panel)
    assert button.description == "Cevabı gizle"
    button.click()
    assert shown_answer(panel) == "" and button.description == "Cevabı göster"
    panel = kontrol("01-basarisiz-mi", NO_ANSWER)
    answer_button(panel)[0].click()
    assert "return basarisiz_deneme >= deneme_hakki" in shown_answer(panel)
    assert "return basarisiz_deneme" not in capsys.readouterr().out


def test_printed_feedback_lines_fit_the_output_area_and_keep_every_word(capsys):
    """JupyterLab breaks a longer output line inside a word."""
    for exercise_id, exercise in EXERCISES.items():
        kontrol(exercise_id, NO_ANSWER)
        printed = capsys.readouterr().out
        assert all(len(line) <= WIDTH for line in printed.splitlines())
        assert printed.split() == str(exercise.check(NO_ANSWER)).split()


@given(st.lists(st.text(alphabet="abcçğış .,:•", min_size=1, max_size=30), max_size=8))
def test_wrapped_text_keeps_words_lines_and_indents(lines):
    text = "\n".join(lines)
    wrapped = wrap_text(text, width=20).splitlines()
    assert " ".join(wrapped).split() == text.split()
    assert all(len(line) <= 20 or " " not in line.strip() for line in wrapped)


@pytest.mark.parametrize("make,sentence", [
    (lambda: kontrol("00-ortusmeler", NO_ANSWER), "cevap yalnız düğmeye basınca yazılır"),
    (lambda: form("00-ortusmeler"), "Alıştırma formu"),
])
def test_a_notebook_opened_unrun_shows_a_sentence_where_a_widget_will_be(make, sentence):
    bundle = make()._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle  # data, and its metadata
    text = " ".join(bundle["text/plain"].split())  # wrapped at the output's width
    assert sentence in text and "VBox" not in text
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_the_model_function_answer_passes_its_own_check():
    assert BASARISIZ.check(BASARISIZ.solution).correct is True


def test_an_unknown_exercise_id_names_the_known_ones(capsys):
    assert kontrol("01-sinflar", {}) is None and form("01-sinflar") is None
    printed = " ".join(capsys.readouterr().out.split())
    assert printed.count("'01-sinflar' adında bir alıştırma yok; bilinenler: ") == 2
    assert all(exercise_id in printed for exercise_id in EXERCISES)


def test_the_class_form_checks_the_chosen_classes():
    widget = form("00-ortusmeler")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    for part, choice in right_classes().items():
        dropdowns[part].value = choice
    dropdowns["rapor"].value = NO_CHOICE
    button.click()
    assert f">{WORDS['tr']['choose_every_row']}</div>" in feedback.value
    dropdowns["rapor"].value = "bağlanmadı"
    button.click()
    assert ">✔ Doğru. " in feedback.value and "seçin" not in feedback.value


PARTS_FORMS = [exercise_id for exercise_id, exercise in EXERCISES.items()
               if isinstance(exercise, PartsPrediction)]


@pytest.mark.parametrize("exercise_id", PARTS_FORMS)
def test_a_form_with_a_row_left_empty_asks_for_a_choice_whatever_its_choices_are(exercise_id):
    """Not every form's choices are sinifla()'s classes: a job's fate (01-akibetler), where a
    message ends (04-nerede-biter), how often a task is polled (05-yoklama-sayisi)."""
    widget = form(exercise_id)
    button, feedback = widget.children[-3:-1]
    button.click()
    assert feedback.value.endswith(">Her satır için bir seçenek seçin.</div>")


def test_the_log_form_reads_one_line_per_row():
    widget = form("01-isci-gunlugu")
    textarea, button, feedback = widget.children[1:4]
    button.click()
    assert ">Önce satırlarınızı yazın.</div>" in feedback.value
    textarea.value = "\n".join(RIGHT_LOG)
    button.click()
    assert ">✔ Doğru. " in feedback.value


def test_any_callable_can_be_an_answer():
    wrong = functools.partial(lambda basarisiz, hak: basarisiz > hak)
    text = str(BASARISIZ.check(wrong))
    assert "yanlış sonuç veren bir durum: fonksiyonunuz(1, 1)" in text


def test_a_predictions_answer_is_the_code_to_paste_with_its_columns_aligned():
    assert SINIFLAR.answer_text() == """tahmin = {
    "kaydet":     "koştu",
    "eposta":     "koştu",
    "arama":      "atlandı",
    "kucukResim": "ertelendi",
    "rapor":      "bağlanmadı",
}"""
    assert EXERCISES["05-yoklama-sayisi"].answer_text().splitlines()[1:] == [
        '    "kostur":        "4 yoklama",',
        '    "kostur_dongu":  "4 yoklama",',
        '    "kostur_kuyruk": "4 yoklama",',
        "}"]


def test_a_logs_answer_is_a_list_a_line_a_row_and_a_one_line_answer_a_string():
    assert GUNLUK.answer_text() == "tahmin = [\n" + "".join(
        f'    "{line}",\n' for line in RIGHT_LOG) + "]"
    assert EXERCISES["04-satir"].answer_text() == 'tahmin = "12 38 547 12 60"'


WRONG_TWICE = {**right_classes(), "eposta": "bağlanmadı", "kucukResim": "atlandı"}
LADDER = (SINIFLAR.mistakes["eposta", "bağlanmadı"], SINIFLAR.mistakes["kucukResim", "atlandı"])


def hint_printed(capsys, exercise_id: str, answer: object) -> str:
    """The hint `kontrol()` prints for the answer: always the last thing it prints."""
    kontrol(exercise_id, answer)
    printed = capsys.readouterr().out
    assert printed.count("İpucu") == 1
    return " ".join(printed[printed.index("İpucu"):].split())


def test_hints_come_one_a_try_in_order_then_stay_on_the_last(capsys):
    assert SINIFLAR.check(WRONG_TWICE).hints == LADDER
    assert [hint_printed(capsys, "00-ortusmeler", WRONG_TWICE) for _ in range(3)] == [
        f"İpucu 1/2: {LADDER[0]}", f"İpucu 2/2: {LADDER[1]}", f"İpucu 2/2: {LADDER[1]}"]


def test_a_right_answer_or_another_mistake_starts_the_ladder_again(capsys):
    tries = [WRONG_TWICE, WRONG_TWICE, right_classes(), WRONG_TWICE,
             {**WRONG_TWICE, "rapor": "atlandı"}]  # three hints, the last time
    printed = []
    for answer in tries:
        kontrol("00-ortusmeler", answer)
        printed.append(capsys.readouterr().out)
    assert printed[2].startswith("✔ Doğru.")
    assert [text[text.index("İpucu"):].split(":")[0] for text in printed if "İpucu" in text] \
        == ["İpucu 1/2", "İpucu 2/2", "İpucu 1/2", "İpucu 1/3"]


def test_each_exercise_keeps_its_own_ladder_and_a_single_hint_is_not_numbered(capsys):
    assert hint_printed(capsys, "00-ortusmeler", WRONG_TWICE).startswith("İpucu 1/2: ")
    single = hint_printed(capsys, "01-basarisiz-mi", lambda basarisiz, hak: basarisiz > hak)
    assert single.startswith("İpucu: Eşitlik durumuna bakın")
    assert hint_printed(capsys, "00-ortusmeler", WRONG_TWICE).startswith("İpucu 2/2: ")


def class_form(answer: dict):
    """The classes' form with `answer` chosen: its button and its feedback."""
    widget = form("00-ortusmeler")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    for part, choice in answer.items():
        dropdowns[part].value = choice
    return widget.children[-3:-1]  # the help panel comes last


def test_a_form_climbs_the_ladder_with_each_press():
    button, feedback = class_form(WRONG_TWICE)
    shown = []
    for _ in range(2):
        button.click()
        shown.append(html.unescape(feedback.value))
    assert f"İpucu 1/2: {LADDER[0]}" in shown[0] and LADDER[1] not in shown[0]
    assert f"İpucu 2/2: {LADDER[1]}" in shown[1] and LADDER[0] not in shown[1]


def test_a_form_keeps_a_ladder_of_its_own_apart_from_kontrols(capsys):
    """The form's presses and the kontrol() cell's runs of one exercise are tries apart."""
    assert hint_printed(capsys, "00-ortusmeler", WRONG_TWICE).startswith("İpucu 1/2: ")
    button, feedback = class_form(WRONG_TWICE)
    button.click()
    assert f"İpucu 1/2: {LADDER[0]}" in html.unescape(feedback.value)
    assert hint_printed(capsys, "00-ortusmeler", WRONG_TWICE).startswith("İpucu 2/2: ")


@pytest.mark.parametrize("lesson", ["00", "01", "02"])
def test_every_prediction_of_lessons_00_to_02_is_offered_as_a_form_in_its_lesson(lesson):
    (path,) = (Path(__file__).parents[1] / "lessons").glob(f"{lesson}-*.ipynb")
    exercise_cells = {cell.source.strip() for cell in nbformat.read(path, as_version=4).cells
                      if "exercise" in cell.metadata.get("tags", [])}
    predictions = [exercise_id for exercise_id, exercise in EXERCISES.items()
                   if exercise_id.startswith(f"{lesson}-")
                   and isinstance(exercise, PartsPrediction | LogPrediction)]
    assert predictions
    assert [p for p in predictions if f'form("{p}")' not in exercise_cells] == []
