"""What a student may construct in kernel.hizmet refuses what it cannot mean, in a Turkish
sentence naming the parameter and the value given: TypeError for a wrong type, ValueError for a
wrong value. Each refusal here was accepted (or ended in a raw Python error) before."""

import math

import pytest

from kernel.hizmet import fanout
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.konu import Abonelik
from kernel.hizmet.kuyruk import Kuyruk, Saat, Yonlendirme
from kernel.hizmet.sonuc import Kurallar
from kernel.hizmet.yuk import DERS_YUKU, EN_COK_ILETI, Ileti, IsYuku

NAN, INF = math.nan, math.inf


def dead() -> Kuyruk:
    return Kuyruk(Saat(), 30)


REFUSALS = {  # id: (call, error, the sentence's beginning and the value it shows)
    "Benzetim-iletiler-a-workload": (lambda: Benzetim(DERS_YUKU, 5), TypeError,
                                     "iletiler bir Ileti listesi olmalı", "bir IsYuku"),
    "Benzetim-iletiler-numbers": (lambda: Benzetim([3, 5], 5), TypeError,
                                  "iletiler[0] bir Ileti olmalı", "3"),
    "Benzetim-gorunurluk-text": (lambda: Benzetim([Ileti(3)], "5"), TypeError,
                                 "gorunurluk bir sayı olmalı", "'5'"),
    "Benzetim-gorunurluk-bool": (lambda: Benzetim([Ileti(3)], True), TypeError,
                                 "gorunurluk bir sayı olmalı", "True"),
    "Benzetim-gorunurluk-nan": (lambda: Benzetim([Ileti(3)], NAN), ValueError,
                                "gorunurluk sonlu bir sayı olmalı", "nan"),
    "Benzetim-gorunurluk-inf": (lambda: Benzetim([Ileti(3)], INF), ValueError,
                                "gorunurluk sonlu bir sayı olmalı", "inf"),
    "Benzetim-kurallar": (lambda: Benzetim([Ileti(3)], 5, kurallar="servis"), TypeError,
                          "kurallar bir Kurallar olmalı", "'servis' (str)"),
    "Benzetim-gelis-short": (lambda: Benzetim([Ileti(3)] * 2, 5, gelis=[0]), ValueError,
                             "gelis her ileti için bir an vermeli (2 an)", "1 an"),
    "Benzetim-gelis-negative": (lambda: Benzetim([Ileti(3)], 5, gelis=[-1]), ValueError,
                                "gelis[0] en az 0 olmalı", "-1"),
    "Benzetim-gelis-nan": (lambda: Benzetim([Ileti(3)], 5, gelis=[NAN]), ValueError,
                           "gelis[0] sonlu bir sayı olmalı", "nan"),
    "Benzetim-gelis-text": (lambda: Benzetim([Ileti(3)], 5, gelis=["0"]), TypeError,
                            "gelis[0] bir sayı olmalı", "'0'"),
    "Benzetim-calistir-ufuk": (lambda: Benzetim([Ileti(3)], 5).calistir("100"), TypeError,
                               "ufuk bir sayı olmalı", "'100'"),
    "Kuyruk-saat": (lambda: Kuyruk(0, 10), TypeError, "saat bir Saat olmalı", "0 (int)"),
    "Kuyruk-gorunurluk-nan": (lambda: Kuyruk(Saat(), NAN), ValueError,
                              "gorunurluk sonlu bir sayı olmalı", "nan"),
    "Kuyruk-saklama-nan": (lambda: Kuyruk(Saat(), 10, saklama=NAN), ValueError,
                           "saklama sonlu bir sayı olmalı", "nan"),
    "Kuyruk-bayat_makbuz_siler": (lambda: Kuyruk(Saat(), 10, bayat_makbuz_siler="hayır"),
                                  TypeError, "bayat_makbuz_siler bir bool olmalı", "'hayır'"),
    "Kuyruk-yonlendirme": (lambda: Kuyruk(Saat(), 10, yonlendirme=dead()), TypeError,
                           "yonlendirme bir Yonlendirme olmalı", "bir Kuyruk nesnesi"),
    "Yonlendirme-azami-zero": (lambda: Yonlendirme(dead(), 0), ValueError,
                               "azami en az 1 olmalı", "0"),
    "Yonlendirme-azami-float": (lambda: Yonlendirme(dead(), 2.5), TypeError,
                                "azami bir tam sayı olmalı", "2.5"),
    "Yonlendirme-olu": (lambda: Yonlendirme("olu", 5), TypeError, "olu bir Kuyruk olmalı",
                        "'olu' (str)"),
    "Yonlendirme-kapsar": (lambda: Yonlendirme(dead(), 5, kapsar=True), TypeError,
                           "kapsar bir fonksiyon olmalı", "True (bool)"),
    "Saat-text": (lambda: Saat("0"), TypeError, "simdi bir sayı olmalı", "'0'"),
    "Saat-negative": (lambda: Saat(-3), ValueError, "simdi en az 0 olmalı", "-3"),
    "Saat-nan": (lambda: Saat(NAN), ValueError, "simdi sonlu bir sayı olmalı", "nan"),
    "Ileti-sure-negative": (lambda: Ileti(-5), ValueError, "sure en az 0 olmalı", "-5"),
    "Ileti-sure-text": (lambda: Ileti("5"), TypeError, "sure bir sayı olmalı", "'5'"),
    "Ileti-sure-nan": (lambda: Ileti(NAN), ValueError, "sure sonlu bir sayı olmalı", "nan"),
    "Ileti-zehirli": (lambda: Ileti(5, zehirli=1), TypeError, "zehirli bir bool olmalı", "1 (int)"),
    "Ileti-coken": (lambda: Ileti(5, coken="evet"), TypeError, "coken bir bool olmalı", "'evet'"),
    "IsYuku-ileti-float": (lambda: IsYuku(ileti=2.5), TypeError, "ileti bir tam sayı olmalı",
                           "2.5"),
    "IsYuku-ileti-too-many": (lambda: IsYuku(ileti=EN_COK_ILETI + 1), ValueError,
                              f"ileti en çok {EN_COK_ILETI} olabilir", str(EN_COK_ILETI + 1)),
    "IsYuku-tohum-text": (lambda: IsYuku(tohum="7"), TypeError, "tohum bir tam sayı olmalı",
                          "'7'"),
    "IsYuku-tohum-bool": (lambda: IsYuku(tohum=True), TypeError, "tohum bir tam sayı olmalı",
                          "True"),
    "IsYuku-tohum-too-large": (lambda: IsYuku(tohum=2**53), ValueError,
                               "tohum en çok 9007199254740991 olabilir", str(2**53)),
    "Kurallar": (lambda: Kurallar(tavan_herkese="evet"), TypeError,
                 "tavan_herkese bir bool olmalı", "'evet'"),
    "Abonelik-kumeler-text": (lambda: Abonelik("uyari", "gecikmis"), TypeError,
                              "kumeler küme adlarından oluşmalı", "'gecikmis'"),
    "Abonelik-kumeler-unknown": (lambda: Abonelik("uyari", frozenset({"gecikmiş"})), ValueError,
                                 "kumeler yalnız bilinen küme adlarını tutmalı (olagan, toplu, "
                                 "gecikmis)", "'gecikmiş'"),
    "Abonelik-suzgec": (lambda: Abonelik("uyari", suzgec="tüketici"), ValueError,
                        "suzgec şunlardan biri olmalı: 'abonelik', 'tuketici'", "'tüketici'"),
    "Abonelik-ad": (lambda: Abonelik(5), TypeError, "ad bir str olmalı", "5 (int)"),
    "fanout-ileti-float": (lambda: fanout.fanout(2.5), TypeError, "ileti bir tam sayı olmalı",
                           "2.5"),
    "fanout-ileti-text": (lambda: fanout.fanout("10"), TypeError, "ileti bir tam sayı olmalı",
                          "'10'"),
    "fanout-tuketici-float": (lambda: fanout.fanout(10, [2.5]), TypeError,
                              "her tüketici sayısı bir tam sayı olmalı", "2.5"),
}


@pytest.mark.parametrize("call,error,sentence,value", REFUSALS.values(), ids=REFUSALS)
def test_a_constructor_refuses_what_it_cannot_mean_naming_the_parameter(
        call, error, sentence, value):
    with pytest.raises(error) as refused:
        call()
    message = str(refused.value)
    assert message.startswith(sentence) and f"; verilen: {value}" in message, message
    assert "\n" not in message


@pytest.mark.parametrize("make", [
    lambda: Ileti(0),  # an instant job
    lambda: Ileti(2.5, zehirli=True, coken=True),
    lambda: Saat(2.5),
    lambda: IsYuku(tohum=0, ileti=EN_COK_ILETI),  # durations are drawn only when asked
    lambda: Kuyruk(Saat(), 0.5, saklama=2**53),
    lambda: Abonelik("uyari", ["gecikmis", "toplu"], "tuketici"),
    lambda: fanout.fanout(2**53, [1]),
])
def test_values_that_mean_something_are_still_accepted(make):
    make()


def test_a_subscriptions_set_of_names_is_kept_as_a_frozenset():
    abonelik = Abonelik("uyari", {"gecikmis"})
    assert abonelik.kumeler == frozenset({"gecikmis"}) and hash(abonelik)
    assert abonelik.ilgilenir(Ileti(40)) and not abonelik.ilgilenir(Ileti(3))
