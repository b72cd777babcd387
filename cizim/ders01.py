"""Ders 01: işçinin denemeleri zaman içinde; her iş bir şerit, işçinin her adımı bir an.

Şekil `isle()`'nin döndürdüğü günlükten ve sürücünün `basarisiz` listesinden çizilir. Günlük
yalnız metin tuttuğu için her satır, `isle()`'nin yazdığı biçimden (`"a deneme 2: koştu"`)
okunur; biçime uymayan bir satır reddedilir.
"""

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import NamedTuple

import drawsvg as draw

from cizim.cerceve import Cizelge
from cizim.isaretler import SINIF_ISARETLERI, Isaret, gosterge, isaret_koy
from cizim.sekil import Sekil
from kernel.isler import IsSinifi

KOSTU = SINIF_ISARETLERI["koştu"]
HATA = Isaret("hata verdi", "carpi", "kirmizi")
LISTEDE = Isaret("başarısız işler listesi", "kare", "mor")
KUYRUKTA = Isaret("kuyrukta", "tarali", "mavi")  # iki denemesi arasında iş kuyrukta bekler
SATIR = re.compile(r"(?P<ad>.+) deneme (?P<deneme>[0-9]+): (?P<sonuc>\S+)")
SERIT_UST = 48  # başlığın altı: ilk şerit buradan başlar


class Deneme(NamedTuple):
    """Günlüğün bir satırı: işçinin kaçıncı adımı, hangi iş, işin kaçıncı denemesi, sonucu."""

    adim: int
    ad: str
    deneme: int
    sonuc: str  # "koştu" ya da istisnanın sınıf adı


class Serit(NamedTuple):
    """Bir işin şeridi: denemeleri, sırayla, ve başarısız işler listesinde olup olmadığı."""

    denemeler: list[Deneme]
    listede: bool


def denemeler(gunluk: Sequence[str]) -> list[Deneme]:
    """`isle()`'nin günlüğü, satır satır; adımlar 1'den sayılır."""
    sonuc = []
    for adim, satir in enumerate(gunluk, start=1):
        bulunan = SATIR.fullmatch(satir)
        if bulunan is None:
            raise ValueError(f"işçi günlüğünün biçiminde olmayan satır: {satir!r}")
        sonuc.append(Deneme(adim, bulunan["ad"], int(bulunan["deneme"]), bulunan["sonuc"]))
    return sonuc


def seritler(gunluk: Sequence[str], basarisiz: Sequence[IsSinifi]) -> dict[str, Serit]:
    """Her iş için bir şerit, işlerin günlükte ilk göründüğü sırayla. Günlük işleri adlarıyla
    yazdığı için aynı adlı iki iş tek şeritte birleşirdi: bunu tutarsızlık olarak reddeder."""
    listedekiler = {is_.ad() for is_ in basarisiz}
    gruplar: dict[str, list[Deneme]] = {}
    for deneme in denemeler(gunluk):
        gruplar.setdefault(deneme.ad, []).append(deneme)
    sonuc = {}
    for ad, grup in gruplar.items():
        if [d.deneme for d in grup] != list(range(1, len(grup) + 1)):
            raise ValueError(f"{ad}: denemeler 1, 2, 3... diye gitmiyor; aynı adlı iki iş mi var?")
        if (grup[-1].sonuc == KOSTU.ad) == (ad in listedekiler):
            raise ValueError(f"{ad}: günlük ile başarısız işler listesi birbirini tutmuyor")
        sonuc[ad] = Serit(grup, ad in listedekiler)
    return sonuc


def ozet(ad: str, serit: Serit) -> str:
    """Bir şeridin akıbeti, tek cümlelik açıklamanın bir parçası olarak."""
    hatali = sum(d.sonuc != KOSTU.ad for d in serit.denemeler)
    if serit.listede:
        return f"{ad}: {hatali} hatadan sonra başarısız işler listesine düştü"
    if hatali == 0:
        return f"{ad}: ilk denemede koştu"
    return f"{ad}: {hatali} hatadan sonra {hatali + 1}. denemede koştu"


def cizelge(ad: str, baslik: str, seritleri: Mapping[str, Serit]) -> Sekil:
    """Şeritler zaman çizelgesinde: denemeler işaretleriyle, aralarında kuyrukta geçen süre
    taralı, listeye düşen işin son denemesinin yanında listenin işareti."""
    toplam = sum(len(s.denemeler) for s in seritleri.values())
    aciklama = "; ".join([*(ozet(serit, s) for serit, s in seritleri.items()),
                          f"{len(seritleri)} şeritte toplam {toplam} deneme"]) + "."
    son_adim = max((d.adim for s in seritleri.values() for d in s.denemeler), default=0)
    sekil = Sekil(ad, SERIT_UST + 26 * len(seritleri) + 76, baslik, aciklama)
    sekil.yazi(baslik, 12, 24)
    eksen = Cizelge(sekil, list(seritleri), son_adim + 1, ust=SERIT_UST,
                    eksen_adi="işçinin adımı")
    for serit, s in seritleri.items():
        for once, sonra in pairwise(s.denemeler):
            eksen.aralik(serit, once.adim, sonra.adim, KUYRUKTA.renk, tarali=True,
                         ad=KUYRUKTA.ad)
        for deneme in s.denemeler:
            eksen.olay(serit, deneme.adim, KOSTU if deneme.sonuc == KOSTU.ad else HATA)
        if s.listede:
            x, y = eksen.x(s.denemeler[-1].adim), eksen.y(serit)
            sekil.ekle(draw.Line(x + 8, y, x + 12, y, class_="cizgi"))
            isaret_koy(sekil, LISTEDE, x + 19, y)
    gosterge(sekil, [KOSTU, HATA, LISTEDE, KUYRUKTA], eksen.bitis + 16)
    return sekil


def isci_cizelgesi(ad: str, gunluk: Sequence[str], basarisiz: Sequence[IsSinifi],
                   baslik: str = "İşçinin denemeleri, adım adım") -> Sekil:
    """Bir `isle()` çağrısının günlüğü: her iş bir şerit."""
    return cizelge(ad, baslik, seritler(gunluk, basarisiz))


def senaryo_cizelgesi(ad: str, baslik: str,
                      senaryolar: Mapping[str, tuple[Sequence[str], Sequence[IsSinifi]]]
                      ) -> Sekil:
    """Her biri tek işli ayrı `isle()` çağrıları (senaryo adı → günlük, başarısız işler): her
    senaryo bir şerit, adımları kendi işçisinin."""
    seritleri = {}
    for senaryo, (gunluk, basarisiz) in senaryolar.items():
        bulunan = list(seritler(gunluk, basarisiz).values())
        if len(bulunan) != 1:
            raise ValueError(f"{senaryo}: senaryonun günlüğünde tek bir iş olmalı, "
                             f"{len(bulunan)} iş var")
        seritleri[senaryo] = bulunan[0]
    return cizelge(ad, baslik, seritleri)
