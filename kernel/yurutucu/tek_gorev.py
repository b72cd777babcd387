"""Tek görev koşturan iki elle yazılmış yürütücü ve ikisini aynı görevlerle karşılaştıran deney."""

import queue
import threading
from typing import TypeVar

from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, Kanal, kanaldakiler
from kernel.yurutucu.korutin import Gorev, gelecege_cevir
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Hazir, Uyandirma

T = TypeVar("T")


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
