"""Exercises of lesson 02, "Olaylar ve Dinleyiciler"; every right answer comes from the kernel."""

from collections.abc import Iterable

from checks.exercises.kinds import (
    Exercise,
    LogMistake,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    Prediction,
    ascii_folded,
)
from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, Dinleyici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import SINIFLAR, sinifla

OLAY, YAZIM_HATASI = DuyuranDenetleyici.OLAY, "yazi.kaydedldi"
TURLER = {"eşzamanlı": {}, "kuyrukta": {"kuyrukta": True},
          "durduran": {"durdurur": True},
          "kuyrukta, durduran": {"kuyrukta": True, "durdurur": True}}  # YazanDinleyici'ye
DinleyiciKaydi = tuple[str, str, str]  # (dinleyici, olay adı, tür)


def kaydet_ve_duyur(kayitlar: tuple[DinleyiciKaydi, ...],
                    etkiler: list[str]) -> tuple[Dagitici, BellekSurucusu]:
    """Dinleyicileri sırayla kaydeder, denetleyiciyi bir kez çağırır; dağıtıcıyı ve kuyruğu
    döndürür."""
    kuyruk = BellekSurucusu()
    dagitici = Dagitici(kuyruk)
    for ad, olay_adi, tur in kayitlar:
        dagitici.dinle(olay_adi, YazanDinleyici(ad, etkiler, **TURLER[tur]))
    DuyuranDenetleyici(dagitici).kaydet(7)
    return dagitici, kuyruk


def kayit_satirlari(kayitlar: tuple[DinleyiciKaydi, ...]) -> str:
    """One indented line per registration, in columns: listener ← 'event name'  kind."""
    ad_eni = max(len(ad) for ad, _, _ in kayitlar)
    olay_eni = max(len(repr(olay_adi)) for _, olay_adi, _ in kayitlar) + 1
    return "\n".join(f"    {ad:<{ad_eni}} ← {olay_adi!r:<{olay_eni}} {tur}"
                     for ad, olay_adi, tur in kayitlar)


SINIF_KAYITLARI: tuple[DinleyiciKaydi, ...] = (
    ("eposta", OLAY, "kuyrukta"), ("sayac", OLAY, "eşzamanlı"), ("filtre", OLAY, "durduran"),
    ("bildirim", YAZIM_HATASI, "kuyrukta"), ("arama", OLAY, "eşzamanlı"),
    ("rapor", OLAY, "kuyrukta"))


def yanit_anindaki_siniflar() -> dict[str, str]:
    kaydet_ve_duyur(SINIF_KAYITLARI, [])
    return {ad: sinifla(ad) for ad, _, _ in SINIF_KAYITLARI}


ETKI_KAYITLARI: tuple[DinleyiciKaydi, ...] = (
    ("eposta", OLAY, "kuyrukta"), ("arama", OLAY, "eşzamanlı"), ("rapor", OLAY, "kuyrukta"),
    ("bildirim", "blog.yazi.kaydedildi", "eşzamanlı"), ("sayac", OLAY, "eşzamanlı"))


def isciden_sonraki_etkiler() -> list[str]:
    etkiler: list[str] = []
    kaydet_ve_duyur(ETKI_KAYITLARI, etkiler)[1].isle()
    return etkiler


def adlar(satirlar: list[str]) -> list[str]:
    """Each line's listener, the word before its colon."""
    return [satir.split(":")[0].strip() for satir in satirlar]


BAGLI = [ad for ad, olay_adi, _ in ETKI_KAYITLARI if olay_adi == OLAY]
KUYRUKTAKI = [ad for ad, _, tur in ETKI_KAYITLARI if tur == "kuyrukta"]


def bagli_adlar(satirlar: list[str]) -> list[str]:
    return [ad for ad in adlar(satirlar) if ad in BAGLI]


DENETIM_KAYITLARI: tuple[DinleyiciKaydi, ...] = (
    ("rapor", OLAY, "kuyrukta, durduran"), ("sayac", OLAY, "eşzamanlı"),
    ("bildirim", "Yazi.kaydedildi", "eşzamanlı"), ("filtre", OLAY, "durduran"),
    ("eposta", OLAY, "kuyrukta"), ("arsiv", "yazi.silindi", "kuyrukta"))
AKIBETLER = ("tepki verdi", "denetimde göründü", "ikisinde de yok")


def denetimden_sonra() -> dict[str, str]:
    """İstek, işçi, sonra denetim: her dinleyici etkilerde mi, denetimde mi, hiçbirinde mi?"""
    etkiler: list[str] = []
    dagitici, kuyruk = kaydet_ve_duyur(DENETIM_KAYITLARI, etkiler)
    kuyruk.isle()
    tepki_verenler = adlar(etkiler)
    denetimdekiler = [ad for _, ad in dagitici.duyurulmayanlar()]
    return {ad: AKIBETLER[0] if ad in tepki_verenler else
            AKIBETLER[1] if ad in denetimdekiler else AKIBETLER[2]
            for ad, _, _ in DENETIM_KAYITLARI}


DUYURULDU = "Denetim yalnız adı hiç duyurulmamış kayıtları gösterir ve 'yazi.kaydedildi' " \
    "duyuruldu."

DURDURMA_SECENEKLERI = {"sayac": "", "filtre": ", durdurur=True", "arama": "",
                        "eposta": ", kuyrukta=True"}  # YazanDinleyici'nin seçenekleri, yazıyla
ELDEKI_SIRA, COZUM_SIRASI = ("sayac", "filtre", "arama", "eposta"), \
    ("sayac", "eposta", "filtre", "arama")
HEDEF = {"sayac": "koştu", "filtre": "koştu", "arama": "atlandı", "eposta": "ertelendi"}


def kayit_kodu(sira: tuple[str, ...]) -> str:
    """The Modify step's exercise cell: the registrations in this order, and its check."""
    satirlar = [f'    (OLAY, YazanDinleyici("{ad}", etkiler{DURDURMA_SECENEKLERI[ad]})),'
                for ad in sira]
    return "\n".join(["etkiler = []", "kayitlar = [", *satirlar, "]",
                      'kontrol("02-filtreden-once", kayitlar)'])


def kayitlari(sira: tuple[str, ...]) -> list[tuple[str, YazanDinleyici]]:
    """What the exercise cell builds with its registrations in this order."""
    etkiler: list[str] = []
    return [(OLAY, YazanDinleyici(ad, etkiler, kuyrukta=ad == "eposta", durdurur=ad == "filtre"))
            for ad in sira]


def yanit_anindaki(kayitlar: Iterable[tuple[str, Dinleyici]]) -> dict[str, str]:
    """The student's registrations in a new dispatcher, one request: the four classes."""
    dagitici = Dagitici(BellekSurucusu())
    for olay_adi, dinleyici in kayitlar:
        dagitici.dinle(olay_adi, dinleyici)
    DuyuranDenetleyici(dagitici).kaydet(7)
    return {ad: sinifla(ad) for ad in HEDEF}


def siniflar_yazisi(siniflar: dict[str, str]) -> str:
    return ", ".join(f"{ad} {sinif}" for ad, sinif in siniflar.items())


EXERCISES: dict[str, Exercise] = {
    "02-siniflar": PartsPrediction(
        question="Bir dağıtıcıya sırayla şu dinleyiciler kaydediliyor (dinleyici ← olay adı, "
        "türü):\n" + kayit_satirlari(SINIF_KAYITLARI)
        + "\nfiltre eşzamanlıdır ve tepkisinden sonra yayılımı durdurur. Sonra "
        "DuyuranDenetleyici(dagitici).kaydet(7) çağrılıyor.\nYanıt döndüğü anda, işçi daha "
        "çalışmadan, sinifla() şu dinleyicilerin her biri için ne döndürür? "
        + ", ".join(ad for ad, _, _ in SINIF_KAYITLARI),
        how_to_answer="Tahmininizi dinleyici adından sınıfa giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"eposta": "...", "sayac": "...", ...}',
        why="Dağıtıcı adı birebir tutan her dinleyiciyi önce yola koyar, sonra kayıt sırasıyla "
        "yürür: filtre'den önce gelen eposta kuyruğa verilir, sayac ile filtre istekte koşar ve "
        "filtre'nin False'u yayılımı orada keser. Ondan sonraki arama ile rapor yolda kalır; "
        "bir harfi eksik adla kaydedilen bildirim ise hiçbir listeye girmez.",
        expected=yanit_anindaki_siniflar,
        choices=SINIFLAR,
        mistakes={
            ("filtre", "atlandı"): "Yayılımı durduran dinleyici önce kendisi tepki verir; "
            "durdurma yalnız ondan sonra gelenleri etkiler.",
            ("eposta", "atlandı"): "Durdurma geriye işlemez: filtre'den önce kaydedilen "
            "dinleyiciler, filtre tepki vermeden önce sıralarını almıştı.",
            ("eposta", "koştu"): "Kuyruktaki bir dinleyici istekte çalışmaz: dağıtıcı onu bir "
            "iş olarak sürücüye verir.",
            ("rapor", "ertelendi"): "Yayılım durduktan sonra dağıtıcı hiçbir dinleyiciye sıra "
            "vermez; kuyruktaki bir dinleyicinin işi de kuyruğa o sıra gelince konur.",
            ("arama", "koştu"): "filtre yayılımı durdurdu: ondan sonra kaydedilen dinleyiciler "
            "çalışmaz.",
            ("arama", "bağlanmadı"): "Adı tutan her dinleyici duyuru başlarken yola konur; "
            "yayılımın durması onu yoldan çıkarmaz.",
            ("rapor", "bağlanmadı"): "Adı tutan her dinleyici duyuru başlarken yola konur; "
            "yayılımın durması onu yoldan çıkarmaz.",
            ("bildirim", "atlandı"): "bildirim'in kaydedildiği adı duyurulan adla harf harf "
            "karşılaştırın: yola yalnız adı tutan dinleyiciler konur.",
            ("bildirim", "ertelendi"): "Kuyrukta olmak yetmez: dağıtıcı önce adı tutan "
            "dinleyicileri bulur. bildirim'in kaydedildiği adı harf harf okuyun.",
        },
        hint="Dağıtıcı yalnız adı birebir tutan dinleyicileri yola koyar, onları kayıt "
        "sırasıyla ele alır ve yayılımı durduran bir dinleyiciden sonra durur.",
    ),
    "02-etki-sirasi": LogPrediction(
        question="Her dinleyici tepki verince ortak bir etkiler listesine şu biçimde bir "
        "satır ekler:\n    <ad>: yazı <yazının kimliği>\nBir dağıtıcıya sırayla şu "
        "dinleyiciler kaydediliyor:\n"
        + kayit_satirlari(ETKI_KAYITLARI)
        + "\nSonra DuyuranDenetleyici(dagitici).kaydet(7) çağrılıyor ve yanıttan sonra işçi "
        "(kuyruk.isle()) çalıştırılıyor.\nİşçiden sonra etkiler listesinde hangi satırlar, "
        "hangi sırayla bulunur?",
        how_to_answer="Tahmininizi satırlardan oluşan bir liste olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = ["<ad>: yazı 7", ...]',
        why="İstek içinde yalnız eşzamanlı dinleyiciler, kayıt sırasıyla tepki verir; "
        "kuyruktakiler yanıttan sonra, işçi çalışınca, kuyruğa girdikleri sırayla yazar. "
        "bildirim 'blog.yazi.kaydedildi'ye bağlı olduğu için duyurulan adı tutmaz ve hiç "
        "yazmaz.",
        expected=isciden_sonraki_etkiler,
        mistakes=(
            LogMistake(lambda satirlar, _: bagli_adlar(satirlar) == BAGLI,
                       "Kayıt sırası yalnız istek içinde tepki verenler arasında geçerli: "
                       "kuyruktaki dinleyiciler yanıttan sonra, işçi çalışınca tepki verir."),
            LogMistake(lambda satirlar, _: bagli_adlar(satirlar)[:len(KUYRUKTAKI)] == KUYRUKTAKI,
                       "Kuyruktaki dinleyiciler istekte tepki vermez; istekte yalnız "
                       "eşzamanlı dinleyiciler çalışır."),
            LogMistake(lambda satirlar, _: not set(KUYRUKTAKI) & set(adlar(satirlar)),
                       "Soru işçiden sonraki listeyi soruyor: işçi kuyruktaki dinleyicileri de "
                       "çalıştırır."),
            LogMistake(lambda satirlar, _: "bildirim" in adlar(satirlar),
                       "bildirim'in kaydedildiği adı duyurulan adla harf harf karşılaştırın."),
            LogMistake(lambda satirlar, beklenen: any(
                satir not in beklenen and ascii_folded(satir) in map(ascii_folded, beklenen)
                for satir in satirlar),
                "Satırları dinleyicilerin yazdığı gibi, Türkçe harflerle yazın: 'yazı'."),
        ),
        hint="İstek içinde eşzamanlı dinleyiciler kayıt sırasıyla yazar; kuyruktakiler işçi "
        "çalışınca, kuyruğa girdikleri sırayla yazar.",
        compared_with="isteği ve işçiyi gerçekten çalıştırıp aldığım etkiler listesiyle",
    ),
    "02-denetim": PartsPrediction(
        question="Bir dağıtıcıya sırayla şu dinleyiciler kaydediliyor (dinleyici ← olay adı, "
        "türü):\n" + kayit_satirlari(DENETIM_KAYITLARI)
        + "\nrapor ve filtre tepkilerinden sonra False döndürür. Sonra "
        "DuyuranDenetleyici(dagitici).kaydet(7) çağrılıyor, ardından işçi (kuyruk.isle()) "
        "çalışıyor ve dağıtıcıya duyurulmayanlar() soruluyor.\nHer dinleyici için hangisi "
        "doğru? 'tepki verdi': işçiden sonra etkiler listesinde satırı var; 'denetimde "
        "göründü': tepki vermedi ve duyurulmayanlar() onu gösteriyor; 'ikisinde de yok': ne "
        "etkilerde ne denetimde. Dinleyiciler: "
        + ", ".join(ad for ad, _, _ in DENETIM_KAYITLARI),
        how_to_answer="Tahmininizi dinleyici adından seçeneğe giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"rapor": "...", "sayac": "...", ...}',
        why="Kuyruktaki rapor'un False'una işçide bakılmaz, yayılımı istekteki filtre durdurur: "
        "rapor, sayac ve filtre tepki verir, filtre'den sonraki eposta ne koşar ne kuyruğa "
        "girer. Denetim yalnız adı hiç duyurulmamış kayıtları gösterir: 'Yazi.kaydedildi' ile "
        "'yazi.silindi' duyurulmadı, eposta'nın adı ise duyuruldu.",
        expected=denetimden_sonra,
        choices=AKIBETLER,
        mistakes={
            ("rapor", "ikisinde de yok"): "rapor kuyrukta: dağıtıcı onu bir iş olarak kuyruğa "
            "verir, işçi de çalıştırır. Döndürdüğü False kendi tepkisini geri almaz.",
            ("sayac", "ikisinde de yok"): "rapor'un False'u istekte görülmez: kuyruktaki bir "
            "dinleyici yayılımı durduramaz.",
            ("bildirim", "tepki verdi"): "Dağıtıcı adları harfi harfine karşılaştırır: büyük "
            "harfle başlayan bir ad başka bir addır.",
            ("bildirim", "ikisinde de yok"): "Denetim de adları harfi harfine karşılaştırır: "
            "bildirim'in kaydedildiği ad hiç duyuruldu mu?",
            ("filtre", "ikisinde de yok"): "Yayılımı durduran dinleyici önce kendisi tepki "
            "verir; durdurma yalnız ondan sonra gelenleri etkiler.",
            ("eposta", "tepki verdi"): "filtre yayılımı durdurdu: ondan sonra kaydedilen bir "
            "dinleyici kuyruğa bile konmaz.",
            ("eposta", "denetimde göründü"): "Denetim yalnız adlara bakar: eposta'nın "
            "kaydedildiği ad duyuruldu. Atlanmış olması denetime yansımaz.",
            ("arsiv", "ikisinde de yok"): "Denetim yalnız bu çalışmada duyurulan adları bilir: "
            "bir ad doğru yazılmış olsa da duyurulmadıysa denetimde görünür.",
            ("arsiv", "tepki verdi"): "arsiv 'yazi.silindi'ye bağlı; bu istekte yalnız "
            "'yazi.kaydedildi' duyuruldu.",
            **{(ad, "denetimde göründü"): DUYURULDU for ad in ("rapor", "sayac", "filtre")},
        },
        hint="Önce her kaydın adını duyurulan adla harf harf karşılaştırın; sonra kayıt "
        "sırasıyla yürüyün: kim istekte koşar, kim kuyruğa girer, yayılım nerede durur? "
        "Denetim ise yalnız adlara bakar.",
    ),
    "02-filtreden-once": ModifyTask(
        question="Hücre, durdurma deneyinin kayıtlarını kuruyor: sayac, yayılımı durduran "
        "filtre, arama ve kuyruktaki eposta. filtre yine yayılımı durdursun ve arama yine "
        "atlansın, ama eposta kuyruğa girsin. Kayıtları değiştirin; bir dinleyiciyi "
        "çıkarmayın, türünü de değiştirmeyin.",
        how_to_answer="Hücredeki kayitlar listesini değiştirip hücreyi yeniden çalıştırın: "
        "kontrol() listeyi yeni bir dağıtıcıya kaydeder, denetleyiciyi bir kez çağırır ve "
        "yanıt anındaki sınıfları hedefle karşılaştırır.",
        why="Durdurma yalnız kayıtta filtre'den sonra gelenleri keser ve kuyruktaki bir "
        "dinleyici kuyruğa ancak sırası gelince konur: eposta filtre'nin önüne alınınca sırası "
        "yayılım durmadan gelir. arama filtre'nin arkasında kaldığı için yine atlanır.",
        measure=yanit_anindaki,
        goal=HEDEF,
        describe=siniflar_yazisi,
        hint="Durduran bir dinleyicinin neyi kestiğini onun kodu değil, kayıtların sırası "
        "belirler; kuyruktaki bir dinleyici de kuyruğa ancak sırası gelince konur.",
        solution=kayit_kodu(COZUM_SIRASI),
        build=lambda: kayitlari(COZUM_SIRASI),
        given=lambda: kayitlari(ELDEKI_SIRA),
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
ERKEN_SIRALAR = ("arama, eposta, rapor", "eposta, arama, rapor", "eposta, rapor, arama")
PREDICTIONS: dict[str, Prediction] = {
    "02-yanit-aninda": Prediction(
        question="arama eşzamanlı, eposta kuyrukta; ikisi de doğru adla kayıtlı. Denetleyicinin "
        "yanıtı döndüğü anda, işçi daha çalışmadan, etkiler listesinde kaç satır olur?",
        choices=(),
        assumptions={"az": "Eşzamanlı bir dinleyici de yanıt döndükten sonra tepki verir.",
                     "çok": "Kuyruğa konan bir dinleyici, yanıt dönmeden tepki verir."},
    ),
    "02-durdurma": Prediction(
        question="sayac, yayılımı durduran filtre, arama ve kuyruktaki eposta bu sırayla "
        "kayıtlı. Yanıt döndüğü anda sinifla('eposta') ne döndürür?",
        choices=SINIFLAR,
        assumptions={
            "koştu": "Kuyruktaki bir dinleyici istekte, yanıt dönmeden çalışır.",
            "ertelendi": "Kuyruktaki bir dinleyici, yayılım ondan önce dursa da kuyruğa konur.",
            "atlandı": "Dağıtıcı bağlı dinleyicilerin hepsini önce yola koyar; yayılım durunca "
            "sonrakiler yolda kalır, ne çalışır ne kuyruğa konur.",
            "bağlanmadı": "Yayılım durunca ondan sonraki dinleyiciler isteğin yolundan da "
            "çıkar.",
        },
    ),
    "02-tutmayan-ad": Prediction(
        question="Kuyruktaki eposta 'yazi.kaydedldi' adına (bir harf eksik) kaydedildi; "
        "denetleyici 'yazi.kaydedildi'yi duyuruyor. Yanıt döndüğü anda sinifla('eposta') ne "
        "döndürür?",
        choices=SINIFLAR,
        assumptions={
            "koştu": "Dağıtıcı adları yaklaşık karşılaştırır ve kuyruktaki bir dinleyici "
            "istekte çalışır.",
            "ertelendi": "Dağıtıcı adları yaklaşık karşılaştırır: bir harfi eksik ad da tutar.",
            "atlandı": "Adı tutmayan dinleyici de isteğin yoluna konur, yalnız sırası gelmez.",
            "bağlanmadı": "Dağıtıcı adları birebir karşılaştırır: adı tutmayan dinleyici isteğin "
            "yoluna hiç konmaz.",
        },
    ),
    "02-erken-isci": Prediction(
        question="Kayıtlar sırayla: kuyruktaki eposta, istek sürerken kuyruğu bir kez işleyen "
        "AradaIsci, eşzamanlı arama ve kuyruktaki rapor. Yanıttan sonra işçi bir kez daha "
        "çalışıyor. Sonunda etkiler listesindeki satırlar hangi dinleyicilerden, hangi "
        "sırayla gelir?",
        choices=ERKEN_SIRALAR,
        assumptions={
            ERKEN_SIRALAR[0]: "Kuyruktaki bir dinleyici, işçi istek sürerken çalışsa da, "
            "eşzamanlı dinleyicilerden sonra tepki verir.",
            "eposta, arama, rapor": "Kuyruktaki dinleyicinin sırasını işçinin ne zaman çalıştığı "
            "belirler: istek sürerken çalışan işçi, o ana dek kuyruğa konmuş olanı hemen "
            "çalıştırır.",
            ERKEN_SIRALAR[2]: "Dağıtıcı kuyruktaki bütün dinleyicileri duyurunun başında "
            "kuyruğa koyar; istek sürerken çalışan işçi hepsini bulur.",
        },
    ),
}
