"""Ölçüm çekirdeği: beklenen bir parça bu istekte koştu mu?"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar, Final

SINIFLAR: Final = ("koştu", "ertelendi", "atlandı", "bağlanmadı")


class Gunluk:
    """Geçerli isteğin üç listesi; sınıf düzeyinde tutulur, her istekte sıfırlanır."""

    yol: ClassVar[list[str]] = []  # isteğin yoluna konan parçalar
    kosan: ClassVar[list[str]] = []  # istek içinde çağrılanlar
    ertelenen: ClassVar[list[str]] = []  # isteğin dışına bırakılanlar

    @classmethod
    def yeni_istek(cls) -> None:
        cls.yol, cls.kosan, cls.ertelenen = [], [], []

    @classmethod
    def yola(cls, parca: str) -> None:
        cls.yol.append(parca)

    @classmethod
    def kostu(cls, parca: str) -> None:
        cls.kosan.append(parca)

    @classmethod
    def ertele(cls, parca: str) -> None:
        cls.ertelenen.append(parca)


def sinifla(parca: str) -> str:
    """Parçanın sınıfı; listelere bu sırayla bakılır, ilk eşleşen kazanır."""
    if parca in Gunluk.kosan:
        return "koştu"
    if parca in Gunluk.ertelenen:
        return "ertelendi"
    if parca in Gunluk.yol:
        return "atlandı"
    return "bağlanmadı"


@contextmanager
def ayri_istek() -> Iterator[None]:
    """İçindekini kendi isteğinde koşturur; çıkınca Gunluk'ün listeleri eskisi gibidir."""
    onceki = Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen
    Gunluk.yeni_istek()
    try:
        yield
    finally:
        Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen = onceki
