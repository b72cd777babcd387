"""`python -m kernel.gercek.huey_tuketicisi VERITABANI KANAL ISCI`: dersin Huey tüketicisi.

`huey_consumer` komutunun yaptığını yapar, üstüne tüketicinin kendi bildirdiklerini (Huey'nin
sinyalleri, uyarı ve hata kayıtları) işaret kanalına yazar: defter, tüketicinin kaydını
görevlerin işaretleriyle aynı sırada okur.
"""

import logging
import sys

from huey import signals

from kernel.gercek import huey_gorevleri
from kernel.gercek.isaret import isaret_birak

BILDIRILEN = (signals.SIGNAL_COMPLETE, signals.SIGNAL_ERROR, signals.SIGNAL_RETRYING,
              signals.SIGNAL_LOCKED)


class KanalaYazan(logging.Handler):
    """Tüketicinin uyarı ve hata kayıtlarını, ilk satırlarıyla, kanala yazar."""

    def __init__(self, kanal: str) -> None:
        super().__init__(logging.WARNING)
        self.kanal = kanal

    def emit(self, kayit: logging.LogRecord) -> None:
        hata = kayit.exc_info[1] if kayit.exc_info else None
        isaret_birak(self.kanal, "kayit", kutuphane="huey", duzey=kayit.levelname,
                     ileti=kayit.getMessage().splitlines()[0],
                     hata=f"{type(hata).__name__}: {hata}" if hata else "")


def main(veritabani: str, kanal: str, isci: str) -> None:
    huey = huey_gorevleri.kur(veritabani, kanal).huey

    @huey.signal(*BILDIRILEN)
    def bildir(sinyal: str, gorev: object, *hata: object) -> None:
        isaret_birak(kanal, "huey", sinyal=sinyal, gorev=type(gorev).__name__,
                     kalan=getattr(gorev, "retries", 0))

    logging.getLogger("huey").addHandler(KanalaYazan(kanal))
    tuketici = huey.create_consumer(workers=int(isci), periodic=False, initial_delay=0.05,
                                    backoff=1, max_delay=0.05, check_worker_health=False)
    isaret_birak(kanal, "hazir", kutuphane="huey")
    tuketici.run()


if __name__ == "__main__":
    main(*sys.argv[1:])
