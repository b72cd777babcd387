"""Queuety'nin belgelerindeki beş yerleşik ara katman ve zaman aşımının dürüst bir eşi.

Paylaşılan durum (kilitler, sayaçlar, sınırlayıcı) işin bağlı olduğu `Ortam`dadır.
"""

from kernel.ara_katman.sozlesme import AraKatman, AraKatmanliIs, Sonraki
from kernel.dogrula import sifirdan_buyuk, tam_sayi


class HizSiniriAsildi(Exception):
    """RateLimited'in fırlattığı istisna; işçi onu başarısız bir deneme sayar."""


class RateLimited(AraKatman):
    """İşleyici başına, kayan bir `window` saniyelik pencerede en çok `max` yürütme.

    Karar: pencere kayandır: her an, son `window` saniyedeki geçişler sayılır. Geçiş,
    denemenin başladığı anda sayılır; gövde sonra hata verse de sayılmış kalır. Pencere
    doluysa HizSiniriAsildi fırlar ve katman sınırı o anda işçinin hız sınırlayıcısına kaydeder
    (Queuety'nin kaynağında ise sınır, katmanın ilk kullanılışında kaydedilir). İşçi her işi
    katmana vermeden önce kayıtlı sınıra bakar (`AraKatmanliSurucu._dene`).
    """

    def __init__(self, max: int, window: float) -> None:
        self.max = tam_sayi("max", max, en_az=1)
        self.window = sifirdan_buyuk("window", window)

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        if not is_.ortam.gecis(is_.isleyici(), self.max, self.window):
            raise HizSiniriAsildi(f"{is_.isleyici()}: {self.window:g} sn'de en çok {self.max}")
        sonraki(is_)


class ThrottlesExceptions(AraKatman):
    """İşleyicinin istisnalarını sayar; `max_attempts`a varınca işi çağırmadan reddeder.

    Sayaç, kayıtsız geçen tam bir `decay_minutes` penceresiyle sıfırlanır; pencere her kayıtlı
    istisnayla yeniden başlar. Retler sayılmaz ve pencereyi yeniden başlatmaz, başarı da sayaca
    dokunmaz: bu ikisinde model Queuety'nin kaynağını izler (`ThrottlesExceptions.php`).
    """

    def __init__(self, max_attempts: int, decay_minutes: float) -> None:
        self.max_attempts = tam_sayi("max_attempts", max_attempts, en_az=1)
        self.decay_minutes = sifirdan_buyuk("decay_minutes", decay_minutes)

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        ortam, isleyici = is_.ortam, is_.isleyici()
        sayi = ortam.istisna_sayisi(isleyici, self.decay_minutes * 60)
        if sayi >= self.max_attempts:
            raise RuntimeError(f"{isleyici}: {sayi} istisna, kısıldı")
        try:
            sonraki(is_)
        except Exception:
            ortam.istisna_kaydet(isleyici)
            raise


class Timeout(AraKatman):
    """Queuety'nin zaman aşımı, belgelerindeki notu izleyerek: şimdilik (#10) işi kesmez.

    Belgeye göre katmanın alarmı eşzamansız sinyal ister ve kütüphane onları açmaz; model bu
    notu izler: katman işi yalnız sonrakine verir, `seconds`a bakmaz. Kütüphanede katman
    dönerken işçinin kendi zaman aşımı alarmını da iptal eder; modelin işçisinin alarmı yok.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = sifirdan_buyuk("seconds", seconds)

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        sonraki(is_)


class DurustTimeout(AraKatman):
    """Gerçekten çalan zaman aşımı: gövde `seconds`ı aşacaksa saat o sınıra gelir, durur.

    Sınırı bu katman kurar, gövdeyi işçi keser: gövdeye girilmiştir (`sinifla`'da koştu), ama
    etkisi olmaz; TimeoutError fırlar ve işçi bunu başarısız bir deneme sayar. Katmanlar iç
    içeyse en dar sınır geçerlidir.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = sifirdan_buyuk("seconds", seconds)

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        ortam = is_.ortam
        sinir = ortam.simdi + self.seconds
        ortam.son_an = sinir if ortam.son_an is None else min(ortam.son_an, sinir)
        sonraki(is_)


class UniqueJob(AraKatman):
    """Aynı anahtarlı işlerden aynı anda yalnız biri; kilit tutuluyorsa iş sessizce atlanır.

    Anahtar verilmezse işleyicidir, yani işin sınıf adı. Kilit `finally` ile bırakılır; işçi
    çökerse bırakılamaz; ömrü olmadığı için kendiliğinden de kalkmaz.
    """

    release_after: float | None = None  # kilit kendiliğinden bitmez

    def __init__(self, key: str | None = None) -> None:
        self.key = key

    def isle(self, is_: AraKatmanliIs, sonraki: Sonraki) -> None:
        anahtar = is_.isleyici() if self.key is None else self.key
        kilit = is_.ortam.kilit_al(anahtar, self.release_after)
        if kilit is None:
            return  # kısa devre: iş atlandı
        try:
            sonraki(is_)
        finally:
            is_.ortam.birak(kilit)


class WithoutOverlapping(UniqueJob):
    """UniqueJob gibi, ama kilidin süresi alındıktan `release_after` saniye sonra dolar.

    Çöken işçinin kilidi böylece ömür dolunca kalkar. Süresi dolmuş kilitler her kilit alma
    girişiminden önce silinir (`Ortam.kilit_al`). Modelde `release_after`ın varsayılanı yok.
    """

    def __init__(self, key: str, release_after: float) -> None:
        super().__init__(key)
        self.release_after = sifirdan_buyuk("release_after", release_after)
