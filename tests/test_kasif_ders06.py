"""Lesson 06's explorer, driven from Python: the onay model's row is what `onay_ani` and `akibet`
say, the model's counts are lesson 04's simulation of the matching message, and the lesson's
last real run stands beside them only for the configuration the lesson measured. Above the
tables a figure draws the same, event by event: a block "model" with the kernel's steps and, for
the measured configuration, a block "son gerçek koşu" with the real run's; its marks number
what the table counts."""

import html
import re
from collections import Counter
from xml.etree import ElementTree

import ipywidgets as widgets
import pytest
from hypothesis import given, settings, strategies as st

from figures import SVG, figure_of, marks
from blocked_imports import gercek_loaded_without_queues
from kasif import ders06
from kasif.ders06 import gercek_kasifi, gercek_tablosu
from kasif.ortak import KASIF_ONCESI
from kernel.gercek.onay import Ayar, akibet, onay_ani
from kernel.gercek.sonuclar import Adim, GorunurlukSonucu, OlumSonucu
from kernel.gercek.tahmin import ASIM, DURUMLAR, OLUM, Tahmin
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.yuk import Ileti
from kernel.olcum import Gunluk
from test_kasif import controls, tables

WORDS = {"alirken": "işçi alırken", "baslarken": "görev başlarken", "bitince": "görev bitince"}
COUNTS = ["görev başladı (teslim)", "görev bitti (yazılan etki)",
          "aynı anda birden çok işçide (çift işlenen)"]


def steps(*written: str) -> tuple[Adim, ...]:
    """Steps as the experiments record them, written "işçi 1: başladı"."""
    return tuple(Adim(*step.split(": ")) for step in written)


LOST = steps("işçi 1: başladı", "işçi 1: öldürüldü")
REDELIVERED = steps("işçi 1: başladı", "işçi 1: öldürüldü", "işçi 2: başladı", "işçi 2: bitti")
THRICE = steps("işçi 1: başladı", "işçi 2: başladı", "işçi 1: bitti", "işçi 1: başladı",
               "işçi 1: bitti", "işçi 2: bitti")
# The lesson's results, as its experiments return them.
OLUMLER = (OlumSonucu("Huey", 1, 0, (0, 0), LOST),
           OlumSonucu("Celery", 1, 0, (0, 0), LOST),
           OlumSonucu("Celery acks_late", 2, 1, (0, 1), REDELIVERED),
           OlumSonucu("Celery solo", 2, 1, (0, 1), REDELIVERED))
GORUNURLUK = GorunurlukSonucu(3, 3, 2, (0, 0), THRICE)
MODEL, REAL = "model", "son gerçek koşu"  # the figure's blocks
LIBRARIES = {"Huey": "huey", "Celery": "celery"}


def drive(panel, library="Celery", acks_late=True, pool="prefork", case=OLUM, ratio=1.5,
          workers=2):
    """Set the explorer's controls as a student would, the library first."""
    box_library, box_acks, box_pool, box_case, slider_ratio, slider_workers = controls(panel)
    box_library.value = library
    box_acks.value, box_pool.value, box_case.value = acks_late, pool, case
    slider_ratio.value, slider_workers.value = ratio, workers


def notes(panel) -> list[str]:
    """The sentences under the tables."""
    return [html.unescape(found) for found in re.findall(r"<p>(.*?)</p>",
                                                         panel.children[-1].value)]


def figure(panel) -> str:
    """The SVG of the figure above the tables."""
    return figure_of(panel.children[-1].value)


def blocks(svg: str) -> dict[str, Counter[str]]:
    """Each block's marks, by kind: a mark belongs to the block whose name stands last above
    it. The legend's marks are not counted (`marks`)."""
    names = sorted((float(text.attrib["y"]), text.text)
                   for text in ElementTree.fromstring(svg).iter(f"{SVG}text")
                   if text.text in (MODEL, REAL) and text.attrib["x"] == "12")
    found: dict[str, Counter[str]] = {name: Counter() for _, name in names}
    for kind, _, y in marks(svg):
        found[[name for at, name in names if at < y][-1]][kind] += 1
    return found


def title(panel) -> str:
    """The figure's title, as its alternative text begins."""
    (alt,) = re.findall(r'alt="\[Şekil: ([^"]*)\]"', panel.children[-1].value)
    return html.unescape(alt).split(". ")[0]


def agrees_with_the_table(panel, case: str) -> None:
    """The model's block numbers what the table's model column counts (starts the deliveries,
    ends the effects written, a star where the task ran twice at once); where lesson 04's
    model has nothing to redeliver, the onay model's one run: killed and lost, or finished.
    The real block, drawn only beside a real run, numbers its starts and ends."""
    counts = tables(panel)[1][1:]
    drawn = blocks(figure(panel))
    model = drawn[MODEL]
    teslim, etki, cift = (row[1] for row in counts)
    if teslim == "—":
        assert model == (Counter({"ilk-teslim": 1, "öldürüldü": 1, "kayboldu": 1})
                         if case == OLUM else Counter({"ilk-teslim": 1, "bitti": 1}))
    else:
        assert model["ilk-teslim"] + model["yeniden-teslim"] == int(teslim)
        assert model["bitti"] == int(etki)
        assert (model["aynı-anda-iki-kez"] > 0) == (cift == "1")  # one message: 0 or 1
        assert model["öldürüldü"] == (case == OLUM) and "kayboldu" not in model
    baslama, bitis, _ = (row[2] for row in counts)
    if baslama == "—":
        assert set(drawn) == {MODEL}
    else:
        assert set(drawn) == {MODEL, REAL}
        real = drawn[REAL]
        assert real["ilk-teslim"] + real["yeniden-teslim"] == int(baslama)
        assert real["bitti"] == int(bitis)


def setting(library, acks_late, pool) -> Ayar:
    """The worker's setting the controls name; Huey has neither acks_late nor a pool."""
    return Ayar("huey") if library == "Huey" else Ayar("celery", acks_late, pool)


def model_counts(ayar: Ayar, case: str, ratio: float, workers: int) -> list[str]:
    """Lesson 04's simulation of the message, built here: a consumer dies holding it, or it
    takes `ratio` visibility timeouts of 2 units; none while the message has left the queue."""
    if onay_ani(ayar) != "bitince":
        return ["—"] * 3
    if case == OLUM:
        result = Benzetim([Ileti(sure=1, coken=True)], 2,
                          tuketiciler=Tuketiciler(sayi=1)).calistir()
    else:
        result = Benzetim([Ileti(sure=int(ratio * 2))], 2,
                          tuketiciler=Tuketiciler(sayi=workers)).calistir()
    return [str(result.teslim), str(result.etki), str(result.cift)]


def real_counts(ayar: Ayar, case: str, ratio: float, workers: int) -> list[str]:
    """The lesson's run of exactly this configuration: the kill by the setting's name; the
    visibility timeout only with Celery acks_late (prefork), 2 workers and a ratio in (1, 2]."""
    if case == OLUM:
        found = [(r.baslama, r.bitis) for r in OLUMLER if r.ayar == ayar.ad]
    elif ayar == Ayar("celery", acks_late=True) and workers == 2 and 2 < ratio <= 3:
        found = [(GORUNURLUK.baslama, GORUNURLUK.bitis)]
    else:
        found = []
    return [str(found[-1][0]), str(found[-1][1]), "—"] if found else ["—"] * 3


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(LIBRARIES)), st.booleans(), st.sampled_from(["prefork", "solo"]),
       st.sampled_from(DURUMLAR), st.sampled_from([n / 2 for n in range(1, 9)]),
       st.integers(1, 3))
def test_the_explorer_shows_the_onay_model_lesson_04s_model_and_the_matching_real_run(
        library, acks_late, pool, case, ratio, workers):
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    drive(panel, library, acks_late, pool, case, ratio, workers)
    ayar = setting(library, acks_late, pool)
    onay, counts = tables(panel)
    assert onay == [["ayar", "ileti kuyruktan gider", "işçi ölürse görev"],
                    [ayar.ad, WORDS[onay_ani(ayar)], akibet(ayar)]]
    assert counts[0] == ["", "ders 04'ün modeli", "son gerçek koşu"]
    expected = zip(COUNTS, model_counts(ayar, case, ratio, workers),
                   real_counts(ayar, case, ratio, workers), strict=True)
    assert counts[1:] == [list(row) for row in expected]
    agrees_with_the_table(panel, case)


def test_it_opens_on_celery_acks_late_killed_mid_task_model_and_real_run_side_by_side():
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    library, acks_late, pool, case, ratio, workers = controls(panel)
    assert (library.value, acks_late.value, pool.value, case.value) == (
        "Celery", True, "prefork", OLUM)
    assert list(library.options) == ["Huey", "Celery"] and list(case.options) == list(DURUMLAR)
    assert (ratio.value, ratio.min, ratio.max, ratio.step) == (1.5, 0.5, 4, 0.5)
    assert (workers.value, workers.min, workers.max) == (2, 1, 3)
    assert [c.description for c in controls(panel)] == [
        "kütüphane", "geç onay (acks_late)", "havuz", "durum", "süre / görünürlük",
        "işçi sayısı"]
    onay, counts = tables(panel)
    assert onay[1] == ["Celery acks_late", "görev bitince", "yeniden koşar"]
    # the first consumer dies, the message comes back after the timeout: two starts, one end
    assert counts[1:] == [[COUNTS[0], "2", "2"], [COUNTS[1], "1", "1"], [COUNTS[2], "0", "—"]]
    assert "yeniden verilir" in notes(panel)[0]
    # above them the figure: the model's steps, then the real run's, the same events in order
    shown = panel.children[-1].value
    assert shown.startswith("<img ") and shown.index("<img ") < shown.index("<table")
    svg = figure(panel)
    assert 'aria-labelledby="06-kasif-baslik 06-kasif-aciklama"' in svg
    assert title(panel) == "Celery acks_late: model ve son gerçek koşu, olay sırasıyla"
    one_run_killed_then_redelivered = Counter(
        {"ilk-teslim": 1, "öldürüldü": 1, "yeniden-teslim": 1, "bitti": 1})
    assert blocks(svg) == {MODEL: one_run_killed_then_redelivered,
                           REAL: one_run_killed_then_redelivered}
    assert len(notes(panel)) == 2


def test_a_task_twice_longer_than_the_timeout_runs_twice_in_the_model_and_three_times_real():
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    drive(panel, case=ASIM, ratio=2.5, workers=2)
    _, counts = tables(panel)
    assert counts[1:] == [[COUNTS[0], "2", "3"], [COUNTS[1], "2", "3"], [COUNTS[2], "1", "—"]]
    assert notes(panel)[0] == ("Ders 04'ün modelinde görünürlük 2 birim, görev 5 birim sürer; "
                               "2 tüketici bekler.")
    assert title(panel) == "Celery acks_late: son gerçek koşu modelden ayrılıyor"
    assert blocks(figure(panel)) == {
        MODEL: Counter({"ilk-teslim": 1, "yeniden-teslim": 1, "aynı-anda-iki-kez": 1,
                        "bitti": 2}),
        REAL: Counter({"ilk-teslim": 1, "yeniden-teslim": 2, "aynı-anda-iki-kez": 2,
                       "bitti": 3})}
    drive(panel, case=ASIM, ratio=1.0, workers=2)  # done as it comes back: one run
    assert [row[1] for row in tables(panel)[1][1:]] == ["1", "1", "0"]


def test_the_real_run_appears_only_for_the_configuration_the_lesson_measured():
    odd = (OlumSonucu("Celery acks_late", 7, 5, (0, 1), ()),)
    panel = gercek_kasifi(odd, GorunurlukSonucu(9, 8, 2, (0, 0), ()))

    def real() -> list[str]:
        return [row[2] for row in tables(panel)[1][1:]]
    assert real() == ["7", "5", "—"]
    # these runs recorded no steps: the figure draws the model alone and a sentence says why
    assert set(blocks(figure(panel))) == {MODEL}
    assert notes(panel)[2] == "Son gerçek koşunun adımları kaydedilmemiş: şekilde yalnız model."
    assert title(panel) == "Celery acks_late: modelin söylediği, olay sırasıyla"
    drive(panel, library="Huey")  # the lesson's Huey run was not handed to the explorer
    assert real() == ["—"] * 3 and notes(panel)[1] == "Ders bu ayarı gerçek süreçlerle koşmadı."
    for ratio in (2.5, 3.0):
        drive(panel, case=ASIM, ratio=ratio, workers=2)
        assert real() == ["9", "8", "—"], ratio
        assert notes(panel)[1].startswith("Son gerçek koşu")
    for change in ({"ratio": 2.0}, {"ratio": 3.5}, {"workers": 1}, {"workers": 3},
                   {"pool": "solo"}, {"acks_late": False}):
        drive(panel, **{"case": ASIM, "ratio": 2.5, **change})
        assert real() == ["—"] * 3, change
        assert notes(panel)[1] == ("Ders bu durumu yalnız Celery acks_late ve 2 işçiyle, oran "
                                   "2'den büyük ve en çok 3 iken gerçek süreçlerle koştu.")


def test_the_last_run_of_a_setting_is_the_one_shown():
    runs = (OlumSonucu("Celery", 1, 0, (0, 0), ()), OlumSonucu("Celery", 3, 0, (0, 0), ()))
    assert "<td>3</td>" in gercek_tablosu(Ayar("celery"), OLUM, olumler=runs)


def test_without_the_lessons_measurements_it_shows_the_models_alone():
    panel = gercek_kasifi()
    assert [row[2] for row in tables(panel)[1][1:]] == ["—"] * 3
    assert notes(panel)[1] == "Kaşife dersin ölçümleri verilmedi: yalnız modeller."


def test_a_message_gone_before_the_task_ends_leaves_lesson_04s_model_nothing_to_redeliver():
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    for library, acks_late, words in (("Huey", True, "işçi alırken"),
                                      ("Celery", False, "görev başlarken")):
        for case in DURUMLAR:
            drive(panel, library=library, acks_late=acks_late, case=case)
            onay, counts = tables(panel)
            assert onay[1][1:] == [words, "kaybolur"]
            assert [row[1] for row in counts[1:]] == ["—"] * 3
            assert notes(panel)[0] == (f"İleti {words} kuyruktan gider, görev bitmeden: ders "
                                       "04'ün modelinin yeniden vereceği bir ileti kalmaz.")


def test_huey_disables_acks_late_and_the_pool_the_kill_disables_ratio_and_workers():
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    _, acks_late, pool, _, ratio, workers = controls(panel)
    assert not acks_late.disabled and not pool.disabled
    assert ratio.disabled and workers.disabled  # the kill: the task's length plays no part
    drive(panel, library="Huey", case=ASIM)
    assert acks_late.disabled and pool.disabled
    assert ratio.disabled and workers.disabled  # Huey deletes on receipt: no timeout to outlive
    drive(panel, library="Celery", acks_late=True, case=ASIM)
    assert not any(c.disabled for c in (acks_late, pool, ratio, workers))
    drive(panel, library="Celery", acks_late=False, case=ASIM)
    assert ratio.disabled and workers.disabled  # acked as it starts
    drive(panel, library="Celery", acks_late=False, pool="solo", case=ASIM)
    assert not ratio.disabled and not workers.disabled  # solo: the ack waits for the task


def values_of(control) -> list:
    if isinstance(control, widgets.Checkbox):
        return [False, True]
    if hasattr(control, "options"):
        return list(control.options)
    count = round((control.max - control.min) / control.step)
    return [control.min + n * control.step for n in range(count + 1)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(list(LIBRARIES)), st.booleans(), st.sampled_from(["prefork", "solo"]),
       st.sampled_from(DURUMLAR), st.sampled_from([n / 2 for n in range(1, 9)]),
       st.integers(1, 3))
def test_a_control_is_disabled_exactly_when_moving_it_would_change_nothing(
        library, acks_late, pool, case, ratio, workers):
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    drive(panel, library, acks_late, pool, case, ratio, workers)
    for control in controls(panel)[1:]:  # the library and the case always change the tables
        kept, seen = control.value, set()
        for value in values_of(control):
            control.value = value
            seen.add(panel.children[-1].value)
        control.value = kept
        assert control.disabled == (len(seen) == 1), control.description


def test_a_typed_ratio_settles_on_a_step_the_model_runs():
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    drive(panel, case=ASIM)
    ratio = controls(panel)[4]
    ratio.value = 1.3
    assert ratio.value == 1.5 and "görev 3 birim" in notes(panel)[0]
    ratio.value = 3.9
    assert ratio.value == 4.0 and "görev 8 birim" in notes(panel)[0]


def test_the_table_and_the_figure_are_the_kernels_even_when_the_kernel_changes(monkeypatch):
    """The explorer computes no rule itself: another onay model and other predictions show,
    in the table and in the figure."""
    monkeypatch.setattr(ders06, "onay_ani", lambda ayar: "bitince")
    monkeypatch.setattr(ders06, "akibet", lambda ayar: "yeniden koşar")
    asked = []
    three_at_once = steps("işçi 1: başladı", "işçi 2: başladı", "işçi 3: başladı",
                          "işçi 3: bitti", "işçi 2: bitti", "işçi 1: öldürüldü")
    sonuc = Benzetim([Ileti(sure=5)], 2, tuketiciler=Tuketiciler(sayi=3)).calistir()

    def predicted(*given):
        asked.append(given)
        return Tahmin(sonuc, three_at_once)

    monkeypatch.setattr(ders06, "modelin_tahmini", predicted)
    shown = gercek_tablosu(Ayar("huey"), OLUM, 2.5, 3)
    assert asked == [(Ayar("huey"), OLUM, 2.5, 3)]
    assert "<td>görev bitince</td><td>yeniden koşar</td>" in shown
    assert "<td>görev başladı (teslim)</td><td>3</td>" in shown
    assert blocks(figure_of(shown)) == {MODEL: Counter(
        {"ilk-teslim": 1, "yeniden-teslim": 2, "aynı-anda-iki-kez": 2, "bitti": 2,
         "öldürüldü": 1})}


def test_a_real_run_unlike_the_model_is_named_in_the_title_and_the_notes():
    lost_after_all = (OlumSonucu("Celery acks_late", 1, 0, (0, 0), LOST),)
    panel = gercek_kasifi(lost_after_all)
    assert title(panel) == "Celery acks_late: son gerçek koşu modelden ayrılıyor"
    assert notes(panel)[2].startswith("Şekilde son gerçek koşu modelden ayrılıyor")
    agrees_with_the_table(panel, OLUM)
    # the same events, the workers otherwise named, are not unlike the model
    renamed = tuple(Adim(step.kim.replace("işçi ", "B@kurs-"), step.ne) for step in REDELIVERED)
    panel = gercek_kasifi((OlumSonucu("Celery acks_late", 2, 1, (0, 1), renamed),))
    assert title(panel) == "Celery acks_late: model ve son gerçek koşu, olay sırasıyla"
    assert len(notes(panel)) == 2


SETTINGS = st.tuples(st.sampled_from(list(LIBRARIES)), st.booleans(),
                     st.sampled_from(["prefork", "solo"]), st.sampled_from(DURUMLAR),
                     st.sampled_from([n / 2 for n in range(1, 9)]), st.integers(1, 3))


@settings(max_examples=20, deadline=None)
@given(st.lists(SETTINGS, min_size=2, max_size=5))
def test_every_change_redraws_the_figure_with_the_tables(visits):
    """One panel, moved from setting to setting: what it shows, figure and all, is always what
    the table function draws for the setting it is at."""
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    for library, acks_late, pool, case, ratio, workers in visits:
        drive(panel, library, acks_late, pool, case, ratio, workers)
        assert panel.children[-1].value == gercek_tablosu(
            setting(library, acks_late, pool), case, ratio, workers, OLUMLER, GORUNURLUK)
        agrees_with_the_table(panel, case)


def test_an_unknown_case_is_refused_with_the_cases_it_knows():
    with pytest.raises(ValueError, match="durum .* olmalı; verilen: 'yangın'"):
        gercek_tablosu(Ayar("huey"), "yangın")


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yola("benim")
    panel = gercek_kasifi(OLUMLER, GORUNURLUK)
    drive(panel, "Huey", False, "solo", ASIM, 4.0, 3)
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])


def test_the_explorers_import_no_queue_library_so_they_run_in_the_browser():
    """Pyodide has no celery, huey or redis, nor the lesson's processes: `kasif` must import
    and this explorer draw without them."""
    assert gercek_loaded_without_queues("import kasif", "kasif.gercek_kasifi()") == [
        "kernel.gercek.onay", "kernel.gercek.sonuclar", "kernel.gercek.tahmin"]
