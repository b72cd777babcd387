"""Bir koşunun işçilerinin paylaştığı ortam: sanal saat, kilitler, sayaçlar, sınırlayıcı, günlük."""

from dataclasses import dataclass


@dataclass
class Kilit:
    """Kilit tablosunun bir satırı: [alinma, bitis) arasında tutulur; bitis None ise süresi yok."""

    anahtar: str
    alinma: float
    bitis: float | None


@dataclass(frozen=True)
class KilitOmru:
    """Bir kilidin bittiği hâli, şekiller için: onu alan denemenin izdeki sırası (`iz[sira]`),
    anahtarı, alındığı an ve bitişi (None: hiç bitmedi)."""

    sira: int
    anahtar: str
    alinma: float
    bitis: float | None


class Ortam:
    """Bir koşunun işçilerinin paylaştığı tek nesne: saat, kilitler, sayaçlar, sınırlayıcı, günlük.

    Gerçek kütüphane bunları veritabanında tutar. Model denemeleri başladıkları ana göre sırayla
    işler; bir deneme başından sonuna işlendiği için sonradan işlenen bir deneme, kendinden önce
    başlamış ama kendisinden sonra biten bir denemenin kaydını görür. Bu yüzden her sorgu
    zamana bakar: kilit [alınma, bitiş) arasında tutulur, hız sınırlayıcı geçişleri başlama
    anına, istisnalar oldukları ana göre sayılır. Ara katmanların iş öncesi bölümü denemenin
    başlama anında çalışır; saati yalnız gövde ilerletir.
    """

    def __init__(self) -> None:
        self.simdi = 0.0  # sanal saat: işlenen denemenin şu anı
        self.son_an: float | None = None  # bu denemenin dürüst zaman aşımı sınırı
        self.coktu = False  # bu denemede işçi çöktü mü
        self.kilitler: list[Kilit] = []
        self.sira = -1  # işlenen denemenin sürücünün izindeki sırası
        self.kilit_omurleri: list[KilitOmru] = []  # bırakılmak istenen her kilit, son hâliyle
        self.notlar: list[str] = []  # ortak günlük: ara katmanların ve işlerin yazdıkları
        self._istisnalar: dict[str, list[float]] = {}
        self._gecisler: dict[str, list[float]] = {}
        self._sinirlar: dict[str, tuple[int, float]] = {}  # işçinin hız sınırlayıcısı

    def yeni_deneme(self, an: float) -> None:
        self.simdi, self.son_an, self.coktu = an, None, False
        self.sira += 1

    def yaz(self, satir: str) -> None:
        if not self.coktu:
            self.notlar.append(satir)

    def kilit_al(self, anahtar: str, omur: float | None) -> Kilit | None:
        """Anahtarın bitişi geçmiş satırlarını siler; satır kalmadıysa kilidi alır.

        Bırakılan kilit de bitişi bırakıldığı an olan bir satırdır: o andan sonra başlayan
        denemeye yer açar, daha önce başlamış olana açmaz. `omur` verilirse kilidin süresi
        alındıktan `omur` saniye sonra dolar.
        """
        self.kilitler = [k for k in self.kilitler
                         if k.anahtar != anahtar or k.bitis is None or k.bitis > self.simdi]
        if any(k.anahtar == anahtar for k in self.kilitler):
            return None
        kilit = Kilit(anahtar, self.simdi, None if omur is None else self.simdi + omur)
        self.kilitler.append(kilit)
        return kilit

    def birak(self, kilit: Kilit) -> None:
        """Kilidi şimdi bitirir (süresi önceden dolduysa uzatmaz); çöken denemenin bırakması
        boşa gider.

        Kilidin son hâlini `kilit_omurleri`ne yazar: kilidi alan katman onu her durumda
        (`finally` ile) bırakmak ister, süresi önceden dolmuş ya da işçi çökmüş olsa da.
        """
        if not self.coktu:
            kilit.bitis = self.simdi if kilit.bitis is None else min(kilit.bitis, self.simdi)
        self.kilit_omurleri.append(KilitOmru(self.sira, kilit.anahtar, kilit.alinma, kilit.bitis))

    def istisna_kaydet(self, isleyici: str) -> None:
        self._istisnalar.setdefault(isleyici, []).append(self.simdi)

    def istisna_sayisi(self, isleyici: str, pencere: float) -> int:
        """Şu ana dek olan istisnaların sayacı; her kayıt pencereyi yeniden başlatır.

        Kayıtsız geçen tam bir pencere sayacı sıfırlar.
        """
        sayi, son = 0, None
        for an in sorted(a for a in self._istisnalar.get(isleyici, []) if a <= self.simdi):
            sayi = 1 if son is not None and an - son >= pencere else sayi + 1
            son = an
        return 0 if son is None or self.simdi - son >= pencere else sayi

    def gecis(self, isleyici: str, en_cok: int, pencere: float) -> bool:
        """Kayan pencerede yer varsa geçişi şimdiye yazar ve True döndürür.

        Yer yoksa sınırı işçinin hız sınırlayıcısına kaydeder ve False döndürür.
        """
        if len(self._penceredekiler(isleyici, pencere)) >= en_cok:
            self._sinirlar[isleyici] = (en_cok, pencere)
            return False
        self._gecisler.setdefault(isleyici, []).append(self.simdi)
        return True

    def hiz_bosalir(self, isleyici: str) -> float | None:
        """İşleyicinin kayıtlı sınırı şimdi doluysa yer açılacağı an; değilse None."""
        if isleyici not in self._sinirlar:
            return None
        en_cok, pencere = self._sinirlar[isleyici]
        icerde = self._penceredekiler(isleyici, pencere)
        return icerde[-en_cok] + pencere if len(icerde) >= en_cok else None

    def _penceredekiler(self, isleyici: str, pencere: float) -> list[float]:
        """(şimdi - pencere, şimdi] içindeki geçişler, eskiden yeniye."""
        return [an for an in self._gecisler.get(isleyici, []) if an > self.simdi - pencere]
