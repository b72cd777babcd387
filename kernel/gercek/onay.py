"""Onayın anı: bir kuyruk iletiyi ne zaman siler, işçi görevin ortasında ölünce görev ne olur.

Gerçek kütüphanelerin belgelediği kural, küçük bir model olarak: ileti, onaylandığı (Huey'de:
kuyruktan alındığı) anda kuyruktan gider. Onay görevden önceyse ölen işçinin görevi kaybolur (en
çok bir kez: at-most-once); sonraysa ileti kuyrukta kalır ve görünürlük süresi dolunca yeniden
verilir (en az bir kez: at-least-once). Ders bu modelin söylediğini gerçek süreçlerle ölçer.
"""

from dataclasses import dataclass
from typing import Final, Literal

Onay = Literal["alirken", "baslarken", "bitince"]
Akibet = Literal["kaybolur", "yeniden koşar"]
AKIBETLER: Final = ("kaybolur", "yeniden koşar")


@dataclass(frozen=True)
class Ayar:
    """Bir işçinin ayarı: kütüphane, `acks_late` ve Celery'nin havuzu."""

    kutuphane: Literal["huey", "celery"]
    acks_late: bool = False
    havuz: Literal["prefork", "solo"] = "prefork"

    @property
    def ad(self) -> str:
        if self.kutuphane == "huey":
            return "Huey"
        return " ".join(["Celery", *(["acks_late"] if self.acks_late else []),
                         *(["solo"] if self.havuz == "solo" else [])])


def onay_ani(ayar: Ayar) -> Onay:
    """İletinin kuyruktan gittiği an.

    Huey görevi kuyruktan alırken siler. Celery varsayılan olarak görev başlarken onaylar,
    `acks_late` ile bitince. `solo` havuzda görev, onayı gönderecek olay döngüsünün kendi
    sürecinde koşar: erken onay da görev bitene dek gönderilemez.
    """
    if ayar.kutuphane == "huey":
        return "alirken"
    if ayar.acks_late or ayar.havuz == "solo":
        return "bitince"
    return "baslarken"


def akibet(ayar: Ayar) -> Akibet:
    """İşçi görevin ortasında öldürülürse görevin akıbeti."""
    return "yeniden koşar" if onay_ani(ayar) == "bitince" else "kaybolur"
