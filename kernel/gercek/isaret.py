"""Görevlerle defter arasındaki işaretler: bir adlı boruda, geliş sırasıyla, satır satır.

Bir işaret tek satırlık bir olaydır: türü ve `ad=değer` alanları (`basladi is=rapor deneme=1`).
Görev `isaret_birak` ile yazar; kısa bir satır borudan bölünmeden ve yazıldığı sırayla geçer.
Defter `IsaretKanali.bekle` ile aradığı olayı cömert bir süre sınırıyla bekler ve gelen her olayı
sırasıyla `olaylar`da tutar; kendi yaptıklarını (bir işçiyi öldürmek gibi) `not_et` ile aynı
boruya yazar, olaylar gerçekleştikleri sırada kalır.

Bir görev `kapida_bekle` ile defter kapısını açana dek durabilir: kendi kapısını (bir adlı boru)
açar, sonra kapının yolunu taşıyan işaretini bırakır. Defter işareti gördüğünde kapı dinlenmektedir,
`kapiyi_ac` hiç beklemez; görev ölmüşse açılacak kapı yoktur ve bu bir hatadır, asılı kalma değil.
"""

import os
import shlex
import shutil
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

from kernel.gercek.surec import BEKLEME_SURESI, SatirOkuyucu


@dataclass(frozen=True)
class Olay:
    """Bir işaret: türü ve alanları."""

    tur: str
    alanlar: dict[str, str] = field(default_factory=dict)

    def satir(self) -> str:
        parcalar = [self.tur, *(f"{ad}={deger}" for ad, deger in self.alanlar.items())]
        return " ".join(shlex.quote(parca) for parca in parcalar)

    @classmethod
    def oku(cls, satir: str) -> "Olay":
        tur, *parcalar = shlex.split(satir)
        return cls(tur, dict(parca.split("=", 1) for parca in parcalar))

    def uyar(self, tur: str, alanlar: dict[str, object]) -> bool:
        return self.tur == tur and all(self.alanlar.get(ad) == str(deger)
                                       for ad, deger in alanlar.items())


def _kanali_kapat(fdler: tuple[int, int], klasor: str) -> None:
    for fd in fdler:
        os.close(fd)
    shutil.rmtree(klasor, ignore_errors=True)


class IsaretKanali:
    """Görevlerin işaretlerini yazdığı adlı boru; defter `bekle` ile okur.

    Kanal kendi yazma ucunu da açık tutar: hiç yazan olmadığında okuma ucu dosya sonu vermez,
    yalnızca gerçek bir satır geldiğinde okunur.
    """

    def __init__(self) -> None:
        self.klasor = tempfile.mkdtemp(prefix="kuyruk-isaret-")
        self.yol = os.path.join(self.klasor, "isaretler")
        os.mkfifo(self.yol)
        okuma = os.open(self.yol, os.O_RDONLY | os.O_NONBLOCK)
        self._yazma = os.open(self.yol, os.O_WRONLY)
        os.set_blocking(okuma, True)
        self._okuyucu = SatirOkuyucu(okuma, "işaret kanalı")
        self._kapat = weakref.finalize(self, _kanali_kapat, (okuma, self._yazma), self.klasor)

    def bekle(self, tur: str, /, sure: float = BEKLEME_SURESI, ne: str | None = None,
              **alanlar: object) -> Olay:
        """Türü `tur`, verilen alanları eşit ilk olayı bekler (bkz. `SatirOkuyucu.bekle`)."""
        def uyan(satir: str) -> bool:
            return Olay.oku(satir).uyar(tur, alanlar)
        aranan = Olay(tur, {ad: str(deger) for ad, deger in alanlar.items()}).satir()
        return Olay.oku(self._okuyucu.bekle(uyan, sure, ne or f"'{aranan}' işareti"))

    def geldi_mi(self, tur: str, /, **alanlar: object) -> bool:
        """Türü `tur`, alanları eşit bir olay şimdiye dek geldi mi? Beklemez, olayı tüketmez."""
        self._okuyucu.hazir_olani_oku()
        return any(olay.uyar(tur, alanlar) for olay in self.olaylar)

    @property
    def olaylar(self) -> list[Olay]:
        """Şimdiye dek okunan her olay, geliş sırasıyla."""
        return [Olay.oku(satir) for satir in self._okuyucu.okunan]

    def not_et(self, tur: str, /, **alanlar: object) -> None:
        """Defterin kendi olayını kanala yazar ve okur: öncekilerden sonra sıralanır."""
        satir = Olay(tur, {ad: str(deger) for ad, deger in alanlar.items()}).satir()
        os.write(self._yazma, (satir + "\n").encode())
        self._okuyucu.bekle(lambda okunan: okunan == satir, ne=f"'{satir}' notu")

    def kapiyi_ac(self, olay: Olay) -> None:
        """`kapida_bekle` ile bekleyen görevin kapısını açar; görev yoksa `KapidaKimseYok`."""
        try:
            kapi = os.open(olay.alanlar["kapi"], os.O_WRONLY | os.O_NONBLOCK)
        except OSError as hata:
            raise KapidaKimseYok(f"{olay.satir()}: kapıda bekleyen görev yok") from hata
        os.write(kapi, b"ac\n")
        os.close(kapi)

    def kapat(self) -> None:
        self._kapat()

    def __enter__(self) -> "IsaretKanali":
        return self

    def __exit__(self, *hata: object) -> None:
        self.kapat()


class KapidaKimseYok(RuntimeError):
    """Açılmak istenen kapıda bekleyen bir görev yok (görev ölmüş ya da hiç gelmemiş)."""


def isaret_birak(yol: str, tur: str, /, **alanlar: object) -> None:
    """Görevin tarafı: kanala tek satırlık bir olay yazar."""
    olay = Olay(tur, {ad: str(deger) for ad, deger in alanlar.items()})
    with open(yol, "w", encoding="utf-8") as kanal:
        kanal.write(olay.satir() + "\n")


def gorev_isaretleri(kanal: str, kutuphane: str) -> tuple[Callable[..., None],
                                                          Callable[..., None]]:
    """Bir kütüphanenin görevleri için `isaret(tur, ad, **alanlar)` ve `kapida(tur, ad,
    **alanlar)`: her işarete kütüphaneyi, görevin koştuğu sürecin numarasını ve anını ekler
    (`time.monotonic`: Linux'ta bütün süreçlerde aynı saat; yalnız iddia hücreleri okur)."""
    def alanlar_ile(ad: str, alanlar: dict[str, object]) -> dict[str, object]:
        return {"kutuphane": kutuphane, "ad": ad, "pid": os.getpid(), "an": time.monotonic(),
                **alanlar}

    def isaret(tur: str, ad: str, **alanlar: object) -> None:
        isaret_birak(kanal, tur, **alanlar_ile(ad, alanlar))

    def kapida(tur: str, ad: str, **alanlar: object) -> None:
        kapida_bekle(kanal, tur, **alanlar_ile(ad, alanlar))

    return isaret, kapida


def kapida_bekle(yol: str, tur: str, /, **alanlar: object) -> None:
    """Görevin tarafı: kendi kapısını açar, kapısıyla birlikte işaretini bırakır ve defter
    kapıyı açana dek bekler."""
    kapi = os.path.join(os.path.dirname(yol), f"kapi-{os.getpid()}-{threading.get_ident()}")
    os.mkfifo(kapi)
    fd = os.open(kapi, os.O_RDWR)  # hem okuyup hem yazan: açılış beklemez, okuma bekler
    try:
        isaret_birak(yol, tur, kapi=kapi, **alanlar)
        while os.read(fd, 64).find(b"\n") < 0:
            pass
    finally:
        os.close(fd)
        os.unlink(kapi)
