"""Ders 04'ün taraması, çizgi grafiği olarak: görünürlük süresine karşı çift işleme ve ölü
mektup kutusuna varış, üst üste iki küçük grafikte, aynı görünürlük ekseniyle.

Her nokta kendi işaretiyle (zaman çizelgesindekilerin aynısı) ve değeriyle yazılır; değerler
`degerler()` ile SVG'den geri okunur, böylece şekil basılan satırlarla karşılaştırılabilir.
"""

import math
from collections.abc import Callable, Sequence
from xml.etree import ElementTree

import drawsvg as draw

from cizim.ders04 import IKI_KEZ, OLU_KUTU
from cizim.isaretler import Isaret, gosterge, isaret_koy
from cizim.sekil import GENISLIK, Sekil
from kernel.hizmet.gorunurluk import Satir

SOL, SAG = 64, 28  # y ekseninin sayıları solda; sağda son noktanın değerine pay
YUKSEKLIK = 110  # bir grafiğin çizim alanı
UST_PAY = 48  # grafiğin başlığı (gösterge satırı) ve en üst değerin yazısı için
ALT_PAY = 44  # x ekseninin sayıları ve adı


def _adim(en_buyuk: float) -> float:
    """y ekseninde yuvarlak bir adım (1, 2 ya da 5 çarpı 10'un bir kuvveti): en çok dört aralık."""
    taban = 10 ** max(0, math.floor(math.log10(en_buyuk / 4)))
    return next(taban * k for k in (1, 2, 5, 10) if en_buyuk / (taban * k) <= 4)


class _Grafik:
    """Bir küçük grafik: `ust`ten başlayan çizim alanı, 0..`son_x` ve 0..`y_sonu` ölçekleri."""

    def __init__(self, sekil: Sekil, ust: float, son_x: float, en_buyuk: float) -> None:
        self.sekil, self.ust, self.son_x = sekil, ust, son_x
        self.adim = _adim(max(en_buyuk, 1))
        self.y_sonu = self.adim * (en_buyuk // self.adim + 1)  # en büyük değerin üstünde pay
        self.alt = ust + YUKSEKLIK

    def x(self, deger: float) -> float:
        return round(SOL + (GENISLIK - SOL - SAG) * deger / self.son_x, 1)

    def y(self, deger: float) -> float:
        return round(self.alt - YUKSEKLIK * deger / self.y_sonu, 1)

    def izgara(self) -> None:
        deger = 0.0
        while deger <= self.y_sonu:
            y = self.y(deger)
            self.sekil.ekle(draw.Line(SOL, y, GENISLIK - SAG, y, class_="izgara"))
            self.sekil.yazi(f"{deger:g}", SOL - 8, y + 4, sinif="soluk", hiza="end")
            deger += self.adim
        self.sekil.ekle(draw.Line(SOL, self.ust, SOL, self.alt, class_="cizgi"))

    def seri(self, noktalar: Sequence[tuple[float, float]], isaret: Isaret,
             kesik: bool) -> None:
        """Noktaları bir çizgiyle birleştirir, her birine işaretini ve değerini koyar."""
        kesikli = {"stroke_dasharray": "6 4"} if kesik else {}
        self.sekil.ekle(draw.Lines(*(k for gx, gy in noktalar for k in (self.x(gx), self.y(gy))),
                                   close=False, class_=f"cizgi k-{isaret.renk}",
                                   stroke_width=2, **kesikli))
        for i, (gx, gy) in enumerate(noktalar):
            x, y = self.x(gx), self.y(gy)
            isaret_koy(self.sekil, isaret, x, y)
            # Değer, çizginin boş yanına: sonraki nokta aşağıdaysa sağ üstte, yukarıdaysa tam
            # üstte (soldaki nokta çok yakın olabilir); son nokta sağ kenarda, solunda.
            sonraki = noktalar[i + 1][1] if i + 1 < len(noktalar) else None
            if sonraki is None:
                yer = (x + 6, "end")
            else:
                yer = (x + 8, "start") if sonraki <= gy else (x, "middle")
            self.sekil.yazi(f"{gy:g}", yer[0], y - 10, hiza=yer[1],
                            sinif=f"murekkep deger {isaret.sinif.split()[1]}")


# Zaman çizelgesindeki işaretlerin biçimi ve rengi, grafiğin serilerine ad olarak.
CIFT = IKI_KEZ._replace(ad="çift işlenen ileti")
VARIS = OLU_KUTU._replace(ad="ölü mektup kutusuna varış")
SERILER: tuple[tuple[Isaret, str, Callable[[Satir], float]], ...] = (
    (CIFT, "", lambda s: s.cift),  # birimi yok: ileti sayısı
    (VARIS, "birim", lambda s: s.olu),
)


def tarama_grafigi(ad: str, satirlar: Sequence[Satir]) -> Sekil:
    """`gorunurluk.tarama()`nın satırları: her seri bir grafik, x ekseni görünürlük süresi."""
    if not satirlar:
        raise ValueError("en az bir satır gerekir")
    sureler = [s.gorunurluk for s in satirlar]
    baslik = "Görünürlük süresine karşı çift işleme ve ölü mektup kutusuna varış"
    aciklama = "; ".join(
        f"{isaret.ad}: " + ", ".join(f"görünürlük {s.gorunurluk} iken {oku(s):g} {birim}".rstrip()
                                     for s in satirlar)
        for isaret, birim, oku in SERILER) + "."
    yukseklik = 8 + len(SERILER) * (UST_PAY + YUKSEKLIK) + ALT_PAY
    sekil = Sekil(ad, yukseklik, baslik, aciklama)
    ust = 8.0
    for isaret, birim, oku in SERILER:
        etiket = f"{isaret.ad} ({birim})" if birim else isaret.ad
        gosterge(sekil, [isaret._replace(ad=etiket)], ust + 26)  # göstergedeki sayılmaz
        grafik = _Grafik(sekil, ust + UST_PAY, max(sureler), max(oku(s) for s in satirlar))
        grafik.izgara()
        grafik.seri([(s.gorunurluk, oku(s)) for s in satirlar], isaret, kesik=isaret is VARIS)
        ust = grafik.alt
    for sure in sureler:
        sekil.ekle(draw.Line(grafik.x(sure), ust, grafik.x(sure), ust + 4, class_="cizgi"))
        sekil.yazi(f"{sure}", grafik.x(sure), ust + 18, sinif="soluk", hiza="middle")
    sekil.yazi("görünürlük süresi (birim)", GENISLIK - SAG, ust + 36, sinif="soluk",
               hiza="end")
    return sekil


def degerler(sekil: Sekil) -> dict[str, list[float]]:
    """Şekildeki noktaların yazılı değerleri, serinin SVG sınıfına göre (ör.
    "çift-işlenen-ileti"), soldan sağa."""
    kok = ElementTree.fromstring(sekil.svg())
    bulunan: dict[str, list[float]] = {}
    for oge in kok.iter():
        sinif = oge.attrib.get("class", "").split()
        if len(sinif) == 3 and sinif[1] == "deger":
            bulunan.setdefault(sinif[2], []).append(float(oge.text or "nan"))
    return bulunan
