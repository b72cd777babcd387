"""Ders 02: her dinleyicinin türünü seç, yanıt anındaki sınıfları ve etkileri gör."""

from collections.abc import Mapping

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.istek import istek_yolu
from kasif.ortak import kasif_paneli, tablo
from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import sinifla

DINLEYICI_TURLERI = ("eşzamanlı", "kuyrukta", "durduran", "yanlış adla")
YANLIS_AD = "yazi.kaydedldi"  # bir harf eksik: hiçbir şey bu adı duyurmaz
DINLEYICILER = {"arama": "eşzamanlı", "eposta": "kuyrukta", "bildirim": "yanlış adla",
                "rapor": "eşzamanlı"}  # ad -> başlangıçtaki tür


def dinleyici_tablosu(turler: Mapping[str, str]) -> str:
    """Türleri seçilmiş dinleyicilerle bir kayıt: isteğin yolu (şekil), yanıt anındaki
    sınıflar, etkiler, denetim."""
    etkiler: list[str] = []
    kuyruk = BellekSurucusu()
    dagitici = Dagitici(kuyruk)
    for ad, tur in turler.items():
        olay = YANLIS_AD if tur == "yanlış adla" else DuyuranDenetleyici.OLAY
        dagitici.dinle(olay, YazanDinleyici(ad, etkiler, kuyrukta=tur == "kuyrukta",
                                            durdurur=tur == "durduran"))
    yanit = DuyuranDenetleyici(dagitici).kaydet(7)
    siniflar = {ad: sinifla(ad) for ad in turler}
    istekte = len(etkiler)
    kuyruk.isle()
    uyarilar = [f"{ad} ← {olay!r}" for olay, ad in dagitici.duyurulmayanlar()] or ["—"]
    sekil = istek_yolu("02-kasif", siniflar, f"Yanıt {yanit[0]} anında dinleyicilerin sınıfları")
    return (sekil.img() + tablo(("dinleyici", f"yanıt {yanit[0]} anında"), siniflar.items())
            + tablo(("etki", "ne zaman"), ((etki, "istekte" if i < istekte else "işçide")
                                           for i, etki in enumerate(etkiler)))
            + tablo(("duyurulmayan olaya bağlı",), [(u,) for u in uyarilar]))


def dinleyici_kasifi(dinleyiciler: Mapping[str, str] = DINLEYICILER) -> Panel:
    """Ders 02: her dinleyicinin türünü seç, yanıt anındaki sınıfları ve etkileri gör."""
    turler = {ad: widgets.Dropdown(options=DINLEYICI_TURLERI, description=ad, value=tur)
              for ad, tur in dinleyiciler.items()}
    return kasif_paneli(list(turler.values()), lambda: dinleyici_tablosu(
        {ad: secim.value for ad, secim in turler.items()}))
