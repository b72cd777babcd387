"""Öğrencinin araçları, Türkçe bir kursun derslerinin çağırdığı adlarla
(checks.markers.TOOL_NAMES["tr"])."""

from checks.student.exercise import check as kontrol
from checks.student.exercise import form
from checks.student.prediction import predict as tahmin_et
from checks.student.prediction import prediction_result as tahmin_sonucu
from checks.student.progress import Summary, progress
from checks.student.display import Panel


def ilerleme(sifirla: bool = False, hepsi: bool = False) -> Summary | Panel | None:
    """İlerlemeniz: kurstaki payınız, bu dersin tahminleri ve alıştırmaları, sıradaki adım;
    `hepsi=True` her dersinkini gösterir, `sifirla=True` kaydı silmeden önce sorar."""
    return progress(reset=sifirla, all_lessons=hepsi)


__all__ = ["form", "ilerleme", "kontrol", "tahmin_et", "tahmin_sonucu"]
