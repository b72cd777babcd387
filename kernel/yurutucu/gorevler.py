"""Yürütücülerin koşturduğu görevler ve onların adlarını yazdığı kanal."""

import queue
from dataclasses import dataclass
from typing import TypeAlias

from kernel.dogrula import tur
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Yanit

Kanal: TypeAlias = queue.Queue[str]  # iş parçacıkları arasında güvenli kanal


@dataclass
class BirKezDuraklar(Gelecek[str]):
    """Bir kez duraklar: duraklamadıysa uyandırıcısını çağırıp Bekliyor der; duraklamışsa adını
    kanala yazar ve biter."""

    ad: str
    kanal: Kanal
    duraklandi: bool = False

    def __post_init__(self) -> None:
        tur("kanal", self.kanal, queue.Queue)

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        if self.duraklandi:
            self.kanal.put(self.ad)
            return Hazir(self.ad)
        self.duraklandi = True
        baglam.uyandirici.uyandir()
        return Bekliyor()


@dataclass
class HemenHazir(Gelecek[str]):
    """Yoklanınca adını kanala yazar ve biter; uyandırıcıya hiç dokunmaz."""

    ad: str
    kanal: Kanal

    def __post_init__(self) -> None:
        tur("kanal", self.kanal, queue.Queue)

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        self.kanal.put(self.ad)
        return Hazir(self.ad)


async def duraklayan(ad: str, kez: int, kanal: Kanal) -> str:
    """Aynı iş korutin olarak: `kez` kez duraklar, adını kanala yazar ve döndürür."""
    for _ in range(kez):
        await Durakla()
    kanal.put(ad)
    return ad


def kanaldakiler(kanal: Kanal) -> list[str]:
    """Kanalda bekleyen kayıtlar, geliş sırasıyla; kanalı boşaltır, beklemez."""
    kayitlar = []
    while True:
        try:
            kayitlar.append(kanal.get_nowait())
        except queue.Empty:
            return kayitlar
