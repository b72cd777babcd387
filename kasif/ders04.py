"""Ders 04: görünürlük süresini ve kalp aralığını seç, tohumun satırını ve benzetimi gör."""

from collections.abc import Callable

import ipywidgets as widgets

from checks.display import Panel
from kasif.ortak import kasif_paneli, tablo
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import kosum
from kernel.hizmet.jsayi import tam_yuvarla
from kernel.hizmet.sonuc import SERVIS_KURALLARI, TOHUM_KURALLARI, Sonuc
from kernel.hizmet.yuk import TOHUM_YUKU

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
    return kasif_paneli([sure, kalp], lambda: gorunurluk_tablosu(sure.value, kalp.value or None))
