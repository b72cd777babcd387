"""Kaşiflerin ortak parçaları: HTML tablosu, her değişiklikte yeniden ölçen panel ve
kaydırıcılara fareyle kullanılacak yer."""

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from checks.student.display import Panel
from kernel.olcum import ayri_istek

KASIF_ONCESI = "[Kaşif: hücreyi çalıştırınca burada görünür; denetimlerle oynayın.]"
TABLO = '<table style="border-collapse: separate; border-spacing: 1.5em 0.2em">'
IZ_EN_AZ, ADIM_EN_AZ = 150, 6  # px: bir kaydırıcının izi ve izde her adım, fareyle seçilsin
# px: ipywidgets 8'in izin yanına koyduğu boşluklar ve değer kutusu (en az 72 px)
IZ_DISI = 96


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
        with ayri_istek():
            sonuc.value = olc()

    for denetim in denetimler:
        denetim.observe(guncelle, names="value")
        if isinstance(denetim, widgets.IntSlider | widgets.FloatSlider):
            yer_ac(denetim)
    guncelle()
    return Panel([*(satirlar or denetimler), sonuc], KASIF_ONCESI)


def yer_ac(kaydirici: widgets.IntSlider | widgets.FloatSlider) -> None:
    """Kaydırıcıya, sınırları ya da adımı değiştikçe de, en az IZ_EN_AZ px ve adım başına
    ADIM_EN_AZ px'lik bir iz verir; dar bir alanda taşmaz, daralır."""
    etiket = ("0px" if not kaydirici.description else
              kaydirici.style.description_width or "var(--jp-widgets-inline-label-width)")
    if etiket == "initial":
        raise ValueError(f"slider {kaydirici.description!r} needs a description_width "
                         "of its own to be given room for its steps")

    def genislet(_: object = None) -> None:
        adimlar = round((kaydirici.max - kaydirici.min) / kaydirici.step)
        iz = max(IZ_EN_AZ, ADIM_EN_AZ * adimlar)
        kaydirici.layout.width = f"calc({etiket} + {iz + IZ_DISI}px)"
        kaydirici.layout.max_width = "calc(100% - 2 * var(--jp-widgets-margin))"

    kaydirici.observe(genislet, names=["min", "max", "step"])
    genislet()


def etkinken(ana: widgets.ValueWidget, etkin: Callable[[Any], bool],
             bagimlilar: Sequence[widgets.Widget]) -> None:
    """`ana`'nın değeri `etkin`i sağlamadıkça `bagimlilar` kapalı durur: o durumda hiçbir
    şeyi değiştirmeyen bir denetim tıklanamaz."""
    def esle(_: object = None) -> None:
        for denetim in bagimlilar:
            denetim.disabled = not etkin(ana.value)

    ana.observe(esle, names="value")
    esle()
