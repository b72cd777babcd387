"""Exercises of lesson 01, "Kuyruklar ve İşler"; every right answer comes from the kernel."""

import copy
from typing import NamedTuple, cast

from checks.exercises.kinds import (
    CaseMistake,
    ChangeMistake,
    FunctionTask,
    LogMistake,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    Prediction,
)
from kernel.dogrula import tur
from kernel.isler import (
    BellekSurucusu,
    EszamanliSurucu,
    IsSinifi,
    KirilganIs,
    KucukResimIsi,
    Surucu,
)
from kernel.olcum import ayri_istek

AKIBETLER = ("yanıttan önce koştu", "gonder() hata fırlattı", "işçide koştu",
             "başarısız işler listesinde")
AKIBET_HAKKI = 2
# (sürücü, işin adı, ilk kaç denemesi hata verir); None: hiç hata vermeyen KucukResimIsi(7)
AKIBET_SENARYOSU = (("eszamanli", "kucukResim", None), ("eszamanli", "eposta", 1),
                    ("kuyruk", "arama", 1), ("kuyruk", "rapor", 2), ("kuyruk", "bildirim", 0))


def akibet_isi(ad: str, hata: int | None) -> IsSinifi:
    return KucukResimIsi(7) if hata is None else KirilganIs(hata, ad=ad)


def akibet_cagrisi(surucu: str, ad: str, hata: int | None) -> str:
    is_ = "KucukResimIsi(7)" if hata is None else f'KirilganIs({hata}, ad="{ad}")'
    return f"{surucu}.gonder({is_})"


def akibet_senaryosu() -> dict[str, str]:
    """Her işin akıbeti: gonder() çağrısında, sonra işçide olan."""
    kuyruk = BellekSurucusu(deneme_hakki=AKIBET_HAKKI)
    suruculer: dict[str, Surucu] = {"eszamanli": EszamanliSurucu(), "kuyruk": kuyruk}
    akibet = {}
    for surucu, ad, hata in AKIBET_SENARYOSU:
        try:
            suruculer[surucu].gonder(akibet_isi(ad, hata))
            akibet[ad] = "yanıttan önce koştu" if surucu == "eszamanli" else ""
        except RuntimeError:
            akibet[ad] = "gonder() hata fırlattı"
    kuyruk.isle()
    basarisiz = {is_.ad() for is_ in kuyruk.basarisiz}
    return {ad: sonuc or ("başarısız işler listesinde" if ad in basarisiz else "işçide koştu")
            for ad, sonuc in akibet.items()}


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


HAK_ISLERI, VERILEN_HAK, COZUM_HAKKI = (("a", 1), ("b", 2), ("c", 3)), 5, 3
LISTEDE = "başarısız işler listesinde"


def hak_hucresi(hak: int) -> str:
    """The Modify step's exercise cell: the queue of HAK_ISLERI with `hak`, and its check."""
    isler = ", ".join(f'("{ad}", {hata})' for ad, hata in HAK_ISLERI)
    return (f"kuyruk = BellekSurucusu(deneme_hakki={hak})\n"
            f"for ad, hata in [{isler}]:\n"
            "    kuyruk.gonder(KirilganIs(hata, ad=ad))\n"
            'kontrol("01-hak-ayari", kuyruk)')


def hak_kuyrugu(hak: int, isler: tuple[tuple[str, int], ...] = HAK_ISLERI) -> BellekSurucusu:
    """What the Modify cell builds with `hak` (and, for the tests, other jobs), sent in a
    request of its own."""
    with ayri_istek():
        kuyruk = BellekSurucusu(deneme_hakki=hak)
        for ad, hata in isler:
            kuyruk.gonder(KirilganIs(hata, ad=ad))
    return kuyruk


class HakOlcumu(NamedTuple):
    """What the Modify cell built and what the worker made of it: the attempts it allowed, the
    jobs it sent (name, failing attempts; -1 for a job that is no KirilganIs) and each fate.
    The attempts are measured so that any changed number differs from the cell as handed
    out; the feedback never says them."""

    hak: int
    isler: tuple[tuple[str, int], ...]
    akibetler: tuple[tuple[str, str], ...]


def hak_olc(kuyruk: object) -> HakOlcumu:
    """Each job's fate when the worker runs a copy of the queue (the student's stays full)."""
    kopya = cast(BellekSurucusu, copy.deepcopy(tur("kuyruk", kuyruk, BellekSurucusu)))
    isler = tuple((is_.ad(), getattr(is_, "basarisiz_deneme", -1)) for is_ in kopya._bekleyen)
    son_deneme: dict[str, int] = {}
    for satir in kopya.isle():
        ad, _, deneme = satir.partition(" deneme ")
        son_deneme[ad] = int(deneme.split(":")[0])
    basarisiz = {is_.ad() for is_ in kopya.basarisiz}
    return HakOlcumu(kopya.deneme_hakki, isler, tuple(
        (ad, LISTEDE if ad in basarisiz
         else f"{deneme - 1} hatalı denemeden sonra koştu" if deneme > 1
         else "ilk denemede koştu") for ad, deneme in son_deneme.items()))


def hak_anlat(olcum: HakOlcumu) -> str:
    akibetler = "; ".join(f"{ad} {akibet}" for ad, akibet in olcum.akibetler)
    degisen = "" if olcum.isler == HAK_ISLERI else "; işler verildiği gibi değil"
    return (akibetler or "kuyrukta hiç iş yok") + degisen


def akibeti(olcum: HakOlcumu, ad: str) -> str:
    """One job's fate in a measurement of the handed-out jobs ("" when it is not there)."""
    return dict(olcum.akibetler).get(ad, "") if olcum.isler == HAK_ISLERI else ""


HAK_HEDEFI = hak_olc(hak_kuyrugu(COZUM_HAKKI))


def basarisiz_listesine_duser(basarisiz_deneme: int, deneme_hakki: int) -> bool:
    kuyruk = BellekSurucusu(deneme_hakki=deneme_hakki)
    kuyruk.gonder(KirilganIs(basarisiz_deneme))
    kuyruk.isle()
    return bool(kuyruk.basarisiz)


def basarisiz_mi(basarisiz_deneme: int, deneme_hakki: int) -> bool:
    return basarisiz_deneme >= deneme_hakki


EXERCISES = {
    "01-akibetler": PartsPrediction(
        question="Bir denetleyici yanıt vermeden önce iki sürücüye beş iş gönderiyor; her "
        "gonder() çağrısı kendi try bloğunda, hatayı yakalayıp sıradakine geçiliyor:\n"
        f"    kuyruk = BellekSurucusu(deneme_hakki={AKIBET_HAKKI})\n"
        "    eszamanli = EszamanliSurucu()\n"
        + "\n".join(f"    {akibet_cagrisi(*cagri)}" for cagri in AKIBET_SENARYOSU)
        + "\nYanıt döndükten sonra işçi kuyruk.isle() ile kuyruğu boşaltıyor. Her işin "
        f"akıbeti ne? {', '.join(ad for _, ad, _ in AKIBET_SENARYOSU)}",
        how_to_answer="Tahmininizi iş adından akıbete giden bir sözlük olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = {"kucukResim": "...", "eposta": "...", ...}',
        why="Eşzamanlı sürücü işi gonder()'ün içinde, yanıttan önce bir kez çalıştırır ve "
        "işin hatası gonder()'den denetleyiciye yükselir; bellek sürücüsünün gonder()'ü ise işi "
        "çalıştırmaz. Kuyruktaki işleri işçi yanıttan sonra deneme hakkınca dener: hakkından az "
        "denemede düşen iş sonunda koşar, hakkı kadar denemenin hepsinde düşen iş başarısız "
        "işler listesine ayrılır.",
        expected=akibet_senaryosu,
        choices=AKIBETLER,
        mistakes={
            ("eposta", "yanıttan önce koştu"): "Eşzamanlı sürücü işi bir kez çalıştırır ve "
            "yeniden denemez: deneme hakkı kuyruğun işçisindedir.",
            ("eposta", "işçide koştu"): "Eşzamanlı sürücüye verilen iş kuyruğa hiç girmez; "
            "işçi onu görmez.",
            ("eposta", "başarısız işler listesinde"): "Eşzamanlı sürücüye verilen iş kuyruğa "
            "hiç girmez; başarısız işler listesi kuyruğun işçisinindir.",
            ("arama", "gonder() hata fırlattı"): "Bellek sürücüsünün gonder()'ü işi "
            "çalıştırmaz; hata, işçi onu çalıştırınca ortaya çıkar.",
            ("rapor", "gonder() hata fırlattı"): "Bellek sürücüsünün gonder()'ü işi "
            "çalıştırmaz; hata, işçi onu çalıştırınca ortaya çıkar.",
            ("bildirim", "yanıttan önce koştu"): "Kuyruğa konan iş yanıttan önce çalışmaz; onu "
            "yanıttan sonra işçi çalıştırır.",
            ("arama", "başarısız işler listesinde"): "Hata veren iş, hakkı sürdükçe kuyruğun "
            "arkasına döner ve yeniden denenir.",
            ("rapor", "işçide koştu"): "deneme_hakki ilk denemeyi de sayar: hakkı "
            f"{AKIBET_HAKKI} olan iş {AKIBET_HAKKI + 1}. kez denenmez.",
        },
        hint="Önce her işin hangi sürücüye gittiğine bakın: eşzamanlı sürücü işi gonder()'ün "
        "içinde bir kez çalıştırır; kuyruktaki işi yanıttan sonra işçi, hakkınca dener.",
    ),
    "01-isci-gunlugu": LogPrediction(
        question=f"BellekSurucusu(deneme_hakki={GUNLUK_HAKKI}) kuyruğuna sırayla üç iş "
        "gönderiliyor. İlk n denemesinde RuntimeError fırlatan işler: "
        + ", ".join(f"{ad} (n={n})" for ad, n in GUNLUK_ISLERI)
        + ".\nisle() hangi satırları döndürür? Her satır, x adlı bir iş için şu iki biçimden "
        "biridir:\n    x deneme 3: RuntimeError\n    x deneme 4: koştu",
        how_to_answer="Tahmininizi satırlardan oluşan bir liste olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = ["<ilk satır>", "<ikinci satır>", ...]',
        why="İşçi her seferinde kuyruğun başındaki işi alır ve hata veren işi, hakkı "
        "kaldıysa, kuyruğun sonuna koyar: a ile c'nin ikinci denemeleri b koştuktan sonra "
        "gelir. Deneme hakkı ilk denemeyi de saydığı için c, hakkı kadar denemede hata verince "
        "hakkını bitirir ve bir daha denenmez.",
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
        why="İş ilk basarisiz_deneme denemesinde hata verip bir sonrakinde başarır; "
        "sınırlayıcı ölçümde gördüğümüz gibi deneme_hakki ilk denemeyi de sayar, hakkı 3 olan "
        "iş üçüncü denemede durdu. Başarılı deneme hakkın dışına düşüyorsa, yani hatalı "
        "denemeler hakkı doldurursa, iş listeye düşer.",
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
    "01-hak-ayari": ModifyTask(
        question=f"Hücredeki kod, deneme hakkı {VERILEN_HAK} olan bir kuyruğa üç iş koyuyor: "
        + ", ".join(f"{ad} ilk {hata} denemesinde hata veriyor" for ad, hata in HAK_ISLERI)
        + ". İşlere dokunmadan, yalnız deneme hakkını değiştirerek işçinin a ile b'yi "
        "koşturmasını, c'yi ise başarısız işler listesine ayırmasını sağlayın.",
        how_to_answer="Hücredeki kodda deneme hakkını değiştirin ve hücreyi yeniden çalıştırın.",
        why="KirilganIs(n) ilk n denemesinde hata verip n + 1. denemede koşar ve deneme hakkı "
        f"ilk denemeyi de sayar: b'nin {dict(HAK_ISLERI)['b'] + 1}. denemesine hak kalmalı, "
        f"c'nin {dict(HAK_ISLERI)['c'] + 1}. denemesine kalmamalı. Verilen {VERILEN_HAK} hak "
        "ikisine de yetiyordu; ikisini birden sağlayan tek hak, b'nin koşmak için ihtiyacı olan "
        "deneme sayısıdır.",
        measure=hak_olc,
        goal=HAK_HEDEFI,
        describe=hak_anlat,
        hint="deneme_hakki ilk denemeyi de sayar; sınırlayıcı ölçümdeki kuralı b ile c'ye "
        "uygulayın.",
        solution=hak_hucresi(COZUM_HAKKI),
        build=lambda: hak_kuyrugu(COZUM_HAKKI),
        given=lambda: hak_kuyrugu(VERILEN_HAK),
        mistakes=(
            ChangeMistake(lambda olcum: olcum.isler != HAK_ISLERI,
                          "İşlere dokunmayın: a, b ve c verildiği gibi kalsın; hedefe yalnız "
                          "deneme hakkını değiştirerek ulaşın."),
            ChangeMistake(lambda olcum: akibeti(olcum, "c").endswith("koştu"),
                          "c hâlâ koşuyor: hak, c'nin başardığı denemeye de yetiyor. c ilk kaç "
                          "denemesinde hata veriyor, kaçıncı denemesinde başarıyor?"),
            ChangeMistake(lambda olcum: akibeti(olcum, "b") == LISTEDE,
                          "b de başarısız işler listesine düştü: hak, b'nin başaracağı denemeye "
                          "yetmiyor. deneme_hakki ilk denemeyi de sayar."),
        ),
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
UC_ISTEK = (7, 8, 9)  # the yazi_id of each request the controller answers with one queue


def uc_istek_secenegi(bekleyen: int, uretilen: list[int]) -> str:
    """A choice of 01-uc-istek, written as the measurement cell writes what it measured."""
    return f"bekleyen {bekleyen}, üretilen {uretilen}"


# 01-hata-nerede: a job failing its first run, then one that never fails, in one queue; the
# lines its worker may write, joined as the measurement cell joins its log.
HATA_SIRASI = (1, 8)  # KirilganIs(1), then KucukResimIsi(8)
ILK_HATA, RESIM, IKINCI = ("kirilgan deneme 1: RuntimeError", "kucukResim deneme 1: koştu",
                           "kirilgan deneme 2: koştu")


def gunluk_secenegi(*satirlar: str) -> str:
    """A choice of 01-hata-nerede: the worker's log as the measurement cell joins it."""
    return "; ".join(satirlar)


HAKKI_BITEN = (3, 5)  # 01-hakki-biten: the attempts allowed, the attempts that fail
PREDICTIONS: dict[str, Prediction] = {
    "01-uc-istek": Prediction(
        question="Denetleyici aynı bellek sürücüsüyle (BellekSurucusu) üç yazıyı art arda "
        "kaydediyor: " + ", ".join(f"kaydet({n})" for n in UC_ISTEK) + ". İşçi arada hiç "
        "çağrılmıyor; üçüncü yanıttan sonra bir kez isle() çağrılıyor. Üçüncü yanıt döndüğü "
        "anda kuyrukta kaç iş bekler (bekleyen()) ve isle() hangi yazıların küçük resmini, "
        "hangi sırayla üretir (ölçümün başında boşaltılan KucukResimIsi.uretilen)?",
        choices=(uc_istek_secenegi(1, [UC_ISTEK[-1]]),
                 uc_istek_secenegi(len(UC_ISTEK), [UC_ISTEK[-1]]),
                 uc_istek_secenegi(len(UC_ISTEK), list(UC_ISTEK)),
                 uc_istek_secenegi(len(UC_ISTEK), list(reversed(UC_ISTEK)))),
        assumptions={
            uc_istek_secenegi(1, [UC_ISTEK[-1]]): "Her yeni istek kuyruğu da boşaltır: "
            "kaydet()'in açtığı yeni istek, önceki isteklerin kuyruktaki işlerini de siler.",
            uc_istek_secenegi(len(UC_ISTEK), [UC_ISTEK[-1]]): "İşçi yalnız açık isteğin "
            "işini çalıştırır: önceki isteklerin işleri kuyrukta kalır ama isle() onlara "
            "dokunmaz.",
            "bekleyen 3, üretilen [7, 8, 9]": "Bekleyen işler sürücü nesnesinde durur ve yeni bir "
            "istekle silinmez; işçi onları kuyruğa giriş sıralarıyla çalıştırır.",
            uc_istek_secenegi(len(UC_ISTEK), list(reversed(UC_ISTEK))): "Kuyruk en son "
            "konan işi önce verir: işçi işleri geliş sıralarının tersine çalıştırır.",
        },
    ),
    "01-hata-nerede": Prediction(
        question=f"Bellek sürücüsünün (BellekSurucusu, deneme hakkı 3) kuyruğuna önce "
        f"KirilganIs({HATA_SIRASI[0]}), ardından KucukResimIsi({HATA_SIRASI[1]}) konuyor; "
        "kırılgan iş ilk denemesinde RuntimeError fırlatır. isle() bir kez çağrılınca "
        "işçinin günlüğü hangi satırları, hangi sırayla yazar?",
        choices=(gunluk_secenegi(ILK_HATA, IKINCI, RESIM),
                 gunluk_secenegi(ILK_HATA, RESIM, IKINCI),
                 gunluk_secenegi(ILK_HATA, RESIM)),
        assumptions={
            gunluk_secenegi(ILK_HATA, IKINCI, RESIM): "İşçi hata veren işi elinden bırakmaz: "
            "hakkı bitmediyse sıradaki işe geçmeden aynı işi hemen yeniden dener.",
            gunluk_secenegi(ILK_HATA, RESIM, IKINCI): "Hata veren iş, hakkı bitmediyse kuyruğun "
            "sonuna döner: arkasında bekleyen iş onun yeniden denemesinden önce çalışır.",
            gunluk_secenegi(ILK_HATA, RESIM): "İşçi kuyruğu bir kez dolaşır: hata veren iş bu "
            "isle() çağrısında bir daha denenmez, işçi sıradaki işe geçer ve durur.",
        },
    ),
    "01-hakki-biten": Prediction(
        question=f"Deneme hakkı {HAKKI_BITEN[0]} olan bellek sürücüsüne, ilk {HAKKI_BITEN[1]} "
        "denemesinde RuntimeError fırlatan bir iş konuyor (ölçümün ikinci işi). İşçi "
        "durduğunda bu işin deneme sayacı (is_.deneme) kaç olur?",
        choices=tuple(str(n) for n in range(1, HAKKI_BITEN[1] + 2)),
        assumptions={
            "1": "Hata veren iş yeniden denenmez: işçi onu ilk hatasında başarısız işler "
            "listesine ayırır.",
            "2": "Hak, sayacın varamayacağı bir sınırdır: sayaç hakka ulaşacakken iş o "
            "denemeyi yapmadan bırakılır.",
            "3": "Deneme hakkı ilk denemeyi de sayar: sayaç hakka ulaşınca iş bir daha denenmez.",
            "4": "Deneme hakkı yalnız yeniden denemeleri sayar: ilk denemenin ardından hak "
            "kadar yeniden deneme daha yapılır.",
            "5": "Deneme hakkı işçiyi durdurmaz: iş, hata verdiği denemelerin hepsinde yeniden "
            "denenir ve sayaç bu hataları sayar.",
            "6": "İşçi işi başarana dek dener: iş, hatasız ilk denemesinde koşar; deneme hakkı "
            "bunu sınırlamaz.",
        },
    ),
}
