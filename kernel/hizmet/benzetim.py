"""Kuyruk servisinin olay güdümlü benzetimi: tüketiciler, süreler, çökmeler, kalp atışları."""

import gc
import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from kernel.hizmet.gorunurluk import AZAMI
from kernel.hizmet.kuyruk import Kuyruk, Saat, Teslim, Yonlendirme, herkes
from kernel.hizmet.sonuc import SAYIM_KURALLARI, Kurallar, Sonuc
from kernel.hizmet.yuk import Ileti

# Olay türleri. Aynı andaki bütün olaylar, boştaki tüketiciler almadan önce işlenir: iletisinin
# yeniden görüneceği anda biten iş bitmiştir (sayımın ceil'i), o anda atan kalp de yetişir.
BITIS, KALP, GELIS = 0, 1, 2

Bekci = Literal["yok", "okumada", "yazmada"]


@dataclass(slots=True, eq=False)
class _Is:
    """Süren bir işleme: tüketici, ileti, makbuz, bitiş anı, kalp aralığı."""

    tuketici: int
    govde: int
    makbuz: int
    bitis: float
    kalp: float | None


class _Takvim:
    """Olay takvimi: olaylar (an, tür, eklenme sırası) düzeninde çıkar.

    Aynı an ve türdekiler tek kovada durur, yığında yalnız ayrı (an, tür) çiftleri: aynı ana düşen
    binlerce olay yığını büyütmez.
    """

    def __init__(self) -> None:
        self._anlar: list[tuple[float, int]] = []
        self._kovalar: dict[tuple[float, int], list[_Is | int]] = {}

    def __bool__(self) -> bool:
        return bool(self._anlar)

    def ekle(self, an: float, tur: int, veri: _Is | int) -> None:
        kova = self._kovalar.get((an, tur))
        if kova is None:
            self._kovalar[an, tur] = [veri]
            heapq.heappush(self._anlar, (an, tur))
        else:
            kova.append(veri)

    def ilk_an(self) -> float:
        return self._anlar[0][0]

    def cek(self) -> tuple[int, list[_Is | int]]:
        """En erken (an, tür) kovası: türü ve olayları."""
        an, tur = heapq.heappop(self._anlar)
        return tur, self._kovalar.pop((an, tur))


class Benzetim:
    """İletileri bir kuyruğa koyar, tüketicilere işletir, sanal saatte olay olay ilerler.

    Zehirli ileti her denemede hemen başarısız olur ve görünürlük süresi dolana dek gizli kalır;
    çöken işaretli iletinin ilk tüketicisi aldığı anda ölür. `tuketici` None ise her görünen ileti
    hemen alınır (sayım böyle sayar); sayıysa o kadar tüketici vardır. `kalp` verilirse her işleme
    o aralıkla görünürlüğü `gorunurluk` kadar uzatır. `gelis` iletilerin gönderildiği anlardır
    (öntanımlı: hepsi 0'da); `kesinti` (başlangıç, bitiş) arasında hiçbir tüketici almaz.
    `bekci`: "okumada" işlemeye başlarken "daha önce işlendi mi" diye bakar, "yazmada" etkiyi
    yazarken tekillik kısıtıyla reddeder. `ilgi` tüketicideki süzgeçtir: ilgisiz ileti alınır,
    silinir, boşa uyanma sayılır.
    """

    def __init__(self, iletiler: Sequence[Ileti], gorunurluk: float, *, azami: int = AZAMI,
                 kurallar: Kurallar = SAYIM_KURALLARI, kalp: float | None = None,
                 tuketici: int | None = None, saklama: float | None = None,
                 gelis: Sequence[float] | None = None,
                 kesinti: tuple[float, float] | None = None, bekci: Bekci = "yok",
                 ilgi: Callable[[Ileti], bool] | None = None) -> None:
        if kalp is not None and kalp <= 0:
            raise ValueError(f"kalp aralığı pozitif olmalı, verilen: {kalp}")
        if tuketici is not None and tuketici < 1:
            raise ValueError(f"tuketici en az 1 olmalı, verilen: {tuketici}")
        if gelis is not None and len(gelis) != len(iletiler):
            raise ValueError(f"gelis {len(gelis)} an veriyor, ileti {len(iletiler)}")
        if gelis is not None and min(gelis, default=0) < 0:
            raise ValueError(f"gelis anları negatif olamaz, verilen: {min(gelis)}")
        self.iletiler, self.gorunurluk, self.azami = iletiler, gorunurluk, azami
        self.kurallar, self.kalp, self.kesinti, self.bekci, self.ilgi = (
            kurallar, kalp, kesinti, bekci, ilgi)
        self.saat = Saat()
        self.olu = Kuyruk(self.saat, gorunurluk, saklama=saklama)
        kapsar = herkes if kurallar.tavan_herkese else self._zehirli_mi
        self.kuyruk = Kuyruk(self.saat, gorunurluk, saklama=saklama,
                             yonlendirme=Yonlendirme(self.olu, azami, kapsar),
                             bayat_makbuz_siler=kurallar.bayat_makbuz_siler)
        self._olaylar = _Takvim()
        self._bos = list(range(tuketici)) if tuketici is not None else None  # boştakiler yığını
        self._tuketici_teslim = [0] * (tuketici or 0)
        n = len(iletiler)
        self._teslim, self._calisan = [0] * n, [0] * n
        self._cokus: list[float | None] = [None] * n
        self._cift: set[int] = set()
        self._islenen: set[int] = set()
        self._etki = self._cokme = self._zehirli_teslim = self._bos_uyanma = 0
        self._bekci_eledi = self._islenirken_tasinan = self._bakilan_tasima = 0
        self._kurtarma_toplam = 0.0
        for govde in range(n):
            if gelis is None:
                self.kuyruk.gonder(govde)
            else:
                self._olaylar.ekle(gelis[govde], GELIS, govde)

    def calistir(self, ufuk: float | None = None) -> Sonuc:
        """Olay kalmayana (ya da `ufuk` anına) dek ilerler, sonucu verir; yeniden çağrılabilir."""
        if ufuk is None and self._bitmeyebilir():
            raise ValueError("katı makbuz kuralı, yalnız zehirliye tavan ve saklamasız kuyrukta "
                             "görünürlükten uzun iş hiç silinmez: bir ufuk verin")
        toplayici = gc.isenabled()
        gc.disable()  # döngü kurulmaz; yüz binlerce canlı nesneyi taramak yalnız yavaşlatır
        try:
            while (an := self._siradaki_an()) is not None and (ufuk is None or an <= ufuk):
                self.saat.simdi = an
                while self._olaylar and self._olaylar.ilk_an() == an:
                    tur, kova = self._olaylar.cek()
                    for veri in kova:
                        if isinstance(veri, int):
                            self.kuyruk.gonder(veri)
                        elif tur == BITIS:
                            self._bitir(veri)
                        else:
                            self._kalp_at(veri)
                self._dagit()
        finally:
            if toplayici:
                gc.enable()
        bitis = self.saat.simdi
        self.saat.simdi = max(bitis, ufuk if ufuk is not None else bitis)
        return self._sonuc(bitis)

    def calisan(self) -> int:
        """Şu an bir tüketicide süren işleme sayısı (çöken tüketiciler sayılmaz)."""
        return sum(self._calisan)

    def _bitmeyebilir(self) -> bool:
        """Hiç silinmeyecek bir iş var mı: katı kural, tavan yalnız zehirliye, saklama yok ve
        görünürlükten uzun bir iş kalp atmadan (ya da görünürlükten seyrek atarak) işleniyor."""
        if (self.kurallar.tavan_herkese or self.kurallar.bayat_makbuz_siler
                or self.kuyruk.saklama is not None
                or (self.kalp is not None and self.kalp <= self.gorunurluk)):
            return False
        return any(not i.zehirli and i.sure > self.gorunurluk for i in self.iletiler)

    def _zehirli_mi(self, govde: int) -> bool:
        return self.iletiler[govde].zehirli

    def _musait(self, an: float) -> bool:
        return self.kesinti is None or not self.kesinti[0] <= an < self.kesinti[1]

    def _siradaki_an(self) -> float | None:
        """Bir sonraki olay ya da, boş tüketici varsa, bir iletinin görünür olacağı an."""
        adaylar = [self._olaylar.ilk_an()] if self._olaylar else []
        if self._bos is None or self._bos:
            an = self.kuyruk.siradaki_gorunur()
            if an is not None:
                an = max(an, self.saat.simdi)
                if self.kesinti is not None and not self._musait(an):
                    an = self.kesinti[1]
                adaylar.append(an)
        return min(adaylar, default=None)

    def _dagit(self) -> None:
        """Boştaki tüketiciler görünen iletileri alır; hemen biten işlemeler yerini boşaltır."""
        while self._musait(self.saat.simdi) and (self._bos is None or self._bos):
            teslimler = self.kuyruk.al(len(self._bos) if self._bos is not None
                                       else len(self.kuyruk))
            self._tasinanlara_bak()
            if not teslimler:
                return
            for teslim in teslimler:
                self._baslat(teslim, heapq.heappop(self._bos) if self._bos is not None else 0)

    def _tasinanlara_bak(self) -> None:
        """Son almada ölü mektup kutusuna taşınanlardan hâlâ işlenenleri sayar."""
        tasimalar = self.kuyruk.tasimalar
        for tasima in tasimalar[self._bakilan_tasima:]:
            self._islenirken_tasinan += self._calisan[tasima.govde] > 0
        self._bakilan_tasima = len(tasimalar)

    def _baslat(self, teslim: Teslim, tuketici: int) -> None:
        govde, simdi = teslim.govde, self.saat.simdi
        ileti = self.iletiler[govde]
        self._teslim[govde] += 1
        if self._bos is not None:
            self._tuketici_teslim[tuketici] += 1
        cokus = self._cokus[govde]
        if cokus is not None:
            self._kurtarma_toplam += simdi - cokus
            self._cokus[govde] = None
        if ileti.zehirli:  # hemen başarısız; ileti görünürlük süresince gizli kalır
            self._zehirli_teslim += 1
        elif ileti.coken and self._teslim[govde] == 1:  # tüketici aldığı anda ölür
            self._cokme += 1
            self._cokus[govde] = simdi
        elif self.ilgi is not None and not self.ilgi(ileti):
            self._bos_uyanma += 1
            self.kuyruk.sil(teslim.makbuz)
        elif self.bekci == "okumada" and govde in self._islenen:
            self._bekci_eledi += 1
            self.kuyruk.sil(teslim.makbuz)
        else:
            kurtarma = cokus is not None and self.kurallar.kurtarma_tek_teslim
            kalp = self.kalp if self.kalp is not None else (
                self.gorunurluk if kurtarma else None)
            is_ = _Is(tuketici, govde, teslim.makbuz, simdi + ileti.sure, kalp)
            self._calisan[govde] += 1
            if self._calisan[govde] == 2:
                self._cift.add(govde)
            self._olaylar.ekle(is_.bitis, BITIS, is_)
            if kalp is not None and simdi + kalp < is_.bitis:
                self._olaylar.ekle(simdi + kalp, KALP, is_)
            return
        self._serbest(tuketici)

    def _bitir(self, is_: _Is) -> None:
        """İş bitti: etkiyi yazar (yazma bekçisi ikinciyi reddeder), makbuzuyla siler."""
        self._calisan[is_.govde] -= 1
        self._serbest(is_.tuketici)
        if self.bekci == "yazmada" and is_.govde in self._islenen:
            self._bekci_eledi += 1
        else:
            self._etki += 1
            self._islenen.add(is_.govde)
        self.kuyruk.sil(is_.makbuz)

    def _kalp_at(self, is_: _Is) -> None:
        """Görünürlüğü uzatır; reddedilirse (makbuz eskidi) tüketici uzatmayı bırakır."""
        assert is_.kalp is not None
        if self.kuyruk.gorunurlugu_degistir(is_.makbuz, self.gorunurluk):
            sonraki = self.saat.simdi + is_.kalp
            if sonraki < is_.bitis:
                self._olaylar.ekle(sonraki, KALP, is_)

    def _serbest(self, tuketici: int) -> None:
        if self._bos is not None:
            heapq.heappush(self._bos, tuketici)

    def _sonuc(self, bitis: float) -> Sonuc:
        ana, olu = self.kuyruk.sayac, self.olu.sayac
        fazla = [adet - self.azami for adet in self._teslim if adet > self.azami]
        return Sonuc(
            teslim=ana.teslim, cift=len(self._cift), etki=self._etki,
            islenen=len(self._islenen), cokme=self._cokme,
            kurtarma_toplam=self._kurtarma_toplam, zehirli_teslim=self._zehirli_teslim,
            tavan_asan=len(fazla), tavan_ustu_teslim=sum(fazla),
            islenirken_tasinan=self._islenirken_tasinan,
            olu_sureleri=tuple(t.sure for t in self.kuyruk.tasimalar),
            olu_kutuda=len(self.olu), kuyrukta=len(self.kuyruk),
            uzatma=ana.uzatma, reddedilen_uzatma=ana.reddedilen_uzatma, silinen=ana.silinen,
            bayat_silinen=ana.bayat_silinen, reddedilen_silme=ana.reddedilen_silme,
            bos_silme=ana.bos_silme,
            saklamada_silinen=ana.saklamada_silinen,
            islenmeden_silinen=sum(govde not in self._islenen
                                   for govde in self.kuyruk.saklamada_silinenler),
            olu_kutuda_silinen=olu.saklamada_silinen,
            bos_uyanma=self._bos_uyanma, bekci_eledi=self._bekci_eledi,
            tuketici_basina=tuple(self._tuketici_teslim), bitis=bitis)

