"""Exercises of lesson 00, "Ölçüm Çekirdeği"; every right answer comes from the kernel."""

import inspect
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from checks.exercises.kinds import ChangeMistake, ModifyTask, PartsPrediction, Prediction
from kernel.isler import (
    BellekSurucusu,
    EszamanliSurucu,
    KirilganIs,
    KucukResimIsi,
    YazilarDenetleyicisi,
)
from kernel.olcum import SINIFLAR, Gunluk, sinifla

Cagri = tuple[str, str]  # (Gunluk'ün yöntemi, parça): ("yola", "kaydet") -> Gunluk.yola("kaydet")


def cagir(cagrilar: Iterable[Cagri]) -> None:
    for yontem, parca in cagrilar:
        getattr(Gunluk, yontem)(parca)


def cagri_satirlari(cagrilar: Iterable[Cagri]) -> str:
    return "\n".join(f"    Gunluk.{yontem}({parca!r})" for yontem, parca in cagrilar)


ONCEKI_ISTEK: tuple[Cagri, ...] = (("yola", "rapor"), ("kostu", "rapor"))
ORTUSME_SENARYOSU: tuple[Cagri, ...] = (
    ("yola", "kaydet"), ("ertele", "kaydet"), ("kostu", "kaydet"), ("kostu", "eposta"),
    ("yola", "arama"), ("ertele", "kucukResim"))
ORTUSME_PARCALARI = ("kaydet", "eposta", "arama", "kucukResim", "rapor")


def ortusme_senaryosu() -> dict[str, str]:
    cagir(ONCEKI_ISTEK)
    Gunluk.yeni_istek()
    cagir(ORTUSME_SENARYOSU)
    return {parca: sinifla(parca) for parca in ORTUSME_PARCALARI}


RAPORDA_YOK = "raporda yok"
KOR_NOKTA_SENARYOSU: tuple[Cagri, ...] = (
    ("yola", "kaydet"), ("yola", "kucukResim"), ("kostu", "kaydet"), ("ertele", "kucukResim"))
BEKLENEN = ("kaydet", "eposta")
KOR_NOKTA_PARCALARI = ("kaydet", "eposta", "kucukResim", "arama")


def kor_nokta_senaryosu() -> dict[str, str]:
    """Each part as the report over BEKLENEN shows it; a part the report has no line for
    is RAPORDA_YOK."""
    cagir(KOR_NOKTA_SENARYOSU)
    rapor = {parca: sinifla(parca) for parca in BEKLENEN}
    return {parca: rapor.get(parca, RAPORDA_YOK) for parca in KOR_NOKTA_PARCALARI}


def gercek_istek() -> None:
    kuyruk = BellekSurucusu()
    Gunluk.yola("arama")
    YazilarDenetleyicisi(kuyruk).kaydet(7)
    Gunluk.yola("eposta")
    try:
        EszamanliSurucu().gonder(KirilganIs(1, ad="eposta"))
    except RuntimeError:
        pass
    kuyruk.isle()


GERCEK_ISTEK_KODU = textwrap.indent(textwrap.dedent("".join(
    inspect.getsource(gercek_istek).splitlines(keepends=True)[1:])), "    ").rstrip()
BEKLENEN_PARCALAR = ("kaydet", "kucukResim", "eposta", "arama")


def gercek_istek_senaryosu() -> dict[str, str]:
    """gercek_istek() through the kernel's own classes; the worker's thumbnail is taken back,
    so that checking leaves the student's KucukResimIsi.uretilen as it was."""
    uretilen = list(KucukResimIsi.uretilen)
    try:
        gercek_istek()
        return {parca: sinifla(parca) for parca in BEKLENEN_PARCALAR}
    finally:
        KucukResimIsi.uretilen[:] = uretilen


YONTEMLER = ("yola", "kostu", "ertele")
DEVIR_PARCALARI = ("kaydet", "kucukResim")
EKLENEN: Cagri = ("ertele", "kucukResim")  # the developer's line, marked in the cell
DEVIR_VERILEN: tuple[Cagri, ...] = (  # the exercise cell's list as handed out
    ("yola", "kaydet"), ("yola", "kucukResim"), ("kostu", "kaydet"), ("kostu", "kucukResim"),
    EKLENEN)
DEVIR_COZUMU: tuple[Cagri, ...] = (
    ("yola", "kaydet"), ("yola", "kucukResim"), ("kostu", "kaydet"), EKLENEN)
DEVIR_HEDEFI = {"kaydet": "koştu", "kucukResim": "ertelendi"}


@dataclass(frozen=True)
class Devir:
    """What the Modify step measures: each part's class, and how many lines of the handed
    list were changed, deleted or added to get the student's."""

    siniflar: dict[str, str]
    degisen: int


def degisen_satir(cagrilar: Sequence[Cagri]) -> int:
    """The fewest lines changed, deleted or added that turn DEVIR_VERILEN into `cagrilar`
    (the edit distance between the two lists, a call a line)."""
    onceki = list(range(len(cagrilar) + 1))
    for i, verilen in enumerate(DEVIR_VERILEN, 1):
        simdiki = [i]
        for j, cagri in enumerate(cagrilar, 1):
            simdiki.append(min(onceki[j] + 1, simdiki[j - 1] + 1,
                               onceki[j - 1] + (cagri != verilen)))
        onceki = simdiki
    return onceki[-1]


def devir_olcumu(cagrilar: Iterable[Cagri]) -> Devir:
    """The student's calls, made in a request of their own: each part's class, and the lines
    that differ from the handed list."""
    cagrilar = list(cagrilar)
    for cagri in cagrilar:
        if not (isinstance(cagri, tuple) and len(cagri) == 2 and cagri[0] in YONTEMLER):
            raise ValueError(f"her çağrı (yöntem, parça) biçiminde bir ikili olmalı, yöntemi "
                             f"{', '.join(YONTEMLER)} olmalı; verilen: {cagri!r}")
        if cagri[1] not in DEVIR_PARCALARI:  # a renamed part would not be the part measured
            raise ValueError(f"{cagri[1]!r} listedeki parçalardan biri değil; parçalar "
                             f"{' ve '.join(DEVIR_PARCALARI)}: bir parçanın adını değiştirmek "
                             "onu ölçümden çıkarır, sınıfını değiştirmez")
    cagir(cagrilar)
    return Devir({parca: sinifla(parca) for parca in DEVIR_PARCALARI}, degisen_satir(cagrilar))


def siniflar_cumlesi(siniflar: dict[str, str]) -> str:
    return "sinifla() " + ", ".join(f"{parca} için {sinif}" for parca, sinif in siniflar.items()) \
        + " döndürür"


def devir_cumlesi(devir: Devir) -> str:
    fark = (f"verilen listeden {devir.degisen} satır farklı" if devir.degisen
            else "liste verildiği gibi")
    return f"{siniflar_cumlesi(devir.siniflar)}; {fark}"


def devret_hucresi(cagrilar: Iterable[Cagri]) -> str:
    """The exercise cell with these calls: `cagrilar = [...]`, a call a line, and its check."""
    satirlar = [f'    ("{yontem}", "{parca}"),'
                + ("  # geliştiricinin eklediği satır" if (yontem, parca) == EKLENEN else "")
                for yontem, parca in cagrilar]
    return "\n".join(["cagrilar = [", *satirlar, "]", 'kontrol("00-devret", cagrilar)'])

EXERCISES = {
    "00-ortusmeler": PartsPrediction(
        question="Önceki bir istekte şu çağrılar yapılmış:\n" + cagri_satirlari(ONCEKI_ISTEK)
        + "\nSonra Gunluk.yeni_istek() yeni bir istek açıyor ve sırayla şu çağrılar "
        "yapılıyor:\n" + cagri_satirlari(ORTUSME_SENARYOSU)
        + "\nYeni istekte sinifla() şu parçaların her biri için ne döndürür? "
        + ", ".join(ORTUSME_PARCALARI),
        how_to_answer="Tahmininizi parça adından sınıfa giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "...", ...}',
        why="sinifla() yalnız açık isteğin listelerine koşanlar, ertelenenler, yol sırasıyla "
        "bakar ve ilk bulduğunda durur: kaydet ile eposta (ertelenmiş ya da yola hiç konmamış "
        "olsalar da) koşanlarda, kucukResim ertelenenlerde, arama yalnız yolda bulunur. rapor'un "
        "kayıtları önceki istekte kaldı: Gunluk.yeni_istek() üç listeyi de boşalttığı için bu "
        "istek onu hiç tanımaz.",
        expected=ortusme_senaryosu,
        choices=SINIFLAR,
        mistakes={
            ("kaydet", "ertelendi"): "Bir parça hem ertelenmiş hem çağrılmış olabilir. "
            "sinifla() önce koşanlar listesine bakar ve orada bulduğu parçada durur; "
            "çağrıların sırası önemli değildir.",
            ("eposta", "bağlanmadı"): "sinifla() bir parçanın yolda olmasını şart koşmaz: "
            "ilk baktığı liste koşanlar listesidir.",
            ("arama", "koştu"): "Yola konmak bir beklentidir, koşmanın kanıtı değildir.",
            ("arama", "bağlanmadı"): "Yola konmuş ama ne çağrılmış ne ertelenmiş bir parça "
            "bağlanmamış değildir: bu istek onu tanıyor.",
            ("kucukResim", "bağlanmadı"): "Yola konmamış bir parça da ertelenenler listesinde "
            "olabilir; sinifla() o listeye yoldan önce bakar.",
            ("kucukResim", "atlandı"): "kucukResim yola hiç konmadı; sinifla() ertelenenler "
            "listesine yoldan önce bakar.",
            ("rapor", "koştu"): "Önceki istekte olanlar bu isteğin listelerinde değildir: "
            "Gunluk.yeni_istek() üç listeyi de boşaltır.",
            ("rapor", "atlandı"): "Önceki istekte olanlar bu isteğin listelerinde değildir: "
            "Gunluk.yeni_istek() üç listeyi de boşaltır.",
        },
        hint="sinifla() yalnız açık isteğin listelerine, şu sırayla bakar: koşanlar, "
        "ertelenenler, yol; ilk bulduğu listede durur.",
    ),
    "00-kor-nokta": PartsPrediction(
        question="Yeni bir istekte sırayla şu çağrılar yapılıyor:\n"
        + cagri_satirlari(KOR_NOKTA_SENARYOSU)
        + f"\nGeliştiricinin beklenen listesi: {', '.join(BEKLENEN)}. Rapor, beklenen her "
        "parça için bir satır yazar: parçanın adı ve sinifla()'nın o parça için döndürdüğü "
        "sınıf.\nŞu parçaların her biri için raporda ne görünür? "
        + ", ".join(KOR_NOKTA_PARCALARI)
        + f"\nRaporda satırı olmayan bir parça için {RAPORDA_YOK!r} seçin.",
        how_to_answer="Tahmininizi parça adından seçeneğe giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "...", ...}',
        why="Rapor Gunluk'ün listelerini değil beklenen listesini dolaşır: kaydet koşanlarda "
        "bulunur, eposta için hiç çağrı yapılmadığından hiçbir listede yoktur. kucukResim "
        "Gunluk'e yazılmış olsa da, arama hiç anılmamış olsa da, ikisi beklenen listesinde "
        "olmadığı için raporda satır almaz.",
        expected=kor_nokta_senaryosu,
        choices=(*SINIFLAR, RAPORDA_YOK),
        mistakes={
            ("arama", "bağlanmadı"): "Rapor yalnız beklenen listesindeki parçalara bakar ve "
            "arama o listede yok. Unutulan bir beklenti eksik diye raporlanamaz: ölçümün kör "
            "noktası budur.",
            ("kucukResim", "ertelendi"): "Gunluk kucukResim'i kaydetti, ama rapor Gunluk'ün "
            "listelerini dolaşmaz; beklenen listesini dolaşır.",
            ("eposta", RAPORDA_YOK): "Beklenen listesindeki her parça raporda bir satır alır, "
            "Gunluk'ün hiçbir listesinde olmasa bile.",
            ("eposta", "atlandı"): "Beklenen listesinde olmak yola konmak değildir: eposta "
            "için hiçbir Gunluk çağrısı yapılmadı.",
        },
        hint="Önce raporun hangi parçalara baktığını bulun (beklenen listesi), sonra o "
        "parçaların her birine sinifla()'yı uygulayın.",
    ),
    "00-gercek-istek": PartsPrediction(
        question="Bu kez Gunluk'ü çekirdeğin kendi sınıfları yazıyor:\n" + GERCEK_ISTEK_KODU
        + "\nGeliştirici bu istekte şu parçaları bekliyor: " + ", ".join(BEKLENEN_PARCALAR)
        + ". Kod bittiğinde sinifla() her biri için ne döndürür?",
        how_to_answer="Tahmininizi parça adından sınıfa giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "...", ...}',
        why="Denetleyicinin kaydet()'i Gunluk.yeni_istek() ile başladığından ondan önce yola "
        "konan arama açılan isteğin hiçbir listesinde yoktur; eşzamanlı sürücü kostu()'yu işi "
        "çalıştırmadan önce yazdığından hata veren eposta da koşmuş sayılır. Bellek sürücüsü "
        "kucukResim'i ertele ile yazar ve işçinin isle()'si Gunluk'e hiçbir şey yazmadığı için "
        "bu kayıt değişmez.",
        expected=gercek_istek_senaryosu,
        choices=SINIFLAR,
        mistakes={
            ("kucukResim", "koştu"): "İşçinin isle()'si işi çalıştırır ama Gunluk'e hiçbir şey "
            "yazmaz: kucukResim'in sınıfını isteğin içinde yazılanlar belirler.",
            ("kucukResim", "atlandı"): "Denetleyici kucukResim'i yola koydu; ama bellek "
            "sürücüsünün gonder()'i de işi kuyruğa koyarken bir liste yazar.",
            ("kucukResim", "bağlanmadı"): "isle() yeni bir istek açmaz: işçi çalıştıktan sonra "
            "da aynı isteğin listelerine bakılır.",
            ("eposta", "atlandı"): "Eşzamanlı sürücü Gunluk.kostu()'yu işi çalıştırmadan önce "
            "yazar; iş hata verince bu kayıt geri alınmaz.",
            ("eposta", "bağlanmadı"): "İstisna Gunluk'ün listelerinden hiçbir şey silmez: eposta "
            "yola kondu ve eşzamanlı sürücüye verildi.",
            ("eposta", "ertelendi"): "Eşzamanlı sürücü işi kuyruğa koymaz; hata veren işi de "
            "sonraya bırakmaz.",
            ("arama", "atlandı"): "Denetleyicinin kaydet()'i işe Gunluk.yeni_istek() ile "
            "başlar: ondan önce yola konan arama, açılan isteğin listelerinde yoktur.",
            ("arama", "ertelendi"): "arama hiçbir sürücüye verilmedi; ertelenenler listesine "
            "yalnız bellek sürücüsünün gonder()'i yazar.",
            ("arama", "koştu"): "arama için yalnız bir yola çağrısı yapıldı; yola konmak "
            "koşmanın kanıtı değildir.",
        },
        hint="Her satırın hangi Gunluk çağrısını yaptığını bulun (dersin başında sayılan "
        "çağrılar), sonra sinifla()'nın karar sırasını uygulayın.",
    ),
    "00-devret": ModifyTask(
        question="Geliştirici kucukResim'i isteğin içinde çalıştırmak yerine kuyruğa devretmek "
        "istedi ve bir ertele çağrısı ekledi; ama sinifla() kucukResim için hâlâ aynı sınıfı "
        "veriyor. Çağrı listesinde yalnız bir satırı değiştirerek (ya da silerek) hedefe ulaşın.",
        how_to_answer="cagrilar listesini değiştirip hücreyi yeniden çalıştırın; her çağrı "
        '("yola", "kaydet") gibi bir (yöntem, parça) ikilisidir.',
        why="kucukResim hem koşanlar hem ertelenenler listesinde ve sinifla() önce koşanlara "
        "baktığı için, dersin ölçtüğü gibi, sona eklenen ertele çağrısı sınıfı değiştirmez. "
        "Onu koşanlar listesine yazan kostu satırı gidince ilk eşleşme ertelenenler listesi "
        "olur; kaydet ise kendi kostu kaydıyla koşmuş kalır.",
        measure=devir_olcumu,
        goal=Devir(DEVIR_HEDEFI, 1),
        describe=devir_cumlesi,
        hint="sinifla() çağrıların sırasına değil listelere bakar: kucukResim şu an hangi "
        "listelerde ve sinifla() önce hangisine bakıyor?",
        solution=devret_hucresi(DEVIR_COZUMU),
        build=lambda: list(DEVIR_COZUMU),
        given=lambda: list(DEVIR_VERILEN),
        mistakes=(
            ChangeMistake(lambda devir: devir.siniflar == DEVIR_HEDEFI and devir.degisen > 1,
                          "Sınıflar hedefte, ama verilen listeden birden çok satır farklı; soru "
                          "yalnız bir satırı değiştirmenizi ya da silmenizi istiyor. Dokunduğunuz "
                          "satırlardan hangisi hedef için gerekliydi? Ötekileri verildiği gibi "
                          "geri koyun."),
        ),
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
PREDICTIONS: dict[str, Prediction] = {
    "00-patlayan": Prediction(
        question="kirilgan yola konuyor ve eşzamanlı sürücüye veriliyor; iş çalışırken "
        "RuntimeError fırlatıyor; istisna yakalanıyor. İstisnadan sonra sinifla('kirilgan') ne "
        "döndürür?",
        choices=SINIFLAR,
        assumptions={
            "koştu": "Eşzamanlı sürücü Gunluk.kostu()'yu işi çalıştırmadan önce yazar; sonradan "
            "fırlayan istisna bu kaydı geri almaz.",
            "ertelendi": "Eşzamanlı sürücü hata veren işi yeniden denenmek üzere sonraya "
            "bırakır ve onu ertelenenlere yazar.",
            "atlandı": "Gunluk.kostu() iş başarıyla bitince yazılır ya da istisna o kaydı geri "
            "alır; kirilgan yalnız yolda kalır.",
            "bağlanmadı": "İstisna isteğin bütün kayıtlarını, yoldakileri de, siler; kirilgan "
            "bu isteğin hiçbir listesinde kalmaz.",
        },
    ),
    "00-ertele-son": Prediction(
        question="Yeni bir istekte sırayla yola('kaydet'), kostu('kaydet') ve en son "
        "ertele('kaydet') çağrılıyor. sinifla('kaydet') ne döndürür?",
        choices=SINIFLAR,
        assumptions={
            "koştu": "Çağrıların sırası sınıfı değiştirmez: sinifla() önce koşanlar listesine "
            "bakar ve parçayı orada bulunca durur.",
            "ertelendi": "Son yapılan çağrı sınıfı belirler: en son sonraya bırakılan parça "
            "ertelenmiş sayılır.",
            "atlandı": "Hem çağrılıp hem ertelenen bir parçanın kayıtları çelişir; sınıfı "
            "yoldaki beklentiye düşer.",
            "bağlanmadı": "Birden çok listede görünen bir parça hiçbir sınıfa bağlanamaz.",
        },
    ),
    "00-yolsuz": Prediction(
        question="Yeni bir istekte eposta hiç yola konmadan yalnız çağrılıyor: "
        "kostu('eposta'). sinifla('eposta') ne döndürür?",
        choices=("koştu", "atlandı", "bağlanmadı"),
        assumptions={
            "koştu": "sinifla() yola bakmadan önce koşanlar listesine bakar: yola konmamış bir "
            "parça da çağrıldıysa koşmuş sayılır.",
            "atlandı": "Yola konmadan çağrılan bir parça, yolu atlamış sayılır.",
            "bağlanmadı": "sinifla() yalnız yola konmuş parçaları tanır; yolda olmayan bir "
            "parça bağlanmamış sayılır.",
        },
    ),
    "00-unutan-rapor": Prediction(
        question="Denetleyici bellek sürücüsüyle bir kez çağrılıyor; arama'yı yapan kod hiç "
        "yazılmadı. Beklenen listesi yalnız kaydet ve kucukResim olan rapor, 'eksik:' "
        "satırına ne yazar?",
        choices=("yok", "kucukResim", "arama"),
        assumptions={
            "yok": "Rapor yalnız kendisine verilen beklenen listesini dolaşır ve sonraya bırakılan "
            "parçayı eksik saymaz.",
            "kucukResim": "Sonraya bırakılan bir parça bu istekte koşmadığı için eksik sayılır.",
            "arama": "Ölçüm, hiç yazılmamış bir kodu kendiliğinden bulur ve eksik diye "
            "raporlar.",
        },
    ),
}

