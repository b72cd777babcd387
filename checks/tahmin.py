"""Ölçümden önce tahmin: öğrenci bir formda tahminini seçer (ya da sayısını yazar) ve kaydeder;
ölçüm hücresindeki tahmin_sonucu() tutup tutmadığını ve tutmadıysa hangi varsayımı
çürüttüğünü söyler."""

import ipywidgets as widgets

from checks.alistirma import BOS_SECIM, secim_genisligi
from checks.display import Panel, text_html, wrap_text
from checks.exercises import PREDICTIONS
from checks.exercises.kinds import Prediction

TAHMIN_ONCESI = "[Tahmin edin: {soru}{secenekler} Form, hücreyi çalıştırınca burada görünür.]"
KAYDET = "Tahminimi kaydet"
TAHMINLER: dict[str, str | int] = {}  # bu çekirdekte kaydedilen tahminler, kimliğe göre
TASLAKLAR: dict[str, str] = {}  # seçilmiş ya da yazılmış ama kaydedilmemiş tahminler
KAYDEDILMEDI = ("Tahmininizi kaydetmediniz: formda “{taslak}” {nasil}, ama “{kaydet}” düğmesine "
                "basılmadığı için ölçüm onunla karşılaştırılmadı.")


def _tahmin(kimlik: str) -> Prediction | None:
    """Kimliğin tahmini; yoksa bunu söyler."""
    tahmin = PREDICTIONS.get(kimlik)
    if tahmin is None:
        print(wrap_text(f"{kimlik!r} adında bir tahmin yok; bilinenler: {', '.join(PREDICTIONS)}"))
    return tahmin


SECENEK_AYRACI = " | "  # a choice may hold a comma ("hız-6, hız-7"): choices are split by bars


def _secenekler(tahmin: Prediction, isaret: str) -> str:
    """Sorunun ardından seçenekler, her biri `isaret`ler arasında (markdown'da ters tırnak)."""
    if not tahmin.choices:
        return " Cevap bir tam sayı."
    return " Seçenekler: " + SECENEK_AYRACI.join(f"{isaret}{secim}{isaret}"
                                                 for secim in tahmin.choices) + "."


def sayi_mi(metin: str) -> int | None:
    """Yazılan bir tam sayı; değilse (boş, "3.5", "üç") None."""
    metin = metin.strip()
    return int(metin) if metin.isdecimal() else None


def _alan(tahmin: Prediction) -> widgets.Dropdown | widgets.Text:
    """Seçenekler için en uzununu sığdıran bir açılır liste; sayı için boş başlayan bir kutu."""
    if tahmin.choices:
        secenekler = (BOS_SECIM, *tahmin.choices)
        return widgets.Dropdown(options=secenekler, description="Tahmin",
                                layout=secim_genisligi(secenekler))
    return widgets.Text(description="Tahmin", placeholder="bir tam sayı")


def _okunan(tahmin: Prediction, deger: str) -> str | int | None:
    """Alanın değeri, kaydedilebilecek bir tahmin olarak; değilse None."""
    if tahmin.choices:
        return None if deger == BOS_SECIM else deger
    return sayi_mi(deger)


def tahmin_et(kimlik: str) -> Panel | None:
    """Ölçümden önce bir tahmin formu: seç (ya da sayıyı yaz), 'Tahminimi kaydet'e bas. Kayıt
    kilitlenir; sonucu, ölçüm hücresindeki tahmin_sonucu() söyler. Düğme, kaydedilecek bir
    tahmin yokken kapalıdır."""
    tahmin = _tahmin(kimlik)
    if tahmin is None:
        return None
    TAHMINLER.pop(kimlik, None)  # formu yeniden çalıştırmak, tahmini baştan aldırır
    TASLAKLAR.pop(kimlik, None)
    alan = _alan(tahmin)
    dugme = widgets.Button(description=KAYDET, disabled=True)
    durum = widgets.HTML()

    def degisince(_: object = None) -> None:
        deger = str(alan.value)
        okunan = _okunan(tahmin, deger)
        dugme.disabled = okunan is None
        bos = deger.strip() in ("", BOS_SECIM)
        if bos:
            TASLAKLAR.pop(kimlik, None)
        else:
            TASLAKLAR[kimlik] = deger.strip()
        durum.value = "" if okunan is not None or bos else text_html(
            f"“{deger.strip()}” bir tam sayı değil: rakamlarla bir tam sayı yazın (örneğin 12).")

    def kaydet(_: widgets.Button) -> None:
        okunan = _okunan(tahmin, str(alan.value))
        if okunan is None:
            durum.value = text_html("Önce bir seçenek seçin." if tahmin.choices
                                    else "Önce tahmininizi bir tam sayı olarak yazın.")
            return
        TAHMINLER[kimlik] = okunan
        TASLAKLAR.pop(kimlik, None)
        alan.disabled = dugme.disabled = True  # kaydedilen tahmin değişmez
        durum.value = text_html(f"Kaydedildi: {okunan}. Şimdi ölçüm hücresini çalıştırın.")

    alan.observe(degisince, names="value")
    dugme.on_click(kaydet)
    soru = widgets.HTML(text_html(tahmin.question))
    return Panel([soru, alan, dugme, durum],
                 TAHMIN_ONCESI.format(soru=tahmin.question, secenekler=_secenekler(tahmin, "")),
                 f"**Tahmin edin.** {tahmin.question}{_secenekler(tahmin, '`')}")


def tahmin_sonucu(kimlik: str, olculen: str | int) -> None:
    """Ölçümden sonra: kaydedilmiş bir tahmin varsa tutup tutmadığını yazar; formda bir tahmin
    seçilip kaydedilmediyse bunu söyler; yoksa hiçbir şey yazmaz (ders, tahminsiz
    çalıştırılınca hep aynı çıktıyı verir)."""
    tahmin = _tahmin(kimlik)
    if tahmin is None:
        return
    if kimlik in TAHMINLER:
        print(wrap_text(tahmin.verdict(TAHMINLER[kimlik], olculen)))
    elif kimlik in TASLAKLAR:
        print(wrap_text(KAYDEDILMEDI.format(
            taslak=TASLAKLAR[kimlik], nasil="seçili" if tahmin.choices else "yazılı",
            kaydet=KAYDET)))
