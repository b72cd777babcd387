"""Zaman çizelgesi: soldaki adlar şeritlerdir, sağa doğru sanal saat akar."""

from collections.abc import Sequence

import drawsvg as draw

from cizim.isaretler import Isaret, isaret_koy
from cizim.sekil import GENISLIK, YAZI, Sekil

SOL = 120  # şerit adlarının payı
SAG = 16
SERIT = 26  # bir şeridin yüksekliği
UZUN_AD = 15  # bundan uzun bir şerit adı, SOL'a sığsın diye küçük yazılır


class Cizelge:
    """Sekil'in içinde bir zaman çizelgesi: şeritler (`seritler`) ve 0..`son` sanal saati."""

    def __init__(self, sekil: Sekil, seritler: Sequence[str], son: float, ust: float = 40,
                 eksen_adi: str = "sanal saat") -> None:
        if son <= 0:
            raise ValueError(f"çizelgenin sonu pozitif olmalı, {son} verildi")
        self.sekil, self.seritler, self.son, self.ust = sekil, list(seritler), son, ust
        self.alt = ust + SERIT * len(self.seritler)
        for ad in self.seritler:
            y = self.y(ad)
            sekil.ekle(draw.Line(SOL, y, GENISLIK - SAG, y, class_="izgara"))
            sekil.yazi(ad, SOL - 8, y + 4, hiza="end", boy=YAZI if len(ad) <= UZUN_AD else 11)
        sekil.ekle(draw.Line(SOL, self.alt, GENISLIK - SAG, self.alt, class_="cizgi"))
        for t in self.isaretli_anlar():
            sekil.ekle(draw.Line(self.x(t), self.alt, self.x(t), self.alt + 4, class_="cizgi"))
            sekil.yazi(f"{t:g}", self.x(t), self.alt + 16, sinif="soluk", hiza="middle")
        sekil.yazi(eksen_adi, GENISLIK - SAG, self.alt + 32, sinif="soluk", hiza="end")
        self.bitis = self.alt + 40  # çizelgenin altı: gösterge buradan başlar

    def isaretli_anlar(self) -> list[float]:
        """Eksende yazılan anlar: en çok on bir tane, yuvarlak adımlarla."""
        adim = next(a for a in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
                    if self.son / a <= 10)
        return [i * adim for i in range(int(self.son // adim) + 1)]

    def x(self, t: float) -> float:
        return round(SOL + (GENISLIK - SOL - SAG) * t / self.son, 1)

    def y(self, serit: str) -> float:
        return self.ust + SERIT * self.seritler.index(serit) + SERIT / 2

    def aralik(self, serit: str, bas: float, bit: float, renk: str, tarali: bool = False,
               ad: str = "") -> None:
        """`serit`te [bas, bit] süren bir durum: dolu ya da taralı bir şerit parçası; taralı
        olan dolu olandan renkle olduğu kadar desenle de ayrılır."""
        y = self.y(serit)
        x0, x1 = self.x(bas), self.x(bit)
        if tarali:
            kutu = draw.Rectangle(x0, y - 7, max(x1 - x0, 2), 14, class_=f"aralik k-{renk}",
                                  fill=self.sekil.desen(renk))
        else:
            kutu = draw.Rectangle(x0, y - 7, max(x1 - x0, 2), 14, class_=f"aralik {renk}")
        if ad:
            kutu.append_title(ad)
        self.sekil.ekle(kutu)

    def olay(self, serit: str, t: float, isaret: Isaret) -> None:
        isaret_koy(self.sekil, isaret, self.x(t), self.y(serit))

