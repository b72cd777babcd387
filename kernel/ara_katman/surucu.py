"""Her işi ara katmanlarından geçiren sürücü: N işçi, tek sanal saat, zamanlı iz."""

from dataclasses import dataclass, replace
from functools import partial

from kernel.ara_katman.ortam import Ortam
from kernel.ara_katman.sozlesme import AraKatmanliIs, IsciCoktu, boru_hatti
from kernel.dogrula import eksi_degil, tam_sayi
from kernel.isler import IsSinifi, Surucu
from kernel.olcum import Gunluk

ATLANDI, GERI_KONDU, TAMAMLANDI, COKTU = "atlandı", "geri kondu", "tamamlandı", "çöktü"


@dataclass(frozen=True)
class IzKaydi:
    """İzdeki bir satır: ne zaman, hangi işçide, hangi iş, kaçıncı deneme, ne oldu."""

    an: float  # denemenin başladığı an
    bitis: float  # işçinin yeniden boşaldığı an
    isci: int
    is_adi: str
    deneme: int  # bu olaydan sonra işin sayılmış deneme sayısı
    sonuc: str  # tamamlandı, istisnanın sınıf adı, çöktü, atlandı ya da geri kondu
    govde: bool = False  # gövdeye girildi mi
    gomuldu: bool = False  # hakkı bitip başarısızlar listesine mi geçti
    hazir: float | None = None  # kuyruğa döndüyse yeniden alınabileceği an
    ayrinti: str = ""  # istisnanın iletisi

    @property
    def sayildi(self) -> bool:
        """Atlanan ve geri konan iş deneme saymaz."""
        return self.sonuc not in (ATLANDI, GERI_KONDU)

    def satir(self) -> str:
        """Sayılan deneme `ad deneme n: sonuç` biçiminde, öteki olaylar kendi satırıyla.

        İstisnasız biten deneme "tamamlandı" yazar: "koştu", ölçüm çekirdeğinde gövdeye
        girildi demektir. Gömülme ayrı bir satır değildir: izde `gomuldu` söyler.
        """
        if self.sayildi:
            return f"{self.is_adi} deneme {self.deneme}: {self.sonuc}"
        return f"{self.is_adi}: {self.sonuc}"


class AraKatmanliSurucu(Surucu):
    """İşleri N işçiyle, her birini ara katmanlarından geçirerek çalıştıran sürücü.

    Olay güdümlü koşu: en erken boşalan işçinin anında (ya da ilk işin hazır olduğu anda,
    hangisi geçse) o anda boş olan en küçük numaralı işçi, kuyrukta o an hazır olan ilk işi
    alır. Denemeler böylece başlama anlarına göre sırayla işlenir. Deneme hakkı ilk denemeyi de
    sayar; başarısız ya da çöken deneme `geri_cekilme` saniye sonra hazır olmak üzere kuyruğun
    sonuna döner, hak bitince `basarisiz` listesine gömülür.

    isle() bir istek gibi ölçülür: yeni bir istek açar; aldığı her iş yola konur, gövdesine
    girilen koştu, kuyruğa dönen ertelendi diye işaretlenir. Ara katmanın atladığı iş yolda
    kalır: atlandı. Atlanan iş yeniden denenmez ve deneme saymaz.
    """

    def __init__(self, deneme_hakki: int = 3, isci_sayisi: int = 1,
                 geri_cekilme: float = 0.0) -> None:
        tam_sayi("isci_sayisi", isci_sayisi, en_az=1)
        self.deneme_hakki = tam_sayi("deneme_hakki", deneme_hakki, en_az=1)
        self.geri_cekilme = eksi_degil("geri_cekilme", geri_cekilme)
        self.ortam = Ortam()
        self._bos = [0.0] * isci_sayisi  # her işçinin boşaldığı an
        self._bekleyen: list[tuple[IsSinifi, float]] = []  # (iş, hazır olduğu an)
        self.basarisiz: list[IsSinifi] = []
        self.iz: list[IzKaydi] = []
        self._govdede = False

    def gonder(self, is_: IsSinifi, gecikme: float = 0.0) -> None:
        """İşi ertelendi diye işaretler; iş saatin şimdiki anından `gecikme` sonra hazırdır."""
        if gecikme < 0 or (isinstance(is_, AraKatmanliIs) and is_.sure < 0):
            raise ValueError(f"gecikme ve sure eksi olamaz: {is_.ad()}")
        Gunluk.ertele(is_.ad())
        self._bekleyen.append((is_, self.ortam.simdi + gecikme))

    def bekleyen(self) -> int:
        return len(self._bekleyen)

    def isle(self) -> list[str]:
        """Kuyruk boşalana dek işler; bu koşunun satırlarını döndürür, izi `iz`e ekler."""
        Gunluk.yeni_istek()
        ilk = len(self.iz)
        while self._bekleyen:
            an = max(min(self._bos), min(hazir for _, hazir in self._bekleyen))
            isci = next(i for i, bos in enumerate(self._bos) if bos <= an)
            sira = next(i for i, (_, hazir) in enumerate(self._bekleyen) if hazir <= an)
            kayit = self._dene(isci, an, self._bekleyen.pop(sira)[0])
            self._bos[isci] = kayit.bitis
            self.iz.append(kayit)
        return [kayit.satir() for kayit in self.iz[ilk:]]

    def _dene(self, isci: int, an: float, is_: IsSinifi) -> IzKaydi:
        ortam, ad = self.ortam, is_.ad()
        ortam.yeni_deneme(an)
        Gunluk.yola(ad)
        baslat = partial(self._govde, is_)  # ara katmanı olmayan iş: yalnız gövde
        if isinstance(is_, AraKatmanliIs):
            bosalir = ortam.hiz_bosalir(is_.isleyici())
            if bosalir is not None:  # sınır dolu: çalıştırmadan, deneme saymadan geri koy
                return self._kuyruga(is_, IzKaydi(an, an, isci, ad, is_.deneme, GERI_KONDU),
                                     bosalir)
            is_.ortam = ortam
            baslat = partial(boru_hatti(is_.ara_katmanlar(), self._govde), is_)
        is_.deneme += 1
        self._govdede = False
        try:
            baslat()
            sonuc, ayrinti = TAMAMLANDI if self._govdede else ATLANDI, ""
        except IsciCoktu:
            sonuc, ayrinti = COKTU, ""
        except Exception as hata:
            sonuc, ayrinti = type(hata).__name__, str(hata)
        if sonuc == ATLANDI:
            is_.deneme -= 1  # kısa devre: iş sessizce atlandı, deneme sayılmaz
        kayit = IzKaydi(an, ortam.simdi, isci, ad, is_.deneme, sonuc, self._govdede,
                      ayrinti=ayrinti)
        if sonuc in (TAMAMLANDI, ATLANDI):
            return kayit
        if is_.deneme < self.deneme_hakki:
            return self._kuyruga(is_, kayit, ortam.simdi + self.geri_cekilme)
        self.basarisiz.append(is_)
        return replace(kayit, gomuldu=True)

    def _kuyruga(self, is_: IsSinifi, kayit: IzKaydi, hazir: float) -> IzKaydi:
        """İşi, `hazir` anından sonra alınmak üzere kuyruğun sonuna koyar: ertelendi."""
        Gunluk.ertele(kayit.is_adi)
        self._bekleyen.append((is_, hazir))
        return replace(kayit, hazir=hazir)

    def _govde(self, is_: IsSinifi) -> None:
        """Boru hattının en içi: gövde sanal saatte `sure` sürer; dürüst sınırı aşarsa kesilir."""
        ortam, self._govdede = self.ortam, True
        Gunluk.kostu(is_.ad())
        sure = is_.sure if isinstance(is_, AraKatmanliIs) else 0.0
        if ortam.son_an is not None and ortam.simdi + sure > ortam.son_an:
            ortam.simdi = ortam.son_an
            raise TimeoutError(f"{sure:g} sn sürecekti, t={ortam.son_an:g} sınırında kesildi")
        ortam.simdi += sure
        try:
            is_.calistir()
        except IsciCoktu:
            ortam.coktu = True
            raise
