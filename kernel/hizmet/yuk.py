"""Dersin iş yükü (OS7, OS8): tohumlu üreteçten süreler, sabit konumda zehirli ve çöken ileti."""

import math
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Final, NamedTuple

from kernel.dogrula import eksi_degil, tam_sayi, tur
from kernel.hizmet.jsayi import KESIN_SINIR

TOHUM: Final = 20260518
ILETI: Final = 400
EN_COK_ILETI: Final = 10**7  # bu kadarı saniyelerle üretilir; 10^10 saatler sürerdi

# Doğrusal eşlik üreteci, JavaScript'teki gibi çift duyarlıklı: d * CARPAN 2^53'ü aşar, yuvarlanır.
CARPAN: Final = 1103515245.0
ARTIS: Final = 12345.0
MODUL: Final = 2147483648.0


class Kume(NamedTuple):
    """Bir süre kümesi: ilk çekiliş `esik`in altındaysa süre taban + [0, genislik) olur."""

    ad: str
    esik: float
    taban: int
    genislik: int


KUMELER: Final = (
    Kume("olagan", 0.88, 2, 5),  # olağan doğrulama: 2-6 birim
    Kume("toplu", 0.97, 12, 20),  # toplu okuma: 12-31 birim
    Kume("gecikmis", 1.0, 40, 30),  # gecikmiş yığın: 40-69 birim; çekiliş hep 1'in altında
)


class Konum(NamedTuple):
    """Sabit konum kuralı: sıra % adim == kalan olan iletiler (OS8)."""

    adim: int
    kalan: int

    def __contains__(self, sira: object) -> bool:
        return isinstance(sira, int) and sira % self.adim == self.kalan

    def siralar(self, ileti: int) -> range:
        return range(self.kalan, ileti, self.adim)


ZEHIRLI: Final = Konum(33, 7)  # her denemede başarısız
COKEN: Final = Konum(25, 3)  # ilk tüketicisi işi bitirmeden ölür; 403. iletide zehirliyle çakışır


def kume(sure: int) -> str:
    """Sürenin ait olduğu kümenin adı."""
    return next(k.ad for k in KUMELER if k.taban <= sure < k.taban + k.genislik)


def _uret(tohum: int, ileti: int) -> list[int]:
    """`ileti` işin süreleri, gorunurluk.mjs'nin üretecinin JavaScript'te verdiği sırayla."""
    d, sonuc = float(tohum), []
    for _ in range(ileti):
        d = (d * CARPAN + ARTIS) % MODUL  # d ≥ 0: Python'un %'si JavaScript'inkiyle aynı
        p = d / MODUL
        d = (d * CARPAN + ARTIS) % MODUL
        for k in KUMELER:
            if p < k.esik:
                sonuc.append(k.taban + math.floor(d / MODUL * k.genislik))
                break
    return sonuc


@dataclass(frozen=True, slots=True)
class Ileti:
    """Bir ileti: işlenme süresi, zehirli mi, ilk tüketicisi ölür mü."""

    sure: int
    zehirli: bool = False
    coken: bool = False

    def __post_init__(self) -> None:
        eksi_degil("sure", self.sure)
        tur("zehirli", self.zehirli, bool)
        tur("coken", self.coken, bool)


_ortak_ileti = cache(Ileti)  # süre 2-69, iki işaret: en çok 272 ayrı ileti


@dataclass(frozen=True)
class IsYuku:
    """Dersin 400 iletilik iş yükü (ya da başka tohum ve boyda aynı kuralla üretileni)."""

    tohum: int = TOHUM
    ileti: int = ILETI

    def __post_init__(self) -> None:
        tam_sayi("tohum", self.tohum, 0, KESIN_SINIR - 1)
        tam_sayi("ileti", self.ileti, 1, EN_COK_ILETI)

    @cached_property
    def sureler(self) -> list[int]:
        """İşlenme süreleri, iletilerin sırasıyla."""
        return _uret(self.tohum, self.ileti)

    def iletiler(self) -> list[Ileti]:
        """Benzetimin girdisi, sırasıyla; ikisi birden olan ileti iki işareti de taşır.

        Eşit iletiler tek (değişmez) nesneyi paylaşır: yüz bin ileti, birkaç yüz nesnedir.
        """
        return [_ortak_ileti(sure, sira in ZEHIRLI, sira in COKEN)
                for sira, sure in enumerate(self.sureler)]

    @property
    def zehirli(self) -> int:
        return len(ZEHIRLI.siralar(self.ileti))

    @property
    def coken(self) -> int:
        """Çöken diye işaretli iletiler, zehirliyle çakışanlar da (gorunurluk.mjs öyle sayar)."""
        return len(COKEN.siralar(self.ileti))

    @cached_property
    def cakisan(self) -> int:
        """Hem zehirli hem çöken işaretli iletiler: 403'ten önce yok, sonra her 825'te bir."""
        return sum(1 for sira in COKEN.siralar(self.ileti) if sira in ZEHIRLI)

    @property
    def en_uzun(self) -> int:
        return max(self.sureler)

    @cached_property
    def saglam(self) -> Counter[int]:
        """Ne zehirli ne çöken iletilerin süre dağılımı: süre -> ileti sayısı."""
        dagilim = Counter(self.sureler)
        for sira in ZEHIRLI.siralar(self.ileti):
            dagilim[self.sureler[sira]] -= 1
        for sira in COKEN.siralar(self.ileti):
            if sira not in ZEHIRLI:
                dagilim[self.sureler[sira]] -= 1
        return dagilim


DERS_YUKU: Final = IsYuku()  # dersin iş yükü: 400 ileti, tohum 20260518
