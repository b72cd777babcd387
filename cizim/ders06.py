"""Ders 06'nın şekli: gerçek kuyrukta bir görevin teslimleri ve akıbeti, olayların sırasıyla.

Girdi deneylerin kaydettiği adımlardır (`kernel.gercek.sonuclar.Adim`): kim (bir işçi) ne yaptı
(başladı, bitti, öldürüldü). Gerçek süre her çalıştırmada değişir, çizilmez: yatay eksen olayın
koşudaki sırasıdır. Her koşu bir blok ve tek bir görevdir, her işçi bir şerit; görevin bir
işçide başlayıp bittiği (ya da işçisiyle öldüğü) aralık bir çubuktur. Modül sonuçların yalnız
sınıflarını içe aktarır: şekil tarayıcıda da (Pyodide) çizilir, orada Celery, Huey, Redis yoktur.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import drawsvg as draw

from cizim.cerceve import SAG, SERIT, Cizelge
from cizim.isaretler import Isaret, gosterge, isaret_koy
from cizim.sekil import GENISLIK, YAZI, Sekil
from kernel.gercek.sonuclar import Adim

BASLADI, BITTI, OLDURULDU = "başladı", "bitti", "öldürüldü"
NELER = (BASLADI, BITTI, OLDURULDU)  # bir adımın olabilecek `ne`leri

# Biçimler kursun her dersindeki anlamda: biten daire, geri konup yeniden gelen karo, hata çarpı;
# aynı anda iki kez, ders 04'teki gibi sarı yıldız.
ILK_TESLIM = Isaret("ilk teslim", "ucgen", "murekkep")
YENIDEN_TESLIM = Isaret("yeniden teslim", "karo", "mavi")
IKI_KEZ = Isaret("aynı anda iki kez", "yildiz", "sari")
BITTI_ISARETI = Isaret("bitti", "daire", "yesil")
OLDURULDU_ISARETI = Isaret("öldürüldü", "carpi", "kirmizi")
KAYBOLDU = Isaret("kayboldu", "kare", "kirmizi")
CALISTI = Isaret("çalıştı", "dolu", "mavi")
OLDU = Isaret("çalışırken işçi öldürüldü", "tarali", "kirmizi")
GOSTERGE = (CALISTI, OLDU, ILK_TESLIM, YENIDEN_TESLIM, IKI_KEZ, BITTI_ISARETI,
            OLDURULDU_ISARETI, KAYBOLDU)

UST = 44  # başlığın altı: ilk blok buradan başlar
BLOK_BASI = 22  # bir bloğun adının satırı
IKINCI_SATIR = 14  # özet adın yanına sığmazsa altına iner
BLOK_ARASI = 6
PAY = 9  # çubuk, iki ucundaki işaretlere bu kadar piksel yaklaşmaz
HARF = 0.62  # bir harfin yazı boyuna oranla en geniş ortalaması (DejaVu Sans)
OZET_BOYU = 11


@dataclass(frozen=True)
class Calisma:
    """Görevin bir işçideki bir çalışması: başladığı ve bittiği olayın sırası (1'den). `son`
    None ise kayıt bittiğinde sürüyordu; `cakisan`, başladığında süren öteki çalışmalar."""

    kim: str
    bas: int
    son: int | None
    olduruldu: bool
    yeniden: bool  # ilk teslim değil: görev bu koşuda daha önce başlamıştı
    cakisan: tuple[int, ...]  # koşunun çalışmaları arasındaki sıraları (0'dan)


@dataclass(frozen=True)
class Kosu:
    """Bir blok: koşunun adı, adım sayısı, işçileri (ilk görünme sırasıyla), çalışmaları."""

    ad: str
    olay_sayisi: int
    isciler: tuple[str, ...]
    calismalar: tuple[Calisma, ...]

    @property
    def bitti(self) -> int:
        return sum(c.son is not None and not c.olduruldu for c in self.calismalar)

    @property
    def olduruldu(self) -> int:
        return sum(c.olduruldu for c in self.calismalar)

    @property
    def yeniden(self) -> int:
        return sum(c.yeniden for c in self.calismalar)

    @property
    def cift(self) -> int:
        return sum(bool(c.cakisan) for c in self.calismalar)

    @property
    def kayboldu(self) -> bool:
        """Görev kayboldu: bir işçisi öldü, hiçbir çalışması bitmedi, süren de yok."""
        return (self.olduruldu > 0 and self.bitti == 0
                and all(c.son is not None for c in self.calismalar))


def kosu_oku(ad: str, adimlar: Sequence[Adim]) -> Kosu:
    """Adımlardan çalışmalar: bir işçinin `başladı`sı, aynı işçinin sonraki `bitti`si ya da
    `öldürüldü`süyle kapanır. Çizilemeyecek bir sırayı reddeder."""
    if not adimlar:
        raise ValueError(f"{ad!r} koşusunda hiç adım yok")
    acik: dict[str, int] = {}  # işçi -> süren çalışmasının `baslar`daki yeri
    olen: dict[str, int] = {}  # öldürülen işçi -> öldürüldüğü sıra
    baslar: list[tuple[str, int, tuple[int, ...]]] = []  # (kim, bas, o an süren çalışmalar)
    sonlar: dict[int, tuple[int, bool]] = {}  # çalışmanın yeri -> (son, öldürüldü mü)
    for sira, adim in enumerate(adimlar, start=1):
        yer = f"{ad!r} koşusunun {sira}. adımı ({adim.kim} {adim.ne})"
        if adim.ne not in NELER:
            raise ValueError(f"Adim.ne şunlardan biri olmalı: {', '.join(map(repr, NELER))}; "
                             f"verilen: {adim.ne!r} ({ad!r} koşusunun {sira}. adımı)")
        if adim.kim in olen:
            raise ValueError(f"{yer}: bu işçi {olen[adim.kim]}. adımda öldürülmüştü")
        if adim.ne == BASLADI:
            if adim.kim in acik:
                raise ValueError(f"{yer}: bu işçinin {baslar[acik[adim.kim]][1]}. adımda "
                                 "başlayan çalışması sürüyordu; bir işçi görevi bir anda bir "
                                 "kez çalıştırır")
            baslar.append((adim.kim, sira, tuple(sorted(acik.values()))))
            acik[adim.kim] = len(baslar) - 1
        elif adim.kim not in acik:
            raise ValueError(f"{yer}: bu işçide süren bir çalışma yok")
        else:
            sonlar[acik.pop(adim.kim)] = (sira, adim.ne == OLDURULDU)
            if adim.ne == OLDURULDU:
                olen[adim.kim] = sira
    calismalar = []
    for n, (kim, bas, cakisan) in enumerate(baslar):
        son, olduruldu = sonlar.get(n, (None, False))
        calismalar.append(Calisma(kim, bas, son, olduruldu, n > 0, cakisan))
    return Kosu(ad, len(adimlar), tuple(dict.fromkeys(adim.kim for adim in adimlar)),
                tuple(calismalar))


def sayimlar(kosu: Kosu) -> dict[Isaret, int]:
    """Bir bloğun işaretleri, türlerine göre (çubuklar değil); sıfır olan tür yoktur."""
    sayim = {ILK_TESLIM: 1 if kosu.calismalar else 0, YENIDEN_TESLIM: kosu.yeniden,
             IKI_KEZ: kosu.cift, BITTI_ISARETI: kosu.bitti, OLDURULDU_ISARETI: kosu.olduruldu,
             KAYBOLDU: int(kosu.kayboldu)}
    return {isaret: sayi for isaret, sayi in sayim.items() if sayi}


def ozet(kosu: Kosu) -> str:
    """Bloğun adının yanında yazan akıbeti: teslimler, aynı anda iki kez, bitenler, ölenler."""
    teslim = len(kosu.calismalar)
    parcalar = [f"{teslim} teslim" + (f" ({kosu.yeniden} yeniden)" if kosu.yeniden else "")]
    if kosu.cift:
        parcalar.append("aynı anda iki kez" + (f" ({kosu.cift} yerde)" if kosu.cift > 1 else ""))
    if kosu.olduruldu:
        parcalar.append(f"{kosu.olduruldu} öldürüldü")
    if kosu.bitti:
        parcalar.append(f"{kosu.bitti} bitti")
    if kosu.kayboldu:
        parcalar.append("görev kayboldu")
    return ", ".join(parcalar)


def _kosular_cumlesi(kosular: Sequence[Kosu]) -> str:
    """Açıklamanın ikinci yarısı: görevin kaybolduğu, yeniden teslim edildiği ve aynı anda iki
    kez çalıştığı koşular, sayıları ve adlarıyla."""
    parcalar = []
    for secilen, olumlu, olumsuz in (
            ([k for k in kosular if k.kayboldu], "kayboldu", "kaybolmadı"),
            ([k for k in kosular if k.yeniden], "yeniden teslim edildi", "yeniden teslim edilmedi"),
            ([k for k in kosular if k.cift], "aynı anda iki kez çalıştı",
             "aynı anda iki kez çalışmadı")):
        if secilen:
            adlar = ", ".join(k.ad for k in secilen)
            parcalar.append(f"{len(secilen)} koşuda {olumlu} ({adlar})")
        else:
            parcalar.append(f"hiçbir koşuda {olumsuz}")
    return "görev " + ", ".join(parcalar)


class SiraCizelgesi(Cizelge):
    """Saat yerine olay sırası: n. olay n. bölmenin ortasındadır, eksende 1, 2, 3 ... yazar;
    son olaydan sonra yarım bölme bloğun sonudur (kaybolan görevin işareti orada)."""

    def __init__(self, sekil: Sekil, seritler: Sequence[str], olay_sayisi: int,
                 ust: float) -> None:
        self.olay_sayisi = olay_sayisi
        super().__init__(sekil, seritler, olay_sayisi + 0.5, ust=ust, eksen_adi="olay sırası")

    def isaretli_anlar(self) -> list[float]:
        """Yazılan sıralar: en çok on iki tane; 1 ve adımın katları."""
        adim = next(a for a in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
                    if self.olay_sayisi / a <= 12)
        return [s for s in range(1, self.olay_sayisi + 1) if s == 1 or s % adim == 0]

    def x(self, t: float) -> float:
        return super().x(t - 0.5)

    @property
    def birim(self) -> float:
        """Bir olayın genişliği, piksel."""
        return self.x(2) - self.x(1)


def _genislik(metin: str, boy: float) -> float:
    return HARF * boy * len(metin)


def _ozet_satirda(kosu: Kosu) -> bool:
    """Bloğun özeti adıyla aynı satıra sığar mı (sağa yaslı, arada 16 px)?"""
    return 12 + _genislik(kosu.ad, YAZI) + 16 + _genislik(ozet(kosu), OZET_BOYU) <= GENISLIK - SAG


def _basi(kosu: Kosu) -> float:
    """Bloğun adının (ve sığmazsa altındaki özetin) yüksekliği."""
    return BLOK_BASI + (0 if _ozet_satirda(kosu) else IKINCI_SATIR)


def _yukseklik(kosu: Kosu) -> float:
    """Bloğun yüksekliği: başı, şeritleri, ekseni."""
    return _basi(kosu) + SERIT * len(kosu.isciler) + 40 + BLOK_ARASI


def _cubuk_adi(c: Calisma) -> str:
    """Çubuğun üstüne gelince görünen: kim, hangi olaydan hangisine, nasıl bitti."""
    if c.son is None:
        return f"{c.kim}: {c.bas}. olaydan sonra kayıt bitene dek sürdü"
    return f"{c.kim}: {c.bas}. olaydan {c.son}. olaya, " + (
        "işçi öldürüldü" if c.olduruldu else "bitti")


def _blok(sekil: Sekil, kosu: Kosu, olay_sayisi: int, ust: float) -> None:
    """Bir koşunun bloğu, `ust`ten başlayarak: adı ve özeti, işçilerin şeritleri, çalışmaların
    çubukları, olayların işaretleri."""
    sekil.yazi(kosu.ad, 12, ust + 14)
    sekil.yazi(ozet(kosu), GENISLIK - SAG, ust + _basi(kosu) - BLOK_BASI + 14, sinif="soluk",
               hiza="end", boy=OZET_BOYU)
    cizelge = SiraCizelgesi(sekil, kosu.isciler, olay_sayisi, ust + _basi(kosu))
    pay = PAY / cizelge.birim  # PAY piksel, olay olarak
    for c in kosu.calismalar:
        son = olay_sayisi + 1 if c.son is None else c.son - pay  # süren, eksenin sonuna dek
        cizelge.aralik(c.kim, c.bas + pay, son, OLDU.renk if c.olduruldu else CALISTI.renk,
                       tarali=c.olduruldu, ad=_cubuk_adi(c))
    blok_sonu = olay_sayisi + 0.5
    son_olum = max((c for c in kosu.calismalar if c.olduruldu), key=lambda c: c.son or 0,
                   default=None)
    if kosu.kayboldu and son_olum is not None:  # son ölümden bloğun sonuna: kimse başlatmadı
        y = cizelge.y(son_olum.kim)
        cizgi = draw.Line(cizelge.x(son_olum.son or 0) + PAY, y, cizelge.x(blok_sonu) - PAY, y,
                          class_="cizgi", stroke_width=1.5, stroke_dasharray="2 3")
        cizgi.append_title("sonra görevi kimse başlatmadı")
        sekil.ekle(cizgi)
    for n, c in enumerate(kosu.calismalar):
        if c.cakisan:
            _iki_kez(cizelge, kosu, n)
        cizelge.olay(c.kim, c.bas, YENIDEN_TESLIM if c.yeniden else ILK_TESLIM)
        if c.son is not None:
            cizelge.olay(c.kim, c.son, OLDURULDU_ISARETI if c.olduruldu else BITTI_ISARETI)
    if kosu.kayboldu and son_olum is not None:
        cizelge.olay(son_olum.kim, blok_sonu, KAYBOLDU)


def _iki_kez(cizelge: SiraCizelgesi, kosu: Kosu, n: int) -> None:
    """Süren bir çalışmanın yanında başlayan çalışmanın yıldızı: iki şeridin arasında, ikisinin
    birlikte sürdüğü aralığın ortasında (en yakın şeritteki süren çalışmayla)."""
    c = kosu.calismalar[n]
    sira = kosu.isciler.index(c.kim)
    oteki = min((kosu.calismalar[i] for i in c.cakisan),
                key=lambda o: (abs(kosu.isciler.index(o.kim) - sira), o.bas))
    yon = 1 if kosu.isciler.index(oteki.kim) > sira else -1
    eksen_sonu = cizelge.olay_sayisi + 1  # süren çalışmanın çubuğu buraya dek uzanır
    bitis = min(eksen_sonu if c.son is None else c.son,
                eksen_sonu if oteki.son is None else oteki.son)
    isaret_koy(cizelge.sekil, IKI_KEZ, cizelge.x((c.bas + bitis) / 2),
               cizelge.y(c.kim) + yon * SERIT / 2)


def olay_sirasi(kosular: Sequence[tuple[str, Sequence[Adim]]], ad: str = "06-olay-sirasi",
                baslik: str = "Görevin teslimleri ve akıbeti, olay sırasıyla") -> Sekil:
    """Her koşu (adı, adımları) bir blok, alt alta ve aynı sıra ekseniyle; blokta her işçi bir
    şerit. `sayim()`ın anahtarları: ilk-teslim, yeniden-teslim, aynı-anda-iki-kez, bitti,
    öldürüldü, kayboldu (koşularda görülmeyen tür anahtar değildir)."""
    if not kosular:
        raise ValueError("çizilecek koşu yok: olay_sirasi en az bir koşu ister")
    okunan = [kosu_oku(kosu_adi, adimlar) for kosu_adi, adimlar in kosular]
    olay_sayisi = max(kosu.olay_sayisi for kosu in okunan)
    gorulen = {isaret for kosu in okunan for isaret in sayimlar(kosu)}
    gorulen |= {OLDU if c.olduruldu else CALISTI for kosu in okunan for c in kosu.calismalar}
    isaretler = [isaret for isaret in GOSTERGE if isaret in gorulen]
    gosterge_alti = gosterge(Sekil(f"{ad}-olcu", 1, "", ""), isaretler, 0)  # boş bir şekilde
    bloklar = sum(_yukseklik(kosu) for kosu in okunan)
    aciklama = ("Her koşu bir blok, her işçi bir şerit, yatay eksen olayların sırası (süre "
                f"değil); {_kosular_cumlesi(okunan)}.")
    sekil = Sekil(ad, UST + bloklar + 14 + gosterge_alti + 12, baslik, aciklama)
    sekil.yazi(baslik, 12, 24)
    ust: float = UST
    for kosu in okunan:
        _blok(sekil, kosu, olay_sayisi, ust)
        ust += _yukseklik(kosu)
    gosterge(sekil, isaretler, ust + 14)
    return sekil
