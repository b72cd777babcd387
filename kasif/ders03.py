"""Ders 03: ara katmanları ve parametrelerini seç, içe aktarma yükünün akıbetini gör.

Sonuç, yükün zaman çizelgesi (`cizim.ders03`) ve altında tablolarıdır; ikisi de aynı koşudan."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.ders03 import kosu_sekli
from kasif.ortak import etkinken, kasif_paneli, tablo
from kernel.ara_katman.deneyler import ithalat_plani
from kernel.ara_katman.ornekler import IceAktarmaIsi, OrnekIs, Plan, akibetler, kos
from kernel.ara_katman.sozlesme import AraKatman
from kernel.ara_katman.surucu import IzKaydi
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)

ZAMAN_ASIMLARI = ("yok", "Timeout", "DurustTimeout")
KILITLER = ("yok", "UniqueJob", "WithoutOverlapping")
COKEN = (8, 10, 700)  # çöken işin tedarikçisi, süresi ve aynı tedarikçinin sonraki işinin anı
AKIBET_SAYIMLARI = (("tamamlandı", lambda a: a.sonuc == "tamamlandı"),
                    ("atlandı", lambda a: a.sonuc == "atlandı"),
                    ("yeniden denenen", lambda a: a.donus > 0),
                    ("gömüldü", lambda a: a.sonuc == "gömüldü"))

KATMAN_SATIRLARI: tuple[tuple[str, Callable[[Any], bool], tuple[str, ...]], ...] = (
    # (katmanı açan denetim, parametreleri ne zaman bir şey değiştirir, parametreleri)
    ("zaman_asimi", lambda secim: secim == "DurustTimeout", ("seconds",)),
    ("istisna_kisma", bool, ("max_attempts", "decay_minutes")),
    ("kilit", lambda secim: secim == "WithoutOverlapping", ("release_after",)),
    ("hiz_siniri", bool, ("max", "window")))


@dataclass(frozen=True)
class AraKatmanSecimi:
    """Kaşifte seçilen ara katmanlar; varsayılanlar Queuety belgelerinin birleşik örneğidir.

    İstisna kısma o örnekte yok. Eşiği üç: ikide kilit ömrü, dörtte katmanın kendisi hiçbir
    şey değiştirmez. Yükün istisnaları ilk iki dakikada biter, pencere ancak t=700'deki işe
    yetişir; bu yüzden pencere 20 dakikaya dek seçilebilir (eşik üçken 11'den başlayarak)."""

    zaman_asimi: str = "Timeout"  # ZAMAN_ASIMLARI'ndan biri
    seconds: int = 300
    istisna_kisma: bool = False
    max_attempts: int = 3
    decay_minutes: int = 1
    kilit: str = "WithoutOverlapping"  # KILITLER'den biri
    release_after: int = 600
    hiz_siniri: bool = True
    max: int = 5
    window: int = 60

    def katmanlar(self, tedarikci: int) -> list[AraKatman]:
        """Seçilenler, dıştan içe: zaman aşımı, istisna kısma, kilit, hız sınırı."""
        anahtar, katmanlar = f"import_supplier_{tedarikci}", list[AraKatman]()
        if self.zaman_asimi != "yok":
            zaman_asimi = Timeout if self.zaman_asimi == "Timeout" else DurustTimeout
            katmanlar.append(zaman_asimi(self.seconds))
        if self.istisna_kisma:
            katmanlar.append(ThrottlesExceptions(self.max_attempts, self.decay_minutes))
        if self.kilit != "yok":
            katmanlar.append(UniqueJob(anahtar) if self.kilit == "UniqueJob"
                             else WithoutOverlapping(anahtar, self.release_after))
        if self.hiz_siniri:
            katmanlar.append(RateLimited(self.max, self.window))
        return katmanlar


def ara_katman_plani(secim: AraKatmanSecimi) -> Plan:
    """Dersin içe aktarma yükü seçilen katmanlarla; sonunda çöken bir iş ve aynı
    tedarikçinin sonraki işi."""
    tedarikci, sure, sonra = COKEN
    isler = [(gecikme, is_.tedarikci_id, is_.ad(), is_.sure, is_.senaryo)
             for gecikme, is_ in ithalat_plani() if isinstance(is_, IceAktarmaIsi)]
    isler += [(0, tedarikci, f"tedarikçi {tedarikci}", sure, ["çökme"]),
              (sonra, tedarikci, f"tedarikçi {tedarikci} (yine)", sure, [])]
    return [(gecikme, OrnekIs(ad, sure, secim.katmanlar(no), senaryo))
            for gecikme, no, ad, sure, senaryo in isler]


def _olay(kayit: IzKaydi) -> tuple[str, int, str, str, str]:
    """İzdeki bir satır, tablo için: zaman, işçi, olay, ayrıntı, işin sonra nerede olduğu."""
    zaman = f"{kayit.an:g}" if kayit.bitis == kayit.an else f"{kayit.an:g}–{kayit.bitis:g}"
    sonra = ("gömüldü" if kayit.gomuldu else
             f"kuyrukta, t={kayit.hazir:g}" if kayit.hazir is not None else "—")
    return zaman, kayit.isci, kayit.satir(), kayit.ayrinti or "—", sonra


def ara_katman_tablosu(secim: AraKatmanSecimi, deneme_hakki: int = 3,
                       isci_sayisi: int = 2) -> str:
    """Yükü seçilen katmanlarla koşturur: şekli, sayımlar, her işin akıbeti ve olayların
    dökümü."""
    surucu = kos(ara_katman_plani(secim), deneme_hakki, isci_sayisi)
    iz, sonuc = surucu.iz, akibetler(surucu.iz)
    sekil = kosu_sekli("03-kasif", f"Seçilen katmanlarla yük, {isci_sayisi} işçi", {"": surucu})
    return (sekil.img() + tablo([ad for ad, _ in AKIBET_SAYIMLARI],
                  [[sum(map(say, sonuc.values())) for _, say in AKIBET_SAYIMLARI]])
            + tablo(("iş", "akıbet", "deneme", "kuyruğa dönüş"),
                    ((ad, a.sonuc, a.deneme, a.donus) for ad, a in sonuc.items()))
            + tablo(("t", "işçi", "olay", "ayrıntı", "sonra"), map(_olay, iz)))


def ara_katman_kasifi() -> Panel:
    """Ders 03: ara katmanları ve parametrelerini seç, içe aktarma yükünün akıbetini gör.

    Her katman bir öbektir: önce katmanı açan denetim, altında parametreleri, her denetim bir
    satırda (kaydırıcılar izlerine yer bulsun). Katman kapalıyken ya da model parametreye
    bakmıyorken (`Timeout` süreye bakmaz) parametre kapalıdır."""
    genislik, varsayilan = {"description_width": "initial"}, AraKatmanSecimi()
    hizali = {"description_width": "16em"}  # en uzun etiket kısalmadan sığsın, izler hizalansın

    def kaydirici(ad: str, etiket: str, en_az: int, en_cok: int,
                  adim: int = 1) -> widgets.IntSlider:
        return widgets.IntSlider(value=getattr(varsayilan, ad), min=en_az, max=en_cok,
                                 step=adim, description=etiket, style=hizali)

    def secenek(ad: str, secenekler: Sequence[str], etiket: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=secenekler, value=getattr(varsayilan, ad),
                                description=etiket, style=genislik)

    def kutu(ad: str, etiket: str) -> widgets.Checkbox:
        return widgets.Checkbox(value=getattr(varsayilan, ad), description=etiket,
                                indent=False, layout=widgets.Layout(width="auto"))

    def obek(denetimler: Sequence[widgets.Widget]) -> widgets.VBox:
        return widgets.VBox(list(denetimler), layout=widgets.Layout(margin="0 0 0.5em 0"))

    secimler = {  # soğanın dışından içine
        "zaman_asimi": secenek("zaman_asimi", ZAMAN_ASIMLARI, "zaman aşımı"),
        "seconds": kaydirici("seconds", "sınır, sn (seconds)", 50, 500, 50),
        "istisna_kisma": kutu("istisna_kisma", "istisna kısma (ThrottlesExceptions)"),
        "max_attempts": kaydirici("max_attempts", "eşik (max_attempts)", 1, 5),
        "decay_minutes": kaydirici("decay_minutes", "pencere, dk (decay_minutes)", 1, 20),
        "kilit": secenek("kilit", KILITLER, "kilit"),
        "release_after": kaydirici("release_after", "kilit ömrü, sn (release_after)", 50,
                                   1000, 50),
        "hiz_siniri": kutu("hiz_siniri", "hız sınırı (RateLimited)"),
        "max": kaydirici("max", "en çok (max)", 1, 8),
        "window": kaydirici("window", "pencere, sn (window)", 10, 120, 10)}
    hak = widgets.IntSlider(value=3, min=1, max=5, description="deneme hakkı", style=hizali)
    isci = widgets.IntSlider(value=2, min=1, max=3, description="işçi sayısı", style=hizali)
    obekler: list[widgets.Widget] = []
    for ana, etkin, bagimlilar in KATMAN_SATIRLARI:
        etkinken(secimler[ana], etkin, [secimler[ad] for ad in bagimlilar])
        obekler.append(obek([secimler[ana], *(secimler[ad] for ad in bagimlilar)]))
    return kasif_paneli([*secimler.values(), hak, isci], lambda: ara_katman_tablosu(
        AraKatmanSecimi(**{ad: denetim.value for ad, denetim in secimler.items()}),
        hak.value, isci.value), [*obekler, obek([hak, isci])])
