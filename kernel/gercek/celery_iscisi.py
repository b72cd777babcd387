"""`python -m kernel.gercek.celery_iscisi ADRES KANAL AD [--acks-late] [--reddet]
[--gorunurluk S] [--havuz prefork|solo]`.

Dersin Celery işçisi: bir seferde bir görev koşturur, bir ileti alır. Varsayılan havuz Celery'ninki
(`prefork`: görev bir çocuk süreçte koşar, ana süreç bu sırada iletileri onaylar); `solo`da görev
ana süreçte koşar. İşçinin bildirdiklerini (hazır oldu, bir görev yeniden denenecek ya da başarısız
oldu, adı bilinmeyen bir görev geldi) kanala yazar.
"""

import argparse

from celery import signals

from kernel.gercek import celery_gorevleri
from kernel.gercek.isaret import isaret_birak


def main(argv: list[str] | None = None) -> None:
    ayrac = argparse.ArgumentParser(prog="celery_iscisi")
    ayrac.add_argument("adres")
    ayrac.add_argument("kanal")
    ayrac.add_argument("ad")
    ayrac.add_argument("--acks-late", action="store_true")
    ayrac.add_argument("--reddet", action="store_true")  # task_reject_on_worker_lost
    ayrac.add_argument("--gorunurluk", type=float, default=3600)
    ayrac.add_argument("--havuz", choices=("prefork", "solo"), default="prefork")
    secenek = ayrac.parse_args(argv)
    kanal, ad = secenek.kanal, secenek.ad
    app = celery_gorevleri.kur(secenek.adres, kanal, acks_late=secenek.acks_late,
                               reddet=secenek.reddet, gorunurluk=secenek.gorunurluk)

    def hazir(**_: object) -> None:
        isaret_birak(kanal, "hazir", kutuphane="celery", isci=ad)

    def yeniden(request: object = None, **_: object) -> None:
        isaret_birak(kanal, "celery", sinyal="retry", isci=ad)

    def basarisiz(sender: object = None, **_: object) -> None:
        isaret_birak(kanal, "celery", sinyal="failure", isci=ad,
                     gorev=getattr(sender, "name", ""))

    def bilinmeyen(name: str = "", **_: object) -> None:
        isaret_birak(kanal, "celery", sinyal="unknown", isci=ad, gorev=name)

    for sinyal, alici in ((signals.worker_ready, hazir), (signals.task_retry, yeniden),
                          (signals.task_failure, basarisiz), (signals.task_unknown, bilinmeyen)):
        sinyal.connect(alici, weak=False)
    app.worker_main(["worker", f"--pool={secenek.havuz}", "--concurrency=1", "--loglevel=WARNING",
                     f"--hostname={ad}@kurs", "--without-heartbeat", "--without-gossip",
                     "--without-mingle"])


if __name__ == "__main__":
    main()
