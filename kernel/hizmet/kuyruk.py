"""Yönetilen kuyruk servisi, sanal saatte: gönder, al, sil, görünürlüğü değiştir, ölü mektup kutusu.

Saati kuyruk ilerletmez, benzetim ilerletir (OS11); kuyruk her işlemde saate bakar.
"""

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from kernel.dogrula import eksi_degil, fonksiyon, sifirdan_buyuk, tam_sayi, tur
from kernel.hizmet.takvim import Takvim


@dataclass
class Saat:
    """Sanal saat: `simdi` kurgu birimdir, duvar saatine hiç bakılmaz."""

    simdi: float = 0

    def __post_init__(self) -> None:
        eksi_degil("simdi", self.simdi)


@dataclass(slots=True)
class Kayit:
    """Kuyruktaki bir ileti: gövdesi, gönderildiği an, kaç kez alındığı, ne zaman görüneceği."""

    kimlik: int
    govde: int
    gonderim: float
    alinma: int
    gorunur: float
    makbuz: int = 0  # son alınışın makbuzu; 0: hiç alınmadı
    ilk_alinma: float = 0


class Teslim(NamedTuple):
    """Alma isteğinin döndürdüğü ileti: gövde, bu alınışın makbuzu ve kaçıncı alınış olduğu."""

    govde: int
    makbuz: int
    alinma: int


def herkes(govde: int) -> bool:
    """Yönlendirme politikası varsayılan olarak her iletiye uygulanır."""
    return True


@dataclass(frozen=True)
class Yonlendirme:
    """Yeniden yönlendirme: `azami` kez alınmış ileti sonraki alma isteğinde `olu` kuyruğa gider.

    `kapsar` politikanın hangi gövdelere uygulandığıdır; servis hepsine uygular.
    """

    olu: "Kuyruk"
    azami: int
    kapsar: Callable[[int], bool] = herkes

    def __post_init__(self) -> None:
        tur("olu", self.olu, Kuyruk)
        tam_sayi("azami", self.azami, 1)
        fonksiyon("kapsar", self.kapsar)


@dataclass
class Sayac:
    """Kuyruğun saydıkları; tüketici bunların çoğunu hiç görmez."""

    gonderilen: int = 0
    teslim: int = 0
    silinen: int = 0
    bayat_silinen: int = 0  # eski makbuzla silinen (gevşek kural)
    reddedilen_silme: int = 0  # eski makbuz, katı kural: ileti kuyrukta kalır
    bos_silme: int = 0  # ileti artık yok: silinmiş, taşınmış ya da süresi dolmuş
    uzatma: int = 0
    reddedilen_uzatma: int = 0  # makbuz son makbuz değil ya da ileti yok
    olu_tasinan: int = 0
    saklamada_silinen: int = 0  # saklama süresi doldu: sessizce silindi


class Derinlik(NamedTuple):
    """Kuyruğun bir andaki iki sayısı: alınabilecek ileti ve alınmış ama silinmemiş ileti."""

    gorunen: int
    ucusta: int


class Tasima(NamedTuple):
    """Ölü mektup kutusuna bir taşıma: hangi gövde, ne zaman, ilk alınıştan kaç birim sonra."""

    govde: int
    an: float
    sure: float


class Kuyruk:
    """Tek bir kuyruk (OS12): sıra, bölümleme ve taşıma gecikmesi yok.

    `bayat_makbuz_siler`: ileti yeniden alındıktan sonra eski makbuzla silme de silsin mi.
    AWS SQS'in `DeleteMessage` belgesi "silinmeyebilir" der; varsayılan (siler) modelin seçimidir,
    uyarlanan dersin sayımı onu ister. Görünürlük ise yalnız son makbuzla değişir.
    """

    def __init__(self, saat: Saat, gorunurluk: float, *, yonlendirme: Yonlendirme | None = None,
                 saklama: float | None = None, bayat_makbuz_siler: bool = True) -> None:
        tur("saat", saat, Saat)
        sifirdan_buyuk("gorunurluk", gorunurluk)
        if saklama is not None:
            sifirdan_buyuk("saklama", saklama)
        if yonlendirme is not None:
            tur("yonlendirme", yonlendirme, Yonlendirme)
        tur("bayat_makbuz_siler", bayat_makbuz_siler, bool)
        self.saat, self.gorunurluk, self.yonlendirme = saat, gorunurluk, yonlendirme
        self.saklama, self.bayat_makbuz_siler = saklama, bayat_makbuz_siler
        self.sayac = Sayac()
        self.tasimalar: list[Tasima] = []
        self.saklamada_silinenler: list[int] = []  # gövdeler, silindikleri sırayla
        self._kayitlar: dict[int, Kayit] = {}  # kimlik -> ileti
        self._makbuzlar: dict[int, int] = {}  # verilen her makbuz -> iletinin kimliği
        # Her an için o anda görünecek kimlikler; baş kovada en küçük kimlik önce çıkar, silinen
        # ya da yeniden gizlenen iletinin eskimiş girişi atlanır.
        self._gorunecek: Takvim[int] = Takvim()
        self._sonlar: list[tuple[float, int]] = []  # (saklamanın bittiği an, kimlik)
        self._son_kimlik = self._son_makbuz = 0

    def __len__(self) -> int:
        """Kuyrukta tutulan ileti sayısı (görünen ve gizli); saklaması dolanlar önce silinir."""
        self._temizle()
        return len(self._kayitlar)

    def derinlik(self) -> Derinlik:
        """Şimdi görünen ve gizli (uçuştaki) ileti sayısı: servisin dışarıya gösterdiği ikisi."""
        self._temizle()
        simdi = self.saat.simdi
        gizli = sum(1 for kayit in self._kayitlar.values() if kayit.gorunur > simdi)
        return Derinlik(len(self._kayitlar) - gizli, gizli)

    def gonder(self, govde: int) -> None:
        self._temizle()
        self._kabul(govde, self.saat.simdi, 0)

    def al(self, en_cok: int = 1) -> list[Teslim]:
        """Görünen en çok `en_cok` iletiyi verir: her biri gizlenir, sayacı artar, yeni makbuz alır.

        Azami sayıya ulaşmış ileti verilmez, ölü mektup kutusuna taşınır.
        """
        self._temizle()
        teslimler: list[Teslim] = []
        while len(teslimler) < en_cok and (kayit := self._siradaki()) is not None:
            y = self.yonlendirme
            if y is not None and kayit.alinma >= y.azami and y.kapsar(kayit.govde):
                self._tasi(kayit, y.olu)
                continue
            self._son_makbuz += 1
            kayit.alinma += 1
            if kayit.alinma == 1:
                kayit.ilk_alinma = self.saat.simdi
            kayit.makbuz = self._son_makbuz
            self._makbuzlar[kayit.makbuz] = kayit.kimlik
            self._gizle(kayit, self.gorunurluk)
            teslimler.append(Teslim(kayit.govde, kayit.makbuz, kayit.alinma))
        self.sayac.teslim += len(teslimler)
        return teslimler

    def sil(self, makbuz: int) -> bool:
        """İletiyi siler; eski makbuzla siler mi, `bayat_makbuz_siler`e bağlı. Silindi mi döner."""
        self._temizle()
        kimlik = self._makbuzlar.get(makbuz, 0)
        kayit = self._kayitlar.get(kimlik)
        if kayit is None:
            self.sayac.bos_silme += 1
            return False
        if kayit.makbuz != makbuz:
            if not self.bayat_makbuz_siler:
                self.sayac.reddedilen_silme += 1
                return False
            self.sayac.bayat_silinen += 1
        del self._kayitlar[kimlik]
        self.sayac.silinen += 1
        return True

    def gorunurlugu_degistir(self, makbuz: int, sure: float) -> bool:
        """İleti `sure` birim sonra görünür olur; yalnız son makbuzla. Değişti mi döner."""
        self._temizle()
        kayit = self._kayitlar.get(self._makbuzlar.get(makbuz, 0))
        if kayit is None or kayit.makbuz != makbuz:
            self.sayac.reddedilen_uzatma += 1
            return False
        self._gizle(kayit, sure)
        self.sayac.uzatma += 1
        return True

    def geri_bas(self, hedef: "Kuyruk") -> int:
        """Bu kuyruktaki (ölü mektup kutusundaki) her iletiyi hedefe yeni ileti olarak geri basar.

        Alınma sayısı sıfırdan başlar; nedeni düzeltilmemiş ileti yine azami kez teslim edilir.
        """
        self._temizle()
        kayitlar = sorted(self._kayitlar.items())
        self._kayitlar.clear()
        for _, kayit in kayitlar:
            hedef.gonder(kayit.govde)
        return len(kayitlar)

    def siradaki_gorunur(self) -> float | None:
        """En erken görünecek iletinin anı (şimdi ya da geçmiş olabilir); ileti yoksa None."""
        self._temizle()
        kayit = self._bas()
        return None if kayit is None else kayit.gorunur

    def _siradaki(self) -> Kayit | None:
        """Şimdi görünen ilk ileti: en erken görünür olan, eşitse ilk gönderilen."""
        kayit = self._bas()
        if kayit is None or kayit.gorunur > self.saat.simdi:
            return None
        self._gorunecek.dizili_bas().pop()
        return kayit

    def _bas(self) -> Kayit | None:
        """Görünecek ilk ileti, çıkarılmadan; silinmiş ya da yeniden gizlenmiş girişler atılır."""
        gorunecek = self._gorunecek
        while gorunecek:
            an, kova = gorunecek.ilk(), gorunecek.dizili_bas()
            while kova:
                kayit = self._kayitlar.get(kova[-1])
                if kayit is not None and kayit.gorunur == an:
                    return kayit
                kova.pop()
            gorunecek.cek()
        return None

    def _kabul(self, govde: int, gonderim: float, alinma: int) -> None:
        self._son_kimlik += 1
        kayit = Kayit(self._son_kimlik, govde, gonderim, alinma, self.saat.simdi)
        self._kayitlar[self._son_kimlik] = kayit
        self._gorunecek.ekle(kayit.gorunur, kayit.kimlik)
        if self.saklama is not None:
            heapq.heappush(self._sonlar, (gonderim + self.saklama, self._son_kimlik))
        self.sayac.gonderilen += 1

    def _gizle(self, kayit: Kayit, sure: float) -> None:
        kayit.gorunur = self.saat.simdi + sure
        self._gorunecek.ekle(kayit.gorunur, kayit.kimlik)

    def _tasi(self, kayit: Kayit, olu: "Kuyruk") -> None:
        """Ölü mektup kutusuna: alınma sayısı ve gönderilme anı iletiyle birlikte gider."""
        del self._kayitlar[kayit.kimlik]
        olu._kabul(kayit.govde, kayit.gonderim, kayit.alinma)
        self.sayac.olu_tasinan += 1
        simdi = self.saat.simdi
        self.tasimalar.append(Tasima(kayit.govde, simdi, simdi - kayit.ilk_alinma))

    def _temizle(self) -> None:
        """Saklama süresi dolan ileti, görünür ya da gizli, o andaki her işlemden önce silinir."""
        while self._sonlar and self._sonlar[0][0] <= self.saat.simdi:
            _, kimlik = heapq.heappop(self._sonlar)
            kayit = self._kayitlar.pop(kimlik, None)
            if kayit is not None:
                self.sayac.saklamada_silinen += 1
                self.saklamada_silinenler.append(kayit.govde)
