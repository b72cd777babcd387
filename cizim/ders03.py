"""Ders 03: işler sanal saatte; ara katmanların kararları ve kilitlerin ömrü.

Şekil sürücünün izinden (`IzKaydi`) ve ortamın kilit ömürlerinden (`KilitOmru`) çizilir. Her
iş bir şerittir: gövdesinin çalıştığı süre kalın bir çizgi, her denemenin sonucu bittiği anda
bir işaret, kuyrukta beklediği süre kesik bir çizgi. Bir denemenin aldığı kilit, çizginin
altında dolu bir banttır; kilit iş bitmeden düştüyse işin kilitsiz sürdüğü parça taralıdır.
Aynı şeritte üst üste binecek işaretler, izdeki sırayla, yan yana kaydırılır.
"""

from collections import Counter
from collections.abc import Mapping, Sequence

import drawsvg as draw

from cizim.cerceve import SAG, SERIT, SOL, Cizelge
from cizim.isaretler import SINIF_ISARETLERI, Isaret, gosterge, isaret_koy
from cizim.sekil import GENISLIK, Sekil
from kernel.ara_katman.ortam import KilitOmru
from kernel.ara_katman.surucu import (
    ATLANDI, COKTU, GERI_KONDU, TAMAMLANDI, AraKatmanliSurucu, IzKaydi,
)

SONUCLAR = {TAMAMLANDI: Isaret("tamamlandı", "daire", "yesil"),
            GERI_KONDU: Isaret("geri kondu", "karo", "mavi"),
            ATLANDI: SINIF_ISARETLERI["atlandı"],
            COKTU: Isaret("çöktü", "yildiz", "kirmizi")}
HATA = Isaret("hata verdi", "carpi", "kirmizi")  # gövdeden gelen istisna
REDDEDILDI = Isaret("reddedildi", "ucgen", "sari")  # bir katman gövdeye varmadan fırlattı
GOMULDU = Isaret("gömüldü", "kare", "mor")
KILIT = Isaret("kilit tutuldu", "dolu", "sari")
KILITSIZ = Isaret("iş kilitsiz sürdü", "tarali", "kirmizi")
ISARETLER = (*SONUCLAR.values(), HATA, REDDEDILDI, GOMULDU, KILIT, KILITSIZ)
UST = 44  # başlığın altı
ARA = 13  # aynı şeritte iki işaretin merkezleri arasındaki en kısa uzaklık
KOSU_ADI, EKSEN = 22, 40  # bir koşunun adının ve ekseninin yüksekliği (`Cizelge.bitis`)
CIZGI, BANT = -3, 4  # şeridin ortasına göre: işin çizgisi ve işaretleri, kilit bandının üstü
PAY = 2 * ARA  # eksenin sağında, sona kaydırılan işaretlere yer


def sonuc_isareti(kayit: IzKaydi) -> Isaret:
    """Bir denemenin işareti: izin sonucu; istisnada gövdeye girildiyse hata, girilmediyse
    bir katmanın reddi (hız sınırı, istisna kısma)."""
    if kayit.sonuc in SONUCLAR:
        return SONUCLAR[kayit.sonuc]
    return HATA if kayit.govde else REDDEDILDI


def sayimlar(surucu: AraKatmanliSurucu) -> Counter[Isaret]:
    """Bir koşunun şekle düşen işaretleri ve bantları, türlerine göre."""
    sayim = Counter(sonuc_isareti(kayit) for kayit in surucu.iz)
    sayim[GOMULDU] += sum(kayit.gomuldu for kayit in surucu.iz)
    for omur in surucu.ortam.kilit_omurleri:
        sayim[KILIT] += 1
        sayim[KILITSIZ] += _kilitsiz(surucu.iz, omur) is not None
    return +sayim


def _kilitsiz(iz: Sequence[IzKaydi], omur: KilitOmru) -> tuple[float, float] | None:
    """Kilidin düşmesinden işin bitişine, işin kilitsiz sürdüğü aralık; yoksa None."""
    bitis = iz[omur.sira].bitis
    if omur.bitis is not None and omur.bitis < bitis:
        return omur.bitis, bitis
    return None


def bekleyisler(iz: Sequence[IzKaydi]) -> list[tuple[str, float, float]]:
    """Kuyruğa dönen her denemeden işin bir sonraki denemesine, işin kuyrukta beklediği
    aralıklar (iş, baş, son); aynı anda yeniden alınan işinki yoktur."""
    sonuc = []
    for sira, kayit in enumerate(iz):
        sonraki = next((k for k in iz[sira + 1:] if k.is_adi == kayit.is_adi), None)
        if kayit.hazir is not None and sonraki is not None and sonraki.an > kayit.bitis:
            sonuc.append((kayit.is_adi, kayit.bitis, sonraki.an))
    return sonuc


def _son(surucu: AraKatmanliSurucu) -> float:
    anlar = [kayit.bitis for kayit in surucu.iz]
    anlar += [omur.bitis for omur in surucu.ortam.kilit_omurleri if omur.bitis is not None]
    return max(anlar, default=0)


def _ozet(baslik: str, surucu: AraKatmanliSurucu) -> str:
    """Açıklamanın bir koşuya düşen parçası: işaretlerin sayıları ve kilitler."""
    sayim = sayimlar(surucu)
    parcalar = [f"{sayim[i]} {i.ad}" for i in ISARETLER if i not in (KILIT, KILITSIZ)
                and sayim[i]]
    kilitli = surucu.ortam.kilit_omurleri
    if kilitli:
        parcalar.append(f"{len(kilitli)} kilit")
    if sayim[KILITSIZ]:
        parcalar.append(f"kilidi düştüğü hâlde süren deneme {sayim[KILITSIZ]}")
    kalan = sum(omur.bitis is None or omur.bitis > surucu.iz[omur.sira].bitis
                for omur in kilitli)
    if kalan:
        parcalar.append(f"işi bittikten sonra da tutulan kilit {kalan}")
    return (f"{baslik}: " if baslik else "") + ", ".join(parcalar)


class _Serit:
    """Bir koşunun çizelgesi ve her şeridin son işaretinin x'i (kaydırmak için)."""

    def __init__(self, sekil: Sekil, isler: Sequence[str], son: float, ust: float) -> None:
        self.cizelge = Cizelge(sekil, isler, son, ust=ust)
        self.sekil, self.son_x = sekil, dict.fromkeys(isler, -float("inf"))

    def bant(self, is_adi: str, bas: float, bit: float, isaret: Isaret) -> None:
        """Kilidin bandı: işin çizgisinin altında, dolu ya da taralı bir şerit."""
        x0, x1 = self.cizelge.x(bas), self.cizelge.x(bit)
        y = self.cizelge.y(is_adi)
        if isaret.bicim == "tarali":
            bicim = {"class_": f"{isaret.sinif} k-{isaret.renk}",
                     "fill": self.sekil.desen(isaret.renk)}
        else:
            bicim = {"class_": f"{isaret.sinif} {isaret.renk}"}
        kutu = draw.Rectangle(x0, y + BANT, max(x1 - x0, 2), 7, **bicim)
        kutu.append_title(f"{isaret.ad}: t={bas:g}–{bit:g}")
        self.sekil.ekle(kutu)

    def bitmedi(self, is_adi: str, son: float) -> None:
        """Hiç bitmeyen kilidin bandının sonunda bir not: bant şeklin sonunda kesilir."""
        self.sekil.yazi("kilit bitmedi →", self.cizelge.x(son), self.cizelge.y(is_adi) + 1,
                        sinif="soluk", hiza="end")

    def cizgi(self, is_adi: str, bas: float, bit: float, ad: str, kesik: bool = False) -> None:
        """Gövdenin çalıştığı (kalın) ya da işin kuyrukta beklediği (kesik) süre."""
        y = self.cizelge.y(is_adi) + CIZGI
        ek = {"stroke_dasharray": "3 3", "stroke_width": 1.5} if kesik else {"stroke_width": 3}
        cizgi = draw.Line(self.cizelge.x(bas), y, self.cizelge.x(bit), y, class_="cizgi", **ek)
        cizgi.append_title(f"{is_adi}, {ad}: t={bas:g}–{bit:g}")
        self.sekil.ekle(cizgi)

    def isaret(self, is_adi: str, t: float, isaret: Isaret) -> None:
        x = max(self.cizelge.x(t), self.son_x[is_adi] + ARA)
        self.son_x[is_adi] = x
        isaret_koy(self.sekil, isaret, x, self.cizelge.y(is_adi) + CIZGI)


def _kosu(sekil: Sekil, surucu: AraKatmanliSurucu, son: float, ust: float) -> float:
    """Bir koşuyu `ust`ten başlayarak çizer; çizelgenin altının y'sini döndürür."""
    iz = surucu.iz
    serit = _Serit(sekil, list(dict.fromkeys(kayit.is_adi for kayit in iz)), son, ust)
    for omur in surucu.ortam.kilit_omurleri:
        is_adi = iz[omur.sira].is_adi
        kilitsiz = _kilitsiz(iz, omur)
        serit.bant(is_adi, omur.alinma, son if omur.bitis is None else omur.bitis, KILIT)
        if omur.bitis is None:
            serit.bitmedi(is_adi, son)
        if kilitsiz is not None:
            serit.bant(is_adi, *kilitsiz, KILITSIZ)
    for kayit in iz:
        if kayit.bitis > kayit.an:
            serit.cizgi(kayit.is_adi, kayit.an, kayit.bitis, f"işçi {kayit.isci}")
    for is_adi, bas, bit in bekleyisler(iz):
        serit.cizgi(is_adi, bas, bit, "kuyrukta", kesik=True)
    for kayit in iz:
        serit.isaret(kayit.is_adi, kayit.bitis, sonuc_isareti(kayit))
        if kayit.gomuldu:
            serit.isaret(kayit.is_adi, kayit.bitis, GOMULDU)
    return serit.cizelge.bitis


def _cizgi_gostergesi(sekil: Sekil, y: float, bekleyen: bool) -> None:
    """Göstergenin ilk satırı: işin çalıştığı ve (`bekleyen`se) kuyrukta beklediği süre."""
    cizgiler: list[tuple[int, str, dict[str, float | str]]] = [
        (12, "gövde çalıştı", {"stroke_width": 3}),
        (150, "kuyrukta bekledi", {"stroke_width": 1.5, "stroke_dasharray": "3 3"})]
    for x, metin, ek in cizgiler[:1 + bekleyen]:
        sekil.ekle(draw.Line(x, y - 4, x + 14, y - 4, class_="cizgi", **ek))
        sekil.yazi(metin, x + 20, y)


def kosu_sekli(ad: str, baslik: str, kosular: Mapping[str, AraKatmanliSurucu]) -> Sekil:
    """Koşular (ad → sürücü) alt alta, aynı saat ekseniyle; tek koşunun adı boş olabilir."""
    if not kosular:
        raise ValueError("çizilecek koşu yok")
    eksen = GENISLIK - SOL - SAG
    son = max(max(map(_son, kosular.values())), 1) * eksen / (eksen - PAY)
    isaretler = [i for i in ISARETLER
                 if any(sayimlar(surucu)[i] for surucu in kosular.values())]
    gosterge_alti = gosterge(Sekil(f"{ad}-olcu", 1, "", ""), isaretler, 0)  # boş bir şekilde
    kosularin = sum(KOSU_ADI * bool(kosu_adi) + SERIT * len({k.is_adi for k in surucu.iz})
                    + EKSEN + 8 for kosu_adi, surucu in kosular.items())
    aciklama = "; ".join(_ozet(b, s) for b, s in kosular.items()) + "."
    sekil = Sekil(ad, UST + kosularin + 44 + gosterge_alti, baslik, aciklama)
    sekil.yazi(baslik, 12, 24)
    ust: float = UST
    for kosu_adi, surucu in kosular.items():
        if kosu_adi:
            sekil.yazi(kosu_adi, 12, ust + 14, sinif="soluk")
            ust += KOSU_ADI
        ust = _kosu(sekil, surucu, son, ust) + 8
    _cizgi_gostergesi(sekil, ust + 8, any(bekleyisler(s.iz) for s in kosular.values()))
    gosterge(sekil, isaretler, ust + 30)
    return sekil
