"""Exercises of lesson 00, "Ölçüm Çekirdeği"; every right answer comes from the kernel."""

from collections.abc import Callable, Iterable
from itertools import product

from checks.exercises.kinds import CaseMistake, FunctionTask, PartsPrediction
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


def _liste(komsu: tuple[str, ...], icinde: bool) -> tuple[str, ...]:
    return (*komsu, "kaydet") if icinde else komsu


def karar_durumlari() -> tuple[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...]:
    """Every membership of a part in (yol, kosan, ertelenen), alone and among another part."""
    return tuple(("kaydet", _liste(komsu, yolda), _liste(komsu, kosan), _liste(komsu, ertelenen))
                 for komsu in ((), ("kucukResim",))
                 for yolda, kosan, ertelenen in product((False, True), repeat=3))


def sinifla_ile(parca: str, yol: tuple[str, ...], kosan: tuple[str, ...],
                ertelenen: tuple[str, ...]) -> str:
    """The kernel's answer for one case: the lists written through Gunluk, then sinifla()."""
    Gunluk.yeni_istek()
    cagir([("yola", p) for p in yol] + [("kostu", p) for p in kosan]
          + [("ertele", p) for p in ertelenen])
    return sinifla(parca)


def sinif_bul(parca: str, yol: tuple[str, ...], kosan: tuple[str, ...],
              ertelenen: tuple[str, ...]) -> str:
    if parca in kosan:
        return "koştu"
    if parca in ertelenen:
        return "ertelendi"
    if parca in yol:
        return "atlandı"
    return "bağlanmadı"


def yalniz(kosul: Callable[[bool, bool, bool], bool]) -> Callable[[list[tuple]], bool]:
    """Whether every failing case is one where the part's place in (yol, kosan, ertelenen)
    meets `kosul`."""
    def eslesir(yanlislar: list[tuple]) -> bool:
        return bool(yanlislar) and all(
            kosul(parca in yol, parca in kosan, parca in ertelenen)
            for parca, yol, kosan, ertelenen in yanlislar)
    return eslesir


def komsulu(yanlislar: list[tuple]) -> bool:
    """Every failing case has other parts in its lists: the answer looks at a list's
    emptiness, not at the part."""
    return bool(yanlislar) and all(any(p != parca for liste in listeler for p in liste)
                                   for parca, *listeler in yanlislar)


def sinif_durumlari(sinif: str) -> set[tuple]:
    """The cases whose right class is `sinif`."""
    return {durum for durum in karar_durumlari() if sinifla_ile(*durum) == sinif}


def hepsi(sinif: str) -> Callable[[list[tuple]], bool]:
    """Whether the failing cases are exactly those whose right class is `sinif`."""
    def eslesir(yanlislar: list[tuple]) -> bool:
        return set(yanlislar) == sinif_durumlari(sinif)
    return eslesir


def yazim(yanlislar: list[tuple]) -> bool:
    """Whether whole classes fail, koştu among them: names spelt without Turkish letters."""
    siniflar = {sinifla_ile(*durum) for durum in yanlislar}
    return len(siniflar) > 1 and "koştu" in siniflar and set(yanlislar) == set().union(
        *map(sinif_durumlari, siniflar))


EXERCISES = {
    "00-ortusmeler": PartsPrediction(
        question="Önceki bir istekte şu çağrılar yapılmış:\n" + cagri_satirlari(ONCEKI_ISTEK)
        + "\nSonra Gunluk.yeni_istek() yeni bir istek açıyor ve sırayla şu çağrılar "
        "yapılıyor:\n" + cagri_satirlari(ORTUSME_SENARYOSU)
        + "\nYeni istekte sinifla() şu parçaların her biri için ne döndürür? "
        + ", ".join(ORTUSME_PARCALARI),
        how_to_answer="Tahmininizi parça adından sınıfa giden bir sözlük olarak yazın ve "
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "koştu", ...}',
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
        'hücreyi yeniden çalıştırın:\n    tahmin = {"kaydet": "koştu", ...}',
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
    "00-karar-sirasi": FunctionTask(
        question="sinifla()'nın karar sırasını kendiniz yazın: parçanın adını ve isteğin üç "
        "listesini alan sinif_bul(parca, yol, kosan, ertelenen) -> str fonksiyonu, "
        "sinifla()'nın aynı listelerle döndüreceği sınıfı döndürsün. Listeler demet "
        "(tuple) olarak gelir; bir parçanın içlerinde olup olmadığına in ile bakabilirsiniz.",
        how_to_answer="sinif_bul fonksiyonunun gövdesini yazıp dört sınıftan birini (koştu, "
        "ertelendi, atlandı, bağlanmadı) döndürmesini sağlayın, sonra hücreyi yeniden "
        "çalıştırın.",
        cases=karar_durumlari(),
        reference=sinifla_ile,
        solution=sinif_bul,
        mistakes=(
            CaseMistake(yalniz(lambda yolda, kosan, ertelenen: yolda and (kosan or ertelenen)),
                        "Yolda olmak koşmak değildir: yoldaki bir parça çağrılmış ya da "
                        "ertelenmiş de olabilir, bu yüzden yol listesine en son bakılır."),
            CaseMistake(yalniz(lambda _, kosan, ertelenen: kosan and ertelenen),
                        "Hem ertelenen hem çağrılan bir parçayı düşünün: koşanlar listesine "
                        "ertelenenlerden önce bakılır."),
            CaseMistake(yalniz(lambda yolda, kosan, ertelenen: not yolda
                               and (kosan or ertelenen)),
                        "sinifla() yolu şart koşmaz: yola hiç konmamış ama çağrılmış ya da "
                        "ertelenmiş bir parça da sınıfını bu iki listeden alır."),
            CaseMistake(yalniz(lambda _, kosan, ertelenen: not (kosan or ertelenen)),
                        "Ne çağrılmış ne ertelenmiş parçaları ayıran tek şey yol listesidir: "
                        "yoldaki beklenip dokunulmamıştır, yolda olmayanı bu istek hiç "
                        "tanımaz."),
            CaseMistake(komsulu,
                        "Yalnız başka parçaların da bulunduğu durumlar tutmuyor: listenin boş "
                        "olup olmadığına değil, parçanın listede olup olmadığına bakın "
                        "(parca in kosan)."),
            *(CaseMistake(hepsi(sinif), f"Doğru sonucu {sinif!r} olan durumların hiçbiri "
                          "tutmuyor: bu sınıfın adını Türkçe harfleriyle yazdığınızı ve ona "
                          "götüren koşulu denetleyin.") for sinif in SINIFLAR),
            CaseMistake(yazim, "Birden çok sınıfın hiçbir durumu tutmuyor: sınıf adlarını tam "
                        "olarak şöyle, Türkçe harfleriyle yazdığınızı denetleyin: "
                        + ", ".join(SINIFLAR) + "."),
        ),
        hint="sinifla() listelere şu sırayla bakar: koşanlar, ertelenenler, yol; ilk bulduğu "
        "listede durur, hiçbirinde bulamazsa parça bağlanmamıştır.",
        found_by="çekirdeğin sinifla()'sını çağırarak",
    ),
}
