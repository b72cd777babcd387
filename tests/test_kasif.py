"""Each explorer, driven from Python: what it shows is what the kernel says."""

import html
import re

import ipywidgets as widgets

from hypothesis import example, given, settings, strategies as st

from figures import drawn, figure_of, path_of
from kasif.ders00 import CAGRILAR, siniflar_kasifi
from kasif.ders01 import deneme_kasifi
from kasif.ders02 import DINLEYICI_TURLERI, YANLIS_AD, dinleyici_kasifi
from kasif.ortak import KASIF_ONCESI, etkinken
from kernel.isler import BellekSurucusu, KirilganIs
from kernel.olaylar import Dagitici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import Gunluk, sinifla

PARCALAR = ("kaydet", "kucukResim", "eposta", "arama")


def tables(panel) -> list[list[list[str]]]:
    """The tables under the explorer's controls: rows of cell texts, header row first."""
    shown = panel.children[-1].value
    return [[[html.unescape(cell) for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", row)]
             for row in re.findall(r"<tr>(.*?)</tr>", table)]
            for table in re.findall(r"<table[^>]*>(.*?)</table>", shown)]


def controls(panel) -> list:
    """The explorer's controls, in order, also those laid out in rows."""
    found = []
    for child in panel.children[:-1]:
        found += controls_of(child)
    return found


def controls_of(widget) -> list:
    if hasattr(widget, "children"):
        return [control for child in widget.children for control in controls_of(child)]
    return [] if isinstance(widget, widgets.Label) else [widget]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.sampled_from(PARCALAR), st.sampled_from(list(CAGRILAR)))))
def test_the_class_explorer_shows_what_sinifla_says(ticked):
    panel = siniflar_kasifi(PARCALAR)
    boxes = iter(controls(panel))
    for part in PARCALAR:
        for call in CAGRILAR:
            next(boxes).value = (part, call) in ticked
    Gunluk.yeni_istek()
    for part, call in ticked:
        getattr(Gunluk, call)(part)
    classes, lists = tables(panel)
    assert classes[1:] == [[part, sinifla(part)] for part in PARCALAR]
    html = shown(panel)  # the request's path above the tables, drawn from the same classes
    assert html.startswith("<img ") and html.index("<img ") < html.index("<table")
    assert path_of(figure_of(html)) == drawn({part: sinifla(part) for part in PARCALAR})
    assert [row[0] for row in lists[1:]] == ["yol", "kosan", "ertelenen"]


def test_the_retry_explorer_shows_the_workers_log_and_failed_list():
    panel = deneme_kasifi()
    limit, *failures = controls(panel)
    limit.value = 2
    for slider, value in zip(failures, (1, 0, 5), strict=True):
        slider.value = value
    queue = BellekSurucusu(deneme_hakki=2)
    for name, value in zip("abc", (1, 0, 5), strict=True):
        queue.gonder(KirilganIs(value, ad=name))
    log, failed = tables(panel)
    assert [row[1] for row in log[1:]] == queue.isle()
    assert failed[1:] == [[", ".join(job.ad() for job in queue.basarisiz)]] == [["c"]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(DINLEYICI_TURLERI), min_size=4, max_size=4))
def test_the_listener_explorer_shows_the_classes_effects_and_the_check(kinds):
    panel = dinleyici_kasifi()
    for dropdown, kind in zip(controls(panel), kinds, strict=True):
        dropdown.value = kind
    effects: list[str] = []
    queue = BellekSurucusu()
    dagitici = Dagitici(queue)
    names = [dropdown.description for dropdown in controls(panel)]
    for name, kind in zip(names, kinds, strict=True):
        dagitici.dinle(YANLIS_AD if kind == "yanlış adla" else DuyuranDenetleyici.OLAY,
                       YazanDinleyici(name, effects, kuyrukta=kind == "kuyrukta",
                                      durdurur=kind == "durduran"))
    DuyuranDenetleyici(dagitici).kaydet(7)
    expected_classes = [[name, sinifla(name)] for name in names]
    queue.isle()
    classes, shown_effects, check = tables(panel)
    assert classes[1:] == expected_classes
    html = shown(panel)  # the request's path above the tables, drawn from the same classes
    assert html.startswith("<img ") and html.index("<img ") < html.index("<table")
    assert path_of(figure_of(html)) == drawn(dict(expected_classes))
    assert [row[0] for row in shown_effects[1:]] == effects
    misnamed = [name for name, kind in zip(names, kinds, strict=True) if kind == "yanlış adla"]
    expected_check = [f"{name} ← {YANLIS_AD!r}" for name in misnamed] or ["—"]
    assert [row[0] for row in check[1:]] == expected_check


def test_explorers_leave_the_students_request_alone_and_a_sentence_before_they_run():
    Gunluk.yola("benim")
    for make in (siniflar_kasifi, deneme_kasifi, dinleyici_kasifi):
        panel = make()
        for control in controls(panel):
            control.value = control.options[-1] if hasattr(control, "options") else \
                not control.value if isinstance(control.value, bool) else control.max
        assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])


def test_a_control_that_changes_nothing_is_disabled_until_it_would():
    switch, slider = widgets.Checkbox(value=False), widgets.IntSlider()
    etkinken(switch, bool, [slider])
    assert slider.disabled
    switch.value = True
    assert not slider.disabled
    switch.value = False
    assert slider.disabled


def shown(panel) -> str:
    return panel.children[-1].value


def test_the_explorers_labels_are_turkish_words_not_identifiers():
    limit, *failures = controls(deneme_kasifi())
    assert limit.description == "deneme hakkı"
    assert [slider.description for slider in failures] == [f"{ad}: hatalı deneme" for ad in "abc"]
    for make in (siniflar_kasifi, deneme_kasifi, dinleyici_kasifi):
        assert not any("_" in control.description for control in controls(make()))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=3, max_size=3))
@example([0, 0, 0])
def test_the_retry_limit_is_disabled_exactly_when_moving_it_would_change_nothing(failing):
    panel = deneme_kasifi()
    limit, *failures = controls(panel)
    for slider, value in zip(failures, failing, strict=True):
        slider.value = value
    seen = set()
    for value in range(limit.min, limit.max + 1):
        limit.value = value
        seen.add(shown(panel))
    assert limit.disabled == (len(seen) == 1) == (failing == [0, 0, 0])
    assert not any(slider.disabled for slider in failures)


def test_every_box_of_the_class_explorer_changes_what_it_shows_so_none_is_disabled():
    panel = siniflar_kasifi()
    for box in controls(panel):
        before = shown(panel)
        box.value = not box.value
        assert shown(panel) != before and not box.disabled


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(DINLEYICI_TURLERI), min_size=4, max_size=4))
def test_every_listener_choice_changes_what_it_shows_so_none_is_disabled(kinds):
    panel = dinleyici_kasifi()
    dropdowns = controls(panel)
    for dropdown, kind in zip(dropdowns, kinds, strict=True):
        dropdown.value = kind
    for dropdown in dropdowns:
        kept, seen = dropdown.value, set()
        for option in dropdown.options:
            dropdown.value = option
            seen.add(shown(panel))
        dropdown.value = kept
        assert len(seen) > 1 and not dropdown.disabled
