"""Kovalı olay yığını: kuyruğun görünürlük anları da benzetimin olay takvimi de bunu kullanır."""

import bisect
import heapq
from operator import neg
from typing import Generic, TypeVar

V = TypeVar("V")


class Takvim(Generic[V]):
    """Olaylar anlarının sırasıyla çıkar; aynı andakiler tek kovada, eklenme sırasıyla.

    Yığında yalnız ayrı anlar durur: aynı ana düşen binlerce olay yığını büyütmez.
    `dizili_bas()` baş kovayı bir kez büyükten küçüğe dizer; o kovaya sonradan gelen yerine girer.
    """

    __slots__ = ("_anlar", "_kovalar", "_dizili")

    def __init__(self) -> None:
        self._anlar: list[float] = []
        self._kovalar: dict[float, list[V]] = {}
        self._dizili: float | None = None  # dizilmiş baş kovanın anı

    def __bool__(self) -> bool:
        return bool(self._anlar)

    def ekle(self, an: float, veri: V) -> None:
        kova = self._kovalar.get(an)
        if kova is None:
            self._kovalar[an] = [veri]
            heapq.heappush(self._anlar, an)
        elif an == self._dizili:
            bisect.insort(kova, veri, key=neg)  # type: ignore[arg-type]  # dizilen kova sayı tutar
        else:
            kova.append(veri)

    def ilk(self) -> float:
        """Baş kovanın anı; takvim boşsa IndexError."""
        return self._anlar[0]

    def cek(self) -> list[V]:
        """Baş kovayı takvimden çıkarır ve verir."""
        an = heapq.heappop(self._anlar)
        if an == self._dizili:
            self._dizili = None
        return self._kovalar.pop(an)

    def anindakiler(self, an: float) -> list[V]:
        """`an` anı baştaysa onun kovasını çıkarır ve verir; değilse boş liste."""
        return self.cek() if self._anlar and self._anlar[0] == an else []

    def dizili_bas(self) -> list[V]:
        """Baş kova, büyükten küçüğe dizili: en küçüğü sondadır, `pop()` önce onu çıkarır."""
        an = self._anlar[0]
        kova = self._kovalar[an]
        if self._dizili != an:
            kova.sort(reverse=True)
            self._dizili = an
        return kova
