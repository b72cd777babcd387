"""Huey'nin görevleri: defter de tüketici de aynı `kur` ile kurar, görev adları bu yüzden eşleşir.

Her görev işaret kanalına ne zaman, hangi süreçte başladığını ve bittiğini yazar. Beklemesi
gereken görev (`uzun`, `kilitli`) kapısında defterin açmasını bekler; hiçbiri uyumaz.
"""

from dataclasses import dataclass

from huey import SqliteHuey
from huey.api import TaskWrapper

from kernel.gercek.isaret import gorev_isaretleri

DENEME_ARALIGI = 1  # saniye: `retry_delay`
YENIDEN_DENEME = 2  # `retries`: ilk denemeden sonra kaç kez daha
KILIT = "rapor-kilidi"


class GeciciHata(RuntimeError):
    """Her denemede fırlatılan hata: yeniden denemeleri tüketmek için."""


@dataclass(frozen=True)
class Gorevler:
    """Bir Huey ve ona kayıtlı görevler."""

    huey: SqliteHuey
    rapor: TaskWrapper
    kirilgan: TaskWrapper
    uzun: TaskWrapper
    kilitli: TaskWrapper


def kur(veritabani: str, kanal: str, *, hemen: bool = False) -> Gorevler:
    """SQLite dosyasında kuyruğu tutan Huey ve görevleri; `hemen` Huey'nin immediate kipidir."""
    huey = SqliteHuey("kurs", filename=veritabani, immediate=hemen)
    isaret, kapida = gorev_isaretleri(kanal, "huey")

    @huey.task()
    def rapor(ad: str) -> str:
        isaret("basladi", ad)
        isaret("bitti", ad)
        return ad

    @huey.task(retries=YENIDEN_DENEME, retry_delay=DENEME_ARALIGI)
    def kirilgan(ad: str) -> None:
        isaret("basladi", ad)
        raise GeciciHata("geçici hata")

    @huey.task()
    def uzun(ad: str) -> None:
        kapida("basladi", ad)
        isaret("bitti", ad)

    @huey.task()
    @huey.lock_task(KILIT)
    def kilitli(ad: str) -> None:
        kapida("basladi", ad)
        isaret("bitti", ad)

    return Gorevler(huey, rapor, kirilgan, uzun, kilitli)
