"""Ders 00: her parça için Gunluk çağrılarını seç, sinifla()'nın kararını gör."""

from collections.abc import Iterable, Sequence

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.istek import istek_yolu
from kasif.ortak import kasif_paneli, tablo
from kernel.olcum import Gunluk, sinifla

CAGRILAR = {"yola": "yola kondu", "kostu": "koştu", "ertele": "ertelendi"}
PARCALAR = ("kaydet", "kucukResim", "eposta", "arama")


def siniflar_tablosu(cagrilar: Iterable[tuple[str, str]],
                     parcalar: Sequence[str] = PARCALAR) -> str:
    """(parça, Gunluk yöntemi) çağrılarından sonra isteğin yolu (şekil), her parçanın sınıfı
    ve üç liste."""
    for parca, cagri in cagrilar:
        getattr(Gunluk, cagri)(parca)
    siniflar = {parca: sinifla(parca) for parca in parcalar}
    listeler = (("yol", Gunluk.yol), ("kosan", Gunluk.kosan), ("ertelenen", Gunluk.ertelenen))
    sekil = istek_yolu("00-kasif", siniflar, "Kaşifteki isteğin parçaları ve sınıfları")
    return (sekil.img() + tablo(("parça", "sinifla()"), siniflar.items())
            + tablo(("liste", "içindekiler"), ((ad, ", ".join(liste) or "—")
                                               for ad, liste in listeler)))


def siniflar_kasifi(parcalar: Sequence[str] = PARCALAR) -> Panel:
    """Ders 00: her parça için Gunluk çağrılarını seç, sinifla()'nın kararını gör."""
    kutular = {(parca, cagri): widgets.Checkbox(description=etiket, indent=False,
                                                layout=widgets.Layout(width="9em"))
               for parca in parcalar for cagri, etiket in CAGRILAR.items()}
    satirlar = [widgets.HBox([widgets.Label(parca, layout=widgets.Layout(width="8em")),
                              *(kutular[parca, cagri] for cagri in CAGRILAR)])
                for parca in parcalar]  # bir parça, bir satır
    return kasif_paneli(list(kutular.values()), lambda: siniflar_tablosu(
        [cagri for cagri, kutu in kutular.items() if kutu.value], parcalar), satirlar)
