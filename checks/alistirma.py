"""Öğrencinin alıştırma araçları: cevabı kontrol et ya da formla cevapla; her denetimin altında
istenince bir ipucu, istenince gerekçesiyle cevap. Öğrencinin kendi kopyasında her denetim
(geçti ya da geçmedi) ve gösterilen her cevap ilerlemesine yazılır (checks.ilerleme).
Öğrencinin okuduğu her söz, kursun dilinde, checks.words'ten."""

import hashlib
from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from checks import ilerleme
from checks.display import Panel, text_html, wrap_text
from checks.exercises import course_registry
from checks.exercises.kinds import (
    Exercise,
    Feedback,
    LogPrediction,
    PartsPrediction,
    hint_line,
)
from checks.kernel_course import kernel_definition
from checks.words import words

BOS_SECIM = "—"


def bilinmiyor(kimlik: str) -> str:
    """Yanlış yazılmış bir kimlik için, bilinenleri sayan bir cümle."""
    bilinenler = ", ".join(course_registry().exercises)
    return words()["unknown_exercise"].format(id=kimlik, known=bilinenler)


class IpucuMerdiveni:
    """Bir alıştırmanın ipuçları, birer birer. Yanlış bir deneme, cevabının ipuçlarından
    sıradakini görür: önceki yanlışla aynı ipuçlarını alan her deneme bir basamak çıkar
    (sonuncuda kalır); doğru cevap ya da başka ipuçları merdiveni baştan başlatır. Düğmeyle
    istenen ipucu da bir basamak çıkar; hiç denenmemiş bir alıştırmada alıştırmanın genel
    ipucunu verir."""

    def __init__(self, genel: str) -> None:
        self.genel = genel
        self.ipuclari: tuple[str, ...] = (genel,)
        self.basamak, self.dogru = -1, False

    def cik(self, geri_bildirim: Feedback) -> Feedback:
        """Bir denetimin geri bildirimi, merdivendeki yerinin ipucuyla."""
        self.dogru = geri_bildirim.correct is True
        if geri_bildirim.correct is not False:
            self.ipuclari, self.basamak = (self.genel,), -1
            return geri_bildirim
        ayni = geri_bildirim.hints == self.ipuclari
        self.basamak, self.ipuclari = self.basamak + 1 if ayni else 0, geri_bildirim.hints
        return replace(geri_bildirim, step=self.basamak)

    def ipucu_var(self) -> bool:
        """Öğrencinin henüz görmediği bir ipucu var mı?"""
        return not self.dogru and self.basamak < len(self.ipuclari) - 1

    def sonraki(self) -> str:
        """Görülmemiş ilk ipucu, numarasıyla."""
        self.basamak += 1
        return hint_line(self.ipuclari, self.basamak)


MERDIVENLER: dict[str, IpucuMerdiveni] = {}  # kontrol()'ün, alıştırmaya göre; form kendi tutar


def merdiven(kimlik: str, alistirma: Exercise) -> IpucuMerdiveni:
    return MERDIVENLER.setdefault(kimlik, IpucuMerdiveni(alistirma.hint))


def cevap_metni(alistirma: Exercise) -> str:
    """Gösterilen cevap: gerekçesi, nereye yapıştırılacağı ve yapıştırılınca geçen kod."""
    soz = words()
    nereye = soz["paste_whole_cell" if alistirma.whole_cell else "paste_before_check"]
    return (text_html(soz["why"].format(why=alistirma.why) + "\n\n" + nereye)
            + text_html(alistirma.answer_text(), boxed=True))


def cevaplar_gosterilir() -> bool:
    """Kursun course.toml'u cevapları gösteriyor mu (`show_answers`; tanımı olmayan çekirdekte
    evet)."""
    tanim = kernel_definition()
    return tanim is None or tanim.show_answers


def denetle(alistirma: Exercise, kimlik: str, cevap: object) -> tuple[Feedback, str | None]:
    """Cevabın geri bildirimi ve, doğru ya da yanlışsa, öğrencinin ilerlemesine yazılan
    denemenin dosya için söylenecek cümlesi. Cevapsız bir hücre deneme sayılmaz; aynı cevap
    yeniden çalıştırılınca (Run All) da sayılmaz: cevabın gözleminin parmak izi bir
    öncekininkiyle aynıdır."""
    gozlem = alistirma.observe(cevap)
    geri_bildirim = alistirma.judge(gozlem)
    if geri_bildirim.correct is None:
        return geri_bildirim, None
    parmak_izi = hashlib.sha256(repr(gozlem).encode()).hexdigest()[:16]
    return geri_bildirim, ilerleme.record_check(kimlik, geri_bildirim.correct, parmak_izi)


class Yardim:
    """Bir alıştırmanın altındaki iki düğme: 'İpucu ver' ve 'Cevabı göster'. İpucu düğmesi,
    gösterecek yeni bir ipucu yokken kapalıdır; cevap, düğmeye basılınca hesaplanır (ve
    gösterildiği, öğrencinin ilerlemesine yazılır). Notlandırılan bir kursta
    (`show_answers = false`) cevap düğmesi kapalıdır ve cevabın gösterilmediğini söyler."""

    def __init__(self, kimlik: str, alistirma: Exercise, merdiveni: IpucuMerdiveni) -> None:
        self.merdiven, soz = merdiveni, words()
        self.ipucu = widgets.Button(description=soz["give_hint"], icon="lightbulb-o")
        self.cevap = widgets.Button(description=soz["show_answer"], icon="eye")
        self.ipucu_alani, self.cevap_alani = widgets.HTML(), widgets.HTML()

        def ipucu_ver(_: widgets.Button) -> None:
            self.ipucu_alani.value = text_html(self.merdiven.sonraki())
            self.yenile()

        def cevabi_goster(_: widgets.Button) -> None:
            gosterilecek = not self.cevap_alani.value
            cumle = ilerleme.record("answer", id=kimlik) if gosterilecek else None
            self.cevap_alani.value = (cevap_metni(alistirma) + (text_html(cumle) if cumle else "")
                                      if gosterilecek else "")
            self.cevap.description = soz["hide_answer" if gosterilecek else "show_answer"]

        self.ipucu.on_click(ipucu_ver)
        self.cevap.on_click(cevabi_goster)
        if not cevaplar_gosterilir():  # notlandırılan bir kurs: düğme kapalı, nedenini söyler
            self.cevap.description, self.cevap.tooltip = soz["answers_hidden"], \
                soz["answers_hidden_why"]
            self.cevap.disabled = True
        self.yenile()

    def yenile(self) -> None:
        """İpucu düğmesi, merdivende görülmemiş bir ipucu varken açık."""
        self.ipucu.disabled = not self.merdiven.ipucu_var()
        neden = "no_hint_right" if self.merdiven.dogru else "no_hint_left"
        self.ipucu.tooltip = words()[neden] if self.ipucu.disabled else ""

    def panel(self) -> Panel:
        return Panel([widgets.HBox([self.ipucu, self.cevap]), self.ipucu_alani,
                      self.cevap_alani], words()["buttons_unrun"], notebook_only=True)


def _bul(kimlik: str) -> Exercise | None:
    """Kimliğin alıştırması; yoksa bunu söyler."""
    alistirma = course_registry().exercises.get(kimlik)
    if alistirma is None:
        print(wrap_text(bilinmiyor(kimlik)))
    return alistirma


def kontrol(kimlik: str, cevap: object) -> Panel | None:
    """Cevabı denetler ve geri bildirimi yazdırır (doğru cevabı söylemez); altında ipucu ve
    cevap düğmeleri döner."""
    alistirma = _bul(kimlik)
    if alistirma is None:
        return None
    merdiveni = merdiven(kimlik, alistirma)
    geri_bildirim, cumle = denetle(alistirma, kimlik, cevap)
    print(wrap_text(str(merdiveni.cik(geri_bildirim))))
    if cumle:
        print(wrap_text(cumle))
    return Yardim(kimlik, alistirma, merdiveni).panel()


Alanlar = tuple[list[widgets.Widget], Callable[[], object], str]  # alanlar, okuyucu, uyarı


def secim_genisligi(secenekler: tuple[str, ...],
                    etiket: str = "var(--jp-widgets-inline-label-width, 80px)") -> widgets.Layout:
    """Açılır listeyi, `etiket` genişliğindeki adının yanında en uzun seçeneği sığdıracak
    genişlikte tutar (ok ve kenarlar için pay)."""
    return widgets.Layout(width=f"calc({etiket} + {max(map(len, secenekler)) + 6}ch)")


def _secim_alanlari(alistirma: PartsPrediction) -> Alanlar:
    """Her parça için bir açılır liste; biri boş kaldıysa cevap yok sayılır."""
    parcalar = alistirma.parts()
    etiket = f"{max(map(len, parcalar)) + 2}ch"  # kutular hizalı durur
    secenekler = (BOS_SECIM, *alistirma.choices)
    secimler = {parca: widgets.Dropdown(options=secenekler, description=parca,
                                        style={"description_width": etiket},
                                        layout=secim_genisligi(secenekler, etiket))
                for parca in parcalar}

    def secilen() -> object:
        cevap = {parca: secim.value for parca, secim in secimler.items()}
        return None if BOS_SECIM in cevap.values() else cevap
    return list(secimler.values()), secilen, words()["choose_every_row"]


def _satir_alani(_: LogPrediction) -> Alanlar:
    """Satır satır yazılacak bir metin alanı."""
    soz = words()
    metin = widgets.Textarea(placeholder=soz["lines_placeholder"],
                             layout=widgets.Layout(width="40em", height="8em"))
    return [metin], lambda: metin.value if metin.value.strip() else None, soz["lines_first"]


def form(kimlik: str) -> Panel | None:
    """Tahmin alıştırmaları için bir form: seçimleri yap, 'Kontrol et'e bas; altında ipucu ve
    cevap düğmeleri."""
    alistirma = _bul(kimlik)
    if alistirma is None:
        return None
    if isinstance(alistirma, PartsPrediction):
        alanlar, cevap, eksik = _secim_alanlari(alistirma)
    elif isinstance(alistirma, LogPrediction):
        alanlar, cevap, eksik = _satir_alani(alistirma)
    else:
        print(words()["no_form"].format(id=kimlik))
        return None
    dugme, sonuc = widgets.Button(description=words()["check"]), widgets.HTML()
    yardim = Yardim(kimlik, alistirma, IpucuMerdiveni(alistirma.hint))  # formun kendi denemeleri

    def tiklaninca(_: widgets.Button) -> None:
        verilen = cevap()
        if verilen is None:
            sonuc.value = text_html(eksik)
        else:
            geri_bildirim, cumle = denetle(alistirma, kimlik, verilen)
            sonuc.value = text_html("\n".join([str(yardim.merdiven.cik(geri_bildirim)),
                                               *([cumle] if cumle else [])]))
        yardim.yenile()

    dugme.on_click(tiklaninca)
    soru = widgets.HTML(text_html(alistirma.question, code=True))  # hizalı satırlar hizalı kalır
    return Panel([soru, *alanlar, dugme, sonuc, yardim.panel()], words()["form_unrun"])
