"""İşaretler: her biri bir biçim ve bir renk, ikisi de ayrı ayrı okunur (renk körlüğü)."""

from collections.abc import Sequence
from typing import NamedTuple

import drawsvg as draw

from cizim.sekil import Sekil

BICIMLER = ("daire", "halka", "karo", "carpi", "kare", "ucgen", "ters-ucgen", "yildiz")
ARALIKLAR = ("dolu", "tarali")  # göstergede bir aralığın örneği: dolu ya da taralı şerit


class Isaret(NamedTuple):
    """Bir olay türünün işareti: `ad` göstergede yazılır ve SVG'de sınıf olur."""

    ad: str
    bicim: str  # BICIMLER'den biri; yalnız göstergede ARALIKLAR'dan biri
    renk: str  # sekil.TEMA'daki renk sınıflarından biri: yesil, mavi, kirmizi, mor, sari

    @property
    def sinif(self) -> str:
        """SVG'deki sınıf adı: testler işaretleri bununla sayar."""
        return "isaret " + self.ad.replace(" ", "-")


# Ölçüm çekirdeğinin dört sınıfı: her derste aynı dört işaret.
SINIF_ISARETLERI = {
    "koştu": Isaret("koştu", "daire", "yesil"),
    "ertelendi": Isaret("ertelendi", "karo", "mavi"),
    "atlandı": Isaret("atlandı", "halka", "murekkep"),
    "bağlanmadı": Isaret("bağlanmadı", "carpi", "kirmizi"),
}


def _bicim(bicim: str, x: float, y: float, r: float, renk: str, sinif: str) -> draw.DrawingElement:
    x, y = round(x, 1), round(y, 1)
    if bicim == "daire":
        return draw.Circle(x, y, r, class_=f"{sinif} {renk}")
    if bicim == "halka":
        return draw.Circle(x, y, r - 1, class_=f"{sinif} halka", stroke_width=2)
    if bicim == "karo":
        return draw.Lines(x, y - r - 1, x + r + 1, y, x, y + r + 1, x - r - 1, y, close=True,
                          class_=f"{sinif} {renk}")
    if bicim == "kare":
        return draw.Rectangle(x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2, class_=f"{sinif} {renk}")
    if bicim == "ucgen":
        return draw.Lines(x, y - r - 1, x + r + 1, y + r - 1, x - r - 1, y + r - 1, close=True,
                          class_=f"{sinif} {renk}")
    if bicim == "ters-ucgen":
        return draw.Lines(x, y + r + 1, x + r + 1, y - r + 1, x - r - 1, y - r + 1, close=True,
                          class_=f"{sinif} {renk}")
    if bicim == "carpi":
        d = r - 1
        return draw.Path(f"M{x - d},{y - d}L{x + d},{y + d}M{x - d},{y + d}L{x + d},{y - d}",
                         class_=f"{sinif} cizgi k-{renk}", stroke_width=3)
    if bicim == "yildiz":
        d = r + 1
        return draw.Lines(x, y - d, x + d / 3, y - d / 3, x + d, y, x + d / 3, y + d / 3, x, y + d,
                          x - d / 3, y + d / 3, x - d, y, x - d / 3, y - d / 3, close=True,
                          class_=f"{sinif} {renk}")
    raise ValueError(f"bilinmeyen biçim {bicim!r}: {', '.join(BICIMLER)}")


def isaret_koy(sekil: Sekil, isaret: Isaret, x: float, y: float, r: float = 6) -> None:
    """`isaret`i (x, y)'ye koyar; üstüne gelince adı görünür."""
    oge = _bicim(isaret.bicim, x, y, r, isaret.renk, isaret.sinif)
    oge.append_title(isaret.ad)
    sekil.ekle(oge)


def gosterge(sekil: Sekil, isaretler: Sequence[Isaret], y: float, x: float = 12,
             genislik: float = 536) -> float:
    """İşaretleri adlarıyla satır satır dizer; bittiği yerin y'sini döndürür."""
    bas = x
    for isaret in isaretler:
        adim = 34 + 7 * len(isaret.ad)  # 13 px yazıda bir harf ortalama 7 birim
        if x + adim > bas + genislik and x > bas:
            x, y = bas, y + 20
        if isaret.bicim in ARALIKLAR:
            dolgu = {"fill": sekil.desen(isaret.renk)} if isaret.bicim == "tarali" else {}
            renk = f"k-{isaret.renk}" if dolgu else isaret.renk
            sekil.ekle(draw.Rectangle(x, y - 10, 12, 12, class_=f"gosterge {renk}", **dolgu))
        else:
            sekil.ekle(_bicim(isaret.bicim, x + 6, y - 4, 6, isaret.renk, "gosterge"))
        sekil.yazi(isaret.ad, x + 16, y)
        x += adim
    return y
