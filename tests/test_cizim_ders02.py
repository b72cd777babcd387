"""Lesson 02's figures: each listener's mark is the class the lesson printed for it at the
response, a queued one in the lane of what was left for later; the explorer draws the request
above its tables and redraws it on each change."""

import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from kasif.ders02 import DINLEYICI_TURLERI, YANLIS_AD, dinleyici_kasifi
from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import sinifla
from test_cizim_ders00 import ROOT, drawn, figure_of, path_of, redrawn, stored_figures
from test_kasif import controls, shown

LESSON = ROOT / "lessons" / "02-olaylar-ve-dinleyiciler.ipynb"
CLASS_LINE = r"^  (\w+) +(koştu|ertelendi|atlandı|bağlanmadı)$"  # olc()'s line for a listener


@pytest.mark.parametrize("number,classes", [
    (0, {"arama": "koştu", "eposta": "ertelendi"}),
    (1, {"sayac": "koştu", "filtre": "koştu", "arama": "atlandı", "eposta": "atlandı"}),
    (2, {"arama": "koştu", "eposta": "bağlanmadı", "bildirim": "bağlanmadı"}),
], ids=["queued", "stopped", "misnamed"])
def test_each_figure_is_the_classes_printed_above_it(number, classes):
    figures = stored_figures(LESSON)
    assert len(figures) == 3
    printed, svg = figures[number]
    assert dict(re.findall(CLASS_LINE, printed, re.M)) == classes
    assert path_of(svg) == drawn(classes)
    assert redrawn(svg, classes) == svg  # the stored bytes, again in this process


def kernels_classes(names: list[str], kinds: list[str]) -> dict[str, str]:
    """The classes at the response, measured apart from the explorer."""
    dagitici = Dagitici(BellekSurucusu())
    for name, kind in zip(names, kinds, strict=True):
        dagitici.dinle(YANLIS_AD if kind == "yanlış adla" else DuyuranDenetleyici.OLAY,
                       YazanDinleyici(name, [], kuyrukta=kind == "kuyrukta",
                                      durdurur=kind == "durduran"))
    DuyuranDenetleyici(dagitici).kaydet(7)
    return {name: sinifla(name) for name in names}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(DINLEYICI_TURLERI), min_size=4, max_size=4))
def test_the_explorers_figure_shows_each_listeners_class_above_the_tables(kinds):
    panel = dinleyici_kasifi()
    dropdowns = controls(panel)
    for dropdown, kind in zip(dropdowns, kinds, strict=True):
        dropdown.value = kind
    html = shown(panel)
    assert html.startswith("<img ") and html.index("<img ") < html.index("<table")
    names = [dropdown.description for dropdown in dropdowns]
    assert path_of(figure_of(html)) == drawn(kernels_classes(names, kinds))


def test_a_queued_listener_moves_from_the_later_lane_to_the_path_when_one_before_it_stops():
    panel = dinleyici_kasifi()
    before = path_of(figure_of(shown(panel)))
    arama = next(d for d in controls(panel) if d.description == "arama")
    arama.value = "durduran"
    after = path_of(figure_of(shown(panel)))
    assert before["eposta"] == ("ertelendi", "sonraya bırakıldı")
    assert after["eposta"] == ("atlandı", "isteğin yolu")


def test_the_explorers_figure_is_the_same_bytes_in_another_process():
    code = ("from kasif.ders02 import DINLEYICILER, dinleyici_tablosu\n"
            "print(dinleyici_tablosu(DINLEYICILER))")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT, env=os.environ | {"PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")}
    (html,) = runs
    assert path_of(figure_of(html))["bildirim"] == ("bağlanmadı", "hiçbir listede yok")
