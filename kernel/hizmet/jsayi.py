"""JavaScript'in sayı kuralları: uyarlanan dersin tabloları çift duyarlıklı sayılarla basıldı."""

import math
from decimal import Decimal
from typing import Final

KESIN_SINIR: Final = 2**53  # bu sınıra kadar her tam sayı çift duyarlıkta tam tutulur


def kesin(ad: str, deger: int) -> int:
    """`deger` JavaScript'te tam tutulabiliyorsa aynen döndürür, tutulamıyorsa ValueError.

    Sınırın altındaki tam sayılarla Python'un tam aritmetiği JavaScript'inkiyle aynı sonucu verir.
    """
    if abs(deger) > KESIN_SINIR:
        raise ValueError(f"{ad} {deger}: 2^53'ü aşıyor, JavaScript bu sayıyı tam tutamaz")
    return deger


def metin(x: float) -> str:
    """String(x), x sonlu: en kısa basamaklar; 1e-6 ile 1e21 arası düz, dışı üslü yazılır.

    2^53'ün üstündeki tam sayı da en kısa basamaklarla ve sıfırlarla yazılır, tam değeriyle değil.
    """
    if x.is_integer() and abs(x) < KESIN_SINIR:
        return str(int(x))
    if 1e-6 <= abs(x) < 1e21:
        return format(Decimal(repr(x)).normalize(), "f")  # repr en kısa basamakları verir
    mantis, us = repr(x).split("e")
    return f"{mantis}e{int(us):+d}"  # Python 1e-07 yazar, JavaScript 1e-7


def tam_yuvarla(x: float) -> str:
    """x.toFixed(0), x ≥ 0 için: en yakın tam sayı, tam ortada büyüğü; NaN olduğu gibi.

    Python'un round()'u ortadakini çift sayıya yuvarlar: 58.5 JavaScript'te 59, round'da 58.
    """
    if math.isnan(x):
        return "NaN"
    taban = math.floor(x)
    return str(taban + 1 if x - taban >= 0.5 else taban)
