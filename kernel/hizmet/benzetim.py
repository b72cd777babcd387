"""Kuyruk servisinin olay güdümlü benzetimi: tüketiciler, süreler, çökmeler, kalp atışları."""

import heapq
from collections.abc import Callable, Sequence
from functools import partial

from kernel.hizmet.ayarlar import SAYIM_AYARI, SAYIM_TUKETICILERI, KuyrukAyari, Tuketiciler
from kernel.dogrula import eksi_degil, tur
from kernel.hizmet.iz import Isleyis, Iz, IzliKuyruk
from kernel.hizmet.kuyruk import Kuyruk, Saat, Teslim, Yonlendirme, herkes
from kernel.hizmet.sonuc import SAYIM_KURALLARI, Kurallar, Sayim, Sonuc
from kernel.hizmet.takvim import Takvim
from kernel.hizmet.yuk import Ileti

PARTI = 256  # sınırsız tüketicide bir almanın istediği ileti: teslimler birikmeden işlenir


# Süren bir işleme: tüketici, ileti, makbuz, bitiş anı, kalp aralığı. Düz bir demet: içinde
# yalnız sayı olan demeti çöp toplayıcı izlemeyi bırakır, yüz bin işleme taramayı uzatmaz.
_Is = tuple[int, int, int, float, float | None]


class Benzetim:
    """İletileri bir kuyruğa koyar, tüketicilere işletir, sanal saatte olay olay ilerler.

    Zehirli ileti her denemede hemen başarısız olur ve görünürlük süresi dolana dek gizli kalır;
    çöken işaretli iletinin ilk tüketicisi aldığı anda ölür. `kurallar` sayımın söylemediği
    kurallar, `ayar` kuyruğun azami teslim ve saklama süresi, `tuketiciler` tüketicilerin sayısı
    ve davranışıdır (varsayılanlar uyarlanan dersin sayımını verir); `gelis` iletilerin
    gönderildiği anlardır (varsayılan: hepsi 0'da). `izle` verilirse her iletinin başından
    geçenler `iz`e yazılır (`kernel.hizmet.iz`).
    """

    def __init__(self, iletiler: Sequence[Ileti], gorunurluk: float, *,
                 kurallar: Kurallar = SAYIM_KURALLARI, ayar: KuyrukAyari = SAYIM_AYARI,
                 tuketiciler: Tuketiciler = SAYIM_TUKETICILERI,
                 gelis: Sequence[float] | None = None, izle: bool = False) -> None:
        _iletiler_mi(iletiler)
        tur("kurallar", kurallar, Kurallar)
        tur("ayar", ayar, KuyrukAyari)
        tur("tuketiciler", tuketiciler, Tuketiciler)
        tur("izle", izle, bool)
        if gelis is not None:
            _gelis_mi(gelis, len(iletiler))
        self.iletiler, self.gorunurluk, self.kurallar = iletiler, gorunurluk, kurallar
        self.ayar, self.tuketiciler = ayar, tuketiciler
        self.saat = Saat()
        self.olu = Kuyruk(self.saat, gorunurluk, saklama=ayar.saklama)
        kapsar = herkes if kurallar.tavan_herkese else self._zehirli_mi
        self.iz = Iz(iletiler) if izle else None
        kuyruk: Callable[..., Kuyruk] = Kuyruk if self.iz is None else partial(IzliKuyruk,
                                                                                 self.iz)
        self.kuyruk = kuyruk(self.saat, gorunurluk, saklama=ayar.saklama,
                             yonlendirme=Yonlendirme(self.olu, ayar.azami, kapsar),
                             bayat_makbuz_siler=kurallar.bayat_makbuz_siler)
        n, sayisi = len(iletiler), tuketiciler.sayi
        self.sayim = Sayim([0] * n, [0] * (sayisi or 0))
        # Olaylar, türlerine göre üç takvimde; aynı andakiler bu sırayla işlenir, hepsi boştaki
        # tüketiciler almadan önce: iletisinin yeniden görüneceği anda biten iş bitmiştir
        # (sayımın ceil'i), o anda atan kalp de yetişir.
        self._bitisler: Takvim[_Is] = Takvim()
        self._kalpler: Takvim[_Is] = Takvim()
        self._gelisler: Takvim[int] = Takvim()
        self._bos = list(range(sayisi)) if sayisi is not None else None  # boştakiler yığını
        self._calisan = [0] * n  # ileti başına süren işleme
        self._cokus: list[float | None] = [None] * n  # tüketicisi çöken iletinin çöktüğü an
        self._bakilan_tasima = 0
        for govde in range(n):
            if gelis is None:
                self.kuyruk.gonder(govde)
            else:
                self._gelisler.ekle(gelis[govde], govde)

    def calistir(self, ufuk: float | None = None) -> Sonuc:
        """Olay kalmayana (ya da `ufuk` anına) dek ilerler, sonucu verir; yeniden çağrılabilir."""
        if ufuk is not None:
            eksi_degil("ufuk", ufuk)
        elif self._bitmeyebilir():
            raise ValueError("katı makbuz kuralı, yalnız zehirliye tavan ve saklamasız kuyrukta "
                             "görünürlükten uzun iş hiç silinmez: bir ufuk verin")
        while (an := self._siradaki_an()) is not None and (ufuk is None or an <= ufuk):
            self.saat.simdi = an
            for is_ in self._bitisler.anindakiler(an):
                self._bitir(is_)
            for is_ in self._kalpler.anindakiler(an):
                self._kalp_at(is_)
            for govde in self._gelisler.anindakiler(an):
                self.kuyruk.gonder(govde)
            self._dagit()
        bitis = self.saat.simdi
        self.saat.simdi = max(bitis, ufuk if ufuk is not None else bitis)
        return self._sonuc(bitis)

    def calisan(self) -> int:
        """Şu an bir tüketicide süren işleme sayısı (çöken tüketiciler sayılmaz)."""
        return sum(self._calisan)

    def _bitmeyebilir(self) -> bool:
        """Hiç silinmeyecek bir iş var mı: katı kural, tavan yalnız zehirliye, saklama yok ve
        görünürlükten uzun bir iş kalp atmadan (ya da görünürlükten seyrek atarak) işleniyor."""
        kalp = self.tuketiciler.kalp
        if (self.kurallar.tavan_herkese or self.kurallar.bayat_makbuz_siler
                or self.ayar.saklama is not None
                or (kalp is not None and kalp <= self.gorunurluk)):
            return False
        return any(not i.zehirli and i.sure > self.gorunurluk for i in self.iletiler)

    def _zehirli_mi(self, govde: int) -> bool:
        return self.iletiler[govde].zehirli

    def _musait(self, an: float) -> bool:
        kesinti = self.tuketiciler.kesinti
        return kesinti is None or not kesinti[0] <= an < kesinti[1]

    def _siradaki_an(self) -> float | None:
        """Bir sonraki olay ya da, boş tüketici varsa, bir iletinin görünür olacağı an."""
        adaylar = [t.ilk() for t in (self._bitisler, self._kalpler, self._gelisler) if t]
        if self._bos is None or self._bos:
            an = self.kuyruk.siradaki_gorunur()
            if an is not None:
                an = max(an, self.saat.simdi)
                kesinti = self.tuketiciler.kesinti
                if kesinti is not None and not self._musait(an):
                    an = kesinti[1]
                adaylar.append(an)
        return min(adaylar, default=None)

    def _dagit(self) -> None:
        """Boştaki tüketiciler görünen iletileri alır; hemen biten işlemeler yerini boşaltır."""
        while self._musait(self.saat.simdi) and (self._bos is None or self._bos):
            teslimler = self.kuyruk.al(len(self._bos) if self._bos is not None else PARTI)
            self._tasinanlara_bak()
            if not teslimler:
                return
            for teslim in teslimler:
                self._baslat(teslim, heapq.heappop(self._bos) if self._bos is not None else 0)

    def _tasinanlara_bak(self) -> None:
        """Son almada ölü mektup kutusuna taşınanlardan hâlâ işlenenleri sayar."""
        tasimalar = self.kuyruk.tasimalar
        for tasima in tasimalar[self._bakilan_tasima:]:
            self.sayim.islenirken_tasinan += self._calisan[tasima.govde] > 0
        self._bakilan_tasima = len(tasimalar)

    def _baslat(self, teslim: Teslim, tuketici: int) -> None:
        govde, simdi, sayim, t = teslim.govde, self.saat.simdi, self.sayim, self.tuketiciler
        ileti = self.iletiler[govde]
        sayim.teslim[govde] += 1
        if self._bos is not None:
            sayim.tuketici_basina[tuketici] += 1
        cokus = self._cokus[govde]
        if cokus is not None:
            sayim.kurtarma_toplam += simdi - cokus
            self._cokus[govde] = None
        isleyis: Isleyis
        if ileti.zehirli:  # hemen başarısız; ileti görünürlük süresince gizli kalır
            sayim.zehirli_teslim += 1
            isleyis = "basarisiz"
        elif ileti.coken and sayim.teslim[govde] == 1:  # tüketici aldığı anda ölür
            sayim.cokme += 1
            self._cokus[govde] = simdi
            isleyis = "coktu"
        elif t.ilgi is not None and not t.ilgi(ileti):
            sayim.bos_uyanma += 1
            isleyis = "eledi"
            self.kuyruk.sil(teslim.makbuz)
        elif t.bekci == "okumada" and govde in sayim.islenen:
            sayim.bekci_eledi += 1
            isleyis = "eledi"
            self.kuyruk.sil(teslim.makbuz)
        else:
            kurtarma = cokus is not None and self.kurallar.kurtarma_tek_teslim
            kalp = t.kalp if t.kalp is not None else (self.gorunurluk if kurtarma else None)
            bitis = simdi + ileti.sure
            is_ = (tuketici, govde, teslim.makbuz, bitis, kalp)
            self._calisan[govde] += 1
            if self._calisan[govde] == 2:
                sayim.cift.add(govde)
            if self.iz is not None:
                self.iz.isledi(govde, "isledi", bitis, kosut=self._calisan[govde] > 1)
            self._bitisler.ekle(bitis, is_)
            if kalp is not None and simdi + kalp < bitis:
                self._kalpler.ekle(simdi + kalp, is_)
            return
        if self.iz is not None:
            self.iz.isledi(govde, isleyis, simdi)
        self._serbest(tuketici)

    def _bitir(self, is_: _Is) -> None:
        """İş bitti: etkiyi yazar (yazma bekçisi ikinciyi reddeder), makbuzuyla siler."""
        tuketici, govde, makbuz, _, _ = is_
        self._calisan[govde] -= 1
        self._serbest(tuketici)
        if self.tuketiciler.bekci == "yazmada" and govde in self.sayim.islenen:
            self.sayim.bekci_eledi += 1
        else:
            self.sayim.etki += 1
            self.sayim.islenen.add(govde)
        self.kuyruk.sil(makbuz)

    def _kalp_at(self, is_: _Is) -> None:
        """Görünürlüğü uzatır; reddedilirse (makbuz eskidi) tüketici uzatmayı bırakır."""
        _, _, makbuz, bitis, kalp = is_
        assert kalp is not None
        if self.kuyruk.gorunurlugu_degistir(makbuz, self.gorunurluk):
            sonraki = self.saat.simdi + kalp
            if sonraki < bitis:
                self._kalpler.ekle(sonraki, is_)

    def _serbest(self, tuketici: int) -> None:
        if self._bos is not None:
            heapq.heappush(self._bos, tuketici)

    def _sonuc(self, bitis: float) -> Sonuc:
        ana, olu, sayim, azami = self.kuyruk.sayac, self.olu.sayac, self.sayim, self.ayar.azami
        fazla = [adet - azami for adet in sayim.teslim if adet > azami]
        return Sonuc(
            teslim=ana.teslim, cift=len(sayim.cift), etki=sayim.etki,
            islenen=len(sayim.islenen), cokme=sayim.cokme,
            kurtarma_toplam=sayim.kurtarma_toplam, zehirli_teslim=sayim.zehirli_teslim,
            tavan_asan=len(fazla), tavan_ustu_teslim=sum(fazla),
            islenirken_tasinan=sayim.islenirken_tasinan,
            olu_sureleri=tuple(t.sure for t in self.kuyruk.tasimalar),
            olu_kutuda=len(self.olu), kuyrukta=len(self.kuyruk),
            uzatma=ana.uzatma, reddedilen_uzatma=ana.reddedilen_uzatma, silinen=ana.silinen,
            bayat_silinen=ana.bayat_silinen, reddedilen_silme=ana.reddedilen_silme,
            bos_silme=ana.bos_silme,
            saklamada_silinen=ana.saklamada_silinen,
            islenmeden_silinen=sum(govde not in sayim.islenen
                                   for govde in self.kuyruk.saklamada_silinenler),
            olu_kutuda_silinen=olu.saklamada_silinen,
            bos_uyanma=sayim.bos_uyanma, bekci_eledi=sayim.bekci_eledi,
            tuketici_basina=tuple(sayim.tuketici_basina), bitis=bitis)


def _iletiler_mi(iletiler: object) -> None:
    """Benzetimin girdisi bir Ileti dizisi olmalı (ör. DERS_YUKU.iletiler())."""
    if not isinstance(iletiler, Sequence) or isinstance(iletiler, str):
        raise TypeError("iletiler bir Ileti listesi olmalı (ör. DERS_YUKU.iletiler()); "
                        f"verilen: bir {type(iletiler).__name__}")
    for sira, ileti in enumerate(iletiler):
        if not isinstance(ileti, Ileti):
            raise TypeError(f"iletiler[{sira}] bir Ileti olmalı (ör. Ileti(5)); verilen: {ileti!r}")


def _gelis_mi(gelis: Sequence[float], ileti: int) -> None:
    """Her iletinin gönderildiği an: negatif olmayan bir sayı, ileti başına bir tane."""
    if len(gelis) != ileti:
        raise ValueError(f"gelis her ileti için bir an vermeli ({ileti} an); "
                         f"verilen: {len(gelis)} an")
    for sira, an in enumerate(gelis):
        eksi_degil(f"gelis[{sira}]", an)
