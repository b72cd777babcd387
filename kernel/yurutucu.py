"""Yürütücüler: gelecek sözleşmesi, iki elle yazılmış yürütücü ve onların koşturduğu görevler.

Yürütücü görevin ne ürettiğine karışmaz; yalnız `Bekliyor` yanıtından sonra görevi ne zaman
yeniden yoklayacağına karar verir.
"""

import queue
import threading
from abc import ABC, abstractmethod
from collections.abc import Coroutine, Generator
from dataclasses import dataclass
from typing import Any, Generic, TypeAlias, TypeVar

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
        self.korutin = korutin

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


class Uyandirici(Uyandirma):
    """Bir bayrak ve bir koşul değişkeni: kim uyandir() derse desin, bekleyen uyanır."""

    def __init__(self) -> None:
        self.hazir = False
        self.kosul = threading.Condition()

    def uyandir(self) -> None:
        with self.kosul:
            self.hazir = True
            self.kosul.notify()

    def bekle(self) -> None:
        """Bayrak kalkana dek koşul değişkeninde uyur (kalkmışsa hemen döner), bayrağı indirir."""
        with self.kosul:
            self.kosul.wait_for(lambda: self.hazir)
            self.hazir = False


def kostur(gorev: Gorev[T]) -> tuple[T, int]:
    """Yürütücü 1: Bekliyor yanıtından sonra uyandırılana kadar bekler; (değer, yoklama)."""
    gelecek = gelecege_cevir(gorev)
    uyandirici = Uyandirici()
    baglam = Baglam(uyandirici)
    yoklama = 0
    while True:
        yoklama += 1
        match gelecek.yokla(baglam):
            case Hazir(deger):
                return deger, yoklama
            case Bekliyor():
                uyandirici.bekle()


class BosUyandirici(Uyandirma):
    """Çağrılınca hiçbir şey yapmayan uyandırıcı."""

    def uyandir(self) -> None:
        pass


def kostur_dongu(gorev: Gorev[T]) -> tuple[T, int]:
    """Yürütücü 2: uyanmayı beklemez, Bekliyor yanıtından hemen sonra yeniden yoklar."""
    gelecek = gelecege_cevir(gorev)
    baglam = Baglam(BosUyandirici())
    yoklama = 0
    while True:
        yoklama += 1
        match gelecek.yokla(baglam):
            case Hazir(deger):
                return deger, yoklama


Kanal: TypeAlias = queue.Queue[str]  # iş parçacıkları arasında güvenli kanal


@dataclass
class BirKezDuraklar(Gelecek[str]):
    """İlk yoklamada uyandırıcısını çağırıp Bekliyor der; ikincide adını kanala yazar, biter."""

    ad: str
    kanal: Kanal
    duraklandi: bool = False

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        if self.duraklandi:
            self.kanal.put(self.ad)
            return Hazir(self.ad)
        self.duraklandi = True
        baglam.uyandirici.uyandir()
        return Bekliyor()


@dataclass
class HemenHazir(Gelecek[str]):
    """İlk yoklamada adını kanala yazar ve biter; uyandırıcıya hiç dokunmaz."""

    ad: str
    kanal: Kanal

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


def iki_yurutucu() -> tuple[dict[str, tuple[str, int]], list[str]]:
    """Aynı iki görev türü, iki yürütücü: ölçümü yazdırır; {ad: (değer, yoklama)}, kayıtlar."""
    kanal: Kanal = queue.Queue()
    deger_a1, yoklama_a1 = kostur(BirKezDuraklar("duraklar-kostur", kanal))
    deger_a2, yoklama_a2 = kostur_dongu(BirKezDuraklar("duraklar-dongu", kanal))
    deger_b1, yoklama_b1 = kostur(HemenHazir("hazir-kostur", kanal))
    deger_b2, yoklama_b2 = kostur_dongu(HemenHazir("hazir-dongu", kanal))
    kayitlar = sorted(kanaldakiler(kanal))

    print(f"bir kez duraklayan: kostur={yoklama_a1} kostur_dongu={yoklama_a2} "
          f"(deger {deger_a1} / {deger_a2})")
    print(f"hemen hazir:        kostur={yoklama_b1} kostur_dongu={yoklama_b2} "
          f"(deger {deger_b1} / {deger_b2})")
    print(f"ayni yoklama sayisi mi: duraklayan={yoklama_a1 == yoklama_a2} "
          f"hazir={yoklama_b1 == yoklama_b2}")
    print()
    print(f"kayitlar ({len(kayitlar)}):")
    for kayit in kayitlar:
        print(f"  {kayit}")
    olcu = {deger_a1: (deger_a1, yoklama_a1), deger_a2: (deger_a2, yoklama_a2),
            deger_b1: (deger_b1, yoklama_b1), deger_b2: (deger_b2, yoklama_b2)}
    return olcu, kayitlar
