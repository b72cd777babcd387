"""Bir şekil: başlığı, tek cümlelik açıklaması, açık ve koyu temada okunan bir SVG."""

import base64
import html
from collections import Counter
from xml.etree import ElementTree

import drawsvg as draw

GENISLIK = 560  # her şeklin genişliği (SVG birimi); sitede ve defterde küçülerek sığar
YAZI = 13  # yazı boyu
# Renkler sınıflardadır: koyu temada yalnız bu tablo değişir. Renkler Okabe–Ito'dan: `mavi`
# dolgu, `k-mavi` çizgi rengidir; ikisi de temadan sonra gelir, koyu temada da geçerlidir.
# Sarı beyaz zeminde 3:1'in altında kalır: açık temada çizgisi bir ton koyu, dolgusu kenarlıdır.
TEMA = """
text { font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 13px; }
.zemin { fill: #ffffff; }
.murekkep { fill: #1d1f23; } .cizgi { stroke: #1d1f23; fill: none; }
.soluk { fill: #4d5562; } .izgara { stroke: #d5d9e0; fill: none; }
.halka { fill: #ffffff; stroke: #1d1f23; }
@media (prefers-color-scheme: dark) {
  .zemin { fill: #121417; }
  .murekkep { fill: #e6e8eb; } .cizgi { stroke: #e6e8eb; }
  .soluk { fill: #b2b9c4; } .izgara { stroke: #3a404a; }
  .halka { fill: #121417; stroke: #e6e8eb; }
}
.yesil { fill: #009E73; } .mavi { fill: #0072B2; } .kirmizi { fill: #D55E00; }
.mor { fill: #CC79A7; } .sari { fill: #E69F00; }
.k-yesil { stroke: #009E73; } .k-mavi { stroke: #0072B2; } .k-kirmizi { stroke: #D55E00; }
.k-mor { stroke: #CC79A7; } .k-sari { stroke: #A66F00; }
.isaret.sari, .gosterge.sari, .aralik.sari { stroke: #8A5A00; stroke-width: 1; }
@media (prefers-color-scheme: dark) { .k-sari { stroke: #E69F00; } }
"""


class Sekil:
    """Başlığı ve açıklaması SVG'nin içinde (`<title>`, `<desc>`) olan bir çizim.

    Deftere `image/svg+xml` olarak düşer; metin karşılığı başlık ve açıklamadır. Kaşifler
    `img()` ile `<img>` olarak gösterir: SVG'nin içindeki hiçbir şey orada çalışmaz."""

    def __init__(self, ad: str, yukseklik: float, baslik: str, aciklama: str) -> None:
        self.ad, self.baslik, self.aciklama = ad, baslik, aciklama
        self.yukseklik = yukseklik
        self.ciz = draw.Drawing(GENISLIK, yukseklik, id_prefix=ad, role="img",
                                aria_labelledby=f"{ad}-baslik {ad}-aciklama")
        self.ciz.append_css(TEMA)
        self.ciz.append(draw.Title(baslik, id=f"{ad}-baslik"))
        self.ciz.append(draw.Raw(f'<desc id="{ad}-aciklama">{html.escape(aciklama)}</desc>'))
        self.ciz.append(draw.Rectangle(0, 0, GENISLIK, yukseklik, class_="zemin"))
        self._desenler: dict[str, draw.Pattern] = {}

    def ekle(self, *ogeler: draw.DrawingElement) -> None:
        for oge in ogeler:
            self.ciz.append(oge)

    def yazi(self, metin: str, x: float, y: float, sinif: str = "murekkep",
             hiza: str = "start", boy: int = YAZI) -> None:
        """`metin`i taban çizgisi `y`'de yazar; `hiza` start, middle ya da end."""
        # temanın boyu; başka bir boy satır içi stille, çünkü temanın `text` kuralı bir font-size
        # özniteliğini ezer
        boyu = {} if boy == YAZI else {"style": f"font-size: {boy}px"}
        self.ciz.append(draw.Text(metin, None, round(x, 1), round(y, 1), class_=sinif,
                                  text_anchor=hiza, **boyu))

    def desen(self, renk: str) -> draw.Pattern:
        """`renk`te çapraz taranmış bir dolgu: renge ek olarak desenle ayrılan alanlar için."""
        if renk not in self._desenler:
            desen = draw.Pattern(6, 6, patternUnits="userSpaceOnUse",
                                 patternTransform="rotate(45)")
            desen.append(draw.Line(0, 0, 0, 6, class_=f"cizgi k-{renk}", stroke_width=3))
            self._desenler[renk] = desen
        return self._desenler[renk]

    def sayim(self) -> dict[str, int]:
        """SVG'deki işaretler, türlerine göre: şekli ölçümle karşılaştırmak için. Anahtar
        işaretin SVG sınıfıdır (adı, boşluklar yerine tire). Çizilmemiş bir tür anahtar
        değildir: `sayim()["yok"]` sıfır değil KeyError verir, yanlış bir iddia geçmez."""
        kok = ElementTree.fromstring(self.svg())
        return dict(Counter(oge.attrib["class"].split()[1] for oge in kok.iter()
                            if oge.attrib.get("class", "").startswith("isaret ")))

    def svg(self) -> str:
        """Her çalıştırmada aynı baytlar: kimlikler addan, rastgelelik yok."""
        return self.ciz.as_svg(header="")

    def metin(self) -> str:
        return f"[Şekil: {self.baslik}. {self.aciklama}]"

    def img(self) -> str:
        """Kaşifin HTML'i için: alternatif metniyle bir `<img>`."""
        veri = base64.b64encode(self.svg().encode()).decode()
        return (f'<img src="data:image/svg+xml;base64,{veri}" alt="{html.escape(self.metin())}"'
                ' style="max-width: 100%; height: auto">')

    def _repr_mimebundle_(self, include: object = None,
                          exclude: object = None) -> dict[str, str]:
        return {"image/svg+xml": self.svg(), "text/plain": self.metin()}
