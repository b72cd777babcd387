"""Görünürlük süresi taraması: uyarlanan dersin sayımı ve bastığı tablo (gorunurluk.mjs)."""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kernel.hizmet.jsayi import kesin, tam_yuvarla
from kernel.hizmet.yuk import ILETI, TOHUM, IsYuku

AZAMI: Final = 5  # OS9: bu kadar teslimden sonra ileti ölü mektup kutusuna
SURELER: Final = (5, 10, 20, 30, 60, 120)


@dataclass(frozen=True)
class Satir:
    """Bir görünürlük süresinin sayımı; `bekleme` ortalama kurtarma gecikmesidir."""

    gorunurluk: int
    cift: int  # koşut olarak birden çok tüketicide işlenen ileti
    teslim: int
    bekleme_toplam: int  # çöken tüketicilerin iletilerinin gizli kaldığı toplam süre
    coken: int  # bölen: çöken diye işaretli iletiler, zehirliyle çakışanlar da
    olu: int  # zehirli iletinin ölü mektup kutusuna düşme süresi

    @property
    def bekleme(self) -> float:
        """Ortalama kurtarma gecikmesi; çöken ileti yoksa JavaScript'teki gibi NaN (0 / 0)."""
        return self.bekleme_toplam / self.coken if self.coken else math.nan

    @property
    def bekleme_metni(self) -> str:
        """Tablodaki kurtarma gecikmesi, toFixed(0) gibi yuvarlanmış; çöken ileti yoksa
        ortalanacak gecikme de yoktur: "—" (JavaScript burada NaN basar)."""
        return tam_yuvarla(self.bekleme) if self.coken else "—"


def kosum(yuk: IsYuku, gorunurluk: int, azami: int = AZAMI) -> Satir:
    """Uyarlanan dersin sayımı: zehirli `azami`, çöken 2, öteki ceil(süre / görünürlük) teslim."""
    if gorunurluk < 1:
        raise ValueError(f"her görünürlük süresi en az 1 olmalı; verilen: {gorunurluk}")
    if azami < 1:
        raise ValueError(f"azami en az 1 olmalı; verilen: {azami}")
    yalniz_coken = yuk.coken - yuk.cakisan  # çakışan ileti zehirli sayılır (gorunurluk.mjs)
    turlar = {sure: math.ceil(sure / gorunurluk) for sure in yuk.saglam}
    return Satir(
        gorunurluk=gorunurluk,
        cift=sum(adet for sure, adet in yuk.saglam.items() if turlar[sure] > 1),
        teslim=kesin("toplam teslim", yuk.zehirli * azami + yalniz_coken * 2
                     + sum(adet * turlar[sure] for sure, adet in yuk.saglam.items())),
        bekleme_toplam=kesin("kurtarma gecikmesi", yalniz_coken * gorunurluk),
        coken=yuk.coken,
        olu=kesin("ölü mektup kutusuna düşme", azami * gorunurluk),
    )


def tarama(yuk: IsYuku, sureler: Sequence[int] = SURELER, azami: int = AZAMI) -> list[Satir]:
    """Her görünürlük süresi için bir satır, verilen sırayla."""
    if not sureler:
        raise ValueError("sureler boş olamaz")
    return [kosum(yuk, gorunurluk, azami) for gorunurluk in sureler]


def tablo(tohum: int = TOHUM, ileti: int = ILETI, azami: int = AZAMI,
          sureler: Sequence[int] = SURELER) -> str:
    """gorunurluk.mjs'nin çıktısı, rakamı rakamına ve boşluğu boşluğuna; yalnız sözcükler
    Türkçe harfleriyle (JavaScript'teki "gorunurluk" burada "görünürlük") ve çöken ileti yokken
    kurtarma gecikmesi NaN değil "—"."""
    yuk = IsYuku(tohum, ileti)
    satirlar = [f"{'görünürlük':<12}{'çift işleme':>12}{'toplam teslim':>15}"
                f"{'kurtarma gecikmesi':>20}{'ölü kutuya düşme':>18}"]
    for s in tarama(yuk, sureler, azami):
        satirlar.append(f"{s.gorunurluk:<12}{s.cift:>12}{s.teslim:>15}"
                        f"{s.bekleme_metni:>20}{s.olu:>18}")
    satirlar.append(f"ileti: {ileti}, zehirli: {yuk.zehirli}, tüketicisi çöken: {yuk.coken}, "
                    f"en uzun iş: {yuk.en_uzun} birim, tohum: {tohum}")
    return "\n".join(satirlar)
