"""Kurucuların ortak denetimi: modelin anlamlandıramadığı bir değeri, parametresini adlandıran
Türkçe bir cümleyle reddeder. Her denetim kabul ettiği değeri olduğu gibi döndürür."""

import inspect
import math
from collections.abc import Collection
from typing import Any, TypeVar

T = TypeVar("T")


def tam_sayi(ad: str, deger: int, en_az: int, en_cok: int | None = None) -> int:
    """`en_az` ile (verildiyse) `en_cok` arasında bir tam sayı; True ve False sayı sayılmaz.
    Üst sınır, saatler sürecek ya da 2^53'ü aşıp hesabı bozacak boyları dışarıda tutar."""
    if isinstance(deger, bool) or not isinstance(deger, int):
        raise TypeError(f"{ad} bir tam sayı olmalı; verilen: {_ne(deger)}")
    if deger < en_az:
        raise ValueError(f"{ad} en az {en_az} olmalı; verilen: {deger}")
    if en_cok is not None and deger > en_cok:
        raise ValueError(f"{ad} en çok {en_cok} olabilir; verilen: {deger}")
    return deger


def eksi_degil(ad: str, deger: float) -> float:
    """Sıfır ya da sıfırdan büyük, sonlu bir sayı (saniye gibi)."""
    if _sayi(ad, deger) < 0:
        raise ValueError(f"{ad} en az 0 olmalı; verilen: {deger:g}")
    return deger


def sifirdan_buyuk(ad: str, deger: float) -> float:
    """Sıfırdan büyük, sonlu bir sayı (bir pencere ya da bir sınır gibi)."""
    if _sayi(ad, deger) <= 0:
        raise ValueError(f"{ad} sıfırdan büyük olmalı; verilen: {deger:g}")
    return deger


def tur(ad: str, deger: T, beklenen: type[Any]) -> T:
    """`beklenen` sınıfından (ya da bir alt sınıfından) bir nesne."""
    if not isinstance(deger, beklenen):
        raise TypeError(f"{ad} bir {beklenen.__name__} olmalı; verilen: {_ne(deger)}")
    return deger


def fonksiyon(ad: str, deger: T) -> T:
    """Çağrılabilir bir değer: bir fonksiyon, bir yöntem ya da bir lambda."""
    if not callable(deger):
        raise TypeError(f"{ad} bir fonksiyon olmalı; verilen: {_ne(deger)}")
    return deger


def biri(ad: str, deger: T, secenekler: Collection[T]) -> T:
    """Seçeneklerden biri."""
    if deger not in secenekler:
        raise ValueError(f"{ad} şunlardan biri olmalı: {', '.join(map(repr, secenekler))}; "
                         f"verilen: {deger!r}")
    return deger


def _sayi(ad: str, deger: float) -> float:
    if isinstance(deger, bool) or not isinstance(deger, int | float):
        raise TypeError(f"{ad} bir sayı olmalı; verilen: {_ne(deger)}")
    if isinstance(deger, float) and not math.isfinite(deger):  # bir int hep sonludur
        raise ValueError(f"{ad} sonlu bir sayı olmalı; verilen: {deger}")
    return deger


def _ne(deger: object) -> str:
    """Reddedilen değer, öğrencinin tanıyacağı biçimde: sınıfın kendisi verildiyse o söylenir."""
    if isinstance(deger, type):
        return f"{deger.__name__} sınıfının kendisi (bir örneği için {deger.__name__}() yazın)"
    if inspect.isfunction(deger):
        return f"{deger.__name__} işlevinin kendisi (çağrısı için {deger.__name__}(...) yazın)"
    if type(deger).__repr__ is object.__repr__:  # bellek adresi yazmasın
        return f"bir {type(deger).__name__} nesnesi"
    return f"{deger!r} ({type(deger).__name__})"
