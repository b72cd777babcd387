"""Öğrencinin alıştırma araçları: cevabı kontrol et, formla cevapla, cevabı düğmeyle iste;
bir ölçümden önce tahmin et, ölçümden sonra tahminin tutup tutmadığını gör."""

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from checks.exercises import EXERCISES, PREDICTIONS
from checks.exercises.kinds import (
    Exercise,
    Feedback,
    LogPrediction,
    PartsPrediction,
    Prediction,
)
from checks.display import Panel, text_html, wrap_text

BOS_SECIM = "—"
FORM_ONCESI = "[Alıştırma formu: hücreyi çalıştırınca burada görünür.]"
DUGME_ONCESI = ("[Cevabı göster düğmesi: hücreyi çalıştırınca burada görünür; cevap yalnız "
                "düğmeye basınca yazılır.]")
GOSTER, GIZLE = "Cevabı göster", "Cevabı gizle"
TAHMIN_ONCESI = "[Tahmin edin: {soru}{secenekler} Form, hücreyi çalıştırınca burada görünür.]"
KAYDET = "Tahminimi kaydet"
TAHMINLER: dict[str, str | int] = {}  # bu çekirdekte kaydedilen tahminler, kimliğe göre


def bilinmiyor(kimlik: str) -> str:
    """Yanlış yazılmış bir kimlik için, bilinenleri sayan bir cümle."""
    return f"{kimlik!r} adında bir alıştırma yok; bilinenler: {', '.join(EXERCISES)}"


class IpucuMerdiveni:
    """Bir alıştırmanın art arda denemeleri: önceki yanlışla aynı ipuçlarını alan her yanlış
    deneme bir sonraki ipucunu görür (sonuncuda kalır); doğru cevap ya da başka ipuçları,
    merdiveni baştan başlatır."""

    def __init__(self) -> None:
        self.ipuclari: tuple[str, ...] = ()
        self.basamak = -1

    def cik(self, geri_bildirim: Feedback) -> Feedback:
        if geri_bildirim.correct is not False:
            self.ipuclari, self.basamak = (), -1
            return geri_bildirim
        ayni = geri_bildirim.hints == self.ipuclari
        self.basamak, self.ipuclari = self.basamak + 1 if ayni else 0, geri_bildirim.hints
        return replace(geri_bildirim, step=self.basamak)


MERDIVENLER: defaultdict[str, IpucuMerdiveni] = defaultdict(IpucuMerdiveni)  # kontrol()'ün


def _bul(kimlik: str) -> Exercise | None:
    """Kimliğin alıştırması; yoksa bunu söyler."""
    alistirma = EXERCISES.get(kimlik)
    if alistirma is None:
        print(wrap_text(bilinmiyor(kimlik)))
    return alistirma


def kontrol(kimlik: str, cevap: object) -> None:
    """Cevabı denetler ve geri bildirimi yazdırır; doğru cevabı söylemez."""
    if alistirma := _bul(kimlik):
        print(wrap_text(str(MERDIVENLER[kimlik].cik(alistirma.check(cevap)))))


def cevabi_goster(kimlik: str) -> Panel | None:
    """Bir düğme döndürür: doğru cevap yalnız öğrenci düğmeye basınca görünür."""
    alistirma = _bul(kimlik)
    if alistirma is None:
        return None
    cevap = alistirma.answer_text()  # şimdi hesaplanır: dersi koşturmak cevap kodunu da sınar
    dugme, alan = widgets.Button(description=GOSTER, icon="eye"), widgets.HTML()

    def tiklaninca(_: widgets.Button) -> None:
        gosterilecek = not alan.value
        alan.value = text_html(cevap, code=True) if gosterilecek else ""
        dugme.description = GIZLE if gosterilecek else GOSTER

    dugme.on_click(tiklaninca)
    return Panel([dugme, alan], DUGME_ONCESI)


Alanlar = tuple[list[widgets.Widget], Callable[[], object], str]  # alanlar, okuyucu, uyarı


def _secim_alanlari(alistirma: PartsPrediction) -> Alanlar:
    """Her parça için bir açılır liste; biri boş kaldıysa cevap yok sayılır."""
    parcalar = alistirma.parts()
    genislik = {"description_width": f"{max(map(len, parcalar)) + 2}ch"}  # kutular hizalı durur
    secimler = {parca: widgets.Dropdown(options=(BOS_SECIM, *alistirma.choices),
                                        description=parca, style=genislik)
                for parca in parcalar}

    def secilen() -> object:
        cevap = {parca: secim.value for parca, secim in secimler.items()}
        return None if BOS_SECIM in cevap.values() else cevap
    return list(secimler.values()), secilen, "Her parça için bir sınıf seçin."


def _satir_alani(_: LogPrediction) -> Alanlar:
    """Satır satır yazılacak bir metin alanı."""
    metin = widgets.Textarea(placeholder="Her satıra bir satır yazın",
                             layout=widgets.Layout(width="40em", height="8em"))
    return [metin], lambda: metin.value if metin.value.strip() else None, \
        "Önce satırlarınızı yazın."


def form(kimlik: str) -> widgets.Widget | None:
    """Tahmin alıştırmaları için bir form: seçimleri yap, 'Kontrol et'e bas."""
    alistirma = _bul(kimlik)
    if alistirma is None:
        return None
    if isinstance(alistirma, PartsPrediction):
        alanlar, cevap, eksik = _secim_alanlari(alistirma)
    elif isinstance(alistirma, LogPrediction):
        alanlar, cevap, eksik = _satir_alani(alistirma)
    else:
        print(f"{kimlik!r} için form yok; cevabınızı bir hücrede kontrol(...) ile denetleyin.")
        return None
    dugme, sonuc = widgets.Button(description="Kontrol et"), widgets.HTML()
    merdiven = IpucuMerdiveni()  # formun kendi denemeleri

    def tiklaninca(_: widgets.Button) -> None:
        verilen = cevap()
        sonuc.value = text_html(eksik if verilen is None
                                else str(merdiven.cik(alistirma.check(verilen))))

    dugme.on_click(tiklaninca)
    soru = widgets.HTML(text_html(alistirma.question, code=True))  # hizalı satırlar hizalı kalır
    return Panel([soru, *alanlar, dugme, sonuc], FORM_ONCESI)


def _tahmin(kimlik: str) -> Prediction | None:
    """Kimliğin tahmini; yoksa bunu söyler."""
    tahmin = PREDICTIONS.get(kimlik)
    if tahmin is None:
        print(wrap_text(f"{kimlik!r} adında bir tahmin yok; bilinenler: {', '.join(PREDICTIONS)}"))
    return tahmin


def _secenekler(tahmin: Prediction, isaret: str) -> str:
    """Sorunun ardından seçenekler, her biri `isaret`ler arasında (markdown'da ters tırnak)."""
    if not tahmin.choices:
        return " Cevap bir tam sayı."
    return " Seçenekler: " + ", ".join(f"{isaret}{secim}{isaret}" for secim in tahmin.choices) \
        + "."


def tahmin_et(kimlik: str) -> Panel | None:
    """Ölçümden önce bir tahmin formu: seç (ya da sayıyı yaz), 'Tahminimi kaydet'e bas. Kayıt
    kilitlenir; sonucu, ölçüm hücresindeki tahmin_sonucu() söyler."""
    tahmin = _tahmin(kimlik)
    if tahmin is None:
        return None
    TAHMINLER.pop(kimlik, None)  # formu yeniden çalıştırmak, tahmini baştan aldırır
    alan: widgets.Dropdown | widgets.IntText = (
        widgets.Dropdown(options=(BOS_SECIM, *tahmin.choices), description="Tahmin")
        if tahmin.choices else widgets.IntText(description="Tahmin"))
    dugme, durum = widgets.Button(description=KAYDET), widgets.HTML()

    def tiklaninca(_: widgets.Button) -> None:
        if alan.value == BOS_SECIM:
            durum.value = text_html("Önce bir seçenek seçin.")
            return
        TAHMINLER[kimlik] = alan.value
        alan.disabled = dugme.disabled = True  # kaydedilen tahmin değişmez
        durum.value = text_html(f"Kaydedildi: {alan.value}. Şimdi ölçüm hücresini çalıştırın.")

    dugme.on_click(tiklaninca)
    soru = widgets.HTML(text_html(tahmin.question))
    return Panel([soru, alan, dugme, durum],
                 TAHMIN_ONCESI.format(soru=tahmin.question, secenekler=_secenekler(tahmin, "")),
                 f"**Tahmin edin.** {tahmin.question}{_secenekler(tahmin, '`')}")


def tahmin_sonucu(kimlik: str, olculen: str | int) -> None:
    """Ölçümden sonra: kaydedilmiş bir tahmin varsa tutup tutmadığını yazar; yoksa hiçbir şey
    yazmaz (ders, tahminsiz çalıştırılınca hep aynı çıktıyı verir)."""
    tahmin = _tahmin(kimlik)
    if tahmin is not None and kimlik in TAHMINLER:
        print(wrap_text(tahmin.verdict(TAHMINLER[kimlik], olculen)))
