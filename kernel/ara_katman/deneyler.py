"""Dersin deneyleri: her biri küçük bir planı koşturur ve yazdırılacak satırları döndürür."""

from collections.abc import Sequence

from kernel.ara_katman.ornekler import (
    BakimdaAtla, IceAktarmaIsi, KayitTutan, OrnekIs, Plan, SiraYazan, anlat, dokum, kos,
)
from kernel.ara_katman.surucu import AraKatmanliSurucu
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)
from kernel.olcum import sinifla


def sogan_izi(adlar: Sequence[str] = ("A", "B", "C")) -> list[str]:
    """Katmanların ve işin ortak günlüğe yazdığı sıra: A, B, C, iş, C, B, A."""
    return kos([(0, OrnekIs("iş", katmanlar=[SiraYazan(ad) for ad in adlar]))]).ortam.notlar


def zamanli_gunluk() -> list[str]:
    """KayitTutan'ın sanal saatteki satırları; `yedek` ilk denemesinde hata verir."""
    plan = [(0, OrnekIs("rapor", 30, [KayitTutan()])),
            (0, OrnekIs("yedek", 90, [KayitTutan()], ["hata"]))]
    return kos(plan).ortam.notlar


def kisa_devre() -> dict[str, str]:
    """Bakımda atlanan işin ölçümü: yolda, ama ne koştu ne yeniden ertelendi."""
    plan = [(0, OrnekIs("rapor", katmanlar=[BakimdaAtla(False)])),
            (0, OrnekIs("eposta", katmanlar=[BakimdaAtla(True)]))]
    kos(plan)
    return {ad: sinifla(ad) for ad in ("rapor", "eposta")}


def hiz_siniri_deneyi(max: int = 5, window: float = 60) -> list[str]:
    """Aynı anda hazır max + 2 iş: max'ı geçer, sonraki denemede sayılır, sonuncusu beklemeye."""
    return anlat(kos([(0, OrnekIs(f"hız-{n}", katmanlar=[RateLimited(max, window)]))
                      for n in range(1, max + 3)]).iz)


def istisna_kisma_deneyi(max_attempts: int = 3, decay_minutes: float = 1) -> list[str]:
    """Çalışmayan bir API: ilk max_attempts iş onu çağırıp hata verir, sonrakiler reddedilir.

    Son istisnanın üstünden bir pencere geçmeden bir saniye önce gelen iş hâlâ kısılır; tam
    bir pencere geçince gelen API'yi yeniden çağırır. Aradaki retler pencereyi uzatmaz.
    """
    katman, sure = ThrottlesExceptions(max_attempts, decay_minutes), 10
    plan: list[tuple[float, OrnekIs]] = [
        (0, OrnekIs(f"api-{n}", sure, [katman], ["hata"])) for n in range(1, max_attempts + 2)]
    son_istisna = sure * max_attempts
    plan += [(son_istisna + decay_minutes * 60 - 1, OrnekIs("geç-1", sure, [katman])),
             (son_istisna + decay_minutes * 60, OrnekIs("geç-2", sure, [katman]))]
    return anlat(kos(plan, deneme_hakki=1).iz)


def zaman_asimi_deneyi(seconds: float = 300) -> list[str]:
    """Sınırda ve sınırın bir saniye üstünde süren işler, Timeout ve DurustTimeout ile.

    Her iş kendi işçisinde 0. saniyede başlar.
    """
    plan = [(0, OrnekIs(f"{katman.__name__}-{sure:g}", sure, [katman(seconds)]))
            for katman in (Timeout, DurustTimeout) for sure in (seconds, seconds + 1)]
    surucu = kos(plan, deneme_hakki=1, isci_sayisi=len(plan))
    return anlat(surucu.iz) + [f"gövdesi biten: {', '.join(surucu.ortam.notlar)}"]


def tekil_is_deneyi(sure: float = 60) -> list[str]:
    """İki işçi, aynı sınıftan dört iş: kilit [0, sure) arasında tutulur, sure anında boşalır."""
    plan = [(gecikme, OrnekIs(f"rapor-{n}", sure, [UniqueJob()]))
            for n, gecikme in enumerate((0, 0, sure - 1, sure), start=1)]
    return anlat(kos(plan, isci_sayisi=2).iz)


def cakismasiz_kosusu(release_after: float, sure: float = 100) -> AraKatmanliSurucu:
    """İki işçi, aynı anahtarlı iki iş; ikincisi birinci sürerken, 50. saniyede hazır.

    release_after işin süresinden kısaysa kilidin süresi iş bitmeden dolar, ikinci iş de girer.
    """
    plan = [(gecikme, OrnekIs(ad, sure, [WithoutOverlapping("ithalat", release_after)]))
            for ad, gecikme in (("ithalat-1", 0), ("ithalat-2", 50))]
    return kos(plan, isci_sayisi=2)


def cakismasiz_deneyi(release_after: float, sure: float = 100) -> list[str]:
    """`cakismasiz_kosusu`nun dökümü."""
    return anlat(cakismasiz_kosusu(release_after, sure).iz)


def cokme_kosusu(release_after: float | None) -> AraKatmanliSurucu:
    """İşçi kilidi tutarken çöker; None ise UniqueJob, değilse WithoutOverlapping.

    Çöken iş kuyruğa döner ve kendi bırakılamamış kilidine takılır. Sonraki iki iş kilidin
    süresinin dolacağı andan bir saniye önce ve tam o anda hazırdır (UniqueJob'da 600. saniyede).
    """
    katman = (UniqueJob("rapor") if release_after is None
              else WithoutOverlapping("rapor", release_after))
    dolus = 600 if release_after is None else release_after
    plan = [(0, OrnekIs("çöken", 100, [katman], ["çökme"])),
            (dolus - 1, OrnekIs("sonraki-1", 100, [katman])),
            (dolus, OrnekIs("sonraki-2", 100, [katman]))]
    return kos(plan)


def cokme_deneyi(release_after: float | None) -> list[str]:
    """`cokme_kosusu`nun dökümü."""
    return anlat(cokme_kosusu(release_after).iz)


def ithalat_plani() -> Plan:
    """Belgelerin birleşik işi için küçük bir yük; hepsi 0. saniyede hazır."""
    return [(0, IceAktarmaIsi(1, 400)),
            (0, IceAktarmaIsi(1, 10, ad="tedarikçi 1 (yine)")),
            *[(0, IceAktarmaIsi(n, 10)) for n in range(2, 7)],
            (0, IceAktarmaIsi(7, 10, ["hata"] * 3))]


def ithalat_kosusu() -> AraKatmanliSurucu:
    """Birleşik iş iki işçiyle."""
    return kos(ithalat_plani(), isci_sayisi=2)


def ithalat_ornegi() -> list[str]:
    """Birleşik iş iki işçiyle: olayların dökümü, boş bir satır ve her işin akıbeti."""
    return dokum(ithalat_kosusu())
