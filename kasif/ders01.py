"""Ders 01: deneme hakkını ve işlerin kaç kez hata vereceğini seç, işçinin günlüğünü ve
denemelerin çizelgesini gör."""

from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.ders01 import isci_cizelgesi
from kasif.ortak import etkinken, kasif_paneli, tablo
from kernel.isler import BellekSurucusu, KirilganIs

ISLER = ("a", "b", "c")


def deneme_tablosu(deneme_hakki: int, hatalar: Mapping[str, int]) -> str:
    """İlk `hatalar[ad]` denemesinde hata veren işlerin denemeleri: günlükten çizilen çizelge,
    işçi günlüğü ve başarısız işler."""
    kuyruk = BellekSurucusu(deneme_hakki=deneme_hakki)
    for ad, hata in hatalar.items():
        kuyruk.gonder(KirilganIs(hata, ad=ad))
    gunluk = kuyruk.isle()
    basarisiz = ", ".join(is_.ad() for is_ in kuyruk.basarisiz) or "—"
    return (isci_cizelgesi("01-kasif", gunluk, kuyruk.basarisiz).img()
            + tablo(("sıra", "işçinin günlüğü"), enumerate(gunluk, start=1))
            + tablo(("başarısız işler",), [(basarisiz,)]))


def deneme_kasifi(isler: Sequence[str] = ISLER) -> Panel:
    """Ders 01: deneme hakkını ve işlerin kaç kez hata vereceğini seç; her değişiklikte
    çizelge ve günlük yeniden çizilir."""
    genislik = {"description_width": "9em"}  # etiketler kısalmadan sığsın
    hak = widgets.IntSlider(value=3, min=1, max=5, description="deneme hakkı", style=genislik)
    hatalar = {ad: widgets.IntSlider(value=i, min=0, max=6, description=f"{ad}: hatalı deneme",
                                     style=genislik)
               for i, ad in enumerate(isler)}

    def hatali_is_var(_: object) -> bool:
        """Hiçbir iş hata vermezse her iş ilk denemede koşar: hak hiçbir şeyi değiştirmez."""
        return any(kaydirici.value for kaydirici in hatalar.values())

    for hata in hatalar.values():
        etkinken(hata, hatali_is_var, [hak])
    return kasif_paneli([hak, *hatalar.values()], lambda: deneme_tablosu(
        hak.value, {ad: kaydirici.value for ad, kaydirici in hatalar.items()}))
