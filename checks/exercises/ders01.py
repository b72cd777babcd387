"""Exercises of lesson 01, "Kuyruklar ve İşler"; every right answer comes from the kernel."""

from checks.exercises.kinds import (
    CaseMistake,
    FunctionTask,
    LogMistake,
    LogPrediction,
    PartsPrediction,
)
from kernel.isler import BellekSurucusu, KirilganIs
from kernel.olcum import SINIFLAR, Gunluk, sinifla


SINIF_SENARYOSU = (("yola", "kaydet"), ("yola", "kucukResim"), ("yola", "arama"),
                   ("kostu", "kaydet"), ("ertele", "kucukResim"), ("ertele", "eposta"),
                   ("kostu", "eposta"))
SINIF_PARCALARI = ("kaydet", "kucukResim", "arama", "eposta", "rapor")


def sinif_senaryosu() -> dict[str, str]:
    for yontem, parca in SINIF_SENARYOSU:
        getattr(Gunluk, yontem)(parca)
    return {parca: sinifla(parca) for parca in SINIF_PARCALARI}


GUNLUK_ISLERI, GUNLUK_HAKKI = (("a", 1), ("b", 0), ("c", 5)), 2


def isci_gunlugu() -> list[str]:
    kuyruk = BellekSurucusu(deneme_hakki=GUNLUK_HAKKI)
    for ad, basarisiz in GUNLUK_ISLERI:
        kuyruk.gonder(KirilganIs(basarisiz, ad=ad))
    return kuyruk.isle()


def is_sirasiyla(satirlar: list[str]) -> list[str]:
    """The same lines grouped job by job: the log of a worker that retries at once."""
    adlar = list(dict.fromkeys(satir.split()[0] for satir in satirlar))
    return sorted(satirlar, key=lambda satir: adlar.index(satir.split()[0]))


def basarisiz_listesine_duser(basarisiz_deneme: int, deneme_hakki: int) -> bool:
    kuyruk = BellekSurucusu(deneme_hakki=deneme_hakki)
    kuyruk.gonder(KirilganIs(basarisiz_deneme))
    kuyruk.isle()
    return bool(kuyruk.basarisiz)


def basarisiz_mi(basarisiz_deneme: int, deneme_hakki: int) -> bool:
    return basarisiz_deneme >= deneme_hakki


EXERCISES = {
    "01-siniflar": PartsPrediction(
        question="Yeni bir istekte sırayla şu çağrılar yapılıyor:\n"
        + "\n".join(f"    Gunluk.{yontem}({parca!r})" for yontem, parca in SINIF_SENARYOSU)
        + f"\nsinifla() şu parçaların her biri için ne döndürür? {', '.join(SINIF_PARCALARI)}",
        how_to_answer="Tahmininizi parça adından sınıfa giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "koştu", ...}',
        expected=sinif_senaryosu,
        choices=SINIFLAR,
        mistakes={
            ("eposta", "ertelendi"): "Bir parça iki listede birden olabilir; sinifla() önce "
            "koşanlar listesine bakar ve ilk eşleşmede durur.",
            ("eposta", "bağlanmadı"): "Yolda olmamak, koşmadığı anlamına gelmez: yol listesine "
            "en son bakılır.",
            ("kucukResim", "atlandı"): "Ertelenenler listesine yoldan önce bakılır.",
            ("arama", "bağlanmadı"): "Yola konmuş ama ne çağrılmış ne ertelenmiş bir parça "
            "bağlanmamış değildir.",
            ("rapor", "atlandı"): "Hiçbir listede olmayan bir parça yola da konmamıştır.",
        },
        hint="sinifla() listelere şu sırayla bakar: koşanlar, ertelenenler, yol.",
    ),
    "01-isci-gunlugu": LogPrediction(
        question=f"BellekSurucusu(deneme_hakki={GUNLUK_HAKKI}) kuyruğuna sırayla üç iş "
        "gönderiliyor. İlk n denemesinde RuntimeError fırlatan işler: "
        + ", ".join(f"{ad} (n={n})" for ad, n in GUNLUK_ISLERI)
        + ".\nisle() hangi satırları döndürür? Her satır şu biçimdedir:\n"
        "    a deneme 1: RuntimeError",
        how_to_answer="Tahmininizi satırlardan oluşan bir liste olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = ["a deneme 1: RuntimeError", ...]',
        expected=isci_gunlugu,
        mistakes=(
            LogMistake(lambda satirlar, beklenen: satirlar == is_sirasiyla(beklenen),
                       "Başarısız olan iş hemen yeniden denenmez: kuyruğun sonuna geri konur, "
                       "önce sıradaki işler çalışır."),
            LogMistake(lambda satirlar, _: any(f"deneme {GUNLUK_HAKKI + 1}" in s for s in satirlar),
                       f"Deneme hakkı {GUNLUK_HAKKI}: hiçbir iş {GUNLUK_HAKKI}. denemeden sonra "
                       "bir daha denenmez."),
            LogMistake(lambda satirlar, _: any("Exception" in s for s in satirlar),
                       "Günlük, istisnanın Python'daki sınıf adını yazar: RuntimeError."),
        ),
        hint="İşçi her seferinde kuyruğun başındaki işi alır; hata veren iş hakkı kaldıysa "
        "sona eklenir.",
        compared_with="işçiyi gerçekten çalıştırıp aldığım günlükle",
    ),
    "01-basarisiz-mi": FunctionTask(
        question="İlk basarisiz_deneme denemesinde hata veren bir iş, deneme_hakki ile "
        "kuyruğa konuyor. İşçiyi çalıştırmadan, işin başarısız işler listesine düşüp "
        "düşmeyeceğini söyleyen basarisiz_mi(basarisiz_deneme, deneme_hakki) -> bool "
        "fonksiyonunu yazın.",
        how_to_answer="basarisiz_mi fonksiyonunun gövdesini yazıp True ya da False "
        "döndürmesini sağlayın, sonra hücreyi yeniden çalıştırın.",
        cases=tuple((basarisiz, hak) for basarisiz in range(7) for hak in range(1, 6)),
        reference=basarisiz_listesine_duser,
        solution=basarisiz_mi,
        mistakes=(
            CaseMistake(lambda yanlislar: all(b == h for b, h in yanlislar),
                        "Eşitlik durumuna bakın: hakkı 3 olan ve ilk 3 denemesi başarısız olan iş "
                        "dördüncü kez denenmez."),
            CaseMistake(lambda yanlislar: all(b == h - 1 for b, h in yanlislar),
                        "Son hak da bir denemedir: hakkı 3 olan iş üçüncü denemede başarabilir."),
        ),
        hint="İş, başarısız denemelerinin sayısı hakkına yetiştiğinde listeye düşer.",
        found_by="işçiyi gerçekten çalıştırarak",
    ),
}
