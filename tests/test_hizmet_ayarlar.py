"""The simulation's settings: `KuyrukAyari` and `Tuketiciler` group what were eleven keyword
arguments, default to the seed's count, and refuse what they cannot mean in a Turkish sentence
naming the parameter (before, `Benzetim(..., bekci="okuma")` ran without any guard, and
`kalp=math.nan` or `kesinti=(300, 100)` silently meant nothing)."""

import math

import pytest

from kernel.hizmet.ayarlar import (
    EN_COK_TUKETICI,
    SAYIM_AYARI,
    SAYIM_TUKETICILERI,
    KuyrukAyari,
    Tuketiciler,
)
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import AZAMI, kosum
from kernel.hizmet.konu import kuyruk_paylasimi
from kernel.hizmet.yuk import DERS_YUKU, Ileti

REFUSALS = {  # id: (call, error, the sentence's beginning, the value it shows)
    "azami-zero": (lambda: KuyrukAyari(azami=0), ValueError, "azami en az 1 olmalı", "0"),
    "azami-float": (lambda: KuyrukAyari(azami=2.5), TypeError, "azami bir tam sayı olmalı",
                    "2.5"),
    "azami-bool": (lambda: KuyrukAyari(azami=True), TypeError, "azami bir tam sayı olmalı",
                   "True"),
    "saklama-zero": (lambda: KuyrukAyari(saklama=0), ValueError, "saklama sıfırdan büyük olmalı",
                     "0"),
    "saklama-nan": (lambda: KuyrukAyari(saklama=math.nan), ValueError,
                    "saklama sonlu bir sayı olmalı", "nan"),
    "saklama-text": (lambda: KuyrukAyari(saklama="120"), TypeError, "saklama bir sayı olmalı",
                     "'120'"),
    "sayi-zero": (lambda: Tuketiciler(sayi=0), ValueError, "sayi en az 1 olmalı", "0"),
    "sayi-float": (lambda: Tuketiciler(sayi=2.5), TypeError, "sayi bir tam sayı olmalı", "2.5"),
    "sayi-too-many": (lambda: Tuketiciler(sayi=EN_COK_TUKETICI + 1), ValueError,
                      f"sayi en çok {EN_COK_TUKETICI} olabilir", str(EN_COK_TUKETICI + 1)),
    "kalp-zero": (lambda: Tuketiciler(kalp=0), ValueError, "kalp sıfırdan büyük olmalı", "0"),
    "kalp-negative": (lambda: Tuketiciler(kalp=-5), ValueError, "kalp sıfırdan büyük olmalı",
                      "-5"),
    "kalp-nan": (lambda: Tuketiciler(kalp=math.nan), ValueError, "kalp sonlu bir sayı olmalı",
                 "nan"),
    "kalp-text": (lambda: Tuketiciler(kalp="5"), TypeError, "kalp bir sayı olmalı", "'5'"),
    "bekci": (lambda: Tuketiciler(bekci="okuma"), ValueError,
              "bekci şunlardan biri olmalı: 'yok', 'okumada', 'yazmada'", "'okuma'"),
    "ilgi": (lambda: Tuketiciler(ilgi=True), TypeError, "ilgi bir fonksiyon olmalı", "True"),
    "kesinti-backwards": (lambda: Tuketiciler(kesinti=(300, 100)), ValueError,
                          "kesintinin bitişi başlangıcından önce olamaz", "(300, 100)"),
    "kesinti-one-number": (lambda: Tuketiciler(kesinti=100), TypeError,
                           "kesinti (başlangıç, bitiş) gibi iki an olmalı", "100"),
    "kesinti-before-the-start": (lambda: Tuketiciler(kesinti=(-10, 5)), ValueError,
                                 "kesinti başlangıcı en az 0 olmalı", "-10"),
    "kesinti-forever": (lambda: Tuketiciler(kesinti=(0, math.inf)), ValueError,
                        "kesinti bitişi sonlu bir sayı olmalı", "inf"),
    "Benzetim-ayar": (lambda: Benzetim([Ileti(3)], 5, ayar=5), TypeError,
                      "ayar bir KuyrukAyari olmalı", "5 (int)"),
    "Benzetim-tuketiciler": (lambda: Benzetim([Ileti(3)], 5, tuketiciler=4), TypeError,
                             "tuketiciler bir Tuketiciler olmalı", "4 (int)"),
    "kuyruk_paylasimi-tuketici": (lambda: kuyruk_paylasimi(0), ValueError,
                                  "tuketici en az 1 olmalı", "0"),
}


@pytest.mark.parametrize("call,error,sentence,value", REFUSALS.values(), ids=REFUSALS)
def test_a_setting_refuses_what_it_cannot_mean_naming_the_parameter(call, error, sentence, value):
    with pytest.raises(error) as refused:
        call()
    message = str(refused.value)
    assert message.startswith(sentence) and f"; verilen: {value}" in message, message


def test_the_defaults_are_the_seeds_count():
    assert SAYIM_AYARI == KuyrukAyari(AZAMI, None)
    assert SAYIM_TUKETICILERI == Tuketiciler(None, None, "yok", None, None)
    s = Benzetim(DERS_YUKU.iletiler(), 5).calistir()
    assert (s.teslim, s.cift) == (kosum(DERS_YUKU, 5).teslim, kosum(DERS_YUKU, 5).cift)


def test_an_outage_may_be_given_as_a_list_and_an_empty_one_changes_nothing():
    assert Tuketiciler(kesinti=[100, 300]).kesinti == (100, 300)
    alone = Benzetim([Ileti(2)], 10, gelis=[5]).calistir()
    empty = Benzetim([Ileti(2)], 10, gelis=[5], tuketiciler=Tuketiciler(kesinti=(5, 5)))
    assert empty.calistir() == alone


def test_the_settings_are_frozen_so_a_default_is_shared_safely():
    with pytest.raises(AttributeError):
        SAYIM_TUKETICILERI.kalp = 5
