"""Ders 05: görevleri ve yürütücüyü seç, yoklamaları çekirdeğin iziyle adım adım izle; şekil
her değişiklikte yeniden çizilir."""

import queue
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.ders05 import kuyruk_cizelgesi, yoklama_cizelgesi
from kasif.ortak import kasif_paneli, tablo
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, Kanal, duraklayan
from kernel.yurutucu.iz import YURUTUCULER, Adim, izle
from kernel.yurutucu.korutin import Gorev
from kernel.yurutucu.sozlesme import Hazir

GorevKur = Callable[[str, Kanal], Gorev[Any]]  # (ad, kanal) -> görev


def _duraklayan(kez: int) -> GorevKur:
    def kur(ad: str, kanal: Kanal) -> Gorev[Any]:
        return duraklayan(ad, kez, kanal)
    return kur


GOREV_TURLERI: dict[str, GorevKur] = {"HemenHazir": HemenHazir, "BirKezDuraklar": BirKezDuraklar,
                                      **{f"duraklayan, {kez} kez": _duraklayan(kez)
                                         for kez in (1, 2, 3)}}  # seçenek -> görevi kurar
UC_GOREV = {"a": "duraklayan, 2 kez", "b": "HemenHazir", "c": "BirKezDuraklar"}  # ad -> tür


def yurutucu_izi(turler: Mapping[str, str], yurutucu: str) -> list[Adim]:
    """Türleri seçilmiş görevler, seçilen yürütücüyle: çekirdeğin izi."""
    kanal: Kanal = queue.Queue()
    return izle({ad: GOREV_TURLERI[tur](ad, kanal) for ad, tur in turler.items()}, yurutucu)


def yurutucu_sekilleri(iz: list[Adim], yurutucu: str, adim: int | None) -> str:
    """İzdeki ilk `adim` adım şekil olarak: yoklamalar; hazır kuyruğu olan yürütücüde kuyruk da."""
    sekiller = [yoklama_cizelgesi("05-kasif-yoklamalar", {yurutucu: iz},
                                  f"{yurutucu} ile yoklamalar, adım adım", goster=adim)]
    if yurutucu == "kostur_kuyruk":
        sekiller.append(kuyruk_cizelgesi("05-kasif-kuyruk", iz, "kostur_kuyruk'un hazır kuyruğu",
                                      goster=adim))
    return "".join(f"<div>{sekil.img()}</div>" for sekil in sekiller)


def yurutucu_tablosu(turler: Mapping[str, str], yurutucu: str, adim: int | None = None) -> str:
    """Şekil(ler), sonra izdeki ilk `adim` satır (None: hepsi), o ana dek her görevin yoklamaları,
    bitiş sırası."""
    iz = yurutucu_izi(turler, yurutucu)
    gorulen = iz if adim is None else iz[:adim]
    bitenler = [satir.gorev for satir in gorulen if isinstance(satir.yanit, Hazir)]
    yoklama = {ad: sum(satir.gorev == ad for satir in gorulen) for ad in turler}
    durum = {ad: "bitti" if ad in bitenler else "sürüyor" if yoklama[ad] else "yoklanmadı"
             for ad in turler}
    return (yurutucu_sekilleri(iz, yurutucu, adim)
            + tablo(("adım", "görev", "kaçıncı yoklaması", "yanıt", "uyandırılan"),
                  ((i, s.gorev, s.yoklama, s.yanit, ", ".join(s.uyandirilan) or "—")
                   for i, s in enumerate(gorulen, start=1)))
            + tablo(("görev", "kaç kez yoklandı", "durum"),
                    ((ad, yoklama[ad], durum[ad]) for ad in turler))
            + tablo(("adım", "bitiş sırası"), [(f"{len(gorulen)} / {len(iz)}",
                                                ", ".join(bitenler) or "—")]))


def yurutucu_kasifi(gorevler: Mapping[str, str] = UC_GOREV) -> Panel:
    """Ders 05: görevleri ve yürütücüyü seç, yoklamaları çekirdeğin iziyle adım adım izle."""
    turler = {ad: widgets.Dropdown(options=list(GOREV_TURLERI), value=tur, description=ad)
              for ad, tur in gorevler.items()}
    yurutucu = widgets.Dropdown(options=list(YURUTUCULER), value="kostur_kuyruk",
                                description="yürütücü")
    adim = widgets.IntSlider(value=0, min=0, max=0, description="adım")

    def secilen() -> dict[str, str]:
        return {ad: secim.value for ad, secim in turler.items()}

    def son_adima(_: object = None) -> None:
        """Kaydırıcı izdeki son adıma dek gider; sondaysa yeni izdeki son adımda kalır. İz boşken
        kaydırılacak adım yoktur: kaydırıcı kapalı durur."""
        sonda = adim.value == adim.max
        adim.max = len(yurutucu_izi(secilen(), yurutucu.value))
        if sonda:
            adim.value = adim.max
        adim.disabled = adim.max == 0

    for secim in (*turler.values(), yurutucu):  # panelin ölçümünden önce çalışsın
        secim.observe(son_adima, names="value")
    son_adima()
    return kasif_paneli([*turler.values(), yurutucu, adim], lambda: yurutucu_tablosu(
        secilen(), yurutucu.value, adim.value))
