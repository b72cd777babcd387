"""Lesson 02's figures: each listener's mark is the class the lesson printed for it at the
response, a queued one in the lane of what was left for later; the explorer draws the request
above its tables and redraws it on each change."""

import re

import pytest

from kasif.ders02 import dinleyici_kasifi
from figures import drawn, figure_of, path_of
from test_cizim_ders00 import ROOT, redrawn, stored_figures
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


def test_a_queued_listener_moves_from_the_later_lane_to_the_path_when_one_before_it_stops():
    panel = dinleyici_kasifi()
    before = path_of(figure_of(shown(panel)))
    arama = next(d for d in controls(panel) if d.description == "arama")
    arama.value = "durduran"
    after = path_of(figure_of(shown(panel)))
    assert before["eposta"] == ("ertelendi", "sonraya bırakıldı")
    assert after["eposta"] == ("atlandı", "isteğin yolu")

