"""Ölçümden önce tahmin: öğrenci bir formda tahminini seçer (ya da sayısını yazar) ve kaydeder;
ölçüm hücresindeki tahmin_sonucu() tutup tutmadığını ve tutmadıysa hangi varsayımı
çürüttüğünü söyler. Öğrencinin kendi kopyasında (checks.ilerleme) kaydedilen tahmin ve sonucu
ilerlemesine yazılır: çekirdek yeniden başlasa da form kilitli kalır, ölçüm onunla
karşılaştırır. Öğrencinin okuduğu her söz, kursun dilinde, checks.words'ten."""

import ipywidgets as widgets

from checks import ilerleme, measured
from checks.alistirma import BOS_SECIM, secim_genisligi
from checks.display import Panel, text_html, wrap_text
from checks.exercises import course_registry
from checks.exercises.kinds import Prediction
from checks.words import words

TAHMINLER: dict[str, str | int] = {}  # bu çekirdekte kaydedilen tahminler, kimliğe göre
TASLAKLAR: dict[str, str] = {}  # seçilmiş ya da yazılmış ama kaydedilmemiş tahminler
# öğrenci ilerlemesini sildiğinde (ilerleme(sifirla=True)) bu çekirdekteki tahminler de silinir
ilerleme.forget_on_reset(TAHMINLER.clear, TASLAKLAR.clear)


def _tahmin(kimlik: str) -> Prediction | None:
    """Kimliğin tahmini; yoksa bunu söyler."""
    tahminler = course_registry().predictions
    tahmin = tahminler.get(kimlik)
    if tahmin is None:
        print(wrap_text(words()["unknown_prediction"].format(id=kimlik,
                                                             known=", ".join(tahminler))))
    return tahmin


SECENEK_AYRACI = " | "  # a choice may hold a comma ("hız-6, hız-7"): choices are split by bars


def _secenekler(tahmin: Prediction, isaret: str) -> str:
    """Sorunun ardından seçenekler, her biri `isaret`ler arasında (markdown'da ters tırnak)."""
    if not tahmin.choices:
        return words()["form_whole_number"]
    return words()["form_choices"].format(choices=SECENEK_AYRACI.join(
        f"{isaret}{secim}{isaret}" for secim in tahmin.choices))


def sayi_mi(metin: str) -> int | None:
    """Yazılan bir tam sayı; değilse (boş, "3.5", "üç") None."""
    metin = metin.strip()
    return int(metin) if metin.isdecimal() else None


def _alan(tahmin: Prediction) -> widgets.Dropdown | widgets.Text:
    """Seçenekler için en uzununu sığdıran bir açılır liste; sayı için boş başlayan bir kutu."""
    soz = words()
    if tahmin.choices:
        secenekler = (BOS_SECIM, *tahmin.choices)
        return widgets.Dropdown(options=secenekler, description=soz["prediction"],
                                layout=secim_genisligi(secenekler))
    return widgets.Text(description=soz["prediction"], placeholder=soz["a_whole_number"])


def _okunan(tahmin: Prediction, deger: str) -> str | int | None:
    """Alanın değeri, kaydedilebilecek bir tahmin olarak; değilse None."""
    if tahmin.choices:
        return None if deger == BOS_SECIM else deger
    return sayi_mi(deger)


def _kayitli(tahmin: Prediction, kimlik: str) -> str | int | None:
    """Öğrencinin ilerlemesine kaydedilmiş, bu formun alabileceği tahmin (yoksa None); dosya
    için söylenecek bir cümle varsa onu yazar."""
    kayitli, cumle = ilerleme.saved_prediction(kimlik)
    if cumle:
        print(wrap_text(cumle))
    okunan = None if kayitli is None else _okunan(tahmin, str(kayitli))
    return okunan if not tahmin.choices or okunan in tahmin.choices else None


def tahmin_et(kimlik: str) -> Panel | None:
    """Ölçümden önce bir tahmin formu: seç (ya da sayıyı yaz), 'Tahminimi kaydet'e bas. Kayıt
    kilitlenir; sonucu, ölçüm hücresindeki tahmin_sonucu() söyler. Düğme, kaydedilecek bir
    tahmin yokken kapalıdır. Öğrencinin ilerlemesinde kayıtlı bir tahmin, form kilitli olarak
    gösterilir."""
    tahmin = _tahmin(kimlik)
    if tahmin is None:
        return None
    TAHMINLER.pop(kimlik, None)  # formu yeniden çalıştırmak, ilerlemede olmayanı baştan sorar
    TASLAKLAR.pop(kimlik, None)
    kayitli = _kayitli(tahmin, kimlik)
    soz = words()
    alan = _alan(tahmin)
    dugme = widgets.Button(description=soz["save"], disabled=True)
    durum = widgets.HTML()
    if kayitli is not None:
        TAHMINLER[kimlik] = kayitli
        alan.value = str(kayitli)
        alan.disabled = True
        durum.value = text_html(soz["saved_before"].format(value=kayitli))

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
            soz["not_a_whole_number"].format(typed=deger.strip()))

    def kaydet(_: widgets.Button) -> None:
        if alan.disabled:  # kaydedilmiş: bir tıklama ulaşsa da değişmez
            return
        okunan = _okunan(tahmin, str(alan.value))
        if okunan is None:
            durum.value = text_html(soz["choose_first" if tahmin.choices else "type_first"])
            return
        TAHMINLER[kimlik] = okunan
        TASLAKLAR.pop(kimlik, None)
        alan.disabled = dugme.disabled = True  # kaydedilen tahmin değişmez
        cumle = ilerleme.record("prediction", id=kimlik, value=okunan)
        durum.value = text_html("\n".join([soz["saved"].format(value=okunan),
                                           *([cumle] if cumle else [])]))

    alan.observe(degisince, names="value")
    dugme.on_click(kaydet)
    soru = widgets.HTML(text_html(tahmin.question))
    return Panel([soru, alan, dugme, durum],
                 soz["predict_unrun"].format(question=tahmin.question,
                                             choices=_secenekler(tahmin, "")),
                 soz["predict_question"].format(question=tahmin.question,
                                                choices=_secenekler(tahmin, "`")))


def tahmin_sonucu(kimlik: str, olculen: str | int) -> None:
    """Ölçümden sonra: kaydedilmiş bir tahmin varsa (bu çekirdekte ya da öğrencinin
    ilerlemesinde) tutup tutmadığını yazar ve sonucu ilerlemesine kaydeder; formda bir tahmin
    seçilip kaydedilmediyse bunu söyler; yoksa hiçbir şey yazmaz (ders, tahminsiz
    çalıştırılınca hep aynı çıktıyı verir). Ölçümün doğru seçeneği, eğitmenin cevap anahtarı
    için not edilir (checks.measured)."""
    tahmin = _tahmin(kimlik)
    if tahmin is None:
        return
    measured.note(kimlik, tahmin, olculen)
    kayitli = TAHMINLER.get(kimlik)
    if kayitli is None and kimlik in TASLAKLAR:
        soz = words()
        print(wrap_text(soz["not_saved"].format(
            draft=TASLAKLAR[kimlik], how=soz["chosen" if tahmin.choices else "typed"],
            save=soz["save"])))
        return
    if kayitli is None:  # çekirdek yeniden başladı, form yeniden çalıştırılmadı
        kayitli = _kayitli(tahmin, kimlik)
    if kayitli is not None:
        sonuc = tahmin.outcome(kayitli, olculen)
        print(wrap_text(str(sonuc)))
        cumle = ilerleme.record_verdict(kimlik, sonuc)
        if cumle:
            print(wrap_text(cumle))
