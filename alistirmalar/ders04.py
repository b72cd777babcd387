"""Exercises of lesson 04, "Kuyruk ve Konu Servisleri"; every right answer comes from the kernel."""

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from checks.exercises.kinds import (
    CaseMistake,
    Exercise,
    FunctionTask,
    LogMistake,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    Prediction,
)
from kernel.hizmet import gorunurluk
from kernel.hizmet.ayarlar import KuyrukAyari
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import AZAMI, kosum
from kernel.hizmet.sonuc import SERVIS_KURALLARI, Kurallar
from kernel.hizmet.yuk import DERS_YUKU, Ileti

# --- 04-satir: the sweep's row at a timeout the table does not print ---

SATIR_SURESI = 12  # a timeout with durations at its multiples (12 and 24) in the workload
SUTUNLAR = ("görünürlük, çift işleme, toplam teslim, kurtarma gecikmesi, ölü mektup kutusuna "
            "düşme")


def tablonun_satiri() -> list[str]:
    """The kernel's answer: the row `gorunurluk.tablo()` prints for SATIR_SURESI, spaces folded."""
    return [" ".join(gorunurluk.tablo(sureler=(SATIR_SURESI,)).splitlines()[1].split())]


def sure_dagilimi(gorunurluk_suresi: int) -> list[tuple[str, int]]:
    """Healthy messages per duration range, each multiple of the timeout a range of its own:
    ("2-11", 332), ("12", 2), ("13-23", 24)...; empty ranges left out."""
    sayilar = {sure: n for sure, n in DERS_YUKU.saglam.items() if n}
    en_kisa, en_uzun = min(sayilar), max(sayilar)
    araliklar: dict[tuple[int, int], int] = {}
    for sure in sorted(sayilar):
        kat = sure // gorunurluk_suresi * gorunurluk_suresi
        aralik = (sure, sure) if sure == kat else (
            max(kat + 1, en_kisa), min(kat + gorunurluk_suresi - 1, en_uzun))
        araliklar[aralik] = araliklar.get(aralik, 0) + sayilar[sure]
    return [(str(alt) if alt == ust else f"{alt}-{ust}", adet)
            for (alt, ust), adet in araliklar.items()]


def ogrencinin_sayilari(satirlar: list[str]) -> list[int] | None:
    """The five numbers of the student's one line, or None if it is not that."""
    if len(satirlar) != 1:
        return None
    parcalar = satirlar[0].replace(",", " ").split()
    if len(parcalar) != 5 or not all(p.isdigit() for p in parcalar):
        return None
    return [int(p) for p in parcalar]


def dogru(indis: int) -> int:
    """The right number in column `indis` of the row."""
    return int(tablonun_satiri()[0].split()[indis])


def sutun(indis: int, yanlislar: Callable[[], set[int]]) -> Callable[[list[str], list[str]], bool]:
    """Whether the student's number in column `indis` is one of the typical wrong values."""
    def eslesir(satirlar: list[str], _: list[str]) -> bool:
        sayilar = ogrencinin_sayilari(satirlar)
        return sayilar is not None and sayilar[indis] in yanlislar() - {dogru(indis)}
    return eslesir


def baska(indis: int) -> Callable[[list[str], list[str]], bool]:
    """Whether the student's number in column `indis` is wrong, whatever it is."""
    def eslesir(satirlar: list[str], _: list[str]) -> bool:
        sayilar = ogrencinin_sayilari(satirlar)
        return sayilar is not None and sayilar[indis] != dogru(indis)
    return eslesir


def sinirda_cift() -> set[int]:
    """Duplicates counted with `süre >= görünürlük`: a job ending as its message reappears too.
    That is the kernel's count one unit lower, which counts every job longer than that."""
    return {kosum(DERS_YUKU, SATIR_SURESI - 1).cift}


def sinirda_teslim() -> set[int]:
    """Deliveries with floor(süre / görünürlük) + 1 in place of the ceiling: the kernel's count,
    one more for each healthy message whose duration is a multiple of the timeout."""
    katlar = sum(n for sure, n in DERS_YUKU.saglam.items() if sure % SATIR_SURESI == 0)
    return {kosum(DERS_YUKU, SATIR_SURESI).teslim + katlar}


def arizali_cift() -> set[int]:
    """Duplicates that count poison or crashed messages too."""
    z, c = DERS_YUKU.zehirli, DERS_YUKU.coken
    return {dogru(1) + z, dogru(1) + c, dogru(1) + z + c}


def arizali_teslim() -> set[int]:
    """Deliveries that count poison or crashed messages by their durations (the simulation with
    every message healthy), or once."""
    herkes = Benzetim([Ileti(sure) for sure in DERS_YUKU.sureler], SATIR_SURESI).calistir().teslim
    z, c = DERS_YUKU.zehirli * (AZAMI - 1), DERS_YUKU.coken
    return {herkes, dogru(2) - z, dogru(2) - c, dogru(2) - z - c}


def ikiser_teslim() -> set[int]:
    """Deliveries that count each duplicated message twice, whatever its length."""
    fazla = sum(n * (math.ceil(sure / SATIR_SURESI) - 2)
                for sure, n in DERS_YUKU.saglam.items() if sure > SATIR_SURESI)
    return {DERS_YUKU.ileti + dogru(1), dogru(2) - fazla}


def satir_sorusu() -> str:
    dagilim = "\n".join(f"    {araligi:>6} birim: {adet} ileti"
                        for araligi, adet in sure_dagilimi(SATIR_SURESI))
    return (f"Dersin iş yükü: {DERS_YUKU.ileti} ileti, {DERS_YUKU.zehirli}'si zehirli, "
            f"{DERS_YUKU.coken}'sının tüketicisi çöker, azami teslim {AZAMI}. Ne zehirli ne "
            f"çöken {sum(DERS_YUKU.saglam.values())} iletinin süreleri şöyle dağılır:\n"
            f"{dagilim}\n"
            f"gorunurluk.tablo(sureler=({SATIR_SURESI},)) başlıktan sonra hangi satırı basar? "
            f"Satırın beş sayısını sırayla yazın: {SUTUNLAR}.")


# --- 04-nerede-biter: where a message ends under the service's rules ---

NEREDE_GORUNURLUK = 10
NEREDE: dict[str, tuple[Ileti, str]] = {  # ad -> (ileti, soruda nasıl anılır)
    "a": (Ileti(8), "8 birimlik iş"),
    "b": (Ileti(45), "45 birimlik iş"),
    "c": (Ileti(50), "50 birimlik iş"),
    "d": (Ileti(69), "69 birimlik iş"),
    "e": (Ileti(3, zehirli=True), "zehirli ileti (her denemede hemen başarısız olur)"),
    "f": (Ileti(45, coken=True), "45 birimlik iş; ilk tüketicisi iletiyi aldığı anda ölür"),
}
SILINDI, ISLENIP_KUTUDA, ISLENMEDEN_KUTUDA = (
    "işlendi ve silindi", "işlendi ama ölü mektup kutusunda",
    "hiç işlenmeden ölü mektup kutusunda")
SONLAR = (SILINDI, ISLENIP_KUTUDA, ISLENMEDEN_KUTUDA)


def iletinin_sonu(ileti: Ileti) -> str:
    """The kernel's answer for one message, alone in a queue with the service's rules."""
    s = Benzetim([ileti], NEREDE_GORUNURLUK, kurallar=SERVIS_KURALLARI).calistir()
    return {(True, False): SILINDI, (True, True): ISLENIP_KUTUDA,
            (False, True): ISLENMEDEN_KUTUDA}[s.etki > 0, s.olu_kutuda > 0]


def iletilerin_sonu() -> dict[str, str]:
    return {ad: iletinin_sonu(ileti) for ad, (ileti, _) in NEREDE.items()}


NEREDE_SORUSU = (
    "Servisin kurallarıyla (SERVIS_KURALLARI: azami teslim her iletiye uygulanır, çöken "
    "tüketicinin iletisini devralan tüketici görünürlüğü uzatmaz) bir kuyruk: görünürlük "
    f"{NEREDE_GORUNURLUK} birim, azami teslim {AZAMI}, eski makbuzla silme de siler, tüketici "
    "sınırsız. Kuyruğa tek başına şu iletilerden biri konuyor:\n"
    + "\n".join(f"    {ad}: {anlatim}" for ad, (_, anlatim) in NEREDE.items())
    + "\nHer ileti için: işi en az bir kez sonuna dek işlendi mi, ve her şey bittiğinde ileti "
    "silinmiş mi, ölü mektup kutusunda mı?")


# --- 04-teslim-sayisi: a message's deliveries under the seed's rules ---

Durum = tuple[int, int, bool, bool, int]  # (süre, görünürlük, zehirli, çöken, azami)
DURUMLAR: dict[Durum, str] = {  # each case and the trap it sets
    (3, 5, False, False, 5): "duz",
    (7, 5, False, False, 5): "duz",
    (23, 10, False, False, 5): "duz",
    (1, 30, False, False, 5): "duz",
    (59, 20, False, False, 5): "duz",
    (13, 12, False, False, 3): "duz",
    (5, 5, False, False, 5): "esit",
    (10, 5, False, False, 5): "esit",
    (60, 20, False, False, 5): "esit",
    (24, 12, False, False, 5): "esit",
    (1, 1, False, False, 1): "esit",
    (69, 5, False, False, 5): "uzun",
    (31, 5, False, False, 3): "uzun",
    (66, 10, False, False, 5): "uzun",
    (41, 2, False, False, 5): "uzun",
    (3, 10, True, False, 5): "zehirli",
    (40, 5, True, False, 3): "zehirli",
    (2, 30, True, False, 1): "zehirli",
    (69, 120, True, False, 5): "zehirli",
    (4, 20, False, True, 5): "coken",
    (69, 5, False, True, 5): "coken",
    (16, 5, False, True, 5): "coken",
    (2, 2, False, True, 1): "coken",
    (5, 5, False, True, 3): "coken",
    (5, 10, True, True, 5): "ikisi",
    (50, 5, True, True, 3): "ikisi",
}
TUZAKLAR = frozenset({"esit", "uzun", "zehirli", "coken", "ikisi"})
TUZAK_IPUCLARI = {
    "esit": "Süresi görünürlük süresinin tam katı olan bir işi düşünün: iş, iletisi yeniden "
    "görüneceği anda biter ve iletiyi siler; o anda yeni bir teslim olmaz.",
    "uzun": "Uyarlanan dersin sayımında azami teslim sayısı yalnız zehirli iletiye uygulanır: "
    "yavaş ama sağlam bir ileti tavanı aşabilir (sayım OS9'dan burada ayrılır).",
    "zehirli": "Zehirli ileti her teslimde hemen başarısız olur: süresi ne olursa olsun tam azami "
    "sayıda teslim edilir; ölü mektup kutusuna taşınması bir teslim değildir.",
    "coken": "Uyarlanan dersin sayımında çöken tüketicinin iletisi, süresi ve azami sayı ne "
    "olursa olsun iki kez teslim edilir: ilk tüketici ölür, devralan iş bitene dek görünürlüğü "
    "uzatır.",
    "ikisi": "Hem zehirli hem çöken işaretli bir ileti sayımda zehirli sayılır: zehirliye bakan "
    "kural önce gelir.",
}


def teslim_benzetimle(sure: int, gorunurluk_suresi: int, zehirli: bool, coken: bool,
                      azami: int) -> int:
    """The kernel's answer for one case: a queue holding just this message, the seed's rules."""
    ileti = Ileti(sure, zehirli, coken)
    return Benzetim([ileti], gorunurluk_suresi, ayar=KuyrukAyari(azami=azami)).calistir().teslim


def teslim_sayisi(sure: int, gorunurluk: int, zehirli: bool, coken: bool, azami: int) -> int:
    if zehirli:
        return azami
    if coken:
        return 2
    return (sure + gorunurluk - 1) // gorunurluk  # bölüp yukarı yuvarlar: işin sürdüğü turlar


def tuzak(tur: str) -> CaseMistake:
    """Recognised when some failing case sets this trap and every failing case sets a trap."""
    def eslesir(yanlislar: list[tuple]) -> bool:
        turler = {DURUMLAR[durum] for durum in yanlislar}
        return tur in turler and turler <= TUZAKLAR
    return CaseMistake(eslesir, TUZAK_IPUCLARI[tur])


def asagi_yuvarlar(yanlislar: list[tuple]) -> bool:
    """Every failing case is a healthy job that is not a multiple of the timeout, some of them
    within the cap: the division is rounded down."""
    return any(DURUMLAR[d] == "duz" for d in yanlislar) and all(
        not zehirli and not coken and sure % gorunurluk_suresi
        for sure, gorunurluk_suresi, zehirli, coken, _ in yanlislar)


# --- 04-azami-teslim: the cap that lets no healthy message go while it is processed ---

GERI_BASMA_AZAMI = 8  # 04-geri-basma: the main queue's new ceiling, set just before the redrive
AZAMI_GORUNURLUK, VERILEN_AZAMI = 10, 5
SERVISIN_TAVANI = Kurallar(tavan_herkese=True)


def azami_kodu(azami: int) -> str:
    """The Modify step's exercise cell, its check included: as handed out (VERILEN_AZAMI) and
    as solved."""
    return ("from kernel.hizmet.ayarlar import KuyrukAyari\n"
            "from kernel.hizmet.benzetim import Benzetim\n"
            "from kernel.hizmet.sonuc import Kurallar\n"
            "from kernel.hizmet.yuk import DERS_YUKU\n\n"
            "servisin_kurali = Kurallar(tavan_herkese=True)  # tavan her iletiye\n"
            f"kosu = Benzetim(DERS_YUKU.iletiler(), {AZAMI_GORUNURLUK}, "
            f"ayar=KuyrukAyari(azami={azami}),\n"
            "                kurallar=servisin_kurali)\n"
            'kontrol("04-azami-teslim", kosu)')


@dataclass(frozen=True)
class AzamiOlcumu:
    """What the goal pins: the run's setup, and its messages taken while they were processed."""

    gorunurluk: float
    tavan_herkese: bool
    dersin_yuku: bool
    islenirken_tasinan: int
    bir_eksigi_yeter: bool  # one less would move none while processed either


def tasinan(kosu: Benzetim, azami: int) -> int:
    """Messages moved while processed, the student's run again with this cap."""
    return Benzetim(kosu.iletiler, kosu.gorunurluk, kurallar=kosu.kurallar,
                    ayar=replace(kosu.ayar, azami=azami),
                    tuketiciler=kosu.tuketiciler).calistir().islenirken_tasinan


def azami_olcumu(kosu: object) -> AzamiOlcumu:
    if not isinstance(kosu, Benzetim):
        raise TypeError(f"kosu bir Benzetim olmalı; verilen: {type(kosu).__name__}")
    azami = kosu.ayar.azami
    return AzamiOlcumu(kosu.gorunurluk, kosu.kurallar.tavan_herkese,
                       list(kosu.iletiler) == DERS_YUKU.iletiler(), tasinan(kosu, azami),
                       azami > 1 and tasinan(kosu, azami - 1) == 0)


def azami_anlatimi(olcum: AzamiOlcumu) -> str:
    kurulum = (f"görünürlük {olcum.gorunurluk:g} birim, tavan "
               f"{'her iletiye' if olcum.tavan_herkese else 'yalnız zehirliye'}, "
               f"{'dersin iş yükü' if olcum.dersin_yuku else 'başka bir iş yükü'}")
    sonuc = f"işlenirken ölü mektup kutusuna taşınan ileti {olcum.islenirken_tasinan}"
    if olcum.islenirken_tasinan:
        return f"{kurulum}; {sonuc}"
    yeten = ("azami teslim bir eksik olsa da yeterdi" if olcum.bir_eksigi_yeter
             else "azami teslim bunu sağlayan en küçük sayı")
    return f"{kurulum}; {sonuc}; {yeten}"


def en_kucuk_azami() -> int:
    """The kernel's answer: the smallest cap under which no message goes while processed."""
    kosu = Benzetim(DERS_YUKU.iletiler(), AZAMI_GORUNURLUK, kurallar=SERVISIN_TAVANI)
    return next(azami for azami in range(1, DERS_YUKU.en_uzun + 1) if tasinan(kosu, azami) == 0)


def azami_kosusu(azami: int) -> Benzetim:
    """What the exercise cell builds with this cap."""
    return Benzetim(DERS_YUKU.iletiler(), AZAMI_GORUNURLUK, kurallar=SERVISIN_TAVANI,
                    ayar=KuyrukAyari(azami=azami))


EXERCISES: dict[str, Exercise] = {
    "04-satir": LogPrediction(
        question=satir_sorusu(),
        how_to_answer="Satırın beş sayısını, aralarında boşlukla, tek satır olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = "<görünürlük> <çift> <teslim> <kurtarma> '
        '<kutuya düşme>"',
        why=f"Görünürlük {SATIR_SURESI} iken sağlam ileti ceil(süre / {SATIR_SURESI}) kez "
        f"teslim edilir: {SATIR_SURESI} birimlik iş iletisi yeniden görüneceği anda bitip siler, "
        "daha uzun süren her sağlam ileti birden çok teslim edilip çift işlenir; teslim "
        "toplamına zehirliler azami sayıda, çökenler ikişer teslimle katılır. Çöken iletinin "
        "kurtarılması bir görünürlük süresi, zehirli iletinin kutuya düşmesi azami × görünürlük "
        "sürer.",
        expected=tablonun_satiri,
        mistakes=(
            LogMistake(lambda satirlar, beklenen: satirlar != beklenen
                       and ogrencinin_sayilari(satirlar) == ogrencinin_sayilari(beklenen),
                       "Sayılar doğru; yalnız aralarına virgül koymayın, boşluk bırakın."),
            LogMistake(lambda satirlar, _: ogrencinin_sayilari(satirlar) is None,
                       f"Tek bir satır yazın: beş tam sayı, tablonun sütun sırasıyla ({SUTUNLAR})."
                       " Başlığı ve son satırı yazmayın."),
            LogMistake(baska(0),
                       "Satırın ilk sayısı, sorulan görünürlük süresinin kendisidir."),
            LogMistake(sutun(1, sinirda_cift),
                       "Süresi görünürlük süresine eşit bir iş, iletisi yeniden görüneceği anda "
                       "biter: bu ileti bir kez teslim edilir ve çift işlenmez."),
            LogMistake(sutun(2, sinirda_teslim),
                       "Süresi görünürlük süresinin tam katı olan bir iş, iletisi yeniden "
                       "görüneceği anda biter ve siler: o anda yeni bir teslim olmaz."),
            LogMistake(sutun(1, arizali_cift),
                       "Çift işleme, aynı iletinin aynı anda iki tüketicide işlenmesidir. "
                       "Zehirli ileti her teslimde hemen başarısız olur, çöken iletinin ilk "
                       "tüketicisi ölür: ikisi de çift işleme sayılmaz."),
            LogMistake(sutun(2, arizali_teslim),
                       "Zehirli ve çöken iletilerin teslim sayısı süreye bağlı değildir: zehirli "
                       "ileti azami sayıda, çöken ileti iki kez teslim edilir."),
            LogMistake(sutun(2, ikiser_teslim),
                       "Çift işlenen bir ileti yalnız iki kez değil, işi sürdükçe her "
                       "görünürlük süresinde bir kez daha teslim edilir."),
            LogMistake(baska(3),
                       "Çöken tüketicinin iletisi, kimse silmediği için tam bir görünürlük "
                       "süresi gizli kalır; tablo bunun ortalamasını yazar."),
            LogMistake(baska(4),
                       "Zehirli ileti her teslimden sonra bir görünürlük süresi gizli kalır; "
                       "azami sayıda teslimden sonra ilk alma isteğinde ölü mektup kutusuna "
                       "taşınır."),
        ),
        hint="Satırı kosum()'un kuralıyla kurun: sağlam ileti ceil(süre / görünürlük), "
        "zehirli ileti azami sayıda, çöken ileti iki kez teslim edilir; çift işleme, birden "
        "çok teslim edilen sağlam iletilerin sayısıdır.",
        compared_with="uyarlanan dersin sayımının (gorunurluk.tablo) bu görünürlük süresinde "
        "bastığı satırla",
    ),
    "04-nerede-biter": PartsPrediction(
        question=NEREDE_SORUSU,
        how_to_answer="Tahmininizi ileti adından seçeneğe giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"a": "...", "b": "...", ...}',
        why=f"Her teslim iletiyi {NEREDE_GORUNURLUK} birim gizler, iş sürdükçe ileti yeniden "
        f"teslim edilir ve tavan, {AZAMI}. teslimden sonraki ilk alma isteğinde iletiyi kutuya "
        "taşır: b ile c'nin işi o istekten önce (c'de ileti yeniden görüneceği anda) bitip "
        "siler. d'nin daha uzun işi ile çökmenin bir teslim harcadığı f'nin işi ileti kutuya "
        "taşındıktan sonra da sürüp biter (OS10); zehirli e ise hiçbir teslimde işlenmez.",
        expected=iletilerin_sonu,
        choices=SONLAR,
        mistakes={
            ("b", ISLENIP_KUTUDA): "Tavan, azami sayıdaki teslimi değil, ondan sonraki alma "
            "isteğini durdurur: işi azami sayıda teslimde biten ileti silinir.",
            ("c", ISLENIP_KUTUDA): "İş, iletisinin yeniden görüneceği anda biterse önce siler: "
            "ileti, bir sonraki alma isteği gelmeden gitmiştir.",
            ("d", SILINDI): "Servis tavanı her iletiye uygular: görünürlük süresinden çok uzun "
            "süren sağlam bir iş de azami teslim sayısını aşar.",
            ("d", ISLENMEDEN_KUTUDA): "İletinin ölü mektup kutusuna taşınması onu işleyen "
            "tüketiciyi durdurmaz (OS10): iş biter ve etkisini yazar, ileti yine de ölü mektup "
            "kutusunda durur.",
            ("e", SILINDI): "Zehirli ileti her denemede başarısız olur: hiçbir teslimde işlenmez.",
            ("e", ISLENIP_KUTUDA): "Zehirli ileti her denemede başarısız olur: hiçbir teslimde "
            "işlenmez.",
            ("f", SILINDI): "Servisin kuralında çöken tüketicinin iletisini devralan görünürlüğü "
            "uzatmaz: çökme bir teslim harcar, sonra iş yeniden koşut teslim edilir. "
            "Teslimleri sayın.",
            ("f", ISLENMEDEN_KUTUDA): "Yalnız ilk tüketici ölür; iletiyi devralan tüketici işi "
            "sonuna dek yapar.",
        },
        hint="Her iletinin teslimlerini zamanla sayın: ileti alındığı anda bir görünürlük "
        "süresi gizlenir, iş sürerken yeniden görünür olursa yeniden teslim edilir; azami "
        "sayıda alınmış ileti, bir sonraki alma isteğinde ölü mektup kutusuna taşınır.",
    ),
    "04-teslim-sayisi": FunctionTask(
        question="Uyarlanan dersin sayımının kurallarıyla bir iletinin kaç kez teslim edildiğini "
        "hesaplayan teslim_sayisi(sure, gorunurluk, zehirli, coken, azami) -> int fonksiyonunu "
        "yazın. İleti kuyrukta tek başınadır ve tüketici sınırsızdır. Parametreler:\n"
        "    sure: işin süresi (birim)\n"
        "    gorunurluk: görünürlük süresi (birim)\n"
        "    zehirli: ileti her denemede hemen başarısız mı olur\n"
        "    coken: ilk tüketicisi iletiyi aldığı anda mı ölür\n"
        "    azami: azami teslim sayısı",
        how_to_answer="teslim_sayisi fonksiyonunun gövdesini yazıp bir tam sayı döndürmesini "
        "sağlayın, sonra hücreyi yeniden çalıştırın.",
        why="Uyarlanan dersin sayımında tavan yalnız zehirli iletiye uygulanır: zehirli ileti "
        "(çöken işaretli olsa da) tam azami kez, çöken ileti ise devralan tüketici işi bitene "
        "dek görünürlüğü uzattığı için iki kez teslim edilir. Sağlam ileti işi sürdükçe her "
        "görünürlük süresinde bir teslim alır ve tam bir katta biten iş yeni teslim doğurmaz: "
        "süre görünürlüğe bölünüp yukarı yuvarlanır.",
        cases=tuple(DURUMLAR),
        reference=teslim_benzetimle,
        solution=teslim_sayisi,
        mistakes=(
            *(tuzak(tur) for tur in TUZAK_IPUCLARI),
            CaseMistake(asagi_yuvarlar,
                        "Görünürlük süresinden biraz uzun süren bir işte ileti bir kez daha "
                        "görünür ve bir teslim daha gerekir: süreyi görünürlüğe bölüp aşağı "
                        "yuvarlamak bu son teslimi kaçırır."),
            CaseMistake(lambda yanlislar: len(yanlislar) == len(DURUMLAR),
                        "Hiçbir durum tutmuyor: fonksiyon her durumda bir tam sayı döndürmeli, "
                        "parametreleri de bu sırayla almalı: sure, gorunurluk, zehirli, coken, "
                        "azami."),
        ),
        hint="Önce iletinin türüne bakın (zehirli mi, çöken mi), sonra sağlam bir ileti için "
        "işin sürdüğü her görünürlük süresinde bir teslim sayın.",
        found_by="iletiyi tek başına bir kuyruğa koyup benzetimi sayımın kurallarıyla koşturarak",
    ),
    "04-azami-teslim": ModifyTask(
        question="Hücredeki kod dersin iş yükünü servisin kuralıyla (azami teslim her iletiye "
        f"uygulanır) koşturan bir benzetim kuruyor: görünürlük {AZAMI_GORUNURLUK} birim, "
        f"azami teslim {AZAMI}. Bu ayarla bazı yavaş ama sağlam iletiler, işleri sürerken ölü "
        "mektup kutusuna taşınıyor. Görünürlüğe, kurala ve iş yüküne dokunmadan azami teslim "
        "sayısını değiştirin: hiçbir ileti işlenirken taşınmasın, zehirli iletiler de kutuya "
        "olabildiğince çabuk varsın (azami teslim bunu sağlayan en küçük sayı olsun).",
        how_to_answer="azami=... değerini değiştirip hücreyi yeniden çalıştırın; kontrol() "
        "kurduğunuz benzetimi koşturup hedefle karşılaştırır.",
        why="Tavan her iletiye uygulanınca işi en uzun süren sağlam ileti, işi bitene dek "
        "ceil(süre / görünürlük) kez teslim edilir; tavan bundan küçükse işi sürerken kutuya "
        "taşınır. Daha büyük bir tavan da yeterdi, ama zehirli "
        "iletilerin kutuya varışı azami × görünürlük olduğundan her fazla teslimle uzardı.",
        measure=azami_olcumu,
        goal=AzamiOlcumu(AZAMI_GORUNURLUK, True, True, 0, False),
        describe=azami_anlatimi,
        hint="Tavan her iletiye uygulanınca, işi en uzun süren sağlam ileti, işi bitene dek "
        "kaç kez teslim edilir? Onu işi sürerken kutuya göndermeyen tavanı arayın. Daha büyük "
        "bir tavan da yeter, ama zehirli iletinin kutuya varışı tavanla birlikte uzar.",
        solution=lambda: azami_kodu(en_kucuk_azami()),
        build=lambda: azami_kosusu(en_kucuk_azami()),
        given=lambda: azami_kosusu(VERILEN_AZAMI),
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
def aralik_adi(alt: int, ust: int) -> str:
    return f"{alt}" if alt == ust else f"{alt}–{ust}"


def araliga(araliklar: tuple[tuple[int, int], ...]) -> Callable[[int], str]:
    """The range a measured count falls in, as the prediction's choices write it."""
    def aralik(sayi: int) -> str:
        return next(aralik_adi(alt, ust) for alt, ust in araliklar if alt <= sayi <= ust)
    return aralik


CIFT_ARALIKLARI = ((0, 0), (1, 30), (31, 60), (61, 200), (201, DERS_YUKU.ileti))
cift_araligi = araliga(CIFT_ARALIKLARI)
# Messages in the dead-letter queue at 5 units, the cap on every message. The wrong ranges hold
# what their assumptions count: only the poison ones (12); with the longest cluster's healthy
# jobs (12 + 8); with every job from 12 units (12 + 40); with every duplicated one (12 + 102).
KUTU_ARALIKLARI = ((DERS_YUKU.zehirli, DERS_YUKU.zehirli), (13, 21), (22, 45), (46, 60),
                   (61, DERS_YUKU.ileti))
kutu_araligi = araliga(KUTU_ARALIKLARI)
KUTU_GORUNURLUK = 5


PREDICTIONS: dict[str, Prediction] = {
    "04-cift-isleme": Prediction(
        question="Görünürlük süresi 5 birimken 400 iletiden kaçı çift işlenir, yani birden çok "
        "kez teslim edilen sağlam ileti olur? İşlerin kümeleri yukarıdaki dökümde.",
        choices=tuple(aralik_adi(alt, ust) for alt, ust in CIFT_ARALIKLARI),
        group=cift_araligi,
        assumptions={
            "0": "Sağlıklı bir tüketici işini sürdürdükçe ileti onda kalır; kopyayı yalnız "
            "arıza doğurur.",
            "1–30": "Görünürlük süresini yalnız en uzun işler, 40–69 birimlik gecikmiş yığın "
            "aşar.",
            "31–60": "Olağan doğrulama kümesinin (2–6 birim) işlerinin hepsi 5 birimlik süreye "
            "sığar.",
            "61–200": "Görünürlük süresini aşan her iş, olağan kümenin 6 birimlikleri de, bir kez "
            "daha teslim edilir; süreye sığan iş tek teslim alır.",
            "201–400": "Kısa görünürlükte, süreden önce biten kısa işler de yeniden teslim "
            "edilir.",
        },
    ),
    "04-kutudaki-ileti": Prediction(
        question=f"Azami teslim sayısı ({AZAMI}) her iletiye uygulanıyor, görünürlük "
        f"{KUTU_GORUNURLUK} birim. Dersin {DERS_YUKU.ileti} iletisiyle koşu bittiğinde ölü "
        "mektup kutusunda kaç ileti olur? İşlerin kümeleri yukarıdaki dökümde.",
        choices=tuple(aralik_adi(alt, ust) for alt, ust in KUTU_ARALIKLARI),
        group=kutu_araligi,
        assumptions={
            "12": "Sağlam bir ileti azami sayıya ulaşsa da işi bitince silinir; kutuya yalnız "
            "her denemede başarısız olan zehirli iletiler düşer.",
            "13–21": "Azami sayıyı yalnız gecikmiş yığının (40–69 birim) işleri aşar; toplu "
            "okuma kümesinin en uzun işleri (31 birime dek) de o kadar teslime sığar.",
            "22–45": "İşi azami sayıdaki teslimin taşıdığı 25 birimi aşan her sağlam ileti de "
            "kutuya düşer: gecikmiş yığının hepsi ve toplu okuma kümesinin uzunları, zehirlilerle "
            "birlikte.",
            "46–60": "Toplu okuma kümesinin bütün işleri, 12 birimlik olanlar da, azami "
            "sayıdan çok teslim ister.",
            "61–400": "Birden çok kez teslim edilen her sağlam ileti, yani çift işlenen her "
            "ileti, ölü mektup kutusuna düşer.",
        },
    ),
    "04-geri-basma": Prediction(
        question="Yukarıdaki koşunun ölü mektup kutusundaki iletilerin hepsi, saklama süresi "
        "dolmadan ve onları bozan kusura dokunulmadan ana kuyruğa geri basılıyor; geri "
        f"basmadan hemen önce ana kuyruğun azami teslim sayısı {AZAMI}'ten "
        f"{GERI_BASMA_AZAMI}'e çıkarılıyor, öteki ayarlar aynı. Yeniden kutuya düşene dek "
        "hepsi birlikte kaç teslim daha alırlar?",
        choices=(),
        assumptions={
            "az": "Geri basılan ileti alınma sayısını yanında götürür ve yeni tavana yalnız "
            "aradaki farkı alır; ya da kutuda beklemek, geri basılmak onu onarır.",
            "çok": "Geri basılan ileti tavansız dolaşır ya da ölü mektup kutusuna dönüşü de bir "
            "teslim sayılır.",
        },
    ),
    "04-konu-teslim": Prediction(
        question="Dört abonelikli bir konuya 400 olay yayınlanıyor; aboneliklerin hiçbirinde "
        "süzgeç yok ve her iş ilk teslimde başarıyla biter. Dört aboneliğin tüketicilerine "
        "hepsi birlikte kaç teslim yapılır?",
        choices=(),
        assumptions={
            "az": "Konu olayları abonelikler arasında paylaştırır ya da her olayı bir kez "
            "teslim eder ve abonelikler aynı kopyayı okur.",
            "çok": "Konu bir olayı bir aboneliğe birden çok kez, örneğin tüketicilerinin her "
            "birine ayrı, teslim eder.",
        },
    ),
}
