"""Çok görevli yürütücü: görevleri bir hazır kuyruğundan, uyandırıcıları çağrıldığı sırayla yoklar.

Yürütücü görevler arasındaki sırayı değiştirebilir; kendi durumuna bakıp kendini uyandıran bir
görevin kaç yoklama istediğini değil.
"""

import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from kernel.dogrula import tam_sayi
from kernel.yurutucu.korutin import Gorev, gelecege_cevir
from kernel.yurutucu.sozlesme import Baglam, Hazir, Uyandirma

T = TypeVar("T")


class HazirKuyrugu:
    """Yoklanmayı bekleyen görevlerin sıraları; iş parçacıkları arasında güvenli."""

    def __init__(self, gorev_sayisi: int) -> None:
        tam_sayi("gorev_sayisi", gorev_sayisi, en_az=0)
        self.kosul = threading.Condition()
        self._hazir = deque(range(gorev_sayisi))  # başta her görev bir kez hazırdır
        self._biten: set[int] = set()

    def koy(self, sira: int) -> None:
        """Görevi kuyruğun sonuna koyar; zaten kuyruktaysa ya da bittiyse bir şey yapmaz."""
        with self.kosul:
            if sira not in self._hazir and sira not in self._biten:
                self._hazir.append(sira)
                self.kosul.notify()

    def al(self) -> int:
        """Kuyruğun başındaki görev; kuyruk boşsa bir uyandırıcı çağrılana dek uyur."""
        with self.kosul:
            self.kosul.wait_for(lambda: self._hazir)
            return self._hazir.popleft()

    def bekleyenler(self) -> list[int]:
        """Kuyrukta sırasını bekleyenler, baştan sona; kuyruğa dokunmaz."""
        with self.kosul:
            return list(self._hazir)

    def bitir(self, sira: int) -> None:
        """Biten görev bir daha yoklanmaz: kuyruktan çıkar, uyandırıcısı boşa çağrılır."""
        with self.kosul:
            self._biten.add(sira)
            if sira in self._hazir:
                self._hazir.remove(sira)


@dataclass(frozen=True)
class KuyrukUyandiricisi(Uyandirma):
    """Bir görevin uyandırıcısı: çağrılınca görevin sırasını hazır kuyruğuna koyar."""

    kuyruk: HazirKuyrugu
    sira: int

    def uyandir(self) -> None:
        self.kuyruk.koy(self.sira)


@dataclass(frozen=True)
class Biten(Generic[T]):
    """Biten bir görev: verilen listedeki sırası, değeri ve kaç yoklamada bittiği."""

    sira: int
    deger: T
    yoklama: int


def kostur_kuyruk(gorevler: Sequence[Gorev[T]]) -> list[Biten[T]]:
    """Yürütücü 3: hazır kuyruğunun başındaki görevi yoklar; bitenler, bitiş sırasıyla.

    Kuyruk boşken bir uyandırıcı çağrılana dek uyur; bir görevin hatası çağırana olduğu gibi
    ulaşır, öteki görevler yarım kalır.
    """
    gelecekler = [gelecege_cevir(gorev) for gorev in gorevler]
    kuyruk = HazirKuyrugu(len(gelecekler))
    baglamlar = [Baglam(KuyrukUyandiricisi(kuyruk, sira)) for sira in range(len(gelecekler))]
    yoklama = [0] * len(gelecekler)
    biten: list[Biten[T]] = []
    while len(biten) < len(gelecekler):
        sira = kuyruk.al()
        yoklama[sira] += 1
        match gelecekler[sira].yokla(baglamlar[sira]):
            case Hazir(deger):
                kuyruk.bitir(sira)
                biten.append(Biten(sira, deger, yoklama[sira]))
    return biten
