"""Bir isteğin yolu: her beklenen parça, sınıfının işaretiyle, isteğin içinde, sonrasında ya da
hiçbir listede."""

from collections.abc import Mapping

import drawsvg as draw

from cizim.isaretler import SINIF_ISARETLERI, gosterge, isaret_koy
from cizim.sekil import GENISLIK, Sekil

SOL = 150
# Her sınıfın şeridi: koşan ve atlanan isteğin yolunda, ertelenen sonrasında, bağlanmayan hiçbir
# yerde değil.
SERITLER = {"koştu": "isteğin yolu", "atlandı": "isteğin yolu",
            "ertelendi": "sonraya bırakıldı", "bağlanmadı": "hiçbir listede yok"}
SERIT_SIRASI = ("isteğin yolu", "sonraya bırakıldı", "hiçbir listede yok")


def istek_yolu(ad: str, siniflar: Mapping[str, str], baslik: str) -> Sekil:
    """`siniflar` (parça → `sinifla()`'nın döndürdüğü sınıf) bir isteğin yolu olarak; parçalar
    verildikleri sırayla soldan sağa dizilir."""
    bilinmeyen = sorted(set(siniflar.values()) - set(SERITLER))
    if bilinmeyen:
        raise ValueError(f"bilinmeyen sınıf: {', '.join(bilinmeyen)}")
    aciklama = "; ".join(f"{parca}: {sinif}" for parca, sinif in siniflar.items()) + "."
    ust, aralik = 44, 34
    alt = ust + aralik * len(SERIT_SIRASI)
    sekil = Sekil(ad, alt + 44, baslik, aciklama)
    y = {serit: ust + aralik * i + aralik / 2 for i, serit in enumerate(SERIT_SIRASI)}
    for serit, yukseklik in y.items():
        sekil.yazi(serit, SOL - 12, yukseklik + 4, hiza="end")
    sol, sag = SOL, GENISLIK - 24
    yol = y["isteğin yolu"]
    sekil.ekle(draw.Line(sol, yol, sag, yol, class_="cizgi", stroke_width=2))
    sekil.yazi("istek", sol, ust - 22, sinif="soluk", hiza="start")
    sekil.yazi("yanıt", sag, ust - 22, sinif="soluk", hiza="end")
    adim = (sag - sol) / (len(siniflar) + 1)
    for i, (parca, sinif) in enumerate(siniflar.items(), start=1):
        x = round(sol + adim * i, 1)
        sekil.yazi(parca, x, ust - 6, hiza="middle")
        hedef = y[SERITLER[sinif]]
        if sinif == "ertelendi":  # yoldan ayrılan bir devir: kesik çizgiyle sonraya
            sekil.ekle(draw.Line(x, yol, x, hedef, class_="cizgi", stroke_dasharray="4 3"))
        isaret_koy(sekil, SINIF_ISARETLERI[sinif], x, hedef, r=7)
    gosterge(sekil, list(SINIF_ISARETLERI.values()), alt + 28)
    return sekil
