"""Ders 04'ün zaman çizelgesi: birkaç ileti, her biri bir şeritte, benzetimin izinden.

Her şeridin üst bandı iletinin kuyrukta gizli (uçuşta) kaldığı aralıklardır, alt bandı bir
tüketicinin onu işlediği aralıklar; aynı anda iki tüketici işliyorsa alt bant ikiye bölünür.
Bir şeritte birbirine değecek kadar yakın işaretler, anları değişmeden, şeridin üstüne ve altına
ayrılır. Girdi `Benzetim(..., izle=True).iz`'in kayıtlarıdır (`kernel.hizmet.iz.IletiIzi`).
"""

from collections.abc import Mapping, Sequence
from itertools import pairwise

import drawsvg as draw

from cizim.cerceve import Cizelge
from cizim.isaretler import Isaret, gosterge, isaret_koy
from cizim.sekil import Sekil
from kernel.hizmet.iz import Alis, IletiIzi

SILINDI = Isaret("silindi", "daire", "yesil")
IKI_KEZ = Isaret("birden çok kez işlendi", "yildiz", "sari")
BASARISIZ = Isaret("başarısız", "carpi", "kirmizi")
COKTU = Isaret("tüketici çöktü", "ucgen", "mor")
OLU_KUTU = Isaret("ölü mektup kutusuna", "kare", "kirmizi")
UCUSTA = Isaret("uçuşta (gizli)", "tarali", "mavi")
ISLENIYOR = Isaret("işleniyor", "dolu", "murekkep")
GOSTERGE = (UCUSTA, ISLENIYOR, SILINDI, IKI_KEZ, BASARISIZ, COKTU, OLU_KUTU)
SONLAR = {"silindi": SILINDI, "ölü mektup kutusuna": OLU_KUTU}  # saklamada silinen işaretsiz
# Dersin iş yükünden beş ileti (sıraları): 3, 6 ve 13 birimlik işler, tüketicisi çöken ve
# zehirli birer ileti. Ders de kaşif de bunları çizer.
ORNEKLER = (1, 4, 24, 3, 7)

BASLIK_PAYI = 24  # panelin başlığı ile ilk şeridi arası
PANEL_ALTI = 48  # bir panelin eksenle ve eksen adıyla kapladığı, şeritlerin altında
GOSTERGE_PAYI = 56  # iki satırlık gösterge ve alt boşluk
KAT = 4  # alt bandın en çok bölündüğü kat
EKSEN_PAYI = 1.05  # eksen, çizilen en geç anın biraz ötesinde biter: hiçbir şey kenarda kesilmez
KAYMA = 7  # yakın işaretlerin şerit ortasından yukarı ya da aşağı kayması
ARALIK = 4  # ayrı türden iki işaretin arasında kalması gereken boşluk (px)
# Her biçimin ortasından yana uzandığı (çizgisiyle birlikte, 6 px yarıçaplı işarette).
YARI_GENISLIK = {"daire": 6.5, "halka": 6.0, "karo": 7.5, "carpi": 6.5, "kare": 5.5,
                 "ucgen": 7.5, "ters-ucgen": 7.5, "yildiz": 7.5}


def serit_adi(iz: IletiIzi) -> str:
    """Şeridin adı, iletinin türünden: kısa tutulur (120 px'e sığsın)."""
    ileti = iz.ileti
    if ileti.zehirli:
        return "zehirli ileti"
    if ileti.coken:
        return f"çöken, {ileti.sure} birim"
    return f"{ileti.sure} birimlik iş"


def _adlar(izler: Sequence[IletiIzi]) -> list[str]:
    """Şerit adları; aynı ad iki kez geçerse sırasıyla ayrılır."""
    adlar = [serit_adi(iz) for iz in izler]
    return [f"{ad} #{iz.govde}" if adlar.count(ad) > 1 else ad
            for ad, iz in zip(adlar, izler, strict=True)]


def _son_an(izler: Sequence[IletiIzi]) -> float:
    """Çizilen en geç an: en geç biten gizlilik, iş ya da ileti."""
    anlar = [0.0]
    for iz in izler:
        anlar += [a for alis in iz.alislar for a in (alis.gizli_bitis, alis.bitis)]
        if iz.son is not None:
            anlar.append(iz.son[1])
    return max(anlar)


def _katlar(isler: Sequence[Alis]) -> list[int]:
    """Her işe bir kat: aynı anda süren işler ayrı katlara düşer (yalnız yerleşim); `KAT`tan
    fazlası son katı paylaşır, bant okunur kalınlıkta kalsın."""
    kat_sonlari: list[float] = []
    katlar = []
    for alis in isler:
        kat = next((k for k, son in enumerate(kat_sonlari) if son <= alis.an), len(kat_sonlari))
        if kat == len(kat_sonlari):
            kat_sonlari.append(alis.bitis)
        else:
            kat_sonlari[kat] = alis.bitis
        katlar.append(min(kat, KAT - 1))
    return katlar


def _carpisir(once: tuple[float, Isaret], sonra: tuple[float, Isaret]) -> bool:
    """Aynı yükseklikte iki işaret birbirine değer mi (x'leri ve biçimleriyle)."""
    (x0, a), (x1, b) = once, sonra
    bosluk = 0 if a == b else ARALIK  # aynı türden işaretler sıra olarak okunur
    return x1 - x0 < YARI_GENISLIK[a.bicim] + YARI_GENISLIK[b.bicim] + bosluk


def _kaymalar(isaretler: Sequence[tuple[float, Isaret]]) -> list[float]:
    """x'e göre sıralı işaretlere dikey kayma: birbirine değen ardışık işaretler bir öbek olur,
    öbek şeridin üstüne ve altına sırayla dağılır; tek kalan ortada durur. x hiç değişmez."""
    degen = [_carpisir(once, sonra) for once, sonra in pairwise(isaretler)]
    kaymalar: list[float] = []
    sira = 0  # işaretin öbeğindeki sırası
    for i in range(len(isaretler)):
        sira = sira + 1 if i and degen[i - 1] else 0
        yalniz = sira == 0 and (i == len(degen) or not degen[i])
        kaymalar.append(0.0 if yalniz else -KAYMA if sira % 2 == 0 else KAYMA)
    return kaymalar


def _olaylar(iz: IletiIzi) -> list[tuple[float, Isaret]]:
    """Şeridin işaretleri, anlarıyla, zaman sırasında: başarısız ve çöken alınışlar, ilk koşut
    kopya, iletinin sonu."""
    olaylar = [(alis.an, BASARISIZ if alis.isleyis == "basarisiz" else COKTU)
               for alis in iz.alislar if alis.isleyis in ("basarisiz", "coktu")]
    ilk_kosut = next((alis for alis in iz.alislar if alis.kosut), None)
    if ilk_kosut is not None:
        olaylar.append((ilk_kosut.an, IKI_KEZ))
    if iz.son is not None and iz.son[0] in SONLAR:
        olaylar.append((iz.son[1], SONLAR[iz.son[0]]))
    return sorted(olaylar, key=lambda olay: olay[0])


def _serit(sekil: Sekil, cizelge: Cizelge, ad: str, iz: IletiIzi) -> None:
    y = cizelge.y(ad)
    for alis in iz.alislar:  # üst bant: gizli aralıklar, her alınış kendi çerçevesiyle
        x0, x1 = cizelge.x(alis.an), cizelge.x(alis.gizli_bitis)
        kutu = draw.Rectangle(x0, y - 10, max(x1 - x0, 2), 8, class_="aralik k-mavi",
                              fill=sekil.desen("mavi"))
        kutu.append_title(f"{alis.alinma}. alınış: uçuşta {alis.an:g}-{alis.gizli_bitis:g}")
        sekil.ekle(kutu)
    isler = [alis for alis in iz.alislar if alis.isleyis == "isledi"]
    katlar = _katlar(isler)
    kalinlik = 10 / (max(katlar, default=0) + 1)
    for alis, kat in zip(isler, katlar, strict=True):  # alt bant: işler
        x0, x1 = cizelge.x(alis.an), cizelge.x(alis.bitis)
        kutu = draw.Rectangle(x0, round(y + kat * kalinlik, 1), max(x1 - x0, 2),
                              round(kalinlik - 0.6, 1), class_="aralik murekkep")
        kutu.append_title(f"{alis.alinma}. alınış: işlendi {alis.an:g}-{alis.bitis:g}")
        sekil.ekle(kutu)
    isaretler = [(cizelge.x(an), isaret) for an, isaret in _olaylar(iz)]
    for (x, isaret), kayma in zip(isaretler, _kaymalar(isaretler), strict=True):
        isaret_koy(sekil, isaret, x, y + kayma)


def _ozet(baslik: str, izler: Sequence[IletiIzi]) -> str:
    """Bir panelin sayıları, tek cümleciğe: işaretlerin saydığının aynısı."""
    olu = [iz.son[1] for iz in izler if iz.son is not None and iz.son[0] == OLU_KUTU.ad]
    silinen = sum(iz.son is not None and iz.son[0] == SILINDI.ad for iz in izler)
    cok_kez = sum(iz.kosut_islendi for iz in izler)
    parca = (f"{baslik}: {len(izler)} ileti, birden çok kez işlenen {cok_kez}, silinen {silinen}, "
             f"ölü mektup kutusuna taşınan {len(olu)}")
    return parca + (f" ({', '.join(f'{an:g}' for an in olu)}. birimde)" if olu else "")


def ileti_cizelgesi(ad: str, kosular: Mapping[str, Sequence[IletiIzi]]) -> Sekil:
    """Her koşu bir panel (anahtarı panelin başlığı, ör. "görünürlük 5"), her ileti bir şerit."""
    if not kosular or not all(kosular.values()):
        raise ValueError("en az bir koşu ve her koşuda en az bir ileti izi gerekir")
    yukseklikler = [BASLIK_PAYI + 26 * len(izler) + PANEL_ALTI for izler in kosular.values()]
    baslik = "İletiler zaman içinde, " + " ve ".join(kosular)
    aciklama = "; ".join(_ozet(b, izler) for b, izler in kosular.items()) + "."
    sekil = Sekil(ad, 8 + sum(yukseklikler) + GOSTERGE_PAYI, baslik, aciklama)
    ust = 8.0
    for (panel, izler), yukseklik in zip(kosular.items(), yukseklikler, strict=True):
        sekil.yazi(panel, 12, ust + 16)
        adlar = _adlar(izler)
        cizelge = Cizelge(sekil, adlar, _son_an(izler) * EKSEN_PAYI, ust=ust + BASLIK_PAYI)
        for serit, iz in zip(adlar, izler, strict=True):
            _serit(sekil, cizelge, serit, iz)
        ust += yukseklik
    gosterge(sekil, GOSTERGE, ust + 14)
    return sekil
