"""İş sözleşmesi, iki sürücü, işçi ve işi gönderen denetleyici."""

from abc import ABC, abstractmethod
from collections import deque
from typing import ClassVar

from kernel.dogrula import tam_sayi, tur
from kernel.olcum import Gunluk


class IsSinifi(ABC):
    """Bir işin sözleşmesi: adı, gövdesi ve kaç kez denendiği."""

    deneme: int = 0  # işçi her denemeden önce bir artırır

    @abstractmethod
    def ad(self) -> str: ...

    @abstractmethod
    def calistir(self) -> None: ...


class KucukResimIsi(IsSinifi):
    """Bir yazının küçük resmini üretir; ürettiği kimlikler koştuğunun kanıtıdır."""

    uretilen: ClassVar[list[int]] = []

    def __init__(self, yazi_id: int) -> None:
        self.yazi_id = tam_sayi("yazi_id", yazi_id, en_az=1)

    def ad(self) -> str:
        return "kucukResim"

    def calistir(self) -> None:
        KucukResimIsi.uretilen.append(self.yazi_id)


class KirilganIs(IsSinifi):
    """İşçideki ilk `basarisiz_deneme` denemesinde RuntimeError fırlatan, sonra başaran iş.

    Denemeleri işçi sayar; eşzamanlı sürücü saymaz, orada `deneme` 0 kalır.
    """

    def __init__(self, basarisiz_deneme: int, ad: str = "kirilgan") -> None:
        self.basarisiz_deneme = tam_sayi("basarisiz_deneme", basarisiz_deneme, en_az=0)
        self._ad = ad

    def ad(self) -> str:
        return self._ad

    def calistir(self) -> None:
        if self.deneme <= self.basarisiz_deneme:
            raise RuntimeError("geçici hata")


class Surucu(ABC):
    """İşin nasıl gönderileceğine karar veren sürücü."""

    @abstractmethod
    def gonder(self, is_: IsSinifi) -> None: ...


class EszamanliSurucu(Surucu):
    """İşi kuyruğa koymaz: koştu diye işaretler ve hemen çalıştırır."""

    def gonder(self, is_: IsSinifi) -> None:
        Gunluk.kostu(is_.ad())
        is_.calistir()


class BellekSurucusu(Surucu):
    """İşi ertelendi diye işaretleyip bellekteki kuyruğa koyar; isle() çalıştırır."""

    def __init__(self, deneme_hakki: int = 3) -> None:
        self.deneme_hakki = tam_sayi("deneme_hakki", deneme_hakki, en_az=1)
        self._bekleyen: deque[IsSinifi] = deque()
        self.basarisiz: list[IsSinifi] = []

    def gonder(self, is_: IsSinifi) -> None:
        Gunluk.ertele(is_.ad())
        self._bekleyen.append(is_)

    def bekleyen(self) -> int:
        return len(self._bekleyen)

    def isle(self) -> list[str]:
        """İşçi: kuyruk boşalana dek işleri baştan alır, hatayı yakalar, günlük döndürür."""
        gunluk: list[str] = []
        while self._bekleyen:
            is_ = self._bekleyen.popleft()
            is_.deneme += 1
            try:
                is_.calistir()
            except Exception as hata:
                gunluk.append(f"{is_.ad()} deneme {is_.deneme}: {type(hata).__name__}")
                if is_.deneme < self.deneme_hakki:
                    self._bekleyen.append(is_)
                else:
                    self.basarisiz.append(is_)
            else:
                gunluk.append(f"{is_.ad()} deneme {is_.deneme}: koştu")
        return gunluk


class YazilarDenetleyicisi:
    """Yazıyı kaydeder, küçük resim işini sürücüye verir; sürücünün türünü bilmez."""

    def __init__(self, surucu: Surucu) -> None:
        self.surucu = tur("surucu", surucu, Surucu)

    def kaydet(self, yazi_id: int) -> tuple[int, str]:
        Gunluk.yeni_istek()
        Gunluk.yola("kaydet")
        Gunluk.yola("kucukResim")
        Gunluk.kostu("kaydet")
        self.surucu.gonder(KucukResimIsi(yazi_id))
        return 201, "kaydedildi"
