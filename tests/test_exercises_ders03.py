"""Lesson 03's exercises: right answers pass, typical mistakes get their hint without the
answer, no answer asks the question, and the right answers are what the kernel does."""

import html
import inspect
import json
import re
from pathlib import Path

import pytest

from predictions import save_prediction
from checks.student.tr import form, kontrol
from checks.student.tr import tahmin_sonucu
from checks.student.display import WIDTH
from alistirmalar import ders03
from alistirmalar.ders03 import EXERCISES, PREDICTIONS
from checks.exercises.kinds import ModifyTask, NO_ANSWER
from checks.words import WORDS
from kernel.ara_katman.deneyler import cakismasiz_kosusu, hiz_siniri_deneyi, sogan_izi
from kernel.ara_katman.ornekler import HatayiYutan, OrnekIs, cakisan_sure, kos
from kernel.ara_katman.yerlesikler import RateLimited, WithoutOverlapping

LESSON = Path(__file__).parent.parent / "lessons" / "03-ara-katman.ipynb"

HANGILERI = EXERCISES["03-hangileri-tamamlanir"]
SOGAN = EXERCISES["03-sogan-sirasi"]
GECER = EXERCISES["03-gecer-mi"]


def right_fates() -> dict[str, str]:
    return {"rapor-1": "tamamlandı", "rapor-2": "atlandı", "yedek-1": "tamamlandı",
            "yedek-2": "tamamlandı", "uzun-1": "tamamlandı", "uzun-2": "gömüldü",
            "bildirim-1": "tamamlandı", "bildirim-2": "gömüldü"}


RIGHT_LOG = ["A", "t=0: iş başladı", "B", "t=10: iş bitti, 10 sn",
             "A", "t=10: iş başladı", "B", "iş", "B", "t=20: iş bitti, 10 sn", "A"]


def right_function(gecisler, an, en_cok, pencere):
    return len([t for t in gecisler if an - pencere < t <= an]) < en_cok


def test_the_right_answers_are_what_the_kernel_does():
    assert HANGILERI.expected() == right_fates()
    assert SOGAN.expected() == RIGHT_LOG
    assert [GECER.reference(*case) for case in ders03.GECISLER] \
        == [right_function(*case) for case in ders03.GECISLER]


def test_every_case_is_a_run_the_limiter_allows_up_to_the_new_job():
    """The earlier passes of each case all pass, so the case is one the kernel can run."""
    for case in ders03.GECISLER:
        GECER.reference(*case)  # raises when an earlier pass is refused
    with pytest.raises(ValueError, match="önceki geçişlerden biri geçemiyor"):
        GECER.reference((0, 10), 20, 1, 60)


@pytest.mark.parametrize("exercise,answer", [
    (HANGILERI, right_fates()),
    (SOGAN, RIGHT_LOG),
    (SOGAN, "\n".join(RIGHT_LOG) + "\n"),
    (SOGAN, ["  A", "", *RIGHT_LOG[1:]]),
    (GECER, right_function),
    (GECER, GECER.solution),
])
def test_the_right_answer_passes(exercise, answer):
    feedback = exercise.check(answer)
    assert feedback.correct is True and str(feedback).startswith("✔ Doğru. ")


@pytest.mark.parametrize("exercise", [HANGILERI, SOGAN, GECER])
def test_no_answer_asks_the_question_and_says_how_to_answer(exercise):
    feedback = exercise.check(NO_ANSWER)
    assert feedback.correct is None
    assert exercise.question in str(feedback) and exercise.how_to_answer in str(feedback)


def test_the_questions_show_the_scenarios_and_keep_the_answers_out(capsys):
    for exercise_id in ("03-hangileri-tamamlanir", "03-sogan-sirasi", "03-gecer-mi"):
        kontrol(exercise_id, NO_ANSWER)
    printed = capsys.readouterr().out
    assert "yedek-2     t=40   10 sn   WithoutOverlapping('yedek', 30)" in printed
    assert "uzun-2      t=0    50 sn   DurustTimeout(30)" in printed
    assert "deneme_hakki=1" in printed and "deneme_hakki=2" in printed
    assert "[SiraYazan('A'), KayitTutan(), SiraYazan('B')]" in " ".join(printed.split())
    assert "t=0: iş başladı" not in printed and "bitti" not in printed
    assert "return" not in printed
    assert all(len(line) <= WIDTH for line in printed.splitlines())


FATE_MISTAKES = [
    ({"rapor-2": "tamamlandı"}, "kilidi iş bitene dek tutulur"),
    ({"rapor-2": "gömüldü"}, "gömülmek için denemesini harcamış olması gerekir"),
    ({"yedek-2": "atlandı"}, "release_after saniye sonra dolar"),
    ({"yedek-2": "gömüldü"}, "kilidin hâlâ tutulup tutulmadığı"),
    ({"uzun-1": "gömüldü"}, "şimdilik işi kesmez"),
    ({"uzun-1": "atlandı"}, "işi başlamadan durdurmaz"),
    ({"uzun-2": "tamamlandı"}, "gerçekten keser"),
    ({"uzun-2": "atlandı"}, "Kesilen iş atlanmış sayılmaz"),
    ({"bildirim-2": "tamamlandı"}, "Sınırı ilk aşan iş beklemez"),
    ({"bildirim-2": "atlandı"}, "Hız sınırı işi sessizce bırakmaz"),
    ({"rapor-1": "atlandı"}, "başladığı anda kilidi başkası tutuyor mu"),
]


@pytest.mark.parametrize("wrong,hint", FATE_MISTAKES)
def test_typical_fate_mistakes_get_their_hint_without_the_answer(wrong, hint):
    feedback = HANGILERI.check({**right_fates(), **wrong})
    text = str(feedback)
    assert feedback.correct is False and hint in text
    (part,) = wrong
    assert f"tutmayan: {part}" in text


def test_each_fate_hint_is_only_for_its_own_mistake():
    text = str(HANGILERI.check({**right_fates(), "uzun-1": "gömüldü"}))
    assert "DurustTimeout" not in text and "kilidi" not in text


def test_fate_answers_of_the_wrong_shape_are_explained():
    assert "sözlük olmalı" in str(HANGILERI.check(["tamamlandı"]))
    missing = right_fates()
    del missing["uzun-2"]
    assert "eksik parça: uzun-2" in str(HANGILERI.check(missing))
    assert "'gömüldü' yazın" in str(HANGILERI.check({**right_fates(), "uzun-2": "gomuldu"}))


AFTER_PARTS_ON_FAILURE = RIGHT_LOG[:3] + ["B", "t=10: iş bitti, 10 sn", "A"] + RIGHT_LOG[4:]
NO_FINALLY = RIGHT_LOG[:3] + RIGHT_LOG[4:]
OUT_IN_WAY_IN_ORDER = RIGHT_LOG[:8] + ["A", "t=20: iş bitti, 10 sn", "B"]
LOGGER_OUTSIDE = ["t=0: iş başladı", "A", "B", "t=10: iş bitti, 10 sn",
                  "t=10: iş başladı", "A", "B", "iş", "B", "A", "t=20: iş bitti, 10 sn"]
FAILED_JOB_WRITES = RIGHT_LOG[:3] + ["iş"] + RIGHT_LOG[3:]
CLOCK_FROM_ZERO = [line.replace("t=20: iş bitti", "t=10: iş bitti") for line in
                   RIGHT_LOG[:5]] + ["t=0: iş başladı", *RIGHT_LOG[6:9],
                                     "t=10: iş bitti, 10 sn", "A"]


@pytest.mark.parametrize("wrong,hint", [
    (AFTER_PARTS_ON_FAILURE, "SiraYazan ikinci satırını finally içinde yazmaz"),
    (NO_FINALLY, "KayitTutan bitiş satırını finally içinde yazar"),
    (OUT_IN_WAY_IN_ORDER, "Soğanın dönüşü gidişin tersidir"),
    (LOGGER_OUTSIDE, "Listenin başındaki katman soğanın dış kabuğudur"),
    (FAILED_JOB_WRITES, "hata veren deneme günlüğe adını yazmaz"),
    (CLOCK_FROM_ZERO, "Saati yalnız gövde ilerletir"),
    ([line.replace("ş", "s").replace("ı", "i") for line in RIGHT_LOG], "Türkçe harflerle"),
    (RIGHT_LOG[:4], "işçi onu yeniden dener"),
    (RIGHT_LOG[:6] + ["iş", "B", "B"] + RIGHT_LOG[9:], "finally blokları çalışır"),
])
def test_typical_log_mistakes_get_their_hint_without_the_answer(wrong, hint):
    feedback = SOGAN.check(wrong)  # its hints, however many of them it shows at once
    text = str(feedback)
    assert text.startswith("✘") and any(hint in given for given in feedback.hints)
    assert "\n".join(RIGHT_LOG) not in text
    unseen = [line for line in set(RIGHT_LOG) if line not in wrong]
    assert not any(f"'{line}'" in text for line in unseen)


LOG_HINTS = ("SiraYazan ikinci", "bitiş satırını", "gidişin tersidir", "dış kabuğudur",
             "adını yazmaz", "Saati", "yeniden dener", "Türkçe harflerle")


@pytest.mark.parametrize("wrong,hint", [
    (AFTER_PARTS_ON_FAILURE, "SiraYazan ikinci"), (NO_FINALLY, "bitiş satırını"),
    (OUT_IN_WAY_IN_ORDER, "gidişin tersidir"), (LOGGER_OUTSIDE, "dış kabuğudur"),
    (FAILED_JOB_WRITES, "adını yazmaz"), (CLOCK_FROM_ZERO, "Saati"),
    (RIGHT_LOG[:4], "yeniden dener")])
def test_each_log_mistake_gets_only_its_own_hint(wrong, hint):
    text = str(SOGAN.check(wrong))
    assert [known for known in LOG_HINTS if known in text] == [hint]


def test_each_log_hint_is_only_for_its_own_mistake():
    for wrong, others in [
            (OUT_IN_WAY_IN_ORDER, ("finally içinde", "dış kabuğudur", "Saati")),
            (NO_FINALLY, ("SiraYazan ikinci", "gidişin tersidir", "Saati")),
            (LOGGER_OUTSIDE, ("gidişin tersidir", "bitiş satırını", "Saati"))]:
        text = str(SOGAN.check(wrong))
        assert not any(other in text for other in others), (wrong, text)


def closed_window(gecisler, an, en_cok, pencere):
    return sum(an - pencere <= t <= an for t in gecisler) < en_cok


def open_at_now(gecisler, an, en_cok, pencere):
    return sum(an - pencere < t < an for t in gecisler) < en_cok


def fixed_window(gecisler, an, en_cok, pencere):
    return sum(t // pencere == an // pencere for t in gecisler) < en_cok


def every_pass(gecisler, an, en_cok, pencere):
    return len(gecisler) < en_cok


def one_more(gecisler, an, en_cok, pencere):
    return sum(an - pencere < t <= an for t in gecisler) <= en_cok


@pytest.mark.parametrize("function,hint", [
    (closed_window, "artık pencerede değildir"),
    (open_at_now, "aynı anda başlamış geçişler de pencerededir"),
    (fixed_window, "Pencere kayar"),
    (every_pass, "daha eskiler sınıra girmez"),
    (one_more, "en_cok. iş geçer, bir sonraki geçmez"),
    (lambda gecisler, an, en_cok, pencere: True, "en_cok. iş geçer, bir sonraki geçmez"),
    (lambda gecisler, an, en_cok, pencere: False, "içindeki geçişleri sayın"),
])
def test_typical_function_mistakes_get_their_hint_without_the_answer(function, hint):
    feedback = GECER.check(function)  # its hints, however many of them it shows at once
    text = str(feedback)
    assert feedback.correct is False and any(hint in given for given in feedback.hints)
    assert f"{len(ders03.GECISLER)} durumda çağırdım" in text
    assert "an - pencere < t <= an" not in text and "return" not in text


def test_each_function_hint_is_only_for_its_own_mistake():
    hints = ders03.GECIS_TUZAKLARI
    for function in (closed_window, open_at_now, fixed_window, one_more):
        assert str(GECER.check(function)).count("İpucu") == 1
    assert hints["sabit"] not in str(GECER.check(open_at_now))
    assert hints["ayni"] not in str(GECER.check(fixed_window))
    assert "bir sonraki geçmez" not in str(GECER.check(closed_window))
    assert not any(hint in str(GECER.check(lambda *_: False)) for hint in hints.values())


def test_every_trap_is_set_by_a_case_only_its_mistake_gets_wrong():
    traps = {"sinir": closed_window, "ayni": open_at_now, "sabit": fixed_window}
    for kind, function in traps.items():
        wrong = {ders03.GECISLER[case] for case in ders03.GECISLER
                 if function(*case) != GECER.reference(*case)}
        assert wrong == {kind}, (kind, wrong)
    assert set(ders03.GECISLER.values()) == {*ders03.GECIS_TUZAKLARI, "duz"}


def test_the_feedback_says_where_the_right_answer_came_from():
    text = str(GECER.check(right_function))
    assert "tek bir RateLimited'den geçirip işçiyi gerçekten çalıştırarak buldum" in text
    for answer in (RIGHT_LOG, NO_FINALLY):
        assert "işçiyi gerçekten çalıştırıp aldığım ortak günlükle karşılaştırdım" \
            in str(SOGAN.check(answer))
    assert "senaryoyu çekirdekte gerçekten koşturup" in str(HANGILERI.check(right_fates()))


def test_a_function_that_takes_the_wrong_parameters_is_told_so():
    def gecer_mi(gecisler, an):
        return True

    assert "beklenen: gecer_mi(gecisler, an, en_cok, pencere) -> bool" \
        in str(GECER.check(gecer_mi))


def test_the_forms_check_the_chosen_fates_and_the_written_lines():
    widget = form("03-hangileri-tamamlanir")
    dropdowns = {child.description: child for child in widget.children
                 if hasattr(child, "options")}
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    for part, choice in right_fates().items():
        dropdowns[part].value = choice
    button.click()
    assert ">✔ Doğru. " in feedback.value
    widget = form("03-sogan-sirasi")
    textarea, button, feedback = widget.children[1:4]
    textarea.value = "\n".join(OUT_IN_WAY_IN_ORDER)
    button.click()
    assert "Soğanın dönüşü gidişin tersidir" in html.unescape(feedback.value)


# The predictions: each measured as the lesson's cell measures it.
def measured_onion():
    return " → ".join(sogan_izi())


def measured_swallowed():
    yakala = kos([(0, OrnekIs("yutulan", 10, [HatayiYutan()], ["hata"])),
                  (0, OrnekIs("yalın", 10, senaryo=["hata"]))])
    return yakala.iz[0].sonuc


def measured_rate_limit():
    yakanlar = [satir.split()[3] for satir in hiz_siniri_deneyi() if "HizSiniriAsildi" in satir]
    return ", ".join(yakanlar) or "hiçbiri"


def measured_lifetime():
    seconds = cakisan_sure(cakismasiz_kosusu(30).iz)
    assert seconds == int(seconds)
    return int(seconds)


MEASURED = {"03-sogan": (measured_onion, "A → B → C → iş → C → B → A"),
            "03-yutulan": (measured_swallowed, "tamamlandı"),
            "03-hiz-siniri": (measured_rate_limit, "hız-6"),
            "03-omur": (measured_lifetime, 50)}
# A whole-number prediction's wrong answers: each with the words for below and above.
WRONG_NUMBERS = {"03-omur": {0: "az", 30: "az", 70: "çok", 100: "çok"}}


def lesson_cells():
    return ["".join(cell["source"]) for cell in json.loads(LESSON.read_text())["cells"]]


def test_the_lesson_asks_each_prediction_before_the_cell_that_measures_it():
    sources = lesson_cells()
    for prediction_id in MEASURED:
        (asked,) = [i for i, s in enumerate(sources) if f'tahmin_et("{prediction_id}")' in s]
        (verdict,) = [i for i, s in enumerate(sources)
                      if f'tahmin_sonucu("{prediction_id}",' in s]
        assert asked < verdict
    assert set(MEASURED) == set(ders03.PREDICTIONS)



def test_nothing_before_the_onion_measurement_shows_the_order():
    """The form stands right before the measurement; the wrapping is read after it."""
    sources = lesson_cells()
    (asked,) = [i for i, s in enumerate(sources) if 'tahmin_et("03-sogan")' in s]
    assert 'tahmin_sonucu("03-sogan",' in sources[asked + 1]
    before = "".join(sources[:asked + 2])
    assert "A(B(C(" not in before and "getsource(boru_hatti)" not in before
    assert "getsource(parca)" not in sources[asked + 1]

def asked_after(heading: str, prediction_id: str) -> str:
    """Everything a reader sees from a section's heading down to a prediction's form: prose,
    code and the notes before it (an instructor reads these too)."""
    sources = lesson_cells()
    (start,) = [i for i, s in enumerate(sources) if s.startswith(heading)]
    (asked,) = [i for i, s in enumerate(sources) if f'tahmin_et("{prediction_id}")' in s]
    return "\n".join(sources[start:asked])


def test_nothing_above_the_swallowing_prediction_says_what_the_worker_sees():
    shown = asked_after("## Hatayı yakalayan katman", "03-yutulan")
    assert "getsource(HatayiYutan)" in shown
    for said in (shown, inspect.getsource(HatayiYutan)):
        assert not {"görmez", "ulaşmaz", "tamamlandı", "başarı"} & set(
            re.findall(r"\w+", said.lower()))


def test_the_rate_limits_rule_stands_before_its_question_and_its_answer_does_not():
    """The model's rule is in its code and its limits (when the limit is registered), to be
    applied; the prose above the form does not apply it (who burns an attempt, who is put back
    without one)."""
    shown = asked_after("## RateLimited", "03-hiz-siniri")
    assert "getsource(RateLimited)" in shown
    assert "ilk aşıldığı anda kaydeder" in asked_after("## Modelin sınırları", "03-hiz-siniri")
    assert "sınırı o anda" in inspect.getsource(RateLimited)
    assert "ilk kullanılışında" in shown  # which moment Queuety's source registers it
    prose = " ".join(shown.split())
    assert not any(said in prose for said in ("hız-6", "hak yakar", "deneme saymadan",
                                              "geri koyar", "ilk aşılışında"))
    sources = lesson_cells()
    (asked,) = [i for i, s in enumerate(sources) if 'tahmin_et("03-hiz-siniri")' in s]
    assert "hiz_siniri_deneyi()\n" in sources[asked + 1]  # measured only after the form


def test_the_lifetime_question_leaves_the_rule_to_be_applied():
    shown = asked_after("## WithoutOverlapping", "03-omur")
    assert "release_after` saniye sonra dolar" in shown  # the rule, to apply
    assert not {"kısa", "kısaysa", "birlikte", "çakışır"} & set(re.findall(r"\w+", shown))


def test_a_note_that_asks_before_a_measurement_stands_before_its_form_without_the_answer():
    cells = json.loads(LESSON.read_text())["cells"]
    sources = ["".join(cell["source"]) for cell in cells]
    notes = [i for i, cell in enumerate(cells) if "instructor" in cell["metadata"].get("tags", [])]
    for prediction_id, (_, right) in MEASURED.items():
        (asked,) = [i for i, s in enumerate(sources) if f'tahmin_et("{prediction_id}")' in s]
        (verdict,) = [i for i, s in enumerate(sources)
                      if f'tahmin_sonucu("{prediction_id}",' in s]
        assert not [i for i in notes if asked < i < verdict]
        section = max(i for i, s in enumerate(sources[:asked]) if s.startswith("## "))
        assert all(right not in sources[i] for i in notes if section < i < asked)
    (hiz,) = [i for i, s in enumerate(sources) if 'tahmin_et("03-hiz-siniri")' in s]
    assert hiz - 1 in notes and "sorun" in sources[hiz - 1]


def test_the_modify_step_states_its_goal_and_not_the_change():
    sources = lesson_cells()
    (cell,) = [i for i, s in enumerate(sources) if 'kontrol("03-ithalat-katmanlari"' in s]
    told = f"{sources[cell - 1]}\n{SIRA.question}\n{SIRA.how_to_answer}".lower()
    assert "hedef" in told and "b` ilk" in sources[cell - 1] and "ilk denemesinde" in told
    assert not {"sıra", "sırası", "sırasını", "dış", "dışa", "dışta", "başa", "yer"} & set(
        re.findall(r"\w+", told))


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_the_measured_value_is_a_choice_and_every_other_choice_has_its_assumption(
        prediction_id):
    measure, right = MEASURED[prediction_id]
    prediction = PREDICTIONS[prediction_id]
    assert measure() == right
    if prediction.choices:
        assert right in prediction.choices
        assert set(prediction.assumptions) == set(prediction.choices)
    else:
        assert set(prediction.assumptions) == {"az", "çok"}


@pytest.mark.parametrize("prediction_id", MEASURED)
def test_a_right_prediction_holds(prediction_id, capsys):
    measure, right = MEASURED[prediction_id]
    save_prediction(prediction_id, right)
    capsys.readouterr()
    tahmin_sonucu(prediction_id, measure())
    assert capsys.readouterr().out == f"✔ Tahmininiz tuttu: ölçülen {right}.\n"


@pytest.mark.parametrize("prediction_id,wrong,assumption", [
    *((prediction_id, wrong, wrong) for prediction_id in MEASURED
      if PREDICTIONS[prediction_id].choices
      for wrong in PREDICTIONS[prediction_id].assumptions if wrong != MEASURED[prediction_id][1]),
    *((prediction_id, wrong, key) for prediction_id, numbers in WRONG_NUMBERS.items()
      for wrong, key in numbers.items())])
def test_a_wrong_prediction_gets_the_assumption_the_measurement_breaks(
        prediction_id, wrong, assumption, capsys):
    measure, right = MEASURED[prediction_id]
    save_prediction(prediction_id, wrong)
    capsys.readouterr()
    tahmin_sonucu(prediction_id, measure())
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith(f"✘ Tahmininiz: {wrong}. Ölçülen: {right}.")
    assert PREDICTIONS[prediction_id].assumptions[assumption] in out


def test_with_no_prediction_the_measurement_prints_nothing(capsys):
    for prediction_id, (measure, _) in MEASURED.items():
        tahmin_sonucu(prediction_id, measure())
    assert capsys.readouterr().out == ""


# The Modify step: the order of two layers.
SIRA = EXERCISES["03-ithalat-katmanlari"]


def built_by(code):
    """What a cell's code (all before `kontrol(`) builds, with the lesson's imports."""
    namespace = {"RateLimited": RateLimited, "WithoutOverlapping": WithoutOverlapping}
    exec(code.split("kontrol(")[0], namespace)
    return namespace["ithalat_katmanlari"]


def handed_code():
    (cell,) = [s for s in lesson_cells() if 'kontrol("03-ithalat-katmanlari"' in s]
    return cell


def test_the_goal_is_what_the_question_states():
    assert isinstance(SIRA, ModifyTask)
    assert SIRA.goal == ((("a-1", "tamamlandı", 1), ("a-2", "atlandı", 0),
                          ("b", "tamamlandı", 1)), 2)


def test_the_code_as_handed_over_says_the_goal_and_nothing_more():
    """No hint before a try: the hint would say which layer goes first."""
    feedback = SIRA.check(built_by(handed_code()))
    assert feedback.correct is None and feedback.hints == ()
    assert "b tamamlandı (2 deneme)" in str(feedback)
    assert WORDS["tr"]["unchanged"] in feedback.details


def test_a_larger_limit_reaches_the_fates_but_not_the_goal_and_gets_the_hint():
    bigger = handed_code().replace("max=2", "max=3")
    feedback = SIRA.check(built_by(bigger))
    assert feedback.correct is False and "beş işten 3 tanesi" in str(feedback)
    assert feedback.hints == (SIRA.hint,)


def test_the_solution_and_what_build_builds_reach_the_goal():
    assert SIRA.check(SIRA.build()).correct is True
    assert SIRA.check(built_by(SIRA.answer_text())).correct is True


def test_the_answer_is_the_handed_cell_with_its_two_layers_swapped():
    lock = "WithoutOverlapping(key=anahtar, release_after=600)"
    limit = "RateLimited(max=2, window=60)"
    assert handed_code().replace(f"[{limit}, {lock}]", f"[{lock}, {limit}]") \
        == SIRA.answer_text()


def test_what_cannot_be_measured_is_explained():
    assert "Kurduğunuz nesne ölçülemedi" in str(SIRA.check(5))
