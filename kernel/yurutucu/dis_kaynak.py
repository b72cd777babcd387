"""Dışarıdan uyandırılan görev: kaynağını başka bir iş parçacığı hazırlar, uyandırıcıyı o çağırır.

Çekirdek uyumaz ve saate bakmaz: dış iş parçacığı, kaynak yeterince sorulana dek bir koşul
değişkeninde bekler. Tarayıcıda (Pyodide) iş parçacığı başlatılamaz; ölçüm orada yapılmaz.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass

from kernel.dogrula import tam_sayi
from kernel.yurutucu.korutin import Gorev
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Uyandirma, Yanit
from kernel.yurutucu.tek_gorev import kostur, kostur_dongu

IS_PARCACIGI_YOK = ("Bu ortamda iş parçacığı başlatılamıyor (tarayıcıdaki Pyodide'da "
                    "olduğu gibi); dışarıdan uyandırma ölçümü atlandı.")


class DisKaynak:
    """Başka bir iş parçacığının hazırladığı kaynak: görevler sorar, hazır değilse
    uyandırıcılarını bırakır; hazırlayan, hepsini çağırır."""

    def __init__(self, gorev_sayisi: int, esik: int) -> None:
        self.kosul = threading.Condition()
        self.gorev_sayisi = tam_sayi("gorev_sayisi", gorev_sayisi, en_az=1)
        self.esik = tam_sayi("esik", esik, en_az=0)
        self.soru = 0
        self.hazir = False
        self.uyandiricilar: dict[str, Uyandirma] = {}

    def sor(self, ad: str, uyandirici: Uyandirma) -> bool:
        """Kaynak hazır mı? Değilse görevin uyandırıcısını saklar."""
        with self.kosul:
            self.soru += 1
            if not self.hazir:
                self.uyandiricilar[ad] = uyandirici
                self.kosul.notify()
            return self.hazir

    def hazirla(self) -> None:
        """Dış iş parçacığının işi: her görev sorup toplam `esik` soru gelene dek bekler,
        sonra kaynağı hazırlar ve saklanan her uyandırıcıyı çağırır."""
        with self.kosul:
            self.kosul.wait_for(lambda: len(self.uyandiricilar) == self.gorev_sayisi
                                and self.soru >= self.esik)
            self.hazir = True
        for uyandirici in self.uyandiricilar.values():  # hazırken kimse eklenmez
            uyandirici.uyandir()


@dataclass
class KaynakBekleyen(Gelecek[str]):
    """Kaynak hazır olana dek Bekliyor der; kendini uyandırmaz, uyandırıcısını kaynağa bırakır."""

    ad: str
    kaynak: DisKaynak

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        if self.kaynak.sor(self.ad, baglam.uyandirici):
            return Hazir(self.ad)
        return Bekliyor()


def is_parcacigi_var() -> bool:
    """Bu ortamda bir iş parçacığı başlatılabiliyor mu? Pyodide'da start() hata verir."""
    deneme = threading.Thread(target=lambda: None)
    try:
        deneme.start()
    except RuntimeError:
        return False
    deneme.join()
    return True


def ayni_kaynakla(esik: int) -> dict[str, int]:
    """`kostur` ve `kostur_dongu` aynı anda, ayrı iş parçacıklarında, aynı dış kaynağı bekleyen
    birer görevle; üçüncü iş parçacığı kaynağı hazırlar. {yürütücü: yoklama}."""
    kaynak = DisKaynak(gorev_sayisi=2, esik=esik)
    yoklama: dict[str, int] = {}

    def kostur_ve_say(ad: str, yurutucu: Callable[[Gorev[str]], tuple[str, int]]) -> None:
        yoklama[ad] = yurutucu(KaynakBekleyen(ad, kaynak))[1]

    is_parcaciklari = [threading.Thread(target=kaynak.hazirla)] + [
        threading.Thread(target=kostur_ve_say, args=(ad, yurutucu))
        for ad, yurutucu in (("kostur", kostur), ("kostur_dongu", kostur_dongu))]
    for is_parcacigi in is_parcaciklari:
        is_parcacigi.start()
    for is_parcacigi in is_parcaciklari:
        is_parcacigi.join()
    return {ad: yoklama[ad] for ad in ("kostur", "kostur_dongu")}
