"""Ders 05'in şekilleri: yürütücülerin yoklamaları adım adım ve çok görevli yürütücünün hazır
kuyruğu; ikisi de çekirdeğin tuttuğu izden (`kernel.yurutucu.iz.Adim` satırları)."""

from collections import Counter
from collections.abc import Mapping, Sequence

import drawsvg as draw

from cizim.cerceve import SERIT, Cizelge
from cizim.isaretler import Isaret, gosterge, isaret_koy
from cizim.sekil import Sekil
from kernel.yurutucu.iz import Adim
from kernel.yurutucu.sozlesme import Bekliyor, Hazir

# Bir yoklamanın türü: yanıtı ve istenip istenmediği. Biçimler kursun her dersindeki anlamda:
# biten daire, sonraya kalan karo, hata çarpı; boşa giden yoklama yeni bir tür, kare.
YOKLAMA_ISARETLERI = {
    "hazır": Isaret("hazır", "daire", "yesil"),
    "bekliyor": Isaret("bekliyor", "karo", "mavi"),
    "boşa yoklama": Isaret("boşa yoklama", "kare", "sari"),
    "hata": Isaret("hata", "carpi", "kirmizi"),
}
PANEL_BASI = 22  # bir yürütücünün adının payı
EKSEN = 40  # Cizelge'nin ekseni ve adı
GOSTERGE = 30
CIZGI_GOSTERGESI = 20


def _baglanti(cizelge: Cizelge, gorev: str, bas: int, bit: int, istendi: bool) -> None:
    """Görevin `bas` ve `bit` adımlarındaki iki yoklaması arası: görev uyandırıldıysa düz,
    kimse uyandırmadan yoklandıysa kesik çizgi."""
    y = cizelge.y(gorev)
    kesik = {} if istendi else {"stroke_dasharray": "4 3"}
    cizelge.sekil.ekle(draw.Line(cizelge.x(bas), y, cizelge.x(bit), y, class_="cizgi",
                                 stroke_width=2, **kesik))


def istenenler(iz: Sequence[Adim]) -> list[bool]:
    """Her yoklama istenmiş miydi: görevin ilk yoklaması mı, ya da görevin uyandırıcısı bir
    önceki yoklamasından beri çağrıldı mı (izdeki `uyandirilan` sütunu)?"""
    yoklanan: set[str] = set()
    uyandirilmis: set[str] = set()
    istendi = []
    for adim in iz:
        istendi.append(adim.gorev not in yoklanan or adim.gorev in uyandirilmis)
        yoklanan.add(adim.gorev)
        uyandirilmis.discard(adim.gorev)
        uyandirilmis.update(adim.uyandirilan)
    return istendi


def yoklama_turleri(iz: Sequence[Adim]) -> list[str]:
    """Her yoklamanın türü: hazır, bekliyor, boşa yoklama (kimsenin istemediği ve Bekliyor
    alan yoklama) ya da hata (görev yanıt vermeden hata fırlattı)."""
    def tur(adim: Adim, istendi: bool) -> str:
        if isinstance(adim.yanit, Hazir):
            return "hazır"
        if isinstance(adim.yanit, Bekliyor):
            return "bekliyor" if istendi else "boşa yoklama"
        return "hata"
    return [tur(adim, istendi) for adim, istendi in zip(iz, istenenler(iz), strict=True)]


def _gorevler(iz: Sequence[Adim]) -> list[str]:
    """Görevler, izde ilk yoklandıkları sırayla: şekildeki şeritler."""
    return list(dict.fromkeys(adim.gorev for adim in iz))


def _sayilar(turler: Sequence[str]) -> str:
    sayim = Counter(turler)
    return ", ".join(f"{sayim[tur]} {tur}" for tur in YOKLAMA_ISARETLERI
                     if tur != "hata" or sayim[tur])


def _goster(iz: Sequence[Adim], goster: int | None) -> int:
    return len(iz) if goster is None else max(0, min(goster, len(iz)))


def yoklama_cizelgesi(ad: str, izler: Mapping[str, Sequence[Adim]], baslik: str,
                      goster: int | None = None) -> Sekil:
    """Her yürütücünün izi bir panel: şeritler görevler, yatay eksen adım sayacı, her yoklama
    türünün işaretiyle. `goster` verilirse her izden yalnız ilk `goster` adımı çizilir; eksen
    yine bütün izi kapsar."""
    son = max((len(iz) for iz in izler.values()), default=0) + 0.5
    yukseklik = 8 + sum(PANEL_BASI + SERIT * len(_gorevler(iz)) + EKSEN
                        for iz in izler.values()) + GOSTERGE + CIZGI_GOSTERGESI
    turler = {yurutucu: yoklama_turleri(iz)[:_goster(iz, goster)]
              for yurutucu, iz in izler.items()}
    ozet = "; ".join(f"{yurutucu}: {len(tur)} yoklama ({_sayilar(tur)})"
                     for yurutucu, tur in turler.items())
    kismi = "" if goster is None else f"ilk {goster} adım, "
    sekil = Sekil(ad, yukseklik, baslik, f"Her görev bir şerit, her yoklama bir işaret; "
                  f"{kismi}{ozet}.")
    ust: float = 8
    for yurutucu, iz in izler.items():
        ust = _panel(sekil, yurutucu, iz, turler[yurutucu], son, ust)
    hata_var = any("hata" in tur for tur in turler.values())
    y = gosterge(sekil, [isaret for tur, isaret in YOKLAMA_ISARETLERI.items()
                         if tur != "hata" or hata_var], ust + 18) + 20
    for x, kesik, metin in ((12, False, "uyandırıldı, yeniden yoklandı"),
                            (260, True, "uyandırılmadan yoklandı")):
        sekil.ekle(draw.Line(x, y - 4, x + 24, y - 4, class_="cizgi", stroke_width=2,
                             **({"stroke_dasharray": "4 3"} if kesik else {})))
        sekil.yazi(metin, x + 32, y)
    return sekil


def _panel(sekil: Sekil, yurutucu: str, iz: Sequence[Adim], turler: Sequence[str], son: float,
           ust: float) -> float:
    """Bir yürütücünün paneli, `ust`ten başlayarak: adı, şeritleri, yoklamaların ilk
    `len(turler)` tanesi; panelin bittiği y'yi döndürür."""
    sekil.yazi(yurutucu, 12, ust + 14)
    cizelge = Cizelge(sekil, _gorevler(iz), son, ust=ust + PANEL_BASI, eksen_adi="adım")
    gosterilen = list(enumerate(iz[:len(turler)], start=1))
    istendi = istenenler(iz)
    onceki: dict[str, int] = {}  # görev -> son yoklamasının adımı
    for numara, adim in gosterilen:  # bir görevin art arda iki yoklaması arasında bir çizgi
        if adim.gorev in onceki:
            _baglanti(cizelge, adim.gorev, onceki[adim.gorev], numara, istendi[numara - 1])
        onceki[adim.gorev] = numara
    for (numara, adim), tur in zip(gosterilen, turler, strict=True):
        isaret_koy(sekil, YOKLAMA_ISARETLERI[tur], cizelge.x(numara), cizelge.y(adim.gorev),
                   r=7 if tur == "boşa yoklama" else 6)
    return cizelge.bitis


# Hazır kuyruğu şeklinin iki kutusu: yoklanan dolu ve mavi, kuyrukta bekleyen yalnız çerçeve;
# sınıfları Isaret'inkiler gibidir (`isaret yoklanan`, `isaret kuyrukta`), sayim() sayar.
KUTULAR = {"yoklanan": "mavi", "kuyrukta": "cizgi"}


def _kutu(sekil: Sekil, tur: str, gorev: str, x: float, y: float, sinif: str = "isaret") -> None:
    """İçinde görevin adı yazan bir kutu; `sinif` göstergede "gosterge"dir, sayılmaz."""
    genislik = 12 + 8 * len(gorev)
    kutu = draw.Rectangle(round(x - genislik / 2, 1), round(y - 9, 1), genislik, 18, rx=3,
                          class_=f"{sinif} {tur} {KUTULAR[tur]}", stroke_width=1.5)
    if sinif == "isaret":
        kutu.append_title(f"{gorev}: {tur}")
    sekil.ekle(kutu)
    if gorev:  # dolu kutuda beyaz, çerçevelide mürekkep rengi yazı
        renk = {"fill": "#ffffff"} if tur == "yoklanan" else {"class_": "murekkep"}
        sekil.ekle(draw.Text(gorev, None, round(x, 1), round(y + 4.5, 1), text_anchor="middle",
                             **renk))


YOKLANAN_SERIDI = "yoklanan görev"


def sira_seridi(sira: int) -> str:
    """Kuyrukta `sira`. sırada bekleyenin şeridi; 1. sıra kuyruğun başıdır."""
    return f"{sira}. sıradaki"


def kuyruk_cizelgesi(ad: str, iz: Sequence[Adim], baslik: str, goster: int | None = None) -> Sekil:
    """Hazır kuyruğu olan yürütücünün izi, adım adım: altta o adımda yoklanan görev, üstünde
    kuyrukta sırasını bekleyenler (kuyruğun başı alta en yakın). `goster`: yoklama_cizelgesi()'ndeki
    gibi."""
    if any(adim.kuyrukta is None for adim in iz):
        raise ValueError("bu izde hazır kuyruğu yok: yalnız kostur_kuyruk'un izi kuyruğu tutar")
    kuyruklar = [adim.kuyrukta or [] for adim in iz][:_goster(iz, goster)]
    derinlik = max((len(adim.kuyrukta or []) for adim in iz), default=0)
    seritler = [sira_seridi(sira) for sira in range(derinlik, 0, -1)] + [YOKLANAN_SERIDI]
    uzunluklar = ", ".join(str(len(kuyruk)) for kuyruk in kuyruklar) or "yok"
    kismi = "" if goster is None else f"ilk {goster} adımda "
    sekil = Sekil(ad, 16 + SERIT * len(seritler) + EKSEN + GOSTERGE, baslik,
                  f"Her adımda yoklanan görev altta, kuyrukta bekleyenler sıralarıyla üstünde "
                  f"(1. sıra kuyruğun başı); {kismi}kuyruğun uzunluğu adım adım: {uzunluklar}.")
    cizelge = Cizelge(sekil, seritler, len(iz) + 0.5, ust=16, eksen_adi="adım")
    for numara, (adim, kuyruk) in enumerate(zip(iz, kuyruklar, strict=False), start=1):
        x = cizelge.x(numara)
        _kutu(sekil, "yoklanan", adim.gorev, x, cizelge.y(YOKLANAN_SERIDI))
        for sira, gorev in enumerate(kuyruk, start=1):
            _kutu(sekil, "kuyrukta", gorev, x, cizelge.y(sira_seridi(sira)))
    y = cizelge.bitis + 18
    for x, tur, metin in ((12, "yoklanan", "o adımda yoklanan görev"),
                          (220, "kuyrukta", "kuyrukta sırasını bekleyen")):
        _kutu(sekil, tur, "", x + 6, y - 4, sinif="gosterge")
        sekil.yazi(metin, x + 20, y)
    return sekil
