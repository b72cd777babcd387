"""Derslerin kaşifleri: öğrenci denetimlerle oynar, çekirdek her değişiklikte yeniden ölçer.

Kaşif hiçbir kuralı kendisi hesaplamaz; çekirdeği çağırır ve sonucunu tabloya döker. Ölçüm,
öğrencinin `Gunluk`'üne dokunmamak için ayrı bir istekte yapılır.
"""

import html
from collections.abc import Callable, Iterable, Mapping, Sequence

import ipywidgets as widgets

from checks.display import Panel
from checks.exercises.kinds import own_request
from kernel.isler import BellekSurucusu, KirilganIs
from kernel.olaylar import Dagitici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import Gunluk, sinifla

KASIF_ONCESI = "[Kaşif: hücreyi çalıştırınca burada görünür; denetimlerle oynayın.]"
CAGRILAR = {"yola": "yola kondu", "kostu": "koştu", "ertele": "ertelendi"}
DINLEYICI_TURLERI = ("eşzamanlı", "kuyrukta", "durduran", "yanlış adla")
YANLIS_AD = "yazi.kaydedldi"  # bir harf eksik: hiçbir şey bu adı duyurmaz
TABLO = '<table style="border-collapse: separate; border-spacing: 1.5em 0.2em">'


def tablo(basliklar: Sequence[str], satirlar: Iterable[Sequence[object]]) -> str:
    """Satırlardan bir HTML tablosu; her hücre kaçışlanır."""
    def satir(hucreler: Sequence[object], etiket: str) -> str:
        return "<tr>" + "".join(f"<{etiket}>{html.escape(str(h))}</{etiket}>"
                                for h in hucreler) + "</tr>"
    return (TABLO + satir(basliklar, "th") + "".join(satir(s, "td") for s in satirlar)
            + "</table>")


def _kasif(denetimler: Sequence[widgets.Widget], olc: Callable[[], str],
           satirlar: Sequence[widgets.Widget] = ()) -> Panel:
    """Denetimler (ya da onları dizen `satirlar`) ve altlarında bir sonuç alanı; her
    değişiklikte `olc()` yeniden çalışır."""
    sonuc = widgets.HTML()

    def guncelle(_: object = None) -> None:
        with own_request():
            sonuc.value = olc()

    for denetim in denetimler:
        denetim.observe(guncelle, names="value")
    guncelle()
    return Panel([*(satirlar or denetimler), sonuc], KASIF_ONCESI)


PARCALAR = ("kaydet", "kucukResim", "eposta", "arama")
ISLER = ("a", "b", "c")
DINLEYICILER = {"arama": "eşzamanlı", "eposta": "kuyrukta", "bildirim": "yanlış adla",
                "rapor": "eşzamanlı"}  # ad -> başlangıçtaki tür


def siniflar_tablosu(cagrilar: Iterable[tuple[str, str]],
                     parcalar: Sequence[str] = PARCALAR) -> str:
    """(parça, Gunluk yöntemi) çağrılarından sonra her parçanın sınıfı ve üç liste."""
    for parca, cagri in cagrilar:
        getattr(Gunluk, cagri)(parca)
    listeler = (("yol", Gunluk.yol), ("kosan", Gunluk.kosan), ("ertelenen", Gunluk.ertelenen))
    return (tablo(("parça", "sinifla()"), ((p, sinifla(p)) for p in parcalar))
            + tablo(("liste", "içindekiler"), ((ad, ", ".join(liste) or "—")
                                               for ad, liste in listeler)))


def deneme_tablosu(deneme_hakki: int, hatalar: Mapping[str, int]) -> str:
    """İlk `hatalar[ad]` denemesinde hata veren işlerin işçi günlüğü ve başarısız işler."""
    kuyruk = BellekSurucusu(deneme_hakki=deneme_hakki)
    for ad, hata in hatalar.items():
        kuyruk.gonder(KirilganIs(hata, ad=ad))
    gunluk = kuyruk.isle()
    basarisiz = ", ".join(is_.ad() for is_ in kuyruk.basarisiz) or "—"
    return (tablo(("sıra", "işçinin günlüğü"), enumerate(gunluk, start=1))
            + tablo(("başarısız işler",), [(basarisiz,)]))


def dinleyici_tablosu(turler: Mapping[str, str]) -> str:
    """Türleri seçilmiş dinleyicilerle bir kayıt: yanıt anındaki sınıflar, etkiler, denetim."""
    etkiler: list[str] = []
    kuyruk = BellekSurucusu()
    dagitici = Dagitici(kuyruk)
    for ad, tur in turler.items():
        olay = YANLIS_AD if tur == "yanlış adla" else DuyuranDenetleyici.OLAY
        dagitici.dinle(olay, YazanDinleyici(ad, etkiler, kuyrukta=tur == "kuyrukta",
                                            durdurur=tur == "durduran"))
    yanit = DuyuranDenetleyici(dagitici).kaydet(7)
    siniflar = [(ad, sinifla(ad)) for ad in turler]
    istekte = len(etkiler)
    kuyruk.isle()
    uyarilar = [f"{ad} ← {olay!r}" for olay, ad in dagitici.duyurulmayanlar()] or ["—"]
    return (tablo(("dinleyici", f"yanıt {yanit[0]} anında"), siniflar)
            + tablo(("etki", "ne zaman"), ((etki, "istekte" if i < istekte else "işçide")
                                           for i, etki in enumerate(etkiler)))
            + tablo(("duyurulmayan olaya bağlı",), [(u,) for u in uyarilar]))


def siniflar_kasifi(parcalar: Sequence[str] = PARCALAR) -> Panel:
    """Ders 00: her parça için Gunluk çağrılarını seç, sinifla()'nın kararını gör."""
    kutular = {(parca, cagri): widgets.Checkbox(description=etiket, indent=False,
                                                layout=widgets.Layout(width="9em"))
               for parca in parcalar for cagri, etiket in CAGRILAR.items()}
    satirlar = [widgets.HBox([widgets.Label(parca, layout=widgets.Layout(width="8em")),
                              *(kutular[parca, cagri] for cagri in CAGRILAR)])
                for parca in parcalar]  # bir parça, bir satır
    return _kasif(list(kutular.values()), lambda: siniflar_tablosu(
        [cagri for cagri, kutu in kutular.items() if kutu.value], parcalar), satirlar)


def deneme_kasifi(isler: Sequence[str] = ISLER) -> Panel:
    """Ders 01: deneme hakkını ve işlerin kaç kez hata vereceğini seç, işçinin günlüğünü gör."""
    genislik = {"description_width": "9em"}  # etiketler kısalmadan sığsın
    hak = widgets.IntSlider(value=3, min=1, max=5, description="deneme_hakki", style=genislik)
    hatalar = {ad: widgets.IntSlider(value=i, min=0, max=6, description=f"{ad}: hatalı deneme",
                                     style=genislik)
               for i, ad in enumerate(isler)}
    return _kasif([hak, *hatalar.values()], lambda: deneme_tablosu(
        hak.value, {ad: kaydirici.value for ad, kaydirici in hatalar.items()}))


def dinleyici_kasifi(dinleyiciler: Mapping[str, str] = DINLEYICILER) -> Panel:
    """Ders 02: her dinleyicinin türünü seç, yanıt anındaki sınıfları ve etkileri gör."""
    turler = {ad: widgets.Dropdown(options=DINLEYICI_TURLERI, description=ad, value=tur)
              for ad, tur in dinleyiciler.items()}
    return _kasif(list(turler.values()), lambda: dinleyici_tablosu(
        {ad: secim.value for ad, secim in turler.items()}))
