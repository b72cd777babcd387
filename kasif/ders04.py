"""Ders 04: görünürlük süresini ve kalp atışını seç; beş iletinin zaman çizelgesini, sayımın
satırını ve benzetimi gör."""

import html
from collections.abc import Callable

import ipywidgets as widgets

from checks.student.display import Panel
from cizim.ders04 import ORNEKLER, ileti_cizelgesi
from cizim.sekil import Sekil
from kasif.ortak import etkinken, kasif_paneli, tablo
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import kosum
from kernel.hizmet.jsayi import tam_yuvarla
from kernel.hizmet.sonuc import SAYIM_KURALLARI, SERVIS_KURALLARI, Sonuc
from kernel.hizmet.yuk import DERS_YUKU

SAYIM_SUTUNLARI = ("görünürlük", "çift işleme", "toplam teslim", "kurtarma gecikmesi",
                   "ölü mektup kutusuna düşme")
BENZETIM_SAYIMLARI: tuple[tuple[str, Callable[[Sonuc], object]], ...] = (
    ("teslim", lambda s: s.teslim),
    ("çift işlenen ileti", lambda s: s.cift),
    ("yazılan etki", lambda s: s.etki),
    ("uzatma", lambda s: s.uzatma),
    ("reddedilen uzatma", lambda s: s.reddedilen_uzatma),
    ("istek (alma + uzatma + silme)", lambda s: s.istek),
    ("ölü mektup kutusuna taşınan", lambda s: s.olu_tasinan),
    ("işlenirken taşınan", lambda s: s.islenirken_tasinan),
)


def oneri(gorunurluk: int) -> str:
    """Önerilen kalp aralığı: görünürlüğün yarısı (AWS SQS'in 2 dakikaya her dakika örneği)."""
    if gorunurluk < 2:
        return "Görünürlüğü büyütün: 1 birimin yarısı bir kalp aralığı olamaz."
    return f"Aralığı görünürlüğün yarısı kadar ({gorunurluk // 2}) seçin."


def kalp_notu(gorunurluk: int, kalp: int | None) -> str:
    """Kalbin süre dolmadan mı, dolduğu anda mı, dolduktan sonra mı attığı; yoksa boş."""
    if kalp is None:
        return ""
    if kalp < gorunurluk:
        pay = (f"Her kalp, süre dolmadan {gorunurluk - kalp} birim önce atar: uzatma çağrısı "
               "yolda bundan az gecikirse yetişir.")
        return pay if 2 * kalp <= gorunurluk else f"{pay} {oneri(gorunurluk)}"
    if kalp == gorunurluk:
        return ("Kalp, süre dolduğu anda atar. Model aynı andaki kalbi iletinin yeniden "
                "görünmesinden önce işlediği için yetişir; gerçek serviste bu bir yarıştır. "
                + oneri(gorunurluk))
    return (f"Kalp, süre dolduktan {kalp - gorunurluk} birim sonra atar: o ana dek süren bir "
            "işin iletisi yeniden verilmiş, makbuzu eskimiştir; uzatma reddedilir. "
            + oneri(gorunurluk))


def ornek_cizelgesi(gorunurluk: int, kalp: int | None) -> Sekil:
    """Beş örnek iletinin zaman çizelgesi, sayımın kurallarıyla. Tüketici sınırsızken iletiler
    birbirini beklemez: beşinin koşusundaki yolları, bütün iş yükünün koşusundakinin aynısıdır."""
    iletiler = DERS_YUKU.iletiler()
    benzetim = Benzetim([iletiler[sira] for sira in ORNEKLER], gorunurluk,
                        tuketiciler=Tuketiciler(kalp=kalp), izle=True)
    benzetim.calistir()
    assert benzetim.iz is not None
    kalbi = f"kalp her {kalp} birimde" if kalp else "kalp yok"
    return ileti_cizelgesi("04-kasif", {f"görünürlük {gorunurluk}, {kalbi}":
                                        list(benzetim.iz.iletiler.values())})


def gorunurluk_tablosu(gorunurluk: int, kalp: int | None) -> str:
    """Beş örnek iletinin zaman çizelgesi; sayımın bu görünürlük süresindeki satırı; benzetimin
    sayımları, sayımın ve servisin kurallarıyla, tüketiciler `kalp` aralığıyla görünürlüğü
    uzatırken (None: uzatmaz)."""
    sekil = ornek_cizelgesi(gorunurluk, kalp)
    satir = kosum(DERS_YUKU, gorunurluk)
    sonuclar = [Benzetim(DERS_YUKU.iletiler(), gorunurluk, kurallar=kurallar,
                         tuketiciler=Tuketiciler(kalp=kalp)).calistir()
                for kurallar in (SAYIM_KURALLARI, SERVIS_KURALLARI)]
    baslik = f"kalp: her {kalp} birimde" if kalp else "kalp: yok"
    notu = kalp_notu(gorunurluk, kalp)
    return (sekil.img()
            + tablo(SAYIM_SUTUNLARI, [(gorunurluk, satir.cift, satir.teslim,
                                       tam_yuvarla(satir.bekleme), satir.olu)])
            + tablo((baslik, "sayımın kuralları", "servisin kuralları"),
                    ((ad, *(oku(s) for s in sonuclar)) for ad, oku in BENZETIM_SAYIMLARI))
            + (f"<p>{html.escape(notu)}</p>" if notu else ""))


def gorunurluk_kasifi() -> Panel:
    """Ders 04: görünürlük süresini ve kalp atışını seç, sayımın satırını ve benzetimi gör.

    İki kaydırıcı 119 adımlık: fareyle her değere inilsin diye adları üstlerinde durur ve iz
    satırın bütün genişliğini alır."""
    sure = widgets.IntSlider(value=10, min=1, max=120, tooltip="görünürlük")
    kalp_var = widgets.Checkbox(value=False, description="kalp atışı", indent=False)
    kalp = widgets.IntSlider(value=5, min=1, max=120, tooltip="kalp aralığı")
    etkinken(kalp_var, bool, [kalp])  # kalp atmazken aralık hiçbir şeyi değiştirmez
    return kasif_paneli(
        [sure, kalp_var, kalp],
        lambda: gorunurluk_tablosu(sure.value, kalp.value if kalp_var.value else None),
        [widgets.Label("görünürlük"), sure, kalp_var, widgets.Label("kalp aralığı"), kalp])
