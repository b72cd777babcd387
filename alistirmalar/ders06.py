"""Exercises of lesson 06, "Gerçek Kuyruklar"; every right answer comes from the kernel's models.

The lesson measures these models against real processes; the checks only run the models, so that
a check starts no process and runs in the browser too.
"""

import math
from collections.abc import Callable

from checks.exercises.kinds import (
    CaseMistake,
    ChangeMistake,
    Exercise,
    FunctionTask,
    ModifyTask,
    PartsPrediction,
    Prediction,
)
from kernel.gercek.onay import AKIBETLER, Ayar, akibet
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.yuk import Ileti

# The settings the first exercise asks about: two the lesson measured, two it did not.
SORULAN = {
    "Celery": Ayar("celery"),
    "Celery acks_late": Ayar("celery", acks_late=True),
    "Celery solo": Ayar("celery", havuz="solo"),
    "Celery solo acks_late": Ayar("celery", acks_late=True, havuz="solo"),
}


def sorulanlarin_akibeti() -> dict[str, str]:
    return {ad: akibet(ayar) for ad, ayar in SORULAN.items()}


YENIDEN_IPUCU = ("Erken onaylanan ileti kuyruktan gitmiştir: işçi ölünce Redis'te geri "
                 "konacak bir şey kalmaz.")
SOLO_IPUCU = ("solo havuzda görev, onayı Redis'e gönderecek olay döngüsünün kendi sürecinde "
              "koşar: döngü görev bitmeden dönmez, erken onay da gönderilemez.")
AKIBET_IPUCLARI = {
    ("Celery", "yeniden koşar"): YENIDEN_IPUCU,
    ("Celery acks_late", "kaybolur"): "acks_late ile onay görev bitince gider; ölen işçinin "
    "iletisi onaysız kalır ve görünürlük süresi dolunca yeniden verilir.",
    ("Celery solo", "kaybolur"): SOLO_IPUCU,
    ("Celery solo acks_late", "kaybolur"): "acks_late zaten onayı görevin sonuna bırakır; "
    "havuz bunu öne alamaz.",
}


# The function task: how many times lesson 04's model delivers one long message.
DURUMLAR: tuple[tuple[int, int, int], ...] = (
    (1, 2, 1), (3, 2, 1), (3, 2, 2), (4, 2, 2), (5, 2, 2), (7, 2, 3), (10, 3, 4),
    (2, 2, 3), (0, 5, 2), (9, 2, 5), (12, 5, 4), (6, 1, 3),
)


def model_teslimi(sure: int, gorunurluk: int, isci: int) -> int:
    """Lesson 04's model: one message of `sure`, `isci` consumers; how many deliveries."""
    sonuc = Benzetim([Ileti(sure=sure)], gorunurluk, tuketiciler=Tuketiciler(sayi=isci))
    return sonuc.calistir().teslim


def teslim_sayisi(sure: int, gorunurluk: int, isci: int) -> int:
    # iş sürdükçe her görünürlük süresinde bir teslim; ama en çok işçi sayısı kadar
    donem = -(-sure // gorunurluk)  # yukarı yuvarlanmış bölme
    return min(max(1, donem), isci)


def yalniz_bolme(sure: int, gorunurluk: int, isci: int) -> int:
    return math.ceil(sure / gorunurluk)


def yalniz_isci(sure: int, gorunurluk: int, isci: int) -> int:
    return isci


Model = Callable[[int, int, int], int]


def yanlislar(model: Model) -> set[tuple[int, int, int]]:
    return {durum for durum in DURUMLAR if model(*durum) != model_teslimi(*durum)}


def ayni_yerde(model: Model, ipucu: str) -> CaseMistake:
    return CaseMistake(lambda yanlis: set(yanlis) == yanlislar(model), ipucu)


# The Modify step: a Celery setting whose task is lost when its worker dies.
def kaybolmasin_hucresi(ayar: str) -> str:
    return (f"ayar = {ayar}\n"
            'kontrol("06-kaybolmasin", ayar)')


VERILEN = 'Ayar("celery")'
COZUM = 'Ayar("celery", acks_late=True)'


def olcum(ayar: Ayar) -> tuple[str, str, str]:
    return ayar.kutuphane, ayar.havuz, akibet(ayar)


def olcum_metni(sonuc: tuple[str, str, str]) -> str:
    kutuphane, havuz, ne_olur = sonuc
    return f"{kutuphane}, havuz {havuz}: işçi ölünce görev {ne_olur}"


EXERCISES: dict[str, Exercise] = {
    "06-onay-akibeti": PartsPrediction(
        question="Celery işçisi, Redis'teki kuyruktan bir görev almış ve onu koştururken "
        "SIGKILL ile öldürülüyor; yerine yeni bir işçi başlıyor. Her ayarda görev ne olur?\n"
        "    Celery                  (varsayılan: prefork havuzu, erken onay)\n"
        "    Celery acks_late\n"
        "    Celery solo             (--pool=solo, acks_late yok)\n"
        "    Celery solo acks_late",
        how_to_answer="Tahmininizi ayarın adından akıbete giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n'
        '    tahmin = {"Celery": "...", "Celery acks_late": "...", ...}',
        why="İleti onaylandığı anda Redis'ten gider: onay görevden önce gittiyse ölen işçinin "
        "görevi kaybolur, görevden sonraya kaldıysa onaysız ileti görünürlük süresi dolunca "
        "yeniden verilir. solo havuzda erken onay da, onu gönderecek olay döngüsü görevin "
        "bitmesini beklediği için görevden sonraya kalır.",
        expected=sorulanlarin_akibeti,
        choices=AKIBETLER,
        mistakes=AKIBET_IPUCLARI,
        hint="Her ayar için sorun: ileti Redis'ten ne zaman gider, görev başlarken mi, bitince "
        "mi? İşçi ölünce geri konabilecek olan, yalnız onaylanmamış iletidir.",
    ),
    "06-teslim-sayisi": FunctionTask(
        question="Ders 04'ün modelinde tek bir ileti, görünürlük süresinden uzun süren bir iş "
        "taşıyor. teslim_sayisi(sure, gorunurluk, isci) -> int, modelin bu iletiyi kaç kez "
        "teslim ettiğini döndürsün: iş `sure` birim sürer, görünürlük süresi `gorunurluk` "
        "birimdir, `isci` tüketici vardır ve her biri bir seferde tek ileti işler.",
        how_to_answer="teslim_sayisi fonksiyonunun gövdesini yazıp bir tam sayı döndürmesini "
        "sağlayın, sonra hücreyi yeniden çalıştırın.",
        why="İleti her görünürlük süresi dolduğunda yeniden görünür ve boştaki bir tüketiciye "
        "verilir; iş bitene dek bu ceil(sure / gorunurluk) kez olur. Ama her tüketici bir "
        "seferde tek ileti işler: bütün tüketiciler aynı iletiyle meşgulken yeniden görünen "
        "iletiyi alacak kimse kalmaz ve model, ilk iş bitince onu eski makbuzla da siler (ders "
        "04'ün gevşek kuralı; dersin Celery deneyinde süresi dolmuş teslimin onayı iletiyi "
        "silmedi).",
        cases=DURUMLAR,
        reference=model_teslimi,
        solution=teslim_sayisi,
        mistakes=(
            ayni_yerde(yalniz_bolme, "Modelde yeniden görünen iletiyi ancak boştaki bir "
                       "tüketici alabilir ve ilk biten tüketici onu siler: modelde tüketici "
                       "sayısı teslimleri sınırlar (dersin Celery deneyinde sınırlamadı)."),
            ayni_yerde(yalniz_isci, "Kısa bir iş, görünürlük süresi dolmadan biter ve "
                       "silinir: her tüketici iletiyi almaz."),
        ),
        hint="İş sürerken ileti kaç kez yeniden görünür, o anlarda onu alacak boş bir tüketici "
        "var mıdır?",
        found_by="iletiyi ders 04'ün modelinde (Benzetim) gerçekten koşturarak",
    ),
    "06-kaybolmasin": ModifyTask(
        question="Hücredeki ayarla çalışan bir Celery işçisi bütünüyle (ana süreci de görevi "
        "koşturan çocuğu da) görevin ortasında öldürülünce görev kayboluyor. Ayarı, görev "
        "kaybolmayacak biçimde değiştirin: kütüphane Celery ve havuz prefork kalsın.",
        how_to_answer="Hücredeki ayarı değiştirin ve hücreyi yeniden çalıştırın; "
        'kontrol("06-kaybolmasin", ayar) satırı kalsın.',
        why="prefork havuzunda ana süreç, görev çocuk süreçte başlarken iletiyi onaylar; "
        "acks_late onayı görevin sonuna bırakır, ölen işçinin iletisi onaysız kalır ve "
        "görünürlük süresi dolunca yeniden verilir. Yalnız çocuk süreç ölürse bu yetmez: "
        "derste ölçüldüğü gibi task_reject_on_worker_lost da gerekir.",
        measure=olcum,
        goal=("celery", "prefork", "yeniden koşar"),
        describe=olcum_metni,
        hint="Onay ne zaman gidiyor? Görev kaybolmasın diye ileti, görev bitene dek "
        "onaylanmamalı.",
        solution=kaybolmasin_hucresi(COZUM),
        build=lambda: Ayar("celery", acks_late=True),
        given=lambda: Ayar("celery"),
        mistakes=(
            ChangeMistake(lambda sonuc: sonuc[1] == "solo", "Görev kaybolmuyor, ama yalnız "
                          "solo havuzun olay döngüsü görev bitene dek onayı gönderemediği "
                          "için: onayın anını ayarla seçin, havuz prefork kalsın."),
            ChangeMistake(lambda sonuc: sonuc[0] == "huey", "Kütüphane Celery kalmalı (Huey de "
                          "görevi kuyruktan alırken siler)."),
        ),
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
PREDICTIONS: dict[str, Prediction] = {
    "06-gercek-sinif": Prediction(
        question="Huey'nin kuyruk kipinde bir tüketici çalışıyor ve istek, kucukResim görevini "
        "ona gönderiyor; görev kısa, istek işaretine bakmadan önce bitmiş de olabilir. İstek "
        "bitince sinifla('kucukResim') ne döndürür?",
        choices=("koştu", "ertelendi", "atlandı", "bağlanmadı"),
        assumptions={
            "koştu": "İstek sürerken biten görev, hangi süreçte bitmiş olursa olsun, istek için "
            "koşmuştur.",
            "ertelendi": "İstek yalnız kendi sürecinde biten görevi koşmuş sayar; tüketicide "
            "biten görev, ne zaman biterse bitsin, onun için sonraya kalmıştır.",
            "atlandı": "Başka bir sürece verilen görev isteğin yolunda kalır; istek onu ne "
            "koşmuş ne ertelenmiş sayar.",
            "bağlanmadı": "Tüketici ayrı bir süreç olduğu için görev isteğe hiç bağlanmaz.",
        },
    ),
    "06-deneme-sayisi": Prediction(
        question="Huey görevi retries=2 ile tanımlı ve her denemede hata veriyor. Görev, son "
        "kez başarısız olana dek toplam kaç kez başlar?",
        choices=(),
        assumptions={
            "az": "retries toplam deneme sayısıdır, ders 01'in deneme_hakki'sı gibi; ilk "
            "deneme ona dahildir.",
            "çok": "Başarısız son deneme de bir yeniden deneme daha doğurur ya da Huey "
            "hatadan sonra kendiliğinden bir kez daha dener.",
        },
    ),
    "06-oldurulen-huey": Prediction(
        question="Huey tüketicisi, görevi koştururken SIGKILL ile öldürülüyor; yerine yeni bir "
        "tüketici başlıyor. Görev ne olur?",
        choices=(*AKIBETLER, "yine de biter"),
        assumptions={
            "kaybolur": "Huey görevi kuyruktan alırken siler: yarıda öldürülen görevi geri koyacak "
            "bir kayıt kalmaz.",
            "yeniden koşar": "Huey de görev bitene dek onu kuyrukta tutar ya da öldürülen "
            "görevi fark edip yeniden kuyruğa koyar.",
            "yine de biter": "Görevi tüketiciden ayrı bir süreç koşturur: tüketici ölse de "
            "görev kaldığı yerden sürer ve bir kez biter.",
        },
    ),
    "06-gorunurluk": Prediction(
        question="İki Celery işçisi boşta bekliyor; acks_late açık, görünürlük süresi 2 "
        "saniye, her işçi bir seferde tek ileti alıyor. Gönderilen görevin ilk koşusu, "
        "görünürlük süresini iki kez aşacak kadar uzun sürüyor; ondan sonra başlayan bir "
        "koşu olursa başlar başlamaz bitiyor. Görev, her şey bitene dek toplam kaç kez "
        "başlar?",
        choices=(),
        assumptions={
            "az": "Bir işçi görevi koştururken ileti ona aittir: Redis onu başka bir işçiye "
            "vermez.",
            "çok": "Görev sürdükçe ileti her görünürlük süresinde yeniden verilir ve her "
            "seferinde yeni bir koşu başlar, işçi sayısından bağımsız.",
        },
    ),
}
