"""Korutinden geleceğe: `await Durakla()` bir yoklamalık durak, bağdaştırıcı bir send() eder."""

from collections.abc import Coroutine, Generator
from typing import Any, TypeAlias, TypeVar

from kernel.dogrula import tur
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Yanit

T = TypeVar("T")


class Durakla:
    """Korutinin beklediği durak: `await Durakla()` bir Bekliyor yanıtı, bir yoklama eder."""

    def __await__(self) -> Generator["Durakla", None, None]:
        yield self  # korutin burada durur; send() bu nesneyi döndürür

    def kur(self, baglam: Baglam) -> None:
        """Durakta uyandırıcıyı ayarlar: BirKezDuraklar gibi hemen çağırır."""
        baglam.uyandirici.uyandir()


class KorutinGelecegi(Gelecek[T]):
    """Bir `async def` korutinini sözleşmeye uydurur: bir yoklama, bir send()."""

    def __init__(self, korutin: Coroutine[Any, Any, T]) -> None:
        self.korutin = tur("korutin", korutin, Coroutine)

    def yokla(self, baglam: Baglam) -> Yanit[T]:
        try:
            durak = self.korutin.send(None)
        except StopIteration as son:  # korutin return etti: değer buradadır
            return Hazir(son.value)
        if not isinstance(durak, Durakla):
            raise TypeError(f"korutin yalnız Durakla'da durabilir, durduğu yer: {durak!r}")
        durak.kur(baglam)
        return Bekliyor()


Gorev: TypeAlias = Gelecek[T] | Coroutine[Any, Any, T]


def gelecege_cevir(gorev: Gorev[T]) -> Gelecek[T]:
    """Yürütücülerin ortak girişi: gelecek olduğu gibi kalır, korutin bağdaştırılır."""
    if isinstance(gorev, Gelecek):
        return gorev
    if isinstance(gorev, Coroutine):
        return KorutinGelecegi(gorev)
    raise TypeError(f"görev bir Gelecek ya da korutin olmalı, verilen: {type(gorev).__name__}")
