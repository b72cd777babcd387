"""Modellerin ders 06'nın iki durumu için söylediği: sayımlar ve olay olay adımlar.

Durumlar dersin ölçtükleridir: işçi görevin ortasında ölür; görev görünürlük süresini aşar.
Onay modeli (`kernel.gercek.onay`) iletinin görev bitmeden kuyruktan gidip gitmediğini söyler;
gitmiyorsa ders 04'ün modeli (`kernel.hizmet.benzetim`) o iletiyi koşar ve izinden adımlar
okunur. Adımlar gerçek koşuların kaydettiği biçimdedir (`kernel.gercek.sonuclar.Adim`): kaşif
modeli ve dersin son gerçek koşusunu aynı şekilde yan yana çizer. Süreç başlatmaz, kuyruk
kütüphanesini yüklemez: tarayıcıda (Pyodide) da çalışır; yalnız `onay`, `sonuclar` ve
`kernel.hizmet`'i içe aktarır.
"""

from dataclasses import dataclass
from typing import Final

from kernel.dogrula import eksi_degil, tam_sayi, tur
from kernel.gercek.onay import Ayar, akibet, onay_ani
from kernel.gercek.sonuclar import Adim
from kernel.hizmet.ayarlar import EN_COK_TUKETICI, Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.kuyruk import Teslim
from kernel.hizmet.sonuc import Sonuc
from kernel.hizmet.yuk import Ileti

OLUM: Final = "işçi görevin ortasında ölür"
ASIM: Final = "görev görünürlük süresini aşar"
DURUMLAR: Final = (OLUM, ASIM)
BIRIM: Final = 2  # modelde görünürlük süresi: oranın her yarımı bir birimlik görev süresi
BASLADI, BITTI, OLDURULDU = "başladı", "bitti", "öldürüldü"  # Adim.ne


@dataclass(frozen=True)
class Tahmin:
    """Modellerin bir durum için söylediği: ders 04'ün modelinin sayımları (ileti görev bitmeden
    kuyruktan gidiyorsa None: o model koşmaz) ve görevin adımları, olayların sırasıyla."""

    sonuc: Sonuc | None
    adimlar: tuple[Adim, ...]


def gorev_suresi(oran: float) -> int:
    """Görevin modeldeki süresi, birim: görünürlük süresinin `oran` katı, yarıma yuvarlanmış."""
    return round(oran * BIRIM)


def kuyrukta_kalir(ayar: Ayar) -> bool:
    """Onay modeline göre ileti görev bitene dek kuyrukta mı: ders 04'ün modeli ancak o zaman
    bir iletiyi yeniden verir."""
    return onay_ani(ayar) == "bitince"


class _TuketiciyiYazan(Benzetim):
    """Ders 04'ün benzetimi, izli; her teslimi alan tüketiciyi de sırasıyla yazar (iz, iletinin
    başından geçenleri tutar, kimin aldığını tutmaz)."""

    def __init__(self, ileti: Ileti, tuketici: int) -> None:
        super().__init__([ileti], BIRIM, tuketiciler=Tuketiciler(sayi=tuketici), izle=True)
        self.alanlar: list[int] = []

    def _baslat(self, teslim: Teslim, tuketici: int) -> None:
        self.alanlar.append(tuketici)
        super()._baslat(teslim, tuketici)


def _izden_adimlar(benzetim: _TuketiciyiYazan) -> tuple[Adim, ...]:
    """Koşmuş benzetimin tek iletisinin adımları. Her alınış bir `başladı`; işlediyse işinin
    sonunda `bitti`, tüketicisi çöktüyse aynı anda `öldürüldü`. Çöken tüketicinin yerini modelde
    yenisi alır: işçiler (tüketici, kaçıncı hayatı) çiftleridir, ilk görünme sırasıyla
    numaralanır. Aynı anda biten iş, benzetimdeki gibi, o anda başlayandan öncedir."""
    assert benzetim.iz is not None
    (iz,) = benzetim.iz.iletiler.values()
    if len(iz.alislar) != len(benzetim.alanlar):
        raise RuntimeError(f"izde {len(iz.alislar)} alınış, yazılan {len(benzetim.alanlar)} "
                           "tüketici: benzetim teslimleri başka bir yoldan başlatıyor")
    hayat: dict[int, int] = {}  # tüketici -> kaç kez öldü
    olaylar: list[tuple[tuple[float, int, int, int], str, str]] = []  # (sıra anahtarı, kim, ne)
    isciler: dict[tuple[int, int], str] = {}
    for n, (alis, tuketici) in enumerate(zip(iz.alislar, benzetim.alanlar, strict=True)):
        kim = isciler.setdefault((tuketici, hayat.get(tuketici, 0)),
                                 f"işçi {len(isciler) + 1}")
        olaylar.append(((alis.an, 1, n, 0), kim, BASLADI))
        if alis.isleyis == "coktu":
            hayat[tuketici] = hayat.get(tuketici, 0) + 1
            ne = OLDURULDU
        elif alis.isleyis == "isledi":
            ne = BITTI
        else:
            raise RuntimeError(f"modelin iletisi beklenmedik biçimde bırakıldı: {alis.isleyis}")
        olaylar.append(((alis.bitis, 0 if alis.bitis > alis.an else 1, n, 1), kim, ne))
    return tuple(Adim(kim, ne) for _, kim, ne in sorted(olaylar))


def modelin_tahmini(ayar: Ayar, durum: str, oran: float = 1.5, isci: int = 2) -> Tahmin:
    """Bu ayarda, bu durumda modellerin söylediği.

    Ölümde: onay modeline göre görev kayboluyorsa işçi başlar ve öldürülür, başka adım yok.
    Yeniden koşuyorsa ders 04'ün modelinde ilk tüketici iletiyi alınca ölür
    (`Ileti(coken=True)`, bir tüketici), ileti görünürlük süresi dolunca yeniden verilir.
    Görünürlük aşılırken: ileti görev bitmeden kuyruktan gidiyorsa bir işçi başlar ve bitirir;
    gitmiyorsa görev ders 04'ün modelinde görünürlük süresinin `oran` katı sürer (yarıma
    yuvarlanmış) ve `isci` tüketici bekler."""
    tur("ayar", ayar, Ayar)
    if durum not in DURUMLAR:
        raise ValueError(f"durum {' ya da '.join(map(repr, DURUMLAR))} olmalı; verilen: "
                         f"{durum!r}")
    eksi_degil("oran", oran)
    tam_sayi("isci", isci, 1, EN_COK_TUKETICI)
    if durum == OLUM and akibet(ayar) == "kaybolur":  # ileti gitti, görev işçisiyle öldü
        return Tahmin(None, (Adim("işçi 1", BASLADI), Adim("işçi 1", OLDURULDU)))
    if durum == ASIM and not kuyrukta_kalir(ayar):  # ileti gitti, görev bir kez koşar
        return Tahmin(None, (Adim("işçi 1", BASLADI), Adim("işçi 1", BITTI)))
    if durum == OLUM:
        benzetim = _TuketiciyiYazan(Ileti(sure=1, coken=True), 1)
    else:
        benzetim = _TuketiciyiYazan(Ileti(sure=gorev_suresi(oran)), isci)
    sonuc = benzetim.calistir()
    return Tahmin(sonuc, _izden_adimlar(benzetim))


def model_adimlari(ayar: Ayar, durum: str, oran: float = 1.5,
                   isci: int = 2) -> tuple[Adim, ...]:
    """Modellerin bu ayarda, bu durumda söylediği adımlar (`modelin_tahmini`)."""
    return modelin_tahmini(ayar, durum, oran, isci).adimlar

