"""Dersin benzetimle ölçtükleri: uyarlanan dersin tablosunun gizledikleri, benzetimin yanıtları.

Her deneyin varsayılan değerleri dersinkilerdir ve basılabilir bir sonuç döndürür.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kernel.hizmet.ayarlar import Bekci, KuyrukAyari, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import AZAMI, SURELER
from kernel.hizmet.sonuc import SAYIM_KURALLARI, Kurallar
from kernel.hizmet.yuk import DERS_YUKU, Ileti, IsYuku


@dataclass(frozen=True)
class TavanAsimi:
    """Azami teslim yalnız zehirliye uygulanınca (sayım) ve her iletiye uygulanınca (servis)."""

    gorunurluk: int
    teslim: int  # sayımın kurallarıyla toplam teslim
    asan_ileti: int  # azami sayıdan çok teslim edilen ileti
    tavan_ustu_teslim: int  # azami sayının ötesindeki teslim
    servis_teslim: int  # tavan her iletiye uygulanınca toplam teslim
    islenirken_tasinan: int  # tavan her iletiye: işlenirken ölü mektup kutusuna taşınan
    servis_kutuda: int  # tavan her iletiye: koşu bitince ölü mektup kutusunda


def tavan_asimi(gorunurluk: int = 5, yuk: IsYuku = DERS_YUKU, azami: int = AZAMI) -> TavanAsimi:
    """OS9 her iletiye tavan koyar, ama uyarlanan dersin sayımı tavanı yalnız zehirliye uygular."""
    ayar = KuyrukAyari(azami=azami)
    sayim = Benzetim(yuk.iletiler(), gorunurluk, ayar=ayar).calistir()
    servis = Benzetim(yuk.iletiler(), gorunurluk, ayar=ayar,
                      kurallar=Kurallar(tavan_herkese=True)).calistir()
    return TavanAsimi(gorunurluk, sayim.teslim, sayim.tavan_asan, sayim.tavan_ustu_teslim,
                      servis.teslim, servis.islenirken_tasinan, servis.olu_kutuda)


def zehirli_teslimleri(sureler: Sequence[int] = SURELER, yuk: IsYuku = DERS_YUKU,
                       azami: int = AZAMI) -> dict[int, int]:
    """Her görünürlük süresinde zehirli iletilere harcanan teslim."""
    ayar = KuyrukAyari(azami=azami)
    return {gorunurluk: Benzetim(yuk.iletiler(), gorunurluk, ayar=ayar).calistir().zehirli_teslim
            for gorunurluk in sureler}


@dataclass(frozen=True)
class GeriBasma:
    """Ölü mektup kutusunu nedeni düzeltmeden ana kuyruğa geri basmak."""

    ilk_teslim: int  # zehirlilere ilk koşuda harcanan teslim
    kutuda: int  # ilk koşudan sonra ölü mektup kutusunda
    geri_basilan: int
    ek_teslim: int  # geri basmadan sonra zehirlilere harcanan teslim
    yine_kutuda: int


def geri_basma(gorunurluk: int = 30, yuk: IsYuku = DERS_YUKU, azami: int = AZAMI,
               sonra_azami: int | None = None) -> GeriBasma:
    """`sonra_azami` verilirse ana kuyruğun azami teslimi geri basmadan önce ona değişir (SQS'te
    yönlendirme politikasının maxReceiveCount'u)."""
    benzetim = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami))
    ilk = benzetim.calistir()
    if sonra_azami is not None:
        yonlendirme = benzetim.kuyruk.yonlendirme
        assert yonlendirme is not None  # Benzetim her kuyruğuna bir tane verir
        benzetim.kuyruk.yonlendirme = replace(yonlendirme, azami=sonra_azami)
        benzetim.ayar = replace(benzetim.ayar, azami=sonra_azami)
    basilan = benzetim.olu.geri_bas(benzetim.kuyruk)
    son = benzetim.calistir()
    return GeriBasma(ilk.zehirli_teslim, ilk.olu_kutuda, basilan,
                     son.zehirli_teslim - ilk.zehirli_teslim, son.olu_kutuda)


@dataclass(frozen=True)
class OluKutu:
    """Tüketicisi olmayan ölü mektup kutusu: iletiler saklama süresi dolunca sessizce gider."""

    tasinan: int
    kutuda: int  # koşu bittiğinde
    saklamadan_sonra: int  # ilk iletinin gönderilmesinden `saklama` birim sonra
    sessizce_silinen: int


def olu_kutu(gorunurluk: int = 30, saklama: float = 1000, yuk: IsYuku = DERS_YUKU,
             azami: int = AZAMI) -> OluKutu:
    """Taşınan ileti gönderilme anını yanında götürür: saklama ana kuyruktaki ilk günden sayılır."""
    benzetim = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami, saklama))
    kosu = benzetim.calistir()
    sonra = benzetim.calistir(ufuk=saklama)
    return OluKutu(kosu.olu_tasinan, kosu.olu_kutuda, sonra.olu_kutuda, sonra.olu_kutuda_silinen)


@dataclass(frozen=True)
class Kesinti:
    """Tüketiciler bir süre almazken saklama süresi dolan iletiler."""

    gonderilen: int
    islenen: int  # en az bir kez başarıyla işlenen ileti
    saklamada_silinen: int  # ana kuyrukta saklama süresi dolup sessizce silinen
    kayip: int  # bunlardan hiç işlenmemiş olan (kimi işlenirken silindi, işi yine de bitti)


def saklama_kesintisi(kesinti: tuple[float, float] = (100, 300), saklama: float = 120,
                      aralik: float = 1, gorunurluk: int = 30, yuk: IsYuku = DERS_YUKU,
                      azami: int = AZAMI) -> Kesinti:
    """Sayaç okumaları `aralik` birimde bir gelir; `kesinti` boyunca hiçbir tüketici almaz."""
    iletiler = yuk.iletiler()
    sonuc = Benzetim(iletiler, gorunurluk, ayar=KuyrukAyari(azami, saklama),
                     tuketiciler=Tuketiciler(kesinti=kesinti),
                     gelis=[sira * aralik for sira in range(len(iletiler))]).calistir()
    return Kesinti(len(iletiler), sonuc.islenen, sonuc.saklamada_silinen,
                   sonuc.islenmeden_silinen)


@dataclass(frozen=True)
class BekciDeneyi:
    """Koşut çift işlemede "bu ileti daha önce işlendi mi" bekçisi: yazılan etki sayısı."""

    islenen_ileti: int  # başarıyla işlenen ayrı ileti
    bekcisiz: int
    okumada: int  # bekçi işlemeye başlarken bakar: koşut ikinci tüketici de "hayır" yanıtı alır
    yazmada: int  # tekillik kısıtı yazma anında: her ileti bir kez


def bekci_deneyi(gorunurluk: int = 5, yuk: IsYuku = DERS_YUKU,
                 azami: int = AZAMI) -> BekciDeneyi:
    bekciler: tuple[Bekci, ...] = ("yok", "okumada", "yazmada")
    etkiler = {bekci: Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami),
                               tuketiciler=Tuketiciler(bekci=bekci)).calistir()
               for bekci in bekciler}
    return BekciDeneyi(etkiler["yok"].islenen, etkiler["yok"].etki, etkiler["okumada"].etki,
                       etkiler["yazmada"].etki)


@dataclass(frozen=True)
class MakbuzSatiri:
    """Tek bir uzun işin, bir makbuz kuralı ve kalp aralığıyla sonucu."""

    kural: str  # "gevşek": eski makbuzla silme de siler; "katı": yalnız son makbuz siler
    kalp: float | None
    teslim: int
    etki: int
    uzatma: int
    istek: int
    silindi: bool
    olu_kutuda: bool


def makbuz_deneyi(sure: int = 69, gorunurluk: int = 10, kalp: float = 5, azami: int = AZAMI,
                  tavan_herkese: bool = False, ufuk: float = 1000) -> list[MakbuzSatiri]:
    """Görünürlükten uzun bir iş, iki makbuz kuralıyla, kalpsiz ve kalpli.

    Katı kural ve yalnız zehirliye tavanla kalpsiz iş hiç silinmez; `ufuk` anına dek sayılır.
    """
    satirlar = []
    for kural, siler in (("gevşek", True), ("katı", False)):
        for aralik in (None, kalp):
            kurallar = Kurallar(tavan_herkese=tavan_herkese, bayat_makbuz_siler=siler)
            s = Benzetim([Ileti(sure)], gorunurluk, kurallar=kurallar,
                         ayar=KuyrukAyari(azami=azami),
                         tuketiciler=Tuketiciler(kalp=aralik)).calistir(ufuk)
            satirlar.append(MakbuzSatiri(kural, aralik, s.teslim, s.etki, s.uzatma, s.istek,
                                         s.silinen > 0, s.olu_kutuda > 0))
    return satirlar


@dataclass(frozen=True)
class UzatmaMaliyeti:
    """Tek bir işin görünürlük süresi ve kalp aralığıyla servise yaptığı çağrılar."""

    gorunurluk: int
    kalp: int | None
    teslim: int  # her teslim bir alma çağrısı
    uzatma: int
    silme: int
    istek: int  # alma + uzatma + silme


def uzatma_maliyeti(sure: int = 69, ayarlar: Sequence[tuple[int, int | None]] = (
        (120, None), (10, 10), (10, 5))) -> list[UzatmaMaliyeti]:
    """Her (görünürlük, kalp aralığı) için tek işin çağrıları; kalp None: hiç uzatmaz."""
    satirlar = []
    for gorunurluk, kalp in ayarlar:
        s = Benzetim([Ileti(sure)], gorunurluk, tuketiciler=Tuketiciler(kalp=kalp)).calistir()
        satirlar.append(UzatmaMaliyeti(gorunurluk, kalp, s.teslim, s.uzatma, s.silme, s.istek))
    return satirlar


@dataclass(frozen=True)
class GostergeAni:
    """Bir andaki kuyruk göstergesi ve gerçekte olan: uçuştaki iletinin kaçında iş sürüyor."""

    an: float
    gorunen: int
    ucusta: int  # servisin "alınmış, silinmemiş" saydığı
    isleniyor: int  # bunlardan bir tüketicinin gerçekten işlediği


def gosterge(gorunurluk: int = 120, anlar: Sequence[float] = (30, 70),
             yuk: IsYuku = DERS_YUKU, azami: int = AZAMI) -> list[GostergeAni]:
    """Koşuyu her anda durdurup servisin iki sayısına ve süren işlere bakar."""
    benzetim = Benzetim(yuk.iletiler(), gorunurluk, ayar=KuyrukAyari(azami=azami))
    satirlar = []
    for an in anlar:
        benzetim.calistir(ufuk=an)
        derinlik = benzetim.kuyruk.derinlik()
        satirlar.append(GostergeAni(an, derinlik.gorunen, derinlik.ucusta, benzetim.calisan()))
    return satirlar


@dataclass(frozen=True)
class KurtarmaFarki:
    """Sayım çöken iletiyi hep 2 teslim sayar; devralan uzatmazsa uzun iş yine koşut işlenir."""

    gorunurluk: int
    sayim_teslim: int
    gercek_teslim: int
    gercek_cift: int


def kurtarma_farki(gorunurluk: int = 5, yuk: IsYuku = DERS_YUKU,
                   azami: int = AZAMI) -> KurtarmaFarki:
    cokenler = [ileti for ileti in yuk.iletiler() if ileti.coken and not ileti.zehirli]
    ayar = KuyrukAyari(azami=azami)
    sayim = Benzetim(cokenler, gorunurluk, ayar=ayar, kurallar=SAYIM_KURALLARI).calistir()
    gercek = Benzetim(cokenler, gorunurluk, ayar=ayar,
                      kurallar=Kurallar(kurtarma_tek_teslim=False)).calistir()
    return KurtarmaFarki(gorunurluk, sayim.teslim, gercek.teslim, gercek.cift)

