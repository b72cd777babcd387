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
    """Yürütücü 2: bağlamına BosUyandirici koyar; (değer, yoklama)."""
    gelecek = gelecege_cevir(gorev)
    baglam = Baglam(BosUyandirici())
    yoklama = 0
    while True:
        yoklama += 1
        match gelecek.yokla(baglam):
            case Hazir(deger):
                return deger, yoklama


def iki_yurutucu() -> tuple[dict[tuple[str, str], tuple[str, int]], list[str]]:
    """Her görev türünü iki yürütücüyle birer kez koşturur ve bir tablo yazdırır.

    Döndürdüğü: {(tür, yürütücü): (değer, yoklama)} ve kanaldaki kayıtlar, sıralı."""
    kanal: Kanal = queue.Queue()
    turler = (BirKezDuraklar, HemenHazir)
    yurutuculer = {"kostur": kostur, "kostur_dongu": kostur_dongu}
    olcu = {(tur.__name__, ad): yurutucu(tur(f"{tur.__name__}/{ad}", kanal))
            for tur in turler for ad, yurutucu in yurutuculer.items()}
    kayitlar = sorted(kanaldakiler(kanal))
    evet_mi = {True: "evet", False: "hayır"}
    print(f"{'görev türü':<15}{'kostur':>7}{'kostur_dongu':>14}  eşit mi")
    for tur in turler:
        tek, dongu = (olcu[tur.__name__, ad][1] for ad in yurutuculer)
        print(f"{tur.__name__:<15}{tek:>7}{dongu:>14}  {evet_mi[tek == dongu]}")
    kendi_adi = all(deger == f"{tur}/{ad}" for (tur, ad), (deger, _) in olcu.items())
    print("her görevin değeri kendi adı mı:", evet_mi[kendi_adi])
    print(f"kanalda {len(kayitlar)} kayıt:", *kayitlar, sep="\n  ")
    return olcu, kayitlar
