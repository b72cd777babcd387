"""Ders 06: kütüphaneyi, onayı ve havuzu seç; işçi görevin ortasında ölünce ya da görev
görünürlük süresini aşınca modellerin söylediğini, dersin son gerçek koşusunun yanında gör: bir
şekilde olay olay, altında sayımlarıyla.

Gerçek süreç başlatmaz, kuyruk kütüphanesini yüklemez (tarayıcıda da çalışır): modellerin
söylediğini çekirdekten (`kernel.gercek.tahmin`) alır, dersin ölçtüğü sonuçları okur."""

import html
from collections.abc import Sequence
from typing import Final, Literal

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.ders06 import olay_sirasi
from cizim.sekil import Sekil
from kasif.ortak import etkinken, kasif_paneli, tablo
from kernel.gercek.onay import Ayar, akibet, onay_ani
from kernel.gercek.sonuclar import Adim, GorunurlukSonucu, OlumSonucu
from kernel.gercek.tahmin import (BIRIM, DURUMLAR, OLUM, Tahmin, gorev_suresi,
                                  kuyrukta_kalir, modelin_tahmini)

KITAPLIKLAR: Final[dict[str, Literal["huey", "celery"]]] = {  # seçenek -> Ayar.kutuphane
    "Huey": "huey", "Celery": "celery"}
HAVUZLAR: Final = ("prefork", "solo")
ONAY_SOZLERI: Final = {"alirken": "işçi alırken", "baslarken": "görev başlarken",
                       "bitince": "görev bitince"}  # onay_ani -> tabloda
YOK: Final = "—"
SAYIMLAR: Final = ("görev başladı (teslim)", "görev bitti (yazılan etki)",
                   "aynı anda birden çok işçide (çift işlenen)")  # model ve gerçek yan yana
SEKIL_ADI: Final = "06-kasif"
MODEL_BLOGU, GERCEK_BLOGU = "model", "son gerçek koşu"  # şeklin blokları
# Dersin görünürlük deneyi: Celery acks_late (prefork), iki işçi; ilk koşu görünürlük süresini
# iki kez aşar (ileti öteki işçiye verilip kuyruğa bir kez daha dönene dek), sonra biter. Kaşif
# onu bu oranların yanına koyar.
OLCULEN_AYAR: Final = Ayar("celery", acks_late=True)
OLCULEN_ISCI: Final = 2
OLCULEN_ORAN: Final = (2.0, 3.0)  # alt sınır hariç, üst sınır dahil
Kosu = OlumSonucu | GorunurlukSonucu


def son_kosu(ayar: Ayar, durum: str, oran: float, isci: int, olumler: Sequence[OlumSonucu],
             gorunurluk: GorunurlukSonucu | None) -> Kosu | None:
    """Dersin bu ayar ve durumdaki son gerçek koşusu; koşmadıysa None."""
    if durum == OLUM:
        return {olum.ayar: olum for olum in olumler}.get(ayar.ad)
    alt, ust = OLCULEN_ORAN
    if (gorunurluk is None or ayar.ad != OLCULEN_AYAR.ad or isci != OLCULEN_ISCI
            or not alt < gorev_suresi(oran) / BIRIM <= ust):
        return None
    return gorunurluk


def _isciler_sirayla(adimlar: Sequence[Adim]) -> list[tuple[int, str]]:
    """Adımlar, işçiler ilk görünme sıralarıyla numaralanmış: iki koşu adlardan bağımsız
    karşılaştırılsın."""
    sira: dict[str, int] = {}
    return [(sira.setdefault(adim.kim, len(sira)), adim.ne) for adim in adimlar]


def ayrisiyor(model: Sequence[Adim], gercek: Sequence[Adim]) -> bool:
    """Gerçek koşunun olayları, modelinkilerden başka ya da başka sırada mı."""
    return _isciler_sirayla(model) != _isciler_sirayla(gercek)


def gercek_sekli(ayar: Ayar, tahmin: Tahmin, gercek: Kosu | None) -> Sekil:
    """Şekil: modelin adımları bir blok; dersin bu ayarı ölçtüğü koşu (adımları kaydedildiyse)
    altında ikinci blok. Başlık, ikisi ayrışıyorsa bunu söyler."""
    bloklar: list[tuple[str, Sequence[Adim]]] = [(MODEL_BLOGU, tahmin.adimlar)]
    if gercek is None or not gercek.adimlar:
        baslik = f"{ayar.ad}: modelin söylediği, olay sırasıyla"
    else:
        bloklar.append((GERCEK_BLOGU, gercek.adimlar))
        baslik = (f"{ayar.ad}: son gerçek koşu modelden ayrılıyor"
                  if ayrisiyor(tahmin.adimlar, gercek.adimlar)
                  else f"{ayar.ad}: model ve son gerçek koşu, olay sırasıyla")
    return olay_sirasi(bloklar, SEKIL_ADI, baslik=baslik)


def notlar(ayar: Ayar, durum: str, oran: float, isci: int, tahmin: Tahmin,
           gercek: Kosu | None, olcum_var: bool) -> list[str]:
    """Tabloların altındaki cümleler: modelin neyi koştuğu, gerçek koşunun nereden geldiği;
    şeklin iki bloğu ayrışıyorsa ya da gerçek koşunun adımları yoksa bu da."""
    if tahmin.sonuc is None:
        ilk = (f"İleti {ONAY_SOZLERI[onay_ani(ayar)]} kuyruktan gider, görev bitmeden: ders "
               "04'ün modelinin yeniden vereceği bir ileti kalmaz.")
    elif durum == OLUM:
        ilk = ("Ders 04'ün modelinde ilk tüketici iletiyi alınca ölür; ileti görünürlük süresi "
               f"({BIRIM} birim) dolunca, ölenin yerine gelen tüketiciye yeniden verilir.")
    else:
        ilk = (f"Ders 04'ün modelinde görünürlük {BIRIM} birim, görev "
               f"{gorev_suresi(oran)} birim sürer; {isci} tüketici bekler.")
    if not olcum_var:
        return [ilk, "Kaşife dersin ölçümleri verilmedi: yalnız modeller."]
    if gercek is not None:
        cumleler = [ilk, "Son gerçek koşu, dersin bu ayarla ölçtüğüdür; gerçek koşu çift "
                         "işlemeyi ayrıca saymaz."]
        if not gercek.adimlar:
            cumleler.append("Son gerçek koşunun adımları kaydedilmemiş: şekilde yalnız model.")
        elif ayrisiyor(tahmin.adimlar, gercek.adimlar):
            cumleler.append("Şekilde son gerçek koşu modelden ayrılıyor: olayları modelin "
                            "söylediği olaylar değil ya da aynı sırada değil.")
        return cumleler
    if durum == OLUM:
        return [ilk, "Ders bu ayarı gerçek süreçlerle koşmadı."]
    alt, ust = OLCULEN_ORAN
    return [ilk, f"Ders bu durumu yalnız {OLCULEN_AYAR.ad} ve {OLCULEN_ISCI} işçiyle, oran "
                 f"{alt:g}'den büyük ve en çok {ust:g} iken gerçek süreçlerle koştu."]


def gercek_tablosu(ayar: Ayar, durum: str, oran: float = 1.5, isci: int = 2,
                   olumler: Sequence[OlumSonucu] = (),
                   gorunurluk: GorunurlukSonucu | None = None) -> str:
    """Şekil: modelin adımları ve dersin son gerçek koşusununkiler, olay sırasıyla. Altında
    onay modelinin satırı (iletinin kuyruktan gittiği an, ölen işçinin görevinin akıbeti); ders
    04'ün modelinin ve son gerçek koşunun sayımları yan yana; en altta notlar."""
    tahmin = modelin_tahmini(ayar, durum, oran, isci)  # bilinmeyen durumu çekirdek reddeder
    gercek = son_kosu(ayar, durum, oran, isci, olumler, gorunurluk)
    model = tahmin.sonuc
    modelde = (model.teslim, model.etki, model.cift) if model is not None else (YOK,) * 3
    gercekte = ((gercek.baslama, gercek.bitis, YOK) if gercek is not None
                else (YOK,) * 3)  # gerçek koşuda çift işleme sayılmadı
    sayimlar = zip(SAYIMLAR, modelde, gercekte, strict=True)
    return (gercek_sekli(ayar, tahmin, gercek).img()
            + tablo(("ayar", "ileti kuyruktan gider", "işçi ölürse görev"),
                    [(ayar.ad, ONAY_SOZLERI[onay_ani(ayar)], akibet(ayar))])
            + tablo(("", "ders 04'ün modeli", "son gerçek koşu"), sayimlar)
            + "".join(f"<p>{html.escape(cumle)}</p>" for cumle in notlar(
                ayar, durum, oran, isci, tahmin, gercek,
                bool(olumler) or gorunurluk is not None)))


def gercek_kasifi(olumler: Sequence[OlumSonucu] = (),
                  gorunurluk: GorunurlukSonucu | None = None) -> Panel:
    """Ders 06: kütüphaneyi, onayı, havuzu ve durumu seç; modellerin söylediğini dersin son
    gerçek koşusunun (`olumler`, `gorunurluk`; verilmezse yalnız modeller) yanında gör.

    Huey'de `acks_late` ve havuz, ölümde oran ve işçi sayısı kapalıdır; görünürlük aşılırken
    de ileti görev bitmeden kuyruktan gidiyorsa ikisi hiçbir şeyi değiştirmez, kapalı durur."""
    hizali = {"description_width": "9em"}  # etiketler kısalmadan sığsın, izler hizalansın
    kitaplik = widgets.Dropdown(options=list(KITAPLIKLAR), value="Celery",
                                description="kütüphane", style=hizali)
    gec_onay = widgets.Checkbox(value=True, description="geç onay (acks_late)", indent=False,
                                layout=widgets.Layout(width="auto"))
    havuz = widgets.Dropdown(options=list(HAVUZLAR), value="prefork", description="havuz",
                             style=hizali)
    durum = widgets.RadioButtons(options=list(DURUMLAR), value=OLUM, description="durum",
                                 style=hizali, layout=widgets.Layout(width="auto"))
    oran = widgets.FloatSlider(value=1.5, min=0.5, max=4, step=0.5,
                               description="süre / görünürlük", style=hizali)
    isci = widgets.IntSlider(value=2, min=1, max=3, description="işçi sayısı", style=hizali)

    def secilen() -> Ayar:
        return Ayar(KITAPLIKLAR[kitaplik.value], gec_onay.value, havuz.value)

    def adima(_: object = None) -> None:
        """Elle yazılan oran da bir adıma oturur: kaydırıcı, modelin koştuğu oranı gösterir."""
        oran.value = gorev_suresi(oran.value) / BIRIM

    def esle(_: object = None) -> None:
        """Oran ve işçi sayısı, yalnız ders 04'ün modeli görünürlüğü aşan görevi koşarken bir
        şey değiştirir."""
        oran.disabled = isci.disabled = durum.value == OLUM or not kuyrukta_kalir(secilen())

    etkinken(kitaplik, lambda ad: ad == "Celery", [gec_onay, havuz])  # Huey'de anlamsızlar
    oran.observe(adima, names="value")  # panelin ölçümünden önce çalışsın
    for denetim in (kitaplik, gec_onay, havuz, durum):
        denetim.observe(esle, names="value")
    esle()
    return kasif_paneli([kitaplik, gec_onay, havuz, durum, oran, isci], lambda: gercek_tablosu(
        secilen(), durum.value, oran.value, isci.value, olumler, gorunurluk))
