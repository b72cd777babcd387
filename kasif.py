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


# --- ders 03 ---
# Bu dersin içe aktarmaları kendi bölgesinde durur: bölgeler birbirine dokunmadan düzenlenir.
from dataclasses import dataclass  # noqa: E402

from kernel.ara_katman import AraKatman  # noqa: E402
from kernel.ara_katman_deney import ithalat_plani  # noqa: E402
from kernel.ara_katman_isci import Kayit  # noqa: E402
from kernel.ara_katman_ornek import IceAktarmaIsi, OrnekIs, Plan, akibetler, kos  # noqa: E402
from kernel.ara_katmanlar import (  # noqa: E402
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)

ZAMAN_ASIMLARI = ("yok", "Timeout", "DurustTimeout")
KILITLER = ("yok", "UniqueJob", "WithoutOverlapping")
COKEN = (8, 10, 700)  # çöken işin tedarikçisi, süresi ve aynı tedarikçinin sonraki işinin anı
AKIBET_SAYIMLARI = (("koştu", lambda a: a.sonuc == "koştu"),
                    ("atlandı", lambda a: a.sonuc == "atlandı"),
                    ("yeniden denenen", lambda a: a.donus > 0),
                    ("gömüldü", lambda a: a.sonuc == "gömüldü"))


@dataclass(frozen=True)
class AraKatmanSecimi:
    """Kaşifte seçilen ara katmanlar; varsayılanlar tohumun birleşik örneğidir."""

    zaman_asimi: str = "Timeout"  # ZAMAN_ASIMLARI'ndan biri
    seconds: int = 300
    istisna_kisma: bool = False
    max_attempts: int = 2
    decay_minutes: int = 1
    kilit: str = "WithoutOverlapping"  # KILITLER'den biri
    release_after: int = 600
    hiz_siniri: bool = True
    max: int = 5
    window: int = 60

    def katmanlar(self, tedarikci: int) -> list[AraKatman]:
        """Seçilenler, tohumun sırasıyla: zaman aşımı, istisna kısma, kilit, hız sınırı."""
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


def _olay(kayit: Kayit) -> tuple[str, int, str, str, str]:
    """İzin bir satırı tablo için: zaman, işçi, olay, ayrıntı, işin sonra nerede olduğu."""
    zaman = f"{kayit.an:g}" if kayit.bitis == kayit.an else f"{kayit.an:g}–{kayit.bitis:g}"
    sonra = ("gömüldü" if kayit.gomuldu else
             f"kuyrukta, t={kayit.hazir:g}" if kayit.hazir is not None else "—")
    return zaman, kayit.isci, kayit.satir(), kayit.ayrinti or "—", sonra


def ara_katman_tablosu(secim: AraKatmanSecimi, deneme_hakki: int = 3,
                       isci_sayisi: int = 2) -> str:
    """Yükü seçilen katmanlarla koşturur: sayımlar, her işin akıbeti ve olayların dökümü."""
    iz = kos(ara_katman_plani(secim), deneme_hakki, isci_sayisi).iz
    sonuc = akibetler(iz)
    return (tablo([ad for ad, _ in AKIBET_SAYIMLARI],
                  [[sum(map(say, sonuc.values())) for _, say in AKIBET_SAYIMLARI]])
            + tablo(("iş", "akıbet", "deneme", "kuyruğa dönüş"),
                    ((ad, a.sonuc, a.deneme, a.donus) for ad, a in sonuc.items()))
            + tablo(("t", "işçi", "olay", "ayrıntı", "sonra"), map(_olay, iz)))


def ara_katman_kasifi() -> Panel:
    """Ders 03: ara katmanları ve parametrelerini seç, içe aktarma yükünün akıbetini gör."""
    genislik, tohum = {"description_width": "10em"}, AraKatmanSecimi()

    def kaydirici(ad: str, en_az: int, en_cok: int, adim: int = 1) -> widgets.IntSlider:
        return widgets.IntSlider(value=getattr(tohum, ad), min=en_az, max=en_cok, step=adim,
                                 description=ad, style=genislik)

    def secenek(ad: str, secenekler: Sequence[str], etiket: str) -> widgets.Dropdown:
        return widgets.Dropdown(options=secenekler, value=getattr(tohum, ad),
                                description=etiket, style=genislik)

    def kutu(ad: str, etiket: str) -> widgets.Checkbox:
        return widgets.Checkbox(value=getattr(tohum, ad), description=etiket, style=genislik)

    secimler = {  # soğanın dışından içine
        "zaman_asimi": secenek("zaman_asimi", ZAMAN_ASIMLARI, "zaman aşımı"),
        "seconds": kaydirici("seconds", 50, 500, 50),
        "istisna_kisma": kutu("istisna_kisma", "ThrottlesExceptions"),
        "max_attempts": kaydirici("max_attempts", 1, 5),
        "decay_minutes": kaydirici("decay_minutes", 1, 10),
        "kilit": secenek("kilit", KILITLER, "kilit"),
        "release_after": kaydirici("release_after", 50, 1000, 50),
        "hiz_siniri": kutu("hiz_siniri", "RateLimited"),
        "max": kaydirici("max", 1, 8),
        "window": kaydirici("window", 10, 120, 10)}
    hak = widgets.IntSlider(value=3, min=1, max=5, description="deneme_hakki", style=genislik)
    isci = widgets.IntSlider(value=2, min=1, max=3, description="işçi sayısı", style=genislik)
    return _kasif([*secimler.values(), hak, isci], lambda: ara_katman_tablosu(
        AraKatmanSecimi(**{ad: denetim.value for ad, denetim in secimler.items()}),
        hak.value, isci.value))


# --- ders 04 ---

from kernel.hizmet.benzetim import Benzetim  # noqa: E402
from kernel.hizmet.gorunurluk import kosum  # noqa: E402
from kernel.hizmet.jsayi import tam_yuvarla  # noqa: E402
from kernel.hizmet.sonuc import SERVIS_KURALLARI, TOHUM_KURALLARI, Sonuc  # noqa: E402
from kernel.hizmet.yuk import TOHUM_YUKU  # noqa: E402

KALP_YOK = "yok"  # kalp kaydırıcısının ilk seçeneği: tüketici görünürlüğü hiç uzatmaz
TOHUM_SUTUNLARI = ("görünürlük", "çift işleme", "toplam teslim", "kurtarma gecikmesi",
                   "ölü kutuya düşme")
BENZETIM_SAYIMLARI: tuple[tuple[str, Callable[[Sonuc], object]], ...] = (
    ("teslim", lambda s: s.teslim),
    ("çift işlenen ileti", lambda s: s.cift),
    ("yazılan etki", lambda s: s.etki),
    ("uzatma", lambda s: s.uzatma),
    ("reddedilen uzatma", lambda s: s.reddedilen_uzatma),
    ("istek (teslim + uzatma)", lambda s: s.istek),
    ("ölü kutuya taşınan", lambda s: s.olu_tasinan),
    ("işlenirken taşınan", lambda s: s.islenirken_tasinan),
)


def gorunurluk_tablosu(gorunurluk: int, kalp: int | None) -> str:
    """Tohumun bu görünürlük süresindeki satırı; benzetimin sayımları, tohumun ve servisin
    kurallarıyla, tüketiciler `kalp` aralığıyla görünürlüğü uzatırken (None: uzatmaz)."""
    satir = kosum(TOHUM_YUKU, gorunurluk)
    sonuclar = [Benzetim(TOHUM_YUKU.iletiler(), gorunurluk, kurallar=kurallar,
                         kalp=kalp).calistir()
                for kurallar in (TOHUM_KURALLARI, SERVIS_KURALLARI)]
    baslik = f"kalp: her {kalp} birimde" if kalp else f"kalp: {KALP_YOK}"
    return (tablo(TOHUM_SUTUNLARI, [(gorunurluk, satir.cift, satir.teslim,
                                     tam_yuvarla(satir.bekleme), satir.olu)])
            + tablo((baslik, "tohumun kuralları", "servisin kuralları"),
                    ((ad, *(oku(s) for s in sonuclar)) for ad, oku in BENZETIM_SAYIMLARI)))


def gorunurluk_kasifi() -> Panel:
    """Ders 04: görünürlük süresini ve kalp aralığını seç, tohumun satırını ve benzetimi gör."""
    genislik = {"description_width": "8em"}  # etiketler kısalmadan sığsın
    sure = widgets.IntSlider(value=10, min=1, max=120, description="görünürlük",
                             style=genislik)
    kalp = widgets.SelectionSlider(options=[(KALP_YOK, 0), *((str(k), k) for k in range(1, 121))],
                                   value=0, description="kalp aralığı", style=genislik)
    return _kasif([sure, kalp], lambda: gorunurluk_tablosu(sure.value, kalp.value or None))


# --- ders 05 ---
# Bu dersin içe aktarmaları kendi bölgesinde durur: bölgeler birbirine dokunmadan düzenlenir.
import queue  # noqa: E402
from typing import Any  # noqa: E402

from kernel.yurutucu import (  # noqa: E402
    BirKezDuraklar, Gorev, HemenHazir, Hazir, Kanal, duraklayan,
)
from kernel.yurutucu_iz import YURUTUCULER, Adim, izle  # noqa: E402

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


def yurutucu_tablosu(turler: Mapping[str, str], yurutucu: str, adim: int | None = None) -> str:
    """İzin ilk `adim` satırı (None: hepsi), o ana dek her görevin yoklamaları, bitiş sırası."""
    iz = yurutucu_izi(turler, yurutucu)
    gorulen = iz if adim is None else iz[:adim]
    bitenler = [satir.gorev for satir in gorulen if isinstance(satir.yanit, Hazir)]
    yoklama = {ad: sum(satir.gorev == ad for satir in gorulen) for ad in turler}
    durum = {ad: "bitti" if ad in bitenler else "sürüyor" if yoklama[ad] else "yoklanmadı"
             for ad in turler}
    return (tablo(("adım", "görev", "kaçıncı yoklaması", "yanıt", "uyandırılan"),
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

    def izin_sonu(_: object = None) -> None:
        """Kaydırıcı izin sonuna dek gider; sondaysa yeni izin sonunda kalır."""
        sonda = adim.value == adim.max
        adim.max = len(yurutucu_izi(secilen(), yurutucu.value))
        if sonda:
            adim.value = adim.max

    for secim in (*turler.values(), yurutucu):  # _kasif'in ölçümünden önce çalışsın diye önce
        secim.observe(izin_sonu, names="value")
    izin_sonu()
    return _kasif([*turler.values(), yurutucu, adim], lambda: yurutucu_tablosu(
        secilen(), yurutucu.value, adim.value))
