"""Ders 03: işler sanal saatte; ara katmanların kararları ve kilitlerin ömrü.

Şekil sürücünün izinden (`IzKaydi`) ve ortamın kilit ömürlerinden (`KilitOmru`) çizilir. Her
iş bir şerittir: gövdesinin çalıştığı süre kalın bir çizgi, her denemenin sonucu bittiği anda
bir işaret, kuyrukta beklediği süre kesik bir çizgi. Bir denemenin aldığı kilit, çizginin
altında dolu bir banttır; kilit iş bitmeden düştüyse işin kilitsiz sürdüğü parça taralıdır.
Her işaret olayın tam anındadır: aynı şeritte bir başkasına binecek işaret yana kaymaz, şeridin
bir alt satırına iner ve ince bir çizgiyle şeridin çizgisine bağlanır.
"""

from collections import Counter
from collections.abc import Mapping, Sequence

import drawsvg as draw

from cizim.cerceve import SAG, SERIT, SOL, Cizelge
from cizim.isaretler import SINIF_ISARETLERI, Isaret, gosterge, isaret_koy
from cizim.sekil import GENISLIK, YAZI, Sekil
from kernel.ara_katman.ortam import KilitOmru
from kernel.ara_katman.surucu import (
    ATLANDI, COKTU, GERI_KONDU, TAMAMLANDI, AraKatmanliSurucu, IzKaydi,
)
from kernel.ara_katman.yerlesikler import HizSiniriAsildi

SONUCLAR = {TAMAMLANDI: Isaret("tamamlandı", "daire", "yesil"),
            GERI_KONDU: Isaret("geri kondu", "karo", "mavi"),
            ATLANDI: SINIF_ISARETLERI["atlandı"],
            COKTU: Isaret("çöktü", "yildiz", "kirmizi")}
HATA = Isaret("hata verdi", "carpi", "kirmizi")  # gövdeden gelen istisna
HIZ_SINIRI = Isaret("hız sınırı aşıldı", "ters-ucgen", "mor")  # RateLimited, gövdeden önce
REDDEDILDI = Isaret("reddedildi", "ucgen", "sari")  # başka bir katman (istisna kısma)
GOMULDU = Isaret("gömüldü", "kare", "mor")
KILIT = Isaret("kilit tutuldu", "dolu", "sari")
KILITSIZ = Isaret("iş kilitsiz sürdü", "tarali", "kirmizi")
ISARETLER = (*SONUCLAR.values(), HATA, HIZ_SINIRI, REDDEDILDI, GOMULDU, KILIT, KILITSIZ)
UST = 44  # başlığın altı
ARA = 13  # aynı satırda iki işaretin merkezleri arasındaki en kısa uzaklık
SATIR = 22  # bir şeridin alt satırı ne kadar aşağıda: işaret kilit bandının altında kalır
KOSU_ADI, EKSEN = 22, 40  # bir koşunun adının ve ekseninin yüksekliği (`Cizelge.bitis`)
CIZGI, BANT = -3, 4  # şeridin ortasına göre: işin çizgisi ve işaretleri, kilit bandının üstü
PAY = 2 * ARA  # hiç bitmeyen bir kilit varsa eksen son olaydan bu kadar öteye uzar
AD_SINIRI = 12  # bundan uzun bir şerit adı küçük yazılır ve boşluklarından bölünür
Olay = tuple[str, float, Isaret]  # şekle düşen bir işaret: iş, an, işaret


def sonuc_isareti(kayit: IzKaydi) -> Isaret:
    """Bir denemenin işareti: izdeki sonucu; istisnada gövdeye girildiyse hata, girilmediyse
    bir katmanın fırlattığı: hız sınırı ya da (istisna kısmada) ret."""
    if kayit.sonuc in SONUCLAR:
        return SONUCLAR[kayit.sonuc]
    if kayit.govde:
        return HATA
    return HIZ_SINIRI if kayit.sonuc == HizSiniriAsildi.__name__ else REDDEDILDI


def olaylar(iz: Sequence[IzKaydi]) -> list[Olay]:
    """Şekle düşen işaretler, izdeki sırayla: her denemenin sonucu, bittiği anda; gömülen işin
    aynı anda bir işareti daha."""
    sonuc = []
    for kayit in iz:
        sonuc.append((kayit.is_adi, kayit.bitis, sonuc_isareti(kayit)))
        if kayit.gomuldu:
            sonuc.append((kayit.is_adi, kayit.bitis, GOMULDU))
    return sonuc


def satirlar(isaretler: Sequence[Olay], aralik: float) -> list[int]:
    """Her işaretin şeridindeki satırı: aynı satırda iki işaret `aralik`tan yakın olmaz. İşaret
    zamanda yerinden oynamaz; yer yoksa bir alt satıra iner."""
    dolu: dict[str, list[list[float]]] = {}
    sonuc = []
    for is_adi, t, _ in isaretler:
        seridin = dolu.setdefault(is_adi, [])
        satir = next((i for i, anlar in enumerate(seridin)
                      if all(abs(t - an) >= aralik for an in anlar)), len(seridin))
        if satir == len(seridin):
            seridin.append([])
        seridin[satir].append(t)
        sonuc.append(satir)
    return sonuc


def sayimlar(surucu: AraKatmanliSurucu) -> Counter[Isaret]:
    """Bir koşunun şekle düşen işaretleri ve bantları, türlerine göre."""
    sayim = Counter(isaret for _, _, isaret in olaylar(surucu.iz))
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


def ad_satirlari(ad: str) -> list[str]:
    """Şeridin adı, solda yazılacak satırlarıyla: uzun ad boşluklarından en çok iki satıra."""
    sozcukler = ad.split(" ")
    ilk = sozcukler.pop(0)
    while sozcukler and len(f"{ilk} {sozcukler[0]}") <= AD_SINIRI:
        ilk += " " + sozcukler.pop(0)
    return [ilk, " ".join(sozcukler)] if sozcukler else [ilk]


class _Seritler:
    """Bir koşunun şeritleri (her iş bir şerit, gerekirse alt satırlarıyla) ve saat ekseni."""

    def __init__(self, sekil: Sekil, satir_sayilari: Mapping[str, int], son: float,
                 ust: float) -> None:
        self.sekil, self.orta = sekil, dict[str, float]()
        for is_adi, sayi in satir_sayilari.items():
            self.orta[is_adi] = ust + SERIT / 2
            ust += SERIT + SATIR * (sayi - 1)
        self.cizelge = Cizelge(sekil, [], son, ust=ust)  # yalnız eksen: şeritler burada
        for is_adi, orta in self.orta.items():
            sekil.ekle(draw.Line(SOL, orta, GENISLIK - SAG, orta, class_="izgara"))
            self.ad(is_adi, orta)

    def ad(self, is_adi: str, orta: float) -> None:
        """Şeridin adı; sığmayacak kadar uzunsa küçük ve iki satırda."""
        parcalar = ad_satirlari(is_adi)
        if len(is_adi) <= AD_SINIRI:
            self.sekil.yazi(is_adi, SOL - 8, orta + 4, hiza="end")
        elif len(parcalar) == 1:
            self.sekil.yazi(is_adi, SOL - 8, orta + 4, hiza="end", boy=YAZI - 2)
        else:
            self.sekil.ekle(draw.Text(parcalar, YAZI - 2, SOL - 8, round(orta - 2, 1),
                                      line_height=1.1, class_="murekkep", text_anchor="end"))

    def y(self, is_adi: str, satir: int = 0) -> float:
        """Bir satırın işaretlerinin y'si; ilk satırda işin çizgisi de buradadır."""
        return self.orta[is_adi] + CIZGI + SATIR * satir

    def bant(self, is_adi: str, bas: float, bit: float | None, isaret: Isaret) -> None:
        """Kilidin bandı: işin çizgisinin altında, dolu ya da taralı bir şerit; bitmeyen kilit
        eksenin sonuna dek."""
        x0 = self.cizelge.x(bas)
        x1 = self.cizelge.x(self.cizelge.son if bit is None else bit)
        if isaret.bicim == "tarali":
            bicim = {"class_": f"{isaret.sinif} k-{isaret.renk}",
                     "fill": self.sekil.desen(isaret.renk)}
        else:
            bicim = {"class_": f"{isaret.sinif} {isaret.renk}"}
        kutu = draw.Rectangle(x0, self.orta[is_adi] + BANT, max(x1 - x0, 2), 7, **bicim)
        kutu.append_title(f"{isaret.ad}: t={bas:g}, bitmedi" if bit is None
                          else f"{isaret.ad}: t={bas:g}–{bit:g}")
        self.sekil.ekle(kutu)
        if bit is None:
            self.sekil.yazi("kilit bitmedi →", x1, self.orta[is_adi] + 1, sinif="soluk",
                            hiza="end")

    def cizgi(self, is_adi: str, bas: float, bit: float, ad: str, kesik: bool = False) -> None:
        """Gövdenin çalıştığı (kalın) ya da işin kuyrukta beklediği (kesik) süre."""
        y = self.y(is_adi)
        ek = {"stroke_dasharray": "3 3", "stroke_width": 1.5} if kesik else {"stroke_width": 3}
        cizgi = draw.Line(self.cizelge.x(bas), y, self.cizelge.x(bit), y, class_="cizgi", **ek)
        cizgi.append_title(f"{is_adi}, {ad}: t={bas:g}–{bit:g}")
        self.sekil.ekle(cizgi)

    def dal(self, is_adi: str, t: float, satir: int) -> None:
        """Alt satıra inen işareti şeridin çizgisine, aynı anda bağlayan ince çizgi."""
        x = self.cizelge.x(t)
        self.sekil.ekle(draw.Line(x, self.y(is_adi), x, self.y(is_adi, satir), class_="cizgi",
                                  stroke_width=1))

    def isaret(self, is_adi: str, t: float, isaret: Isaret, satir: int) -> None:
        isaret_koy(self.sekil, isaret, self.cizelge.x(t), self.y(is_adi, satir))


Yerlesim = tuple[list[Olay], list[int], dict[str, int]]


def _yerlesim(surucu: AraKatmanliSurucu, aralik: float) -> Yerlesim:
    """Koşunun işaretleri, her birinin satırı ve her işin kaç satır tuttuğu (izdeki sırayla)."""
    isaretler = olaylar(surucu.iz)
    satir = satirlar(isaretler, aralik)
    sayilar = dict.fromkeys((kayit.is_adi for kayit in surucu.iz), 1)
    for (is_adi, _, _), s in zip(isaretler, satir, strict=True):
        sayilar[is_adi] = max(sayilar[is_adi], s + 1)
    return isaretler, satir, sayilar


def _kosu(sekil: Sekil, surucu: AraKatmanliSurucu, yerlesim: Yerlesim, son: float,
          ust: float) -> float:
    """Bir koşuyu `ust`ten başlayarak çizer; çizelgenin altının y'sini döndürür."""
    iz = surucu.iz
    isaretler, satir, sayilar = yerlesim
    serit = _Seritler(sekil, sayilar, son, ust)
    for omur in surucu.ortam.kilit_omurleri:
        is_adi = iz[omur.sira].is_adi
        serit.bant(is_adi, omur.alinma, omur.bitis, KILIT)
        kilitsiz = _kilitsiz(iz, omur)
        if kilitsiz is not None:
            serit.bant(is_adi, *kilitsiz, KILITSIZ)
    for kayit in iz:
        if kayit.bitis > kayit.an:
            serit.cizgi(kayit.is_adi, kayit.an, kayit.bitis, f"işçi {kayit.isci}")
    for is_adi, bas, bit in bekleyisler(iz):
        serit.cizgi(is_adi, bas, bit, "kuyrukta", kesik=True)
    for (is_adi, t, _), s in zip(isaretler, satir, strict=True):
        if s:
            serit.dal(is_adi, t, s)
    for (is_adi, t, isaret), s in zip(isaretler, satir, strict=True):
        serit.isaret(is_adi, t, isaret, s)
    return serit.cizelge.bitis


def _cizgi_gostergesi(sekil: Sekil, y: float, bekleyen: bool, alt_alta: bool) -> None:
    """Göstergenin ilk satırı: işin çalıştığı ve (varsa) kuyrukta beklediği süre, aynı anda
    olup alt alta çizilen işaretler."""
    x = 12
    for metin, ek, var in (("gövde çalıştı", {"stroke_width": 3}, True),
                           ("kuyrukta bekledi", {"stroke_width": 1.5, "stroke_dasharray": "3 3"},
                            bekleyen)):
        if var:
            sekil.ekle(draw.Line(x, y - 4, x + 14, y - 4, class_="cizgi", **ek))
            sekil.yazi(metin, x + 20, y)
            x += 138
    if alt_alta:
        sekil.ekle(draw.Line(x + 7, y - 13, x + 7, y + 3, class_="cizgi", stroke_width=1))
        sekil.yazi("aynı anda olanlar alt alta", x + 20, y)


def kosu_sekli(ad: str, baslik: str, kosular: Mapping[str, AraKatmanliSurucu]) -> Sekil:
    """Koşular (ad → sürücü) alt alta, aynı saat ekseniyle; tek koşunun adı boş olabilir."""
    if not kosular:
        raise ValueError("çizilecek koşu yok")
    eksen = GENISLIK - SOL - SAG
    son = max(max(map(_son, kosular.values())), 1)
    if any(omur.bitis is None for s in kosular.values() for omur in s.ortam.kilit_omurleri):
        son *= eksen / (eksen - PAY)  # bitmeyen kilidin bandı son olaydan öteye uzasın
    aralik = ARA * son / eksen  # ARA piksel, saniye olarak
    isaretler = [i for i in ISARETLER
                 if any(sayimlar(surucu)[i] for surucu in kosular.values())]
    gosterge_alti = gosterge(Sekil(f"{ad}-olcu", 1, "", ""), isaretler, 0)  # boş bir şekilde
    yerlesimler = [_yerlesim(surucu, aralik) for surucu in kosular.values()]
    seritler = sum(SERIT + SATIR * (sayi - 1) for *_, sayilar in yerlesimler
                   for sayi in sayilar.values())
    kosularin = seritler + sum(KOSU_ADI * bool(kosu_adi) + EKSEN + 8 for kosu_adi in kosular)
    aciklama = "; ".join(_ozet(b, s) for b, s in kosular.items()) + "."
    sekil = Sekil(ad, UST + kosularin + 44 + gosterge_alti, baslik, aciklama)
    sekil.yazi(baslik, 12, 24)
    ust: float = UST
    for (kosu_adi, surucu), yerlesim in zip(kosular.items(), yerlesimler, strict=True):
        if kosu_adi:
            sekil.yazi(kosu_adi, 12, ust + 14, sinif="soluk")
            ust += KOSU_ADI
        ust = _kosu(sekil, surucu, yerlesim, son, ust) + 8
    alt_alta = any(any(satir) for _, satir, _ in yerlesimler)
    _cizgi_gostergesi(sekil, ust + 8, any(bekleyisler(s.iz) for s in kosular.values()),
                      alt_alta)
    gosterge(sekil, isaretler, ust + 30)
    return sekil
