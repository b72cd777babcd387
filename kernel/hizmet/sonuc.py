"""Benzetimin kuralları ve sonucu: neyin nasıl işlediği, sonunda neyin sayıldığı."""

import math
from dataclasses import dataclass, field, fields
from typing import Final

from kernel.dogrula import tur


@dataclass(frozen=True)
class Kurallar:
    """Uyarlanan dersin sayımının (`kosum()`) söylemeden dayandığı kurallar.

    Varsayılanlar o sayımı verir: AWS SQS'in kuralları değil, modelin seçimidir.

    - `tavan_herkese`: azami teslim her iletiye mi uygulanır (servis) yoksa yalnız zehirliye mi
      (sayım: yavaş ama sağlam ileti 5 birimde 14 kez teslim edilir).
    - `bayat_makbuz_siler`: ileti yeniden alındıktan sonra eski makbuzla silme de siler mi
      (sayım: ilk biten tüketici siler, bu yüzden teslim sayısı ceil(süre / görünürlük)).
    - `kurtarma_tek_teslim`: çöken tüketicinin iletisini devralan tüketici, işi bitene dek
      görünürlüğü uzatır mı (sayım: çöken ileti süresi ne olursa olsun 2 teslim).
    """

    tavan_herkese: bool = False
    bayat_makbuz_siler: bool = True
    kurtarma_tek_teslim: bool = True

    def __post_init__(self) -> None:
        for alan in fields(self):
            tur(alan.name, getattr(self, alan.name), bool)


SAYIM_KURALLARI: Final = Kurallar()
SERVIS_KURALLARI: Final = Kurallar(tavan_herkese=True, kurtarma_tek_teslim=False)


@dataclass(slots=True)
class Sayim:
    """Benzetimin koşarken saydıkları; sonunda kuyruğun sayaçlarıyla birlikte `Sonuc` olur."""

    teslim: list[int]  # ileti başına teslim
    tuketici_basina: list[int]  # sınırlı havuzda tüketici başına teslim
    cift: set[int] = field(default_factory=set)  # koşut olarak işlenmiş gövdeler
    islenen: set[int] = field(default_factory=set)  # en az bir kez başarıyla işlenen gövdeler
    etki: int = 0
    cokme: int = 0
    kurtarma_toplam: float = 0.0
    zehirli_teslim: int = 0
    islenirken_tasinan: int = 0
    bos_uyanma: int = 0
    bekci_eledi: int = 0


@dataclass(frozen=True)
class Sonuc:
    """Bir benzetimin sayımları; ana kuyruk ve ölü mektup kutusu birlikte."""

    teslim: int  # ana kuyruğun verdiği ileti sayısı (alma)
    cift: int  # aynı anda birden çok tüketicide işlenmiş ileti
    etki: int  # yazılan etki (ör. fatura kalemi): başarıyla biten her işleme bir
    islenen: int  # en az bir kez başarıyla işlenen ayrı ileti
    cokme: int  # işi bitirmeden ölen tüketici
    kurtarma_toplam: float  # çöken tüketicinin iletisinin yeniden alınana dek beklediği toplam
    zehirli_teslim: int
    tavan_asan: int  # azami sayıdan çok teslim edilen ileti
    tavan_ustu_teslim: int  # azami sayının ötesindeki teslimler
    islenirken_tasinan: int  # bir tüketici hâlâ işlerken ölü mektup kutusuna taşınan ileti
    olu_sureleri: tuple[float, ...]  # her taşımada, iletinin ilk alınışından taşınmasına geçen süre
    olu_kutuda: int  # sonunda ölü mektup kutusunda duran ileti
    kuyrukta: int  # sonunda ana kuyrukta kalan ileti
    uzatma: int
    reddedilen_uzatma: int
    silinen: int
    bayat_silinen: int
    reddedilen_silme: int
    bos_silme: int
    saklamada_silinen: int  # ana kuyrukta saklama süresi dolup sessizce silinen (işlenirken de)
    islenmeden_silinen: int  # bunlardan hiç başarıyla işlenmemiş olanlar: gerçek kayıp
    olu_kutuda_silinen: int  # ölü mektup kutusunda saklama süresi dolup sessizce silinen
    bos_uyanma: int  # tüketicideki süzgecin elediği teslim
    bekci_eledi: int  # "daha önce işlendi mi" bekçisinin durdurduğu işleme
    tuketici_basina: tuple[int, ...]  # sınırlı havuzda her tüketicinin aldığı teslim
    bitis: float  # son olayın anı

    @property
    def kurtarma(self) -> float:
        """Ortalama kurtarma gecikmesi; çökme yoksa NaN."""
        return self.kurtarma_toplam / self.cokme if self.cokme else math.nan

    @property
    def silme(self) -> int:
        """Silme çağrıları: silen, eski makbuzla reddedilen ve iletiyi artık bulamayan."""
        return self.silinen + self.reddedilen_silme + self.bos_silme

    @property
    def istek(self) -> int:
        """Servise yapılan çağrılar: her teslim bir alma, her uzatma denemesi, her silme.

        Boş dönen alma sayılmaz; bir almanın birden çok ileti getirmesi de (yığın boyu) yoktur.
        """
        return self.teslim + self.uzatma + self.reddedilen_uzatma + self.silme

    @property
    def olu_tasinan(self) -> int:
        return len(self.olu_sureleri)
