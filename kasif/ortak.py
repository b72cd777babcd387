"""Kaşiflerin ortak parçaları: HTML tablosu ve her değişiklikte yeniden ölçen panel."""

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from checks.display import Panel
from checks.exercises.kinds import own_request

KASIF_ONCESI = "[Kaşif: hücreyi çalıştırınca burada görünür; denetimlerle oynayın.]"
TABLO = '<table style="border-collapse: separate; border-spacing: 1.5em 0.2em">'


def tablo(basliklar: Sequence[str], satirlar: Iterable[Sequence[object]]) -> str:
    """Satırlardan bir HTML tablosu; her hücre kaçışlanır."""
    def satir(hucreler: Sequence[object], etiket: str) -> str:
        return "<tr>" + "".join(f"<{etiket}>{html.escape(str(h))}</{etiket}>"
                                for h in hucreler) + "</tr>"
    return (TABLO + satir(basliklar, "th") + "".join(satir(s, "td") for s in satirlar)
            + "</table>")


def kasif_paneli(denetimler: Sequence[widgets.Widget], olc: Callable[[], str],
                 satirlar: Sequence[widgets.Widget] = ()) -> Panel:
    """Denetimler (ya da onları dizen `satirlar`) ve altlarında bir sonuç alanı; her
    değişiklikte `olc()` yeniden çalışır."""
    sonuc = widgets.HTML()

    def guncelle(_: object = None) -> None:
        with own_request():
            sonuc.value = olc()

    for denetim in denetimler:
        denetim.observe(guncelle, names="value")
    guncelle()
    return Panel([*(satirlar or denetimler), sonuc], KASIF_ONCESI)


def etkinken(ana: widgets.ValueWidget, etkin: Callable[[Any], bool],
             bagimlilar: Sequence[widgets.Widget]) -> None:
    """`ana`'nın değeri `etkin`i sağlamadıkça `bagimlilar` kapalı durur: o durumda hiçbir
    şeyi değiştirmeyen bir denetim tıklanamaz."""
    def esle(_: object = None) -> None:
        for denetim in bagimlilar:
            denetim.disabled = not etkin(ana.value)

    ana.observe(esle, names="value")
    esle()
