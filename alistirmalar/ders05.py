"""Exercises of lesson 05, "Yürütücüler"; every right answer comes from the kernel."""

import queue
import re
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
)
from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, Kanal, duraklayan
from kernel.yurutucu.korutin import Gorev
from kernel.yurutucu.tek_gorev import kostur, kostur_dongu

KEZ = 3  # a'nın duraklama sayısı
YOKLAMA_SECENEKLERI = tuple(f"{n} yoklama" for n in range(1, 8))


def a_nin_yoklamalari() -> dict[str, str]:
    """a'nın yoklamaları: tek başına kostur ve kostur_dongu ile, b ve c'nin ardından
    kostur_kuyruk ile."""
    kanal: Kanal = queue.Queue()
    yoklama = {"kostur": kostur(duraklayan("a", KEZ, kanal))[1],
               "kostur_dongu": kostur_dongu(duraklayan("a", KEZ, kanal))[1]}
    gorevler: list[Gorev[str]] = [BirKezDuraklar("b", kanal), HemenHazir("c", kanal),
                                  duraklayan("a", KEZ, kanal)]
    bitenler = kostur_kuyruk(gorevler)
    yoklama["kostur_kuyruk"] = next(b.yoklama for b in bitenler if b.deger == "a")
    return {yurutucu: f"{n} yoklama" for yurutucu, n in yoklama.items()}


DURAKLAMA_IPUCU = ("Duraklamaları saydınız. Her duraklama bir Bekliyor yanıtıdır; görev bir "
                   "yoklamada daha, Hazir dediği yoklamada biter.")
BEKLEYIS_IPUCU = ("Beklemek yoklamak değildir: {yurutucu}, a'yı ancak uyandırıcısı çağrıldıktan "
                  "sonra bir kez daha yoklar ve a her yoklamada bir durak ilerler.")
YOKLAMA_IPUCLARI = {
    **{(yurutucu, "3 yoklama"): DURAKLAMA_IPUCU
       for yurutucu in ("kostur", "kostur_dongu", "kostur_kuyruk")},
    **{("kostur", f"{n} yoklama"): BEKLEYIS_IPUCU.format(yurutucu="kostur") for n in (5, 6, 7)},
    **{("kostur_dongu", f"{n} yoklama"): "kostur_dongu beklemez ama boşa da yoklamaz: a her "
       "yoklamada bir durak ilerler, yoklama sayısını a'nın durakları belirler."
       for n in (5, 6, 7)},
    **{("kostur_kuyruk", f"{n} yoklama"): "b ve c yoklanırken a kuyrukta sırasını bekler; bu "
       "bekleyiş a'nın yoklaması sayılmaz." for n in (5, 6)},
    ("kostur_kuyruk", "7 yoklama"): "Yürütücünün üç görev için yaptığı bütün yoklamaları "
    "saydınız; soru yalnız a'nın yoklamalarını soruyor.",
}


BITIS_GOREVLERI = (("a", 2), ("b", 1), ("c", 1))  # (ad, duraklama); b bir BirKezDuraklar


def bitis_sirasi_senaryosu() -> list[str]:
    """Each task that finishes, in finishing order, with its own polls."""
    kanal: Kanal = queue.Queue()
    gorevler: list[Gorev[str]] = [duraklayan("a", 2, kanal), BirKezDuraklar("b", kanal),
                                  duraklayan("c", 1, kanal)]
    return [f"{b.deger}: {b.yoklama} yoklama" for b in kostur_kuyruk(gorevler)]


SATIR = re.compile(r"(\S+): (\d+) yoklama")


def okunan(satirlar: list[str]) -> list[tuple[str, int]] | None:
    """(task, polls) of each line, or None when a line is not of the form `ad: N yoklama`."""
    eslesenler = [SATIR.fullmatch(satir) for satir in satirlar]
    if not all(eslesenler):
        return None
    return [(e.group(1), int(e.group(2))) for e in eslesenler if e]


def adlar(satirlar: list[str]) -> list[str]:
    return [satir.split(":")[0].strip() for satir in satirlar]


def sayilar_tutarsa(kosul: Callable[[int, int], bool]) -> Callable[[list[str], list[str]], bool]:
    """Whether the lines name the right tasks and every task's number meets `kosul(student's,
    right)`, one of them at least differing from the right one."""
    def eslesir(satirlar: list[str], dogru: list[str]) -> bool:
        verilen, beklenen = okunan(satirlar), dict(okunan(dogru) or [])
        if verilen is None or sorted(ad for ad, _ in verilen) != sorted(beklenen):
            return False
        return any(n != beklenen[ad] for ad, n in verilen) and all(
            kosul(n, beklenen[ad]) for ad, n in verilen)
    return eslesir


def siralama_ipucu(sira: list[str], ipucu: str) -> LogMistake:
    """The tasks written in this order."""
    return LogMistake(lambda satirlar, _: adlar(satirlar) == sira, ipucu)


Durum = tuple[tuple[str, ...], tuple[int, ...]]  # (adlar, duraklamalar)
DURUMLAR: tuple[Durum, ...] = (
    ((), ()),
    (("a",), (3,)),
    (("a", "b", "c"), (2, 0, 1)),
    (("a", "b", "c"), (0, 1, 2)),
    (("a", "b", "c"), (2, 1, 0)),
    (("a", "b", "c"), (1, 1, 1)),
    (("x", "y"), (1, 0)),
    (("a", "b", "c", "d"), (3, 0, 3, 0)),
    (("b", "a"), (0, 0)),
    (("e", "d", "c", "b", "a"), (4, 2, 2, 0, 1)),
    (("a", "b", "c", "d", "e"), (1, 0, 1, 0, 1)),
    (("g1", "g2", "g3"), (0, 5, 0)),
)


def kuyrukta_bitenler(adlar: tuple[str, ...], duraklamalar: tuple[int, ...]) -> list[str]:
    """The kernel's answer: each task a coroutine that pauses so often, run by kostur_kuyruk."""
    kanal: Kanal = queue.Queue()
    gorevler = [duraklayan(ad, kez, kanal) for ad, kez in zip(adlar, duraklamalar, strict=True)]
    return [biten.deger for biten in kostur_kuyruk(gorevler)]


Olcum = tuple[tuple[str, ...], tuple[tuple[str, int], ...]]  # bitiş sırası, (ad, yoklama)


def kuyrukta_olcum(gorevler: list[Gorev[str]]) -> Olcum:
    """The tasks the student's cell built, run by kostur_kuyruk: finishing order, polls."""
    bitenler = kostur_kuyruk(list(gorevler))
    return (tuple(str(biten.deger) for biten in bitenler),
            tuple(sorted((str(biten.deger), biten.yoklama) for biten in bitenler)))


def olcum_metni(olcum: Olcum) -> str:
    sira, yoklama = olcum
    return (f"bitiş sırası {', '.join(sira) or '—'}; yoklamalar "
            f"{', '.join(f'{ad}={n}' for ad, n in yoklama) or '—'}")


ONCE_B = """kanal = queue.Queue()
gorevler = [BirKezDuraklar("b", kanal), duraklayan("a", 1, kanal), HemenHazir("c", kanal)]
kontrol("05-once-b", gorevler)"""


def once_b() -> list[Gorev[str]]:
    """What ONCE_B builds: b handed to the executor before a."""
    kanal: Kanal = queue.Queue()
    return [BirKezDuraklar("b", kanal), duraklayan("a", 1, kanal), HemenHazir("c", kanal)]


def verilen_gorevler() -> list[Gorev[str]]:
    """What the exercise cell builds as handed out: a first."""
    kanal: Kanal = queue.Queue()
    return [duraklayan("a", 1, kanal), BirKezDuraklar("b", kanal), HemenHazir("c", kanal)]


def bitis_sirasi(adlar: tuple[str, ...],
                 duraklamalar: tuple[int, ...]) -> list[str]:
    # sorted() eşitlikte verilen sırayı korur: önce gelen önce biter
    sira = sorted(range(len(adlar)), key=lambda i: duraklamalar[i])
    return [adlar[i] for i in sira]


# Typical wrong answers, as functions: a student's answer that fails exactly where one of them
# fails is taken for that mistake.
def verilen_sirayla(adlar: tuple[str, ...], duraklamalar: tuple[int, ...]) -> list[str]:
    return list(adlar)


def cok_duraklayan_once(adlar: tuple[str, ...], duraklamalar: tuple[int, ...]) -> list[str]:
    return [adlar[i] for i in sorted(range(len(adlar)), key=lambda i: -duraklamalar[i])]


def esitlikte_sondaki_once(adlar: tuple[str, ...], duraklamalar: tuple[int, ...]) -> list[str]:
    return [adlar[i] for i in sorted(range(len(adlar)), key=lambda i: (duraklamalar[i], -i))]


def yanlislar(model: Callable[..., list[str]]) -> set[Durum]:
    """The cases a typical wrong answer gets wrong."""
    return {durum for durum in DURUMLAR if model(*durum) != kuyrukta_bitenler(*durum)}


def ayni_yerde_yanilan(model: Callable[..., list[str]], ipucu: str) -> CaseMistake:
    return CaseMistake(lambda yanlis: set(yanlis) == yanlislar(model), ipucu)


SIRA_IPUCLARI = {
    verilen_sirayla: "Görevler verildikleri sırayla bitmiyor: kostur_kuyruk bir görevi bitene "
    "dek yoklamaz, her turda hazır kuyruğundaki her görevi bir kez yoklar.",
    cok_duraklayan_once: "Çok duraklayan görev daha çok yoklama ister, bu yüzden daha geç "
    "biter: sıralamanın yönüne bakın.",
    esitlikte_sondaki_once: "Aynı sayıda duraklayan görevler aynı turda biter ve aralarındaki "
    "sırayı hazır kuyruğu belirler: kuyrukta ilk giren ilk çıkar.",
}


EXERCISES: dict[str, Exercise] = {
    "05-yoklama-sayisi": PartsPrediction(
        question=f"a, {KEZ} kez duraklayan bir korutin:\n"
        f"    a = duraklayan('a', {KEZ}, kanal)\n"
        "a her yürütücüyle ayrı ayrı, her seferinde yeniden kurularak koşturuluyor:\n"
        "    kostur(a)\n"
        "    kostur_dongu(a)\n"
        "    kostur_kuyruk([b, c, a])\n"
        "Sonuncusunda a'dan önce iki görev daha var:\n"
        "    b = BirKezDuraklar('b', kanal)\n"
        "    c = HemenHazir('c', kanal)\n"
        "Her koşumda a kaç kez yoklanır? kostur, kostur_dongu, kostur_kuyruk",
        how_to_answer="Tahmininizi yürütücünün adından yoklama sayısına giden bir sözlük olarak "
        'yazın ve hücreyi yeniden çalıştırın:\n    tahmin = {"kostur": "1 yoklama", ...}',
        why="a'nın her await Durakla()'sı bir Bekliyor yanıtıdır ve görev, son duraklamasından "
        "sonraki yoklamada Hazir der: k kez duraklayan görev k + 1 yoklamada biter. Yürütücü "
        "yalnız ne zaman yoklayacağını seçer; kostur'un beklemesi de, kostur_kuyruk'ta b ile "
        "c'nin yoklanması da a'nın yoklaması sayılmaz.",
        expected=a_nin_yoklamalari,
        choices=YOKLAMA_SECENEKLERI,
        mistakes=YOKLAMA_IPUCLARI,
        hint="Bir görevin yoklama sayısını görevin kendisi belirler: her await Durakla() bir "
        "Bekliyor yanıtıdır, son yoklama da Hazir. Yürütücü yalnız ne zaman yoklayacağını "
        "seçer.",
    ),
    "05-bitis-sirasi": LogPrediction(
        question="kostur_kuyruk şu üç görevi bu sırayla alıyor:\n"
        "    a = duraklayan('a', 2, kanal)   # iki kez duraklar\n"
        "    b = BirKezDuraklar('b', kanal)\n"
        "    c = duraklayan('c', 1, kanal)   # bir kez duraklar\n"
        "    kostur_kuyruk([a, b, c])\n"
        "Görevler hangi sırayla biter, her biri kaç yoklamada? Biten her görev için, bitiş "
        "sırasıyla, şu biçimde bir satır yazın:\n    <ad>: <yoklama> yoklama",
        how_to_answer="Tahmininizi satırlardan oluşan bir liste olarak yazın ve hücreyi "
        'yeniden çalıştırın:\n    tahmin = ["x: 1 yoklama", ...]',
        why="Her turda hazır kuyruğundaki görevler sırayla birer kez yoklanır ve bir görev "
        "duraklamasının bir fazlası kadar yoklamada biter, bu yüzden iki duraklayan a en son "
        "biter. b ile c aynı turda biter ve aralarındaki sırayı kuyruk korur: ilk turda önce "
        "yoklanan b uyandırıcısını önce çağırır, kuyruğa önce girer.",
        expected=bitis_sirasi_senaryosu,
        mistakes=(
            siralama_ipucu(["a", "b", "c"], SIRA_IPUCLARI[verilen_sirayla]),
            siralama_ipucu(["c", "b", "a"], "b ile c aynı turda biter; aralarındaki sırayı "
                           "hazır kuyruğu belirler: ilk turda uyandırıcısını önce çağıran, "
                           "kuyruğa önce girer ve önce yoklanır."),
            LogMistake(sayilar_tutarsa(lambda verilen, dogru: verilen == dogru - 1),
                       DURAKLAMA_IPUCU),
            LogMistake(sayilar_tutarsa(lambda verilen, dogru: verilen >= dogru),
                       "Satırdaki sayı görevin kendi yoklama sayısıdır: öteki görevler "
                       "yoklanırken geçen adımlar ona eklenmez."),
            LogMistake(lambda satirlar, _: okunan(satirlar) is None,
                       "Her satırı tam şu biçimde yazın: görevin adı, iki nokta, yoklama "
                       "sayısı ve 'yoklama' sözcüğü (örneğin 'x: 1 yoklama')."),
        ),
        hint="Her turda hazır kuyruğundaki görevler sırayla birer kez yoklanır; Bekliyor diyen "
        "görev uyandırıcısını çağırıp kuyruğun sonuna girer, Hazir diyen biter.",
        compared_with="görevleri çekirdeğin kostur_kuyruk yürütücüsünde gerçekten koşturup "
        "aldığım bitiş sırasıyla",
    ),
    "05-sira-kurali": FunctionTask(
        question="Her görev, her duraklamasında uyandırıcısını hemen çağıran bir duraklayan "
        "korutini olsun: adlar[i] adlı görev duraklamalar[i] kez duraklar. kostur_kuyruk bu "
        "görevleri verilen sırayla aldığında hangi sırayla biterler? bitis_sirasi(adlar, "
        "duraklamalar) -> list[str] fonksiyonu, görevlerin adlarını bitiş sırasıyla bir listede "
        "döndürsün. Parametreler demet (tuple) olarak gelir.",
        how_to_answer="bitis_sirasi fonksiyonunun gövdesini yazıp görev adlarından oluşan bir "
        "liste döndürmesini sağlayın, sonra hücreyi yeniden çalıştırın.",
        why="kostur_kuyruk her turda hazır kuyruğundaki her görevi bir kez yoklar ve k kez "
        "duraklayan görev k + 1. turunda biter: az duraklayan önce biter. Aynı sayıda "
        "duraklayanlar aynı turda, kuyruğa girdikleri, yani verildikleri sırayla biter; "
        "eşitlikte sırayı koruyan bir sıralama bunu verir.",
        cases=DURUMLAR,
        reference=kuyrukta_bitenler,
        solution=bitis_sirasi,
        mistakes=(
            *(ayni_yerde_yanilan(model, ipucu) for model, ipucu in SIRA_IPUCLARI.items()),
            CaseMistake(lambda yanlis: len(yanlis) == len(DURUMLAR),
                        "Hiçbir durum tutmuyor, görevsiz durum bile: fonksiyon bir liste (list) "
                        "döndürmeli; demet ya da üreteç değil."),
            CaseMistake(lambda yanlis: set(yanlis) == {d for d in DURUMLAR if d[0]},
                        "Görevli hiçbir durum tutmuyor: listeye görevlerin adlarını (adlar'daki "
                        "metinleri) koyuyor musunuz?"),
        ),
        hint="Her görev duraklamasının bir fazlası kadar yoklama ister ve kostur_kuyruk her "
        "turda hazır kuyruğundaki görevleri sırayla birer kez yoklar.",
        found_by="görevleri çekirdeğin kostur_kuyruk yürütücüsünde gerçekten koşturarak",
    ),
    "05-once-b": ModifyTask(
        question="Hücredeki kod üç görevi kostur_kuyruk'a veriyor: a bir kez duraklayan bir "
        "korutin, b bir BirKezDuraklar, c bir HemenHazir. b, a'dan önce bitsin ve hiçbir "
        "görevin yoklama sayısı değişmesin; görevlerin türüne, adına ve duraklama sayısına "
        "dokunmayın.",
        how_to_answer="Hücredeki görev listesini değiştirin ve hücreyi yeniden çalıştırın; "
        'kontrol("05-once-b", gorevler) satırı kalsın.',
        why="a ile b ikişer yoklama ister ve aynı turda biter; o turdaki sıralarını ilk turda "
        "uyandırıcılarını hangi sırayla çağırdıkları, yani hazır kuyruğuna giriş sıraları "
        "belirler. Yürütücü yoklama sayısını değil yalnız sırayı değiştirebildiği için b'yi "
        "listede a'nın önüne almak yeter; c tek yoklamada yine önce biter.",
        measure=kuyrukta_olcum,
        goal=(("c", "b", "a"), (("a", 2), ("b", 2), ("c", 1))),
        describe=olcum_metni,
        hint="a ile b aynı sayıda yoklama ister, aynı turda biter. O turda hangisinin önce "
        "yoklanacağını hazır kuyruğu belirler: ilk turda önce yoklanan, uyandırıcısını önce "
        "çağırır ve kuyruğa önce girer.",
        solution=ONCE_B,
        build=once_b,
        given=verilen_gorevler,
    ),
}


# Predictions before the lesson's measurements: `tahmin_et` and `tahmin_sonucu`.
PREDICTIONS: dict[str, Prediction] = {
    "05-unutkan": Prediction(
        question="Unutkan iki kez Bekliyor der ama uyandırıcısını hiç çağırmaz. kostur_dongu "
        "onu koşturunca görevi toplam kaç kez yoklar? (Yürütücü bir yerde takılıp kalırsa, o "
        "ana dek yaptığı yoklamaları sayın.)",
        choices=(),
        assumptions={
            "az": "kostur_dongu da Bekliyor'dan sonra uyandırılmayı bekler: görevi bir kez "
            "yoklar, sonra takılır ve bir daha yoklamaz.",
            "çok": "Uyandırılmayan görevi beklemeyen yürütücü boşa, defalarca yoklar; görevin "
            "kendi sayacı bu yoklamaları kısaltmaz.",
        },
    ),
    "05-iki-yurutucu": Prediction(
        question="BirKezDuraklar ilk yoklamasında uyandırıcısını çağırır, sonra Bekliyor der. "
        "Bekliyor'dan sonra uyandırılmayı bekleyen kostur bu görevi kaç yoklamada bitirir? "
        "(Yürütücü bir yerde takılıp kalırsa, o ana dek yaptığı yoklamaları sayın.)",
        choices=(),
        assumptions={
            "az": "Uyandırma, kostur beklemeye başlamadan önce geldiği için kaybolur: kostur "
            "görevi bir kez yoklar ve bekleyip kalır.",
            "çok": "kostur, Bekliyor diyen görevi uyandırılana dek boşa, birkaç kez daha yoklar.",
        },
    ),
    "05-kuyrukta-sira": Prediction(
        question="kostur_kuyruk üç görevi a, b, c sırasıyla alıyor: a iki kez duraklayan bir "
        "korutin, b bir HemenHazir, c bir BirKezDuraklar. Görevler hangi sırayla biter?",
        choices=("a, b, c", "b, a, c", "b, c, a"),
        assumptions={
            "a, b, c": "kostur_kuyruk da bir görevi bitene dek yoklar, sonra ötekine geçer; "
            "görevler verildikleri sırayla biter.",
            "b, a, c": "Hiç duraklamayan b öne geçer; duraklayan görevler ise kuyruktaki "
            "yerlerini korur ve kaç kez duraklarlarsa duraklasınlar verildikleri sırayla biter.",
            "b, c, a": "kostur_kuyruk her turda hazır görevleri birer kez yoklar: daha az "
            "duraklayan görev, verilme sırası ne olursa olsun, önce biter.",
        },
    ),
}
