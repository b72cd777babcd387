"""Derslerin kaşifleri: öğrenci denetimlerle oynar, çekirdek her değişiklikte yeniden ölçer.

Her dersin kaşifi kendi modülündedir (`kasif.ders00` ... `kasif.ders06`). Kaşif hiçbir kuralı
kendisi hesaplamaz; çekirdeği çağırır ve sonucunu tabloya döker. Ölçüm, öğrencinin `Gunluk`'üne
dokunmamak için ayrı bir istekte yapılır.
"""

from kasif.ders00 import siniflar_kasifi
from kasif.ders01 import deneme_kasifi
from kasif.ders02 import dinleyici_kasifi
from kasif.ders03 import ara_katman_kasifi
from kasif.ders04 import gorunurluk_kasifi
from kasif.ders05 import yurutucu_kasifi
from kasif.ders06 import gercek_kasifi

__all__ = ["ara_katman_kasifi", "deneme_kasifi", "dinleyici_kasifi", "gercek_kasifi",
           "gorunurluk_kasifi", "siniflar_kasifi", "yurutucu_kasifi"]
