"""Defterin tarafında Celery: Redis'teki kuyruk, onu işleyen gerçek işçi süreçleri, işaretler.

`CeleryDeneyi` bir `with` bloğudur: kanalını ve başlattığı her işçiyi blok bitince (hata fırlasa
da) kapatır. Her deney Redis'in kendi veritabanını kullanır: deneyler birbirinin kuyruğunu görmez.
"""

import sys
import time
from collections.abc import Callable

import redis
from celery import Celery

from kernel.gercek import celery_gorevleri
from kernel.gercek.isaret import IsaretKanali
from kernel.gercek.surec import BEKLEME_SURESI, BeklemeAsildi, Surec

KUYRUK = "celery"  # Celery'nin varsayılan kuyruğu: Redis'te bir liste
ONAYSIZ = "unacked"  # kombu'nun alınmış ama onaylanmamış iletileri tuttuğu sözlük


class CeleryDeneyi:
    """Bir deney: `app` defterin Celery'si (görevleri gönderir), `kanal` görevlerin işaretleri."""

    def __init__(self, adres: str, *, acks_late: bool = False, reddet: bool = False,
                 gorunurluk: float = 3600, havuz: str = "prefork", hemen: bool = False) -> None:
        self.adres, self.acks_late, self.gorunurluk = adres, acks_late, gorunurluk
        self.reddet, self.havuz = reddet, havuz
        self.kanal = IsaretKanali()
        self.app: Celery = celery_gorevleri.kur(adres, self.kanal.yol, acks_late=acks_late,
                                                reddet=reddet, gorunurluk=gorunurluk,
                                                hemen=hemen)
        self.redis = redis.Redis.from_url(adres)
        self.redis.flushdb()
        self.redis.config_set("notify-keyspace-events", "Kghl")  # anahtar değişince haber ver
        self.isciler: dict[str, Surec] = {}

    def isci(self, ad: str) -> Surec:
        """`ad` adlı bir işçi süreci başlatır ve hazır olmasını bekler."""
        komut = [sys.executable, "-m", "kernel.gercek.celery_iscisi", self.adres,
                 self.kanal.yol, ad, "--gorunurluk", str(self.gorunurluk),
                 "--havuz", self.havuz]
        komut += [secenek for secenek, acik in (("--acks-late", self.acks_late),
                                                 ("--reddet", self.reddet)) if acik]
        self.isciler[ad] = surec = Surec(komut, ad=f"celery işçisi {ad}", durdurma_suresi=2)
        self.kanal.bekle("hazir", ne=f"{ad} işçisinin hazır işareti", kutuphane="celery",
                         isci=ad)
        return surec

    def kuyrukta(self) -> int:
        """Kuyrukta bir işçinin alabileceği ileti sayısı."""
        return int(self.redis.llen(KUYRUK))

    def onaysiz(self) -> int:
        """Bir işçinin aldığı ama henüz onaylamadığı ileti sayısı."""
        return int(self.redis.hlen(ONAYSIZ))

    def bekle(self, kosul: Callable[[], bool], ne: str, sure: float = BEKLEME_SURESI) -> None:
        """`kosul` doğru olana dek bekler: Redis'te bir anahtar her değiştiğinde yeniden bakar."""
        veritabani = self.redis.connection_pool.connection_kwargs.get("db", 0)
        bitis = time.monotonic() + sure
        with self.redis.pubsub() as abonelik:
            abonelik.psubscribe(f"__keyspace@{veritabani}__:*")
            while not kosul():
                kalan = bitis - time.monotonic()
                if kalan <= 0:
                    raise BeklemeAsildi(f"Redis: {ne} {sure:g} saniye içinde olmadı")
                abonelik.get_message(timeout=kalan)

    def onaylandi(self) -> None:
        """Alınan her ileti onaylanana dek bekler."""
        self.bekle(lambda: self.onaysiz() == 0, "onaysız iletilerin onaylanması")

    def kapat(self) -> None:
        for surec in self.isciler.values():
            surec.durdur()
        self.app.close()
        self.redis.close()
        self.kanal.kapat()

    def __enter__(self) -> "CeleryDeneyi":
        return self

    def __exit__(self, *hata: object) -> None:
        self.kapat()
