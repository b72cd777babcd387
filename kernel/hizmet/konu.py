"""Konu servisi: her aboneliğin kendi kuyruğu; süzgeç abonelikte ya da tüketicide."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from kernel.dogrula import biri, tam_sayi, tur
from kernel.hizmet.ayarlar import EN_COK_TUKETICI, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.fanout import konu_kalemi
from kernel.hizmet.yuk import DERS_YUKU, KUMELER, Ileti, IsYuku, kume

SuzgecYeri = Literal["abonelik", "tuketici"]


@dataclass(frozen=True)
class Abonelik:
    """Bir abonelik: adı, ilgilendiği süre kümeleri (None: hepsi) ve süzgecin yeri."""

    ad: str
    kumeler: frozenset[str] | None = None
    suzgec: SuzgecYeri = "abonelik"

    def __post_init__(self) -> None:
        tur("ad", self.ad, str)
        if self.kumeler is not None:
            object.__setattr__(self, "kumeler", kume_adlari(self.kumeler))
        biri("suzgec", self.suzgec, get_args(SuzgecYeri))

    def ilgilenir(self, ileti: Ileti) -> bool:
        return self.kumeler is None or kume(ileti.sure) in self.kumeler


def kume_adlari(kumeler: object) -> frozenset[str]:
    """Süre kümelerinin adları; bir metin (harf harf okunurdu) ya da bilinmeyen ad reddedilir."""
    if isinstance(kumeler, str) or not isinstance(kumeler, Iterable):
        raise TypeError("kumeler küme adlarından oluşmalı (ör. frozenset({'toplu'})); "
                        f"verilen: {kumeler!r}")
    adlar = frozenset(kumeler)
    bilinenler = [k.ad for k in KUMELER]
    if bilinmeyen := sorted(map(repr, adlar - set(bilinenler))):
        raise ValueError(f"kumeler yalnız bilinen küme adlarını tutmalı ({', '.join(bilinenler)}); "
                         f"verilen: {', '.join(bilinmeyen)}")
    return adlar


ABONELIKLER: Final = tuple(Abonelik(ad) for ad in ("fatura", "arsiv", "egri", "uyari"))


@dataclass(frozen=True)
class AboneSonucu:
    """Bir aboneliğin kuyruğunda sayılanlar."""

    ad: str
    saklanan: int  # aboneliğin kuyruğuna yazılan ileti
    teslim: int
    bos_uyanma: int  # tüketicinin alıp ilgisiz diye attığı
    islenen: int


def olaylar(yuk: IsYuku = DERS_YUKU) -> list[Ileti]:
    """Konudan geçen olaylar: iş yükünün süreleri; fanout.mjs'deki gibi her teslim başarılı."""
    return [Ileti(sure) for sure in yuk.sureler]


def yayinla(abonelikler: Sequence[Abonelik] = ABONELIKLER, yuk: IsYuku = DERS_YUKU,
            gorunurluk: int = 120) -> list[AboneSonucu]:
    """Her olay her aboneliğe: süzgeç abonelikteyse ilgisiz olay kuyruğa hiç yazılmaz.

    Abonelikler birbirinden yalıtıktır: her biri kendi kuyruğunda, kendi tüketicileriyle koşar.
    """
    sonuclar = []
    for abonelik in abonelikler:
        tuketicide = abonelik.suzgec == "tuketici"
        yazilan = [o for o in olaylar(yuk) if tuketicide or abonelik.ilgilenir(o)]
        ilgi = abonelik.ilgilenir if tuketicide else None
        s = Benzetim(yazilan, gorunurluk, tuketiciler=Tuketiciler(ilgi=ilgi)).calistir()
        sonuclar.append(AboneSonucu(abonelik.ad, len(yazilan), s.teslim, s.bos_uyanma, s.islenen))
    return sonuclar


def ayar_kalemi(abonelikler: Sequence[Abonelik] = ABONELIKLER) -> int:
    """Konunun iki kalemi artı abonelik başına beş kuyruk kalemi ve bir süzgeç."""
    return konu_kalemi(len(abonelikler))


def kuyruk_paylasimi(tuketici: int = 4, yuk: IsYuku = DERS_YUKU,
                     gorunurluk: int = 120) -> tuple[int, ...]:
    """Aynı olaylar tek kuyrukta `tuketici` tüketiciye: her birinin aldığı teslim sayısı."""
    tuketiciler = Tuketiciler(sayi=tam_sayi("tuketici", tuketici, 1, EN_COK_TUKETICI))
    return Benzetim(olaylar(yuk), gorunurluk, tuketiciler=tuketiciler).calistir().tuketici_basina
