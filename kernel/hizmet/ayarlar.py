"""Benzetimin ayarları: kuyruğun görünürlükten başka ayarları ve tüketicilerin davranışı."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, get_args

from kernel.dogrula import biri, eksi_degil, fonksiyon, sifirdan_buyuk, tam_sayi
from kernel.hizmet.gorunurluk import AZAMI
from kernel.hizmet.yuk import Ileti

Bekci = Literal["yok", "okumada", "yazmada"]
EN_COK_TUKETICI: Final = 10**6  # her tüketicinin sayacı bellekte tutulur


@dataclass(frozen=True)
class KuyrukAyari:
    """Azami teslim sayısı (OS9) ve saklama süresi (None: ileti kuyrukta süresiz kalır)."""

    azami: int = AZAMI
    saklama: float | None = None

    def __post_init__(self) -> None:
        tam_sayi("azami", self.azami, 1)
        if self.saklama is not None:
            sifirdan_buyuk("saklama", self.saklama)


@dataclass(frozen=True)
class Tuketiciler:
    """Tüketicilerin sayısı ve davranışı; varsayılanlar uyarlanan dersin sayımını verir.

    - `sayi`: None ise görünen her ileti hemen alınır (sayım böyle sayar); sayıysa o kadar tüketici.
    - `kalp`: verilirse her işleme bu aralıkla görünürlüğü bir görünürlük süresi kadar uzatır.
    - `bekci`: "okumada" işlemeye başlarken "daha önce işlendi mi" diye bakar, "yazmada" etkiyi
      yazarken tekillik kısıtıyla reddeder.
    - `ilgi`: tüketicideki süzgeç; ilgisiz ileti alınır, silinir, boşa uyanma sayılır.
    - `kesinti`: (başlangıç, bitiş) arasında hiçbir tüketici ileti almaz.
    """

    sayi: int | None = None
    kalp: float | None = None
    bekci: Bekci = "yok"
    ilgi: Callable[[Ileti], bool] | None = None
    kesinti: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        if self.sayi is not None:
            tam_sayi("sayi", self.sayi, 1, EN_COK_TUKETICI)
        if self.kalp is not None:
            sifirdan_buyuk("kalp", self.kalp)
        biri("bekci", self.bekci, get_args(Bekci))
        if self.ilgi is not None:
            fonksiyon("ilgi", self.ilgi)
        if self.kesinti is not None:
            object.__setattr__(self, "kesinti", kesinti_araligi(self.kesinti))


def kesinti_araligi(kesinti: object) -> tuple[float, float]:
    """(başlangıç, bitiş): iki sonlu an, bitiş başlangıçtan önce değil; eşitse kesinti yok."""
    if not isinstance(kesinti, tuple | list) or len(kesinti) != 2:
        raise TypeError(f"kesinti (başlangıç, bitiş) gibi iki an olmalı; verilen: {kesinti!r}")
    baslangic = eksi_degil("kesinti başlangıcı", kesinti[0])
    bitis = eksi_degil("kesinti bitişi", kesinti[1])
    if bitis < baslangic:
        raise ValueError(f"kesintinin bitişi başlangıcından önce olamaz; verilen: {kesinti!r}")
    return baslangic, bitis


SAYIM_AYARI: Final = KuyrukAyari()  # uyarlanan dersin sayımınınki: azami 5, saklama yok
SAYIM_TUKETICILERI: Final = Tuketiciler()  # sınırsız tüketici, kalp, bekçi, süzgeç ve kesinti yok
