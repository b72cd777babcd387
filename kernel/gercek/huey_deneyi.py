"""Defterin tarafında Huey: bir SQLite kuyruğu, onu işleyen gerçek tüketici süreçleri, işaretler.

`HueyDeneyi` bir `with` bloğudur: geçici klasörünü, kanalını ve başlattığı her tüketiciyi blok
bitince (hata fırlasa da) kapatır.
"""

import os
import sys

from huey import SqliteHuey

from kernel.gercek import huey_gorevleri
from kernel.gercek.isaret import IsaretKanali
from kernel.gercek.surec import Surec


class HueyDeneyi:
    """Bir deney: `huey` defterin Huey'si (görevleri kuyruğa koyar; `hemen` ise immediate kipinde
    koşturur), `kanal` görevlerin işaretleri."""

    def __init__(self, *, hemen: bool = False) -> None:
        self.kanal = IsaretKanali()
        self.veritabani = os.path.join(self.kanal.klasor, "huey.db")
        self.gorevler = huey_gorevleri.kur(self.veritabani, self.kanal.yol, hemen=hemen)
        self.huey: SqliteHuey = self.gorevler.huey
        self.tuketiciler: list[Surec] = []

    def tuketici(self, isci: int = 1) -> Surec:
        """`isci` iş parçacıklı bir tüketici süreci başlatır ve hazır olmasını bekler."""
        surec = Surec([sys.executable, "-m", "kernel.gercek.huey_tuketicisi", self.veritabani,
                       self.kanal.yol, str(isci)],
                      ad=f"huey tüketicisi {len(self.tuketiciler) + 1}")
        self.tuketiciler.append(surec)
        self.kanal.bekle("hazir", ne="Huey tüketicisinin hazır işareti", kutuphane="huey")
        return surec

    def bekleyen(self) -> int:
        """Kuyrukta, bir tüketicinin alabileceği görev sayısı."""
        return int(self.huey.pending_count())

    def kapat(self) -> None:
        for surec in self.tuketiciler:
            surec.durdur()
        self.huey.storage.close()
        self.kanal.kapat()

    def __enter__(self) -> "HueyDeneyi":
        return self

    def __exit__(self, *hata: object) -> None:
        self.kapat()
