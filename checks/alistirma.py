"""Öğrencinin alıştırma araçları: cevabı kontrol et, doğru cevabı iste, ya da formla cevapla."""

import html

import ipywidgets as widgets

from checks.exercises import EXERCISES
from checks.exercises.kinds import LogPrediction, PartsPrediction

BOS_SECIM = "—"


def bilinmiyor(kimlik: str) -> str:
    """Yanlış yazılmış bir kimlik için, bilinenleri sayan bir cümle."""
    return f"{kimlik!r} adında bir alıştırma yok; bilinenler: {', '.join(EXERCISES)}"


def kontrol(kimlik: str, cevap: object) -> None:
    """Cevabı denetler ve geri bildirimi yazdırır; doğru cevabı söylemez."""
    alistirma = EXERCISES.get(kimlik)
    print(alistirma.check(cevap) if alistirma else bilinmiyor(kimlik))


def cevabi_goster(kimlik: str) -> None:
    """Doğru cevabı yazdırır: yalnız öğrenci isterse."""
    alistirma = EXERCISES.get(kimlik)
    print(alistirma.answer_text() if alistirma else bilinmiyor(kimlik))


def form(kimlik: str) -> widgets.Widget:
    """Tahmin alıştırmaları için bir form: seçimleri yap, 'Kontrol et'e bas."""
    alistirma = EXERCISES.get(kimlik)
    if alistirma is None:
        return widgets.Label(bilinmiyor(kimlik))
    if isinstance(alistirma, PartsPrediction):
        secimler = {parca: widgets.Dropdown(options=(BOS_SECIM, *alistirma.choices),
                                            description=parca)
                    for parca in alistirma.parts()}
        alanlar: list[widgets.Widget] = list(secimler.values())
        eksik = "Her parça için bir sınıf seçin."

        def cevap() -> object:
            secilen = {parca: secim.value for parca, secim in secimler.items()}
            return None if BOS_SECIM in secilen.values() else secilen
    elif isinstance(alistirma, LogPrediction):
        metin = widgets.Textarea(placeholder="Her satıra bir günlük satırı yazın",
                                 layout=widgets.Layout(width="40em", height="8em"))
        alanlar, eksik = [metin], "Önce günlük satırlarını yazın."

        def cevap() -> object:
            return metin.value if metin.value.strip() else None
    else:
        return widgets.Label(f"{kimlik!r} için form yok; cevabınızı bir hücrede "
                             "kontrol(...) ile denetleyin.")
    dugme, sonuc = widgets.Button(description="Kontrol et"), widgets.Output()

    def tiklaninca(_: widgets.Button) -> None:
        verilen = cevap()
        sonuc.outputs = ()
        sonuc.append_stdout(f"{eksik if verilen is None else alistirma.check(verilen)}\n")

    dugme.on_click(tiklaninca)
    soru = widgets.HTML(f"<pre>{html.escape(alistirma.question)}</pre>")
    return widgets.VBox([soru, *alanlar, dugme, sonuc])
