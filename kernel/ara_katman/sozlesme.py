"""Ara katman sözleşmesi, ara katmanlı iş ve soğan boru hattı.

Modelin zamanı sanal bir saattir (saniye): yalnız işin gövdesi saati ilerletir, `sure` kadar.
Hiçbir şey duvar saatini okumaz, hiçbir şey uyumaz.
"""

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from kernel.ara_katman.ortam import Ortam
from kernel.isler import IsSinifi

Sonraki = Callable[["AraKatmanliIs"], None]


class AraKatman(ABC):
    """Bir ara katman: işi `sonraki`ne verir ya da vermez (kısa devre)."""

    @abstractmethod
    def isle(self, is_: "AraKatmanliIs", sonraki: Sonraki) -> None: ...


class AraKatmanliIs(IsSinifi):
    """Ara katmanlı iş: IsSinifi'ne ara katmanlarını, sanal süresini ve işleyicisini ekler."""

    sure: float = 0.0  # gövdenin sanal saatte sürdüğü saniye
    ortam: "Ortam"  # işçi her denemeden önce koşunun ortamını bağlar

    def ara_katmanlar(self) -> list[AraKatman]:
        return []

    def isleyici(self) -> str:
        """Sınırlayıcıların anahtarı: işin sınıf adı."""
        return type(self).__name__


def boru_hatti(katmanlar: Sequence[AraKatman], govde: Sonraki) -> Sonraki:
    """[A, B, C] ve gövdeden A(B(C(gövde))) kurar: işe önce A girer, işten en son A çıkar."""
    sonraki = govde
    for katman in reversed(katmanlar):
        sonraki = _sar(katman, sonraki)
    return sonraki


def _sar(katman: AraKatman, ic: Sonraki) -> Sonraki:
    def adim(is_: AraKatmanliIs) -> None:
        katman.isle(is_, ic)
    return adim


class IsciCoktu(BaseException):
    """İşçi süreci iş ortasında öldü.

    `Exception` değil: `except Exception` yazan ara katmanlar onu yakalamaz. Python yine de
    `finally` bloklarını çalıştırır; süreç ölmüş sayıldığı için `Ortam` o denemenin ardından
    gelen yazmalarını (kilit bırakma, günlük satırı) yok sayar.
    """
