"""Bir koşunun izi, ileti ileti: her alınış, tüketicinin o alınışla yaptığı, iletinin sonu.

`Benzetim(..., izle=True)` izi `benzetim.iz`e yazar; varsayılan koşu iz tutmaz (büyük taramalar
yavaşlamasın). Kuyruğun yaptıklarını `IzliKuyruk`, tüketicinin yaptıklarını benzetim yazar.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from kernel.hizmet.kuyruk import Kayit, Kuyruk, Saat, Teslim, Yonlendirme
from kernel.hizmet.yuk import Ileti

Isleyis = Literal["isledi", "basarisiz", "coktu", "eledi"]
Sonlanis = Literal["silindi", "ölü mektup kutusuna", "saklamada silindi"]


@dataclass(slots=True)
class Alis:
    """Bir alınış: ne zaman, kaçıncı, ileti ne zamana dek gizli, tüketici ne yaptı."""

    an: float
    alinma: int
    gizli_bitis: float  # ileti bu alınışla gizli kaldığı son an: uzatmalarla, silinince kısalır
    isleyis: Isleyis = "isledi"  # isledi; basarisiz (zehirli); coktu; eledi (süzgeç ya da bekçi)
    bitis: float = 0  # tüketicinin iletiyi bıraktığı an: işlediyse işin sonu, yoksa `an`
    kosut: bool = False  # iş başladığında aynı iletide başka bir iş hâlâ sürüyordu


@dataclass(slots=True)
class IletiIzi:
    """Bir iletinin başından geçenler: alınışları ve (koşu bitmeden geldiyse) sonu."""

    govde: int
    ileti: Ileti
    gonderim: float
    alislar: list[Alis] = field(default_factory=list)
    son: tuple[Sonlanis, float] | None = None  # (nasıl, an); None: koşu bittiğinde kuyrukta

    @property
    def kosut_islendi(self) -> bool:
        """İleti en az bir kez aynı anda iki tüketicide işlendi mi (`Sonuc.cift` bunları sayar)."""
        return any(alis.kosut for alis in self.alislar)


class Iz:
    """İletilerin izleri, gövdeye (iletinin iş yükündeki sırasına) göre; kuyruk ve benzetim
    koşarken doldurur. Yeniden gönderilen (geri basılan) iletinin izi baştan başlar."""

    def __init__(self, iletiler: Sequence[Ileti]) -> None:
        self._is_yuku = iletiler
        self.iletiler: dict[int, IletiIzi] = {}

    def gonderildi(self, govde: int, an: float) -> None:
        self.iletiler[govde] = IletiIzi(govde, self._is_yuku[govde], an)

    def alindi(self, govde: int, an: float, alinma: int, gorunur: float) -> None:
        self.iletiler[govde].alislar.append(Alis(an, alinma, gorunur))

    def uzatildi(self, govde: int, gorunur: float) -> None:
        self.iletiler[govde].alislar[-1].gizli_bitis = gorunur

    def isledi(self, govde: int, isleyis: Isleyis, bitis: float, kosut: bool = False) -> None:
        """Tüketicinin son alınışla yaptığı: `bitis` anında iletiyi bıraktı."""
        alis = self.iletiler[govde].alislar[-1]
        alis.isleyis, alis.bitis, alis.kosut = isleyis, bitis, kosut

    def bitti(self, govde: int, nasil: Sonlanis, an: float) -> None:
        """İleti kuyruktan çıktı; gizliyken çıktıysa son alınışın gizliliği o anda biter."""
        ileti = self.iletiler[govde]
        ileti.son = (nasil, an)
        if ileti.alislar:
            son_alis = ileti.alislar[-1]
            son_alis.gizli_bitis = min(son_alis.gizli_bitis, an)


class IzliKuyruk(Kuyruk):
    """Kuyruğun kendisi; her alınışı, uzatmayı, silmeyi ve taşımayı `iz`e de yazar."""

    def __init__(self, iz: Iz, saat: Saat, gorunurluk: float, *,
                 yonlendirme: Yonlendirme | None = None, saklama: float | None = None,
                 bayat_makbuz_siler: bool = True) -> None:
        super().__init__(saat, gorunurluk, yonlendirme=yonlendirme, saklama=saklama,
                         bayat_makbuz_siler=bayat_makbuz_siler)
        self.iz = iz
        self._govdeler: dict[int, int] = {}  # makbuz -> gövde

    def gonder(self, govde: int) -> None:
        self.iz.gonderildi(govde, self.saat.simdi)
        super().gonder(govde)

    def al(self, en_cok: int = 1) -> list[Teslim]:
        teslimler = super().al(en_cok)
        for teslim in teslimler:
            self._govdeler[teslim.makbuz] = teslim.govde
            self.iz.alindi(teslim.govde, self.saat.simdi, teslim.alinma,
                           self.saat.simdi + self.gorunurluk)
        return teslimler

    def sil(self, makbuz: int) -> bool:
        silindi = super().sil(makbuz)
        if silindi:
            self.iz.bitti(self._govdeler[makbuz], "silindi", self.saat.simdi)
        return silindi

    def gorunurlugu_degistir(self, makbuz: int, sure: float) -> bool:
        degisti = super().gorunurlugu_degistir(makbuz, sure)
        if degisti:
            self.iz.uzatildi(self._govdeler[makbuz], self.saat.simdi + sure)
        return degisti

    def _tasi(self, kayit: Kayit, olu: Kuyruk) -> None:
        super()._tasi(kayit, olu)
        self.iz.bitti(kayit.govde, "ölü mektup kutusuna", self.saat.simdi)

    def _temizle(self) -> None:
        """Kuyruk süresi dolanı bir sonraki işleminde siler; izde süresinin dolduğu an yazar."""
        once = len(self.saklamada_silinenler)
        super()._temizle()
        for govde in self.saklamada_silinenler[once:]:
            assert self.saklama is not None
            self.iz.bitti(govde, "saklamada silindi",
                          self.iz.iletiler[govde].gonderim + self.saklama)
