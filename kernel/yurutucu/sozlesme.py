"""Gelecek sözleşmesi: yoklamanın iki yanıtı, uyandırıcı, bağlam ve gelecek.

Yürütücü görevin ne ürettiğine karışmaz; yalnız `Bekliyor` yanıtından sonra görevi ne zaman
yeniden yoklayacağına karar verir.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

T = TypeVar("T")
D = TypeVar("D", covariant=True)  # Hazir[str] bir Hazir[object]'tir


@dataclass(frozen=True)
class Hazir(Generic[D]):
    """Yoklamanın yanıtı: görev bitti, değeri bu."""

    deger: D


@dataclass(frozen=True)
class Bekliyor:
    """Yoklamanın yanıtı: görev henüz bitmedi; uyandırıcısının çağrılmasını sağladı."""


Yanit: TypeAlias = Hazir[T] | Bekliyor


class Uyandirma(ABC):
    """Uyandırıcı sözleşmesi: bekleyen bir görev yeniden yoklanmak istediğinde çağrılır."""

    @abstractmethod
    def uyandir(self) -> None: ...


@dataclass(frozen=True)
class Baglam:
    """Yoklamaya verilen bağlam: görevin uyandırıcısı."""

    uyandirici: Uyandirma


class Gelecek(ABC, Generic[T]):
    """Gelecek sözleşmesi: yoklanınca Hazir(değer) ya da Bekliyor() yanıtı verir.

    Bekliyor diyen gelecek, bağlamdaki uyandırıcının bir gün çağrılmasını sağlamalıdır.
    """

    @abstractmethod
    def yokla(self, baglam: Baglam) -> Yanit[T]: ...
