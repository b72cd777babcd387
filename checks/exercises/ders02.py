"""Exercises of lesson 02, "Olaylar ve Dinleyiciler"; every right answer comes from the kernel."""

from checks.exercises.kinds import (
    CaseMistake,
    Exercise,
    FunctionTask,
    LogMistake,
    LogPrediction,
    PartsPrediction,
    ascii_folded,
)
from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, DuyuranDenetleyici, Olay, YazanDinleyici
from kernel.olcum import SINIFLAR, sinifla

OLAY, YAZIM_HATASI = DuyuranDenetleyici.OLAY, "yazi.kaydedldi"
TURLER = {"eşzamanlı": {}, "kuyrukta": {"kuyrukta": True},
          "durduran": {"durdurur": True}}  # tür -> YazanDinleyici'nin seçenekleri
DinleyiciKaydi = tuple[str, str, str]  # (dinleyici, olay adı, tür)


def kaydet_ve_duyur(kayitlar: tuple[DinleyiciKaydi, ...], etkiler: list[str]) -> BellekSurucusu:
    """Dinleyicileri sırayla kaydeder, denetleyiciyi bir kez çağırır; kuyruğu döndürür."""
    kuyruk = BellekSurucusu()
    dagitici = Dagitici(kuyruk)
    for ad, olay_adi, tur in kayitlar:
        dagitici.dinle(olay_adi, YazanDinleyici(ad, etkiler, **TURLER[tur]))
    DuyuranDenetleyici(dagitici).kaydet(7)
    return kuyruk


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
    kaydet_ve_duyur(ETKI_KAYITLARI, etkiler).isle()
    return etkiler


def adlar(satirlar: list[str]) -> list[str]:
    """Each line's listener, the word before its colon."""
    return [satir.split(":")[0].strip() for satir in satirlar]


BAGLI = [ad for ad, olay_adi, _ in ETKI_KAYITLARI if olay_adi == OLAY]
KUYRUKTAKI = [ad for ad, _, tur in ETKI_KAYITLARI if tur == "kuyrukta"]


def bagli_adlar(satirlar: list[str]) -> list[str]:
    return [ad for ad in adlar(satirlar) if ad in BAGLI]


Duyurular = tuple[tuple[tuple[str, str], ...], tuple[str, ...]]  # (kayıtlar, duyurulanlar)


def duyurulmayan_kayitlar(kayitlar: tuple[tuple[str, str], ...],
                          duyurulanlar: tuple[str, ...]) -> list[tuple[str, str]]:
    """The kernel's answer: register, announce every announced name, ask the dispatcher."""
    dagitici = Dagitici(BellekSurucusu())
    for olay_adi, ad in kayitlar:
        dagitici.dinle(olay_adi, YazanDinleyici(ad, []))
    for olay_adi in duyurulanlar:
        dagitici.duyur(Olay(olay_adi, 1))
    return dagitici.duyurulmayanlar()


def duyurulmayanlar(kayitlar: tuple[tuple[str, str], ...],
                    duyurulanlar: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(olay, dinleyici) for olay, dinleyici in kayitlar if olay not in duyurulanlar]


SILINDI, ALAN = "yazi.silindi", "blog.yazi.kaydedildi"
DURUMLAR: dict[Duyurular, str] = {  # each case and the trap it sets, if any
    ((), (OLAY,)): "bos",
    ((), ()): "bos",
    (((OLAY, "arama"), (OLAY, "eposta")), (OLAY,)): "hepsi",
    (((OLAY, "arama"), (SILINDI, "rapor")), (SILINDI, OLAY)): "hepsi",
    (((OLAY, "arama"),), (OLAY, OLAY)): "hepsi",
    (((OLAY, "arama"), (YAZIM_HATASI, "eposta")), (OLAY,)): "duz",
    (((YAZIM_HATASI, "eposta"), (OLAY, "arama")), (OLAY, SILINDI)): "duz",
    (((OLAY, "arama"), (SILINDI, "rapor")), (OLAY,)): "duz",
    (((OLAY, "arama"), (SILINDI, "rapor")), ()): "hic",
    (((OLAY, "arama"),), ()): "hic",
    ((("Yazi.Kaydedildi", "eposta"), (OLAY, "arama")), (OLAY,)): "birebir",
    (((OLAY, "arama"),), ("YAZI.KAYDEDILDI",)): "birebir",
    (((OLAY + " ", "bildirim"), (OLAY, "arama")), (OLAY,)): "birebir",
    (((ALAN, "bildirim"), (OLAY, "arama")), (OLAY,)): "alan",
    (((OLAY, "arama"),), (ALAN,)): "alan",
    ((("yazi", "rapor"), (OLAY, "arama")), (OLAY,)): "alan",
    (((YAZIM_HATASI, "eposta"), (YAZIM_HATASI, "bildirim"), (OLAY, "arama")), (OLAY,)): "cok",
    (((YAZIM_HATASI, "eposta"), (YAZIM_HATASI, "eposta")), (OLAY,)): "cok",
    (((YAZIM_HATASI, "eposta"), (SILINDI, "rapor"), (YAZIM_HATASI, "bildirim")),
     (OLAY,)): "sira",
    (((SILINDI, "rapor"), (OLAY, "arama"), (YAZIM_HATASI, "eposta"), (SILINDI, "sayac")),
     (OLAY,)): "sira",
}
TUZAKLAR = frozenset({"birebir", "alan", "cok", "sira", "hic"})


def tuzak(tur: str) -> CaseMistake:
    """Recognised when some failing case sets this trap and every failing case sets a trap."""
    def eslesir(yanlislar: list[tuple]) -> bool:
        turler = {DURUMLAR[durum] for durum in yanlislar}
        return tur in turler and turler <= TUZAKLAR
    return CaseMistake(eslesir, TUZAK_IPUCLARI[tur])


TUZAK_IPUCLARI = {
    "birebir": "Dağıtıcı adları harfi harfine karşılaştırır: büyük ya da küçük harf, fazladan "
    "bir boşluk da adı değiştirir ve dinleyici bağlanmaz.",
    "alan": "Bir ad başka bir adın içinde geçebilir ('blog.yazi.kaydedildi' gibi), ama bu iki "
    "ad aynı olay değildir: adın bir parçasına değil, tamamına bakın.",
    "cok": "Bir ada birden çok dinleyici bağlanabilir, aynı dinleyici iki kez bile: her kaydı "
    "ayrı bir çift olarak sayın.",
    "sira": "Çiftler kayıtların sırasıyla gelmeli: onları olay adına göre gruplamayın.",
    "hic": "Henüz hiçbir olay duyurulmadıysa her kayıt duyurulmamış bir ada bağlıdır.",
}


def bos_olmayanlar() -> list[Duyurular]:
    return [durum for durum in DURUMLAR if duyurulmayan_kayitlar(*durum)]


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
    "02-duyurulmayanlar": FunctionTask(
        question="Dağıtıcının duyurulmayanlar() denetimini kendiniz yazın. kayitlar, "
        "dağıtıcıya yapılan kayıtlardır: kayıt sırasıyla (olay adı, dinleyici adı) çiftleri. "
        "duyurulanlar, şimdiye dek duyurulan olay adlarıdır. duyurulmayanlar(kayitlar, "
        "duyurulanlar) fonksiyonu, olay adı hiç duyurulmamış her kaydı bir (olay adı, "
        "dinleyici adı) çifti olarak, kayıt sırasıyla bir listede döndürsün.",
        how_to_answer="duyurulmayanlar fonksiyonunun gövdesini yazıp (olay adı, dinleyici adı) "
        "çiftlerinden oluşan bir liste döndürmesini sağlayın, sonra hücreyi yeniden "
        "çalıştırın.",
        cases=tuple(DURUMLAR),
        reference=duyurulmayan_kayitlar,
        solution=duyurulmayanlar,
        mistakes=(
            *(tuzak(tur) for tur in TUZAK_IPUCLARI),
            CaseMistake(lambda yanlislar: any(DURUMLAR[durum] == "hepsi" for durum in yanlislar)
                        and len(yanlislar) < len(DURUMLAR),
                        "Bütün olay adlarının duyurulduğu bir durumda bile bir şey "
                        "döndürüyorsunuz: aranan, adı hiç duyurulmamış kayıtlar."),
            CaseMistake(lambda yanlislar: yanlislar == bos_olmayanlar(),
                        "Sonucu boş olmaması gereken her durum tutmuyor: duyurulmamış kayıtları "
                        "listeye (olay adı, dinleyici adı) demetleri olarak ekliyor musunuz?"),
            CaseMistake(lambda yanlislar: len(yanlislar) == len(DURUMLAR),
                        "Hiçbir durum tutmuyor, boş sonuçlar bile: fonksiyon bir liste (list) "
                        "döndürmeli; küme ya da demet değil."),
        ),
        hint="Her kaydın olay adını duyurulan adlarla karşılaştırın: karşılaştırma birebir "
        "olmalı ve sonuç kayıtların sırasını korumalı.",
        found_by="dinleyicileri gerçek bir dağıtıcıya kaydedip adları duyurarak",
    ),
}
