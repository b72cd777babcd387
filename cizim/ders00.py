"""Ders 00: ayrı isteklerde ölçülen parçalar, her biri kendi isteğinin çerçevesinde.

Tek bir yolun üstüne dizilen parçalar aynı isteğin içinde, soldan sağa bir sırayla koşmuş gibi
okunur. Modelde zaman yoktur (US1): ayrı istekleri ayrı çerçevelere çizeriz, sıra belirtmeden.
"""

from collections.abc import Mapping

import drawsvg as draw

from cizim.isaretler import SINIF_ISARETLERI, gosterge, isaret_koy
from cizim.istek import SERIT_SIRASI, SERITLER, SOL
from cizim.sekil import GENISLIK, Sekil

UST, ARALIK = 58, 34  # ilk şeridin üstü ve şeritlerin yüksekliği
KUCUK = 11  # bir çerçevenin "istek" ve "yanıt" yazılarının boyu


def ayri_istekler(ad: str, siniflar: Mapping[str, str], baslik: str) -> Sekil:
    """`siniflar` (parça → `sinifla()`'nın döndürdüğü sınıf), her parça ayrı bir istekte
    ölçülmüş olarak: her istek bir çerçeve, içinde kendi yolu ve parçanın işareti."""
    bilinmeyen = sorted(set(siniflar.values()) - set(SERITLER))
    if bilinmeyen:
        raise ValueError(f"bilinmeyen sınıf: {', '.join(bilinmeyen)}")
    aciklama = (f"{len(siniflar)} ayrı istek, her biri kendi çerçevesinde; çerçevelerin soldan "
                "sağa sırası bir zaman sırası değildir. "
                + "; ".join(f"{parca}: {sinif}" for parca, sinif in siniflar.items()) + ".")
    alt = UST + ARALIK * len(SERIT_SIRASI)
    sekil = Sekil(ad, alt + 44, baslik, aciklama)
    y = {serit: UST + ARALIK * i + ARALIK / 2 for i, serit in enumerate(SERIT_SIRASI)}
    for serit, yukseklik in y.items():
        sekil.yazi(serit, SOL - 12, yukseklik + 4, hiza="end")
    genislik = (GENISLIK - 24 - SOL) / max(len(siniflar), 1)
    yol = y["isteğin yolu"]
    for i, (parca, sinif) in enumerate(siniflar.items()):
        sol = round(SOL + genislik * i, 1)
        sag, x = round(sol + genislik, 1), round(sol + genislik / 2, 1)
        sekil.ekle(draw.Rectangle(sol + 3, 10, genislik - 6, alt - 6, rx=6,
                                  class_="izgara istek-cercevesi"))
        sekil.yazi(parca, x, 30, hiza="middle")
        sekil.yazi("istek", sol + 12, yol - 10, sinif="soluk", boy=KUCUK)
        sekil.yazi("yanıt", sag - 12, yol - 10, sinif="soluk", hiza="end", boy=KUCUK)
        sekil.ekle(draw.Line(sol + 12, yol, sag - 12, yol, class_="cizgi", stroke_width=2))
        for uc in (sol + 12, sag - 12):  # isteğin açılışı ve yanıtı: yolun iki ucu
            sekil.ekle(draw.Line(uc, yol - 5, uc, yol + 5, class_="cizgi", stroke_width=2))
        hedef = y[SERITLER[sinif]]
        if sinif == "ertelendi":  # yoldan ayrılan bir devir: kesik çizgiyle sonraya
            sekil.ekle(draw.Line(x, yol, x, hedef, class_="cizgi", stroke_dasharray="4 3"))
        isaret_koy(sekil, SINIF_ISARETLERI[sinif], x, hedef, r=7)
    gosterge(sekil, list(SINIF_ISARETLERI.values()), alt + 28)
    return sekil
