"""Kuyruk ile konu: aynı olaylar iki servisten geçince teslim ve ayar kalemi sayısı (fanout.mjs)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kernel.dogrula import tam_sayi
from kernel.hizmet.jsayi import KESIN_SINIR, kesin, metin
from kernel.hizmet.yuk import ILETI

# Uyarlanan dersin modelinin saydığı kalemler. Kuyrukta: görünürlük süresi, azami teslim, ölü
# mektup kutusu, saklama, yığın boyu (AWS SQS'te bir kuyruk özniteliği değil, alma isteğinin
# parametresi). Konuda: ad ve erişim kuralı (AWS SNS'te bir konunun başka öznitelikleri de var).
KUYRUK_KALEM: Final = 5
KONU_KALEM: Final = 2
TUKETICILER: Final = (1, 2, 3, 4)
SAYI_ADLARI: Final = ("bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz", "on")


@dataclass(frozen=True)
class FanoutSatiri:
    """Bir tüketici (abone) sayısında iki servisin teslimi ve ayar kalemleri."""

    tuketici: int
    kuyruk_teslim: int
    kuyruk_kalem: int
    konu_teslim: int
    konu_kalem: int


def konu_kalemi(abone: int) -> int:
    """Modelin sayımı: konunun iki kalemi, her abonelik için kuyruğunun beş kalemi ve bir süzgeç."""
    return kesin("konu kalemi", KONU_KALEM + abone * (KUYRUK_KALEM + 1))


def fanout(ileti: int = ILETI, tuketiciler: Sequence[int] = TUKETICILER) -> list[FanoutSatiri]:
    """Kuyruk işi paylaştırır (teslim sabit), konu iletiyi çoğaltır (teslim aboneyle artar)."""
    tam_sayi("ileti", ileti, 1, KESIN_SINIR)
    if not tuketiciler:
        raise ValueError("tuketici boş olamaz")
    for k in tuketiciler:
        tam_sayi("her tüketici sayısı", k, 1)
    return [FanoutSatiri(k, ileti, KUYRUK_KALEM, kesin("konu teslimi", ileti * k), konu_kalemi(k))
            for k in tuketiciler]


def sayi_adi(sayi: int) -> str:
    """fanout.mjs'nin çıktısındaki sayı adı, Türkçe harfleriyle ("dört"); ondan büyüğü rakamla."""
    return SAYI_ADLARI[sayi - 1] if sayi <= len(SAYI_ADLARI) else str(sayi)


def tablo(ileti: int = ILETI, tuketiciler: Sequence[int] = TUKETICILER) -> str:
    """fanout.mjs'nin çıktısı, rakamı rakamına; sözcükler Türkçe harfleriyle. Son satır listedeki
    en büyük tüketici sayısı için (orada 4)."""
    satirlar = [f"{'tüketici':<10}{'kuyruk teslim':>14}{'kuyruk kalem':>14}"
                f"{'konu teslim':>13}{'konu kalem':>12}"]
    for s in fanout(ileti, tuketiciler):
        satirlar.append(f"{s.tuketici:<10}{s.kuyruk_teslim:>14}{s.kuyruk_kalem:>14}"
                        f"{s.konu_teslim:>13}{s.konu_kalem:>12}")
    en_cok = max(tuketiciler)
    satirlar.append(f"tüketici başına iş: kuyrukta {metin(ileti / en_cok)}, konuda {ileti} "
                    f"({sayi_adi(en_cok)} tüketicide)")
    return "\n".join(satirlar)
