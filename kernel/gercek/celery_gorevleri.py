"""Celery'nin görevleri: defter de işçi de aynı `kur` ile kurar; görevlerin adları açıkça verilir.

Ayarlar, dersin ölçtüğü davranışlardır: `acks_late` (görev bitince onaylamak), Redis'teki
görünürlük süresi (`visibility_timeout`) ve işçinin süresi geçmiş onaysız iletileri ne sıklıkla
geri koyduğu. Görevler `shared=False` ile yalnız kendi uygulamalarına kaydolur: Celery'nin
varsayılanı, sonra kurulan her uygulamaya da kaydetmektir.
"""

from celery import Celery, Task

from kernel.gercek.isaret import gorev_isaretleri

DENEME_ARALIGI = 1  # saniye: `default_retry_delay`
YENIDEN_DENEME = 2  # `max_retries`: ilk denemeden sonra kaç kez daha
GERI_KOYMA_ARALIGI = 1  # saniye: `unacked_restore_interval` (kombu'nun varsayılanı 10)
TARAMA_SEYREKLIGI = 1  # `unacked_restore_throttle`: kaçıncı aramada Redis taransın (varsayılanı 10)


class GeciciHata(RuntimeError):
    """Her denemede fırlatılan hata: yeniden denemeleri tüketmek için."""


def kur(adres: str, kanal: str, *, acks_late: bool = False, reddet: bool = False,
        gorunurluk: float = 3600, hemen: bool = False) -> Celery:
    """Redis'teki kuyruğa bağlı bir Celery; `hemen` eager kipidir (`task_always_eager`),
    `reddet` görevi koşturan çocuk süreç ölünce iletiyi geri koydurur
    (`task_reject_on_worker_lost`)."""
    app = Celery("kurs", broker=adres, set_as_current=False)
    app.conf.update(
        task_acks_late=acks_late, task_reject_on_worker_lost=reddet,
        task_always_eager=hemen, worker_prefetch_multiplier=1,
        worker_hijack_root_logger=False, broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": gorunurluk,
                                  "unacked_restore_interval": GERI_KOYMA_ARALIGI,
                                  "unacked_restore_throttle": TARAMA_SEYREKLIGI})
    isaret, kapida = gorev_isaretleri(kanal, "celery")

    @app.task(name="kurs.rapor", shared=False)
    def rapor(ad: str) -> str:
        isaret("basladi", ad)
        isaret("bitti", ad)
        return ad

    @app.task(name="kurs.kirilgan", shared=False, autoretry_for=(GeciciHata,),
              max_retries=YENIDEN_DENEME, default_retry_delay=DENEME_ARALIGI,
              retry_backoff=False, retry_jitter=False)
    def kirilgan(ad: str) -> None:
        isaret("basladi", ad)
        raise GeciciHata("geçici hata")

    @app.task(name="kurs.uzun", bind=True, shared=False)
    def uzun(self: Task, ad: str) -> None:
        kapida("basladi", ad, isci=self.request.hostname)
        isaret("bitti", ad, isci=self.request.hostname)

    return app
