"""Exercises of lesson 03, "Ara Katman"; every right answer comes from the kernel."""

from collections.abc import Callable

from checks.exercises.kinds import (
    CaseMistake,
    Exercise,
    FunctionTask,
    LogMistake,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    Prediction,
    ascii_folded,
)
from kernel.ara_katman.ornekler import KayitTutan, OrnekIs, SiraYazan, akibetler, kos
from kernel.ara_katman.sozlesme import AraKatman
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, Timeout, UniqueJob, WithoutOverlapping,
)
from kernel.olcum import ayri_istek

AKIBETLER = ("tamamlandı", "atlandı", "gömüldü")
KATMANLAR: dict[str, Callable[..., AraKatman]] = {
    "UniqueJob": UniqueJob, "WithoutOverlapping": WithoutOverlapping, "Timeout": Timeout,
    "DurustTimeout": DurustTimeout, "RateLimited": RateLimited}
Is = tuple[str, float, float, str, tuple]  # (ad, hazır olduğu an, süre, katman, argümanları)

HANGILERI_HAKKI, HANGILERI_ISCISI = 1, 2
HANGILERI: tuple[Is, ...] = (
    ("rapor-1", 0, 60, "UniqueJob", ("rapor",)),
    ("rapor-2", 0, 60, "UniqueJob", ("rapor",)),
    ("yedek-1", 0, 100, "WithoutOverlapping", ("yedek", 30)),
    ("yedek-2", 40, 10, "WithoutOverlapping", ("yedek", 30)),
    ("uzun-1", 0, 50, "Timeout", (30,)),
    ("uzun-2", 0, 50, "DurustTimeout", (30,)),
    ("bildirim-1", 0, 0, "RateLimited", (1, 60)),
    ("bildirim-2", 0, 0, "RateLimited", (1, 60)))


def is_satirlari(isler: tuple[Is, ...]) -> str:
    """One indented line per job, in columns: name, ready at, duration, its middleware."""
    satirlar = [("iş", "hazır", "süre", "ara katmanı")] + [
        (ad, f"t={hazir:g}", f"{sure:g} sn", f"{katman}({', '.join(map(repr, argumanlar))})")
        for ad, hazir, sure, katman, argumanlar in isler]
    return "\n".join(f"    {ad:<11} {hazir:<6} {sure:<7} {katman}"
                     for ad, hazir, sure, katman in satirlar)


def hangileri_tamamlanir() -> dict[str, str]:
    """The kernel's answer: run the jobs, read each one's fate from the trace."""
    plan = [(hazir, OrnekIs(ad, sure, [KATMANLAR[katman](*argumanlar)]))
            for ad, hazir, sure, katman, argumanlar in HANGILERI]
    surucu = kos(plan, deneme_hakki=HANGILERI_HAKKI, isci_sayisi=HANGILERI_ISCISI)
    return {ad: akibet.sonuc for ad, akibet in akibetler(surucu.iz).items()}


SOGAN_SURESI, SOGAN_HAKKI = 10, 2


def sogan_katmanlari() -> list[AraKatman]:
    return [SiraYazan("A"), KayitTutan(), SiraYazan("B")]


def sogan_notlari() -> list[str]:
    """The kernel's answer: the shared log after a job that fails once, then succeeds."""
    is_ = OrnekIs("iş", SOGAN_SURESI, sogan_katmanlari(), ["hata"])
    return kos([(0, is_)], deneme_hakki=SOGAN_HAKKI).ortam.notlar


def saymasi(harf: str) -> Callable[[list[str], list[str]], bool]:
    """Whether the student has more `harf` lines than the run wrote."""
    return lambda satirlar, beklenen: satirlar.count(harf) > beklenen.count(harf)


def sayisi(sozcuk: str, satirlar: list[str]) -> int:
    """How many lines have `sozcuk` in them."""
    return sum(sozcuk in satir for satir in satirlar)


def saatler(satirlar: list[str]) -> list[str]:
    """The virtual times the lines give, in order."""
    return [satir.split(":")[0] for satir in satirlar if satir.startswith("t=")]


def donus_sirasi_ters(satirlar: list[str], _: list[str]) -> bool:
    """The way out written in the way-in order: after the job's last line, A before B."""
    if "iş" not in satirlar:
        return False
    son = len(satirlar) - satirlar[::-1].index("iş")
    return [satir for satir in satirlar[son:] if satir in ("A", "B")][:1] == ["A"]


def kayit_disarida(satirlar: list[str], _: list[str]) -> bool:
    """KayitTutan written as the outermost layer: its start line comes before A."""
    return bool(satirlar) and satirlar[0].startswith("t=")


Gecis = tuple[tuple[float, ...], float, int, float]  # (önceki geçişler, an, en_cok, pencere)


def gecer(gecisler: tuple[float, ...], an: float, en_cok: int, pencere: float) -> bool:
    """The kernel's answer: the passes and then the new job, through one RateLimited."""
    sinir = RateLimited(en_cok, pencere)
    plan = [(t, OrnekIs(f"geçiş {n}", katmanlar=[sinir])) for n, t in enumerate(gecisler)]
    surucu = kos([*plan, (an, OrnekIs("yeni", katmanlar=[sinir]))], deneme_hakki=1)
    sonuclar = {kayit.is_adi: kayit.sonuc for kayit in surucu.iz}
    if any(sonuclar[is_.ad()] != "tamamlandı" for _, is_ in plan):
        raise ValueError(f"önceki geçişlerden biri geçemiyor: {gecisler}")
    return sonuclar["yeni"] == "tamamlandı"


def gecer_mi(gecisler, an, en_cok, pencere) -> bool:
    return sum(an - pencere < t <= an for t in gecisler) < en_cok


GECISLER: dict[Gecis, str] = {  # each case and the trap it sets, if any
    ((), 0, 1, 60): "duz",
    ((0,), 30, 2, 60): "duz",
    ((0, 10), 30, 2, 60): "duz",
    ((0, 10, 20), 40, 4, 60): "duz",
    ((0,), 59, 1, 60): "duz",
    ((0,), 60, 1, 60): "sinir",
    ((0, 30), 60, 2, 60): "sinir",
    ((0, 0, 0), 10, 3, 10): "sinir",
    ((30,), 30, 1, 60): "ayni",
    ((5, 30, 30), 30, 3, 60): "ayni",
    ((50,), 70, 1, 60): "sabit",
    ((50, 55), 61, 2, 60): "sabit",
    ((0, 10, 70), 75, 2, 60): "hepsi",
    ((0,), 100, 1, 60): "hepsi",
    ((0, 20, 40), 65, 2, 30): "hepsi",
}
GECIS_TUZAKLARI = {
    "sinir": "Tam pencere saniye önce başlamış bir geçiş artık pencerede değildir: pencere, "
    "an - pencere anını dışarıda, an'ı içeride bırakır.",
    "ayni": "Yeni işle aynı anda başlamış geçişler de pencerededir: an'ın kendisi pencerenin "
    "içindedir.",
    "sabit": "Pencere kayar: saati pencere uzunluğunda sabit dilimlere bölmeyin, her an için "
    "o andan geriye pencere saniyeye bakın.",
    "hepsi": "Yalnız son pencere saniyedeki geçişler sayılır; daha eskiler sınıra girmez.",
}


def gecis_tuzagi(tur: str) -> CaseMistake:
    """Recognised when some failing case sets this trap and every failing case sets a trap."""
    def eslesir(yanlislar: list[tuple]) -> bool:
        turler = {GECISLER[durum] for durum in yanlislar}
        return tur in turler and turler <= set(GECIS_TUZAKLARI)
    return CaseMistake(eslesir, GECIS_TUZAKLARI[tur])


def gecemeyenler() -> set[Gecis]:
    return {durum for durum in GECISLER if not gecer(*durum)}


def esik(yanlislar: list[tuple]) -> bool:
    """Exactly the cases where the job cannot pass fail: the answer lets one more through."""
    return set(yanlislar) == gecemeyenler()


def ithalat_katmanlari(anahtar: str) -> list[AraKatman]:
    """The Modify step's answer: the lock asked before the limiter."""
    return [WithoutOverlapping(key=anahtar, release_after=600), RateLimited(max=2, window=60)]


def verilen_katmanlar(anahtar: str) -> list[AraKatman]:
    """The Modify step's cell as handed out: the limiter asked first."""
    return [RateLimited(max=2, window=60), WithoutOverlapping(key=anahtar, release_after=600)]


SIRA_ISLERI = (("a-1", "a", 100), ("a-2", "a", 10), ("b", "b", 10))  # (ad, anahtar, süre)
Sira = tuple[tuple[tuple[str, str, int], ...], int]  # her işin akıbeti ve denemesi, sınır


def sira_olc(katmanlar: Callable[[str], list[AraKatman]]) -> Sira:
    """The fates of SIRA_ISLERI (two workers, all ready at t=0) through `katmanlar(anahtar)`,
    and the limit they enforce: how many of five jobs with keys of their own pass at t=0."""
    plan = [(0, OrnekIs(ad, sure, katmanlar(anahtar))) for ad, anahtar, sure in SIRA_ISLERI]
    sonuc = akibetler(kos(plan, isci_sayisi=2).iz)
    ayri = kos([(0, OrnekIs(f"s-{n}", katmanlar=katmanlar(f"s-{n}"))) for n in range(5)],
               deneme_hakki=1).iz
    return (tuple((ad, a.sonuc, a.deneme) for ad, a in sonuc.items()),
            sum(k.an == 0 and k.sonuc == "tamamlandı" for k in ayri))


def sira_anlat(olcum: Sira) -> str:
    isler, sinir = olcum
    return (", ".join(f"{ad} {sonuc} ({deneme} deneme)" for ad, sonuc, deneme in isler)
            + f"; aynı anda hazır, anahtarları ayrı beş işten {sinir} tanesi t=0'da geçiyor")


def b_ilk_denemede(verilen: Sira) -> Sira:
    """The goal as the question states it, from what the cell as handed out measures: b done
    at its first try, every other job and the limit as they were."""
    isler, sinir = verilen
    return tuple((ad, "tamamlandı", 1) if ad == "b" else (ad, sonuc, deneme)
                 for ad, sonuc, deneme in isler), sinir


with ayri_istek():  # at import, the student's Gunluk stays as it was
    SIRA_HEDEFI = b_ilk_denemede(sira_olc(verilen_katmanlar))
SIRA_SOLUTION = '''def ithalat_katmanlari(anahtar):
    return [WithoutOverlapping(key=anahtar, release_after=600), RateLimited(max=2, window=60)]


kontrol("03-ithalat-katmanlari", ithalat_katmanlari)'''


SOGAN_SORUSU = (
    f"Bir işin adı iş, süresi {SOGAN_SURESI} sn; ara katmanları sırayla [SiraYazan('A'), "
    "KayitTutan(), SiraYazan('B')]. İş ilk denemesinde RuntimeError fırlatıyor, ikincisinde "
    "başarıyor ve başarınca adını ortak günlüğe yazıyor. t=0'da hazır; onu tek işçili "
    f"AraKatmanliSurucu(deneme_hakki={SOGAN_HAKKI}) çalıştırıyor, geri çekilme 0.\nİşçi "
    "bitince ortak günlükte (ortam.notlar) hangi satırlar, hangi sırayla bulunur?")

EXERCISES: dict[str, Exercise] = {
    "03-hangileri-tamamlanir": PartsPrediction(
        question=f"{HANGILERI_ISCISI} işçili AraKatmanliSurucu(deneme_hakki={HANGILERI_HAKKI})"
        " kuyruğuna sırayla şu işler gönderiliyor (her işin tek ara katmanı var):\n"
        + is_satirlari(HANGILERI)
        + "\nİşçi kuyruğu boşaltınca her işin izdeki akıbeti ne olur: tamamlandı (son "
        "denemesi istisnasız sona erdi), atlandı ya da gömüldü? "
        + ", ".join(ad for ad, *_ in HANGILERI),
        how_to_answer="Tahmininizi iş adından akıbete giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"rapor-1": "...", "rapor-2": "...", ...}',
        why="Kilide takılan iş sessizce atlanır: rapor-2 başladığında rapor-1 aynı anahtarın "
        "kilidini tutuyor, yedek-1'in kilidi ise release_after saniye sonra dolduğundan, bir "
        "işçi boşalınca başlayan yedek-2 kilidi boş bulur. Modelin Timeout'u gövdeyi kesmez, "
        "DurustTimeout keser ve ikinci bildirim hız sınırını aşıp HizSiniriAsildi alır; deneme "
        f"hakkı {HANGILERI_HAKKI} olduğundan bu iki başarısız deneme işlerini gömer.",
        expected=hangileri_tamamlanir,
        choices=AKIBETLER,
        mistakes={
            ("rapor-2", "tamamlandı"): "rapor-2 başladığında rapor-1 hâlâ çalışıyor ve ikisi aynı "
            "anahtarı kullanıyor: UniqueJob'un kilidi iş bitene dek tutulur.",
            ("rapor-2", "gömüldü"): "Kilide takılan iş hata vermez ve deneme saymaz; "
            "gömülmek için denemesini harcamış olması gerekir.",
            ("yedek-2", "atlandı"): "WithoutOverlapping'in kilidinin süresi, iş sürse de, "
            "alındıktan release_after saniye sonra dolar: yedek-2'nin başladığı anı kilidin "
            "süresinin dolduğu anla karşılaştırın.",
            ("yedek-2", "gömüldü"): "Kilide takılan iş hata vermez ve deneme saymaz; yedek-2 "
            "için asıl soru, başladığı anda kilidin hâlâ tutulup tutulmadığı.",
            ("uzun-1", "gömüldü"): "Modelin Timeout'u, Queuety belgelerindeki notu izleyerek "
            "şimdilik işi kesmez: süre aşılsa da gövde sonuna dek çalışır.",
            ("uzun-1", "atlandı"): "Timeout işi başlamadan durdurmaz; sonrakine her zaman "
            "verir. Asıl soru, süre aşılınca bir şey olup olmadığı.",
            ("uzun-2", "tamamlandı"): "DurustTimeout sınırı aşan gövdeyi gerçekten keser ve "
            "işçi bunu başarısız bir deneme sayar; deneme hakkını hatırlayın.",
            ("uzun-2", "atlandı"): "Kesilen iş atlanmış sayılmaz: gövdesine girilmiştir ve "
            "kesilmesi bir deneme sayılır.",
            ("bildirim-2", "tamamlandı"): "Sınırı ilk aşan iş beklemez: HizSiniriAsildi fırlar ve "
            "işçi bunu bir deneme sayar. Deneme hakkını hatırlayın.",
            ("bildirim-2", "atlandı"): "Hız sınırı işi sessizce bırakmaz: bir istisna "
            "fırlatır ve işçi bunu bir deneme sayar.",
        },
        hint="Her iş için üç soru sorun: başladığı anda kilidi başkası tutuyor mu, katmanı "
        "bir istisna fırlatıyor mu, fırlatıyorsa deneme hakkı kalıyor mu?",
    ),
    "03-sogan-sirasi": LogPrediction(
        question="SiraYazan işten önce ve sonra adını, KayitTutan başlangıcı ve bitişi sanal "
        "saatle ortak günlüğe yazar (kaynakları derste).\n" + SOGAN_SORUSU,
        how_to_answer="Tahmininizi satırlardan oluşan bir liste olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = ["<ilk satır>", "<ikinci satır>", ...]',
        why="Her deneme soğana dıştan içe A, KayitTutan, B sırasıyla girer; ilk denemede gövde "
        "hata verince istisna dışarı doğru yükselir ve dönüşte yalnız KayitTutan'ın finally "
        "içindeki bitiş satırı yazılır. Geri çekilme 0 olduğundan ikinci deneme ilkinin bittiği "
        "anda başlar, iş adını yazar ve katmanlar dönüşte ters sırayla (B, KayitTutan, A) "
        "yazar.",
        expected=sogan_notlari,
        mistakes=(
            LogMistake(lambda satirlar, beklenen: saymasi("A")(satirlar, beklenen)
                       or saymasi("B")(satirlar, beklenen),
                       "SiraYazan ikinci satırını finally içinde yazmaz: gövde hata verince "
                       "istisna o satırı atlayıp dışarı doğru yükselir."),
            LogMistake(lambda satirlar, _: sayisi("bitti", satirlar)
                       < sayisi("başladı", satirlar),
                       "KayitTutan bitiş satırını finally içinde yazar: deneme hata verse de "
                       "o satır yazılır."),
            LogMistake(lambda satirlar, beklenen: sayisi("başladı", satirlar)
                       < sayisi("başladı", beklenen),
                       "İlk deneme hata verince iş gömülmez, deneme hakkı 2: işçi onu yeniden "
                       "dener ve ikinci deneme de soğanın bütün katmanlarından geçer."),
            LogMistake(donus_sirasi_ters, "Soğanın dönüşü gidişin tersidir: en içteki katman "
                       "işten sonra ilk, en dıştaki en son çalışır."),
            LogMistake(kayit_disarida, "Listenin başındaki katman soğanın dış kabuğudur: işe "
                       "herkesten önce o girer."),
            LogMistake(lambda satirlar, beklenen: satirlar.count("iş") > beklenen.count("iş"),
                       "İş adını ancak başarınca yazar; hata veren deneme günlüğe adını "
                       "yazmaz."),
            LogMistake(lambda satirlar, beklenen: saatler(satirlar) != saatler(beklenen)
                       and len(saatler(satirlar)) == len(saatler(beklenen)),
                       "Saati yalnız gövde ilerletir, her denemede iş süresi kadar; ikinci "
                       "deneme, geri çekilme 0 olduğu için ilkinin bittiği anda başlar."),
            LogMistake(lambda satirlar, beklenen: any(
                satir not in beklenen and ascii_folded(satir) in map(ascii_folded, beklenen)
                for satir in satirlar),
                "Satırları katmanların ve işin yazdığı gibi, Türkçe harflerle (ş, ı, ğ) "
                "yazın."),
        ),
        hint="Her deneme soğanın dışından içine girer ve içinden dışına çıkar; hata veren "
        "denemede dönüşte yalnız finally blokları çalışır.",
        compared_with="işçiyi gerçekten çalıştırıp aldığım ortak günlükle",
    ),
    "03-gecer-mi": FunctionTask(
        question="RateLimited(en_cok, pencere) bir işi geçirecek mi? gecisler, bu "
        "sınırlayıcıdan daha önce geçmiş işlerin başladığı anlardır (saniye, sıralı); an, "
        "yeni işin başladığı andır. gecer_mi(gecisler, an, en_cok, pencere) -> bool "
        "fonksiyonu, yeni iş sınırdan geçecekse True, HizSiniriAsildi ile duracaksa False "
        "döndürsün.",
        how_to_answer="gecer_mi fonksiyonunun gövdesini yazıp True ya da False döndürmesini "
        "sağlayın, sonra hücreyi yeniden çalıştırın.",
        why="RateLimited kayan bir pencereye bakar: yeni işin anından geriye pencere saniye, "
        "an - pencere anı dışarıda, an'ın kendisi içeride. Bu aralıktaki geçişler en_cok'a "
        "ulaşmışsa pencere doludur; yeni iş ancak içerideki geçişler en_cok'tan azken geçer.",
        cases=tuple(GECISLER),
        reference=gecer,
        solution=gecer_mi,
        mistakes=(
            *(gecis_tuzagi(tur) for tur in GECIS_TUZAKLARI),
            CaseMistake(esik, "Yalnız yeni işin geçemeyeceği durumlar tutmuyor: pencerede "
                        "en_cok geçiş varsa pencere doludur; en_cok. iş geçer, bir "
                        "sonraki geçmez."),
        ),
        hint="Pencere an'dan geriye pencere saniyedir; içindeki geçişleri sayın ve sayıyı "
        "en_cok ile karşılaştırın.",
        found_by="aynı geçişleri ve yeni işi tek bir RateLimited'den geçirip işçiyi "
        "gerçekten çalıştırarak",
    ),
    "03-ithalat-katmanlari": ModifyTask(
        question="ithalat_katmanlari(anahtar), bir içe aktarma işinin katmanlarını kurar. İki "
        "işçi, t=0'da hazır üç iş: a-1 (anahtar a, 100 sn), a-2 (anahtar a, 10 sn), b (anahtar "
        "b, 10 sn). Hücredeki kodla b, hiçbir hatası yokken bir deneme yakıyor. Hedef: b ilk "
        "denemesinde tamamlansın; a-1 yine tamamlansın, a-2 yine atlansın ve sınır yine "
        "dakikada iki iş olsun.",
        how_to_answer="ithalat_katmanlari'nın döndürdüğü listede küçük bir değişiklik yapın ve "
        "hücreyi yeniden çalıştırın.",
        why="Listenin başındaki katman soğanın dış kabuğudur ve işe ilk o girer: sınırlayıcı "
        "dışta durunca a-2 kilide takılmadan önce dakikanın iki geçişinden birini harcar, b "
        "sınıra takılır. Kilit dışa alınınca atlanan a-2 sınırlayıcıya hiç uğramaz ve b ikinci "
        "geçişi alır; sınırın kendisi değişmediği için dakikada iki iş kalır.",
        measure=sira_olc,
        goal=SIRA_HEDEFI,
        describe=sira_anlat,
        hint="Sınırı büyütmeden düşünün: b'nin geçişini kim harcıyor? a-2 hiç çalışmadığı "
        "hâlde sınırdan geçiyor mu?",
        solution=SIRA_SOLUTION,
        build=lambda: ithalat_katmanlari,
        given=lambda: verilen_katmanlar,
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
PREDICTIONS: dict[str, Prediction] = {
    "03-sogan": Prediction(
        "Bir işin katmanları sırayla [A, B, C] ve iş önce listedeki ilk katmana, A'ya verilir; "
        "her katman işten önce ve sonra adını ortak bir günlüğe yazıyor, iş de başarınca adını "
        "yazıyor. Günlükte hangi sıra çıkar?",
        ("A → B → C → iş → A → B → C", "A → B → C → iş → C → B → A",
         "A → A → B → B → C → C → iş"),
        {"A → B → C → iş → A → B → C": "Katmanlar işten sonra da listedeki sırayla, baştan "
         "sona çalışır.",
         "A → B → C → iş → C → B → A": "Her katman işi bir sonrakine verip onun dönmesini bekler; "
         "dönüşte katmanlar girdikleri sıranın tersiyle biter.",
         "A → A → B → B → C → C → iş": "Bir katman, önce ve sonra yazacağını işi bir "
         "sonrakine verip beklemeden bitirir; iş, katmanların hepsi bittikten sonra çalışır."}),
    "03-yutulan": Prediction(
        "yutulan'ın gövdesi ilk denemesinde RuntimeError fırlatıyor, HatayiYutan onu yakalıyor. "
        "İz bu denemenin sonucuna ne yazar?",
        ("RuntimeError", "tamamlandı", "atlandı"),
        {"RuntimeError": "Gövdenin istisnası, bir katman yakalasa da işçiye ulaşır ve deneme "
         "başarısız sayılır.",
         "tamamlandı": "İstisnayı yakalayıp yeniden fırlatmayan katman onu işçiden saklar: gövdeye "
         "girilmiş ve işçiye istisna ulaşmamış deneme tamamlanmıştır.",
         "atlandı": "Hata veren gövdeye hiç girilmemiş sayılır."}),
    "03-hiz-siniri": Prediction(
        "Yedi iş, hepsi t=0'da hazır, hepsinde RateLimited(5, 60), tek işçi, deneme hakkı üç. "
        "Modelde hız sınırı yüzünden hangi işler deneme hakkından bir deneme yakar?",
        ("hiçbiri", "hız-6", "hız-6, hız-7"),
        {"hiçbiri": "Sınır, katmanın ilk kullanılışında kaydedilir (Queuety'nin kaynağındaki "
         "gibi); pencere dolunca işçi sıradaki işi katmana hiç vermeden, deneme saymadan geri "
         "koyar.",
         "hız-6": "Sınırı ilk aşan iş katmanda istisnasını alır ve bir deneme yakar; sınır o anda "
         "kaydedilir, sonrakileri işçi deneme saymadan geri koyar.",
         "hız-6, hız-7": "Sınırı aşan her iş katmana varır ve kendi istisnasını alır; işçinin "
         "geri koyması yalnız sonradan kuyruğa giren işlere uygulanır."}),
    "03-omur": Prediction(
        "WithoutOverlapping('ithalat', 30): kilidin ömrü 30 sn. ithalat-1 t=0'da kilidi alıp "
        "100 sn sürüyor; aynı anahtarlı ve o da 100 sn süren ithalat-2 t=50'de öteki işçide "
        "hazır. İki içe aktarma kaç saniye boyunca aynı anda çalışır?",
        (),
        {"az": "Kilit, onu alan iş sürdükçe tutulur: ikinci iş ya atlanır ya da birincinin "
         "bitişini bekler. Ömür yalnız çöken işçinin bırakamadığı kilide uygulanır.",
         "çok": "Birinci işin kilitsiz sürdüğü her saniye bir çakışmadır: iki iş, kilidin "
         "süresinin dolduğu andan birincinin bitişine dek birlikte çalışır; ya da ikincinin "
         "bütün süresince."}),
}
