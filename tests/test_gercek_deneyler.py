"""Lesson 06's experiments run the real libraries in real processes, and leave none behind.

nbval runs every experiment once, through the lesson, and its claim cells hold the figures. Here:
the queues really are Huey's SQLite file and Celery's Redis list (a model standing in for a
library would leave them empty); the ack model's answer for the two Celery settings the lesson
does not measure is measured; no process outlives an experiment, a raising block or a killed
Jupyter kernel."""

import json
import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from jupyter_client.manager import start_new_kernel

from kernel.gercek.celery_deneyi import KUYRUK, CeleryDeneyi
from kernel.gercek.deneyler import celery_cocuk_oldurme, celery_oldurme
from kernel.gercek.huey_deneyi import HueyDeneyi
from kernel.gercek.isaret import IsaretKanali, KapidaKimseYok, Olay, isaret_birak
from kernel.gercek.onay import Ayar, akibet
from kernel.gercek.redis_sunucusu import RedisSunucusu
from processes import alive, descendants, gone, require_redis_server

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_process_left() -> Iterator[None]:
    """Every test of this module ends with no descendant of pytest's process alive."""
    before = set(descendants())
    yield
    left = [pid for pid in descendants() if pid not in before and not gone(pid)]
    assert left == [], f"processes outlived the test: {left}"


@pytest.fixture(scope="module")
def redis_adresi() -> Iterator[str]:
    require_redis_server()
    with RedisSunucusu() as sunucu:
        yield sunucu.adres()


def test_a_mark_reads_back_as_written_with_spaces_and_equals_signs() -> None:
    olay = Olay("basladi", {"ad": "iki sözcük", "hata": "a=b 'c'"})
    assert Olay.oku(olay.satir()) == olay


def test_waiting_at_no_gate_is_an_error_not_a_hang() -> None:
    with IsaretKanali() as kanal:
        with pytest.raises(KapidaKimseYok, match="kapıda bekleyen görev yok"):
            kanal.kapiyi_ac(Olay("basladi", {"kapi": os.path.join(kanal.klasor, "yok")}))


def test_asking_whether_a_mark_came_neither_waits_nor_takes_it() -> None:
    with IsaretKanali() as kanal:
        assert not kanal.geldi_mi("bitti", ad="x")
        isaret_birak(kanal.yol, "bitti", ad="x")
        assert kanal.geldi_mi("bitti", ad="x") and kanal.geldi_mi("bitti", ad="x")
        assert kanal.bekle("bitti", sure=1, ad="x").alanlar == {"ad": "x"}


def test_hueys_queue_is_its_sqlite_file() -> None:
    with HueyDeneyi() as deney:
        deney.gorevler.rapor("bekleyen")
        with sqlite3.connect(deney.veritabani) as baglanti:
            (satir,) = baglanti.execute("select count(*) from task").fetchone()
        assert satir == deney.bekleyen() == 1
        tuketici = deney.tuketici()
        basladi = deney.kanal.bekle("basladi", ad="bekleyen")
        assert basladi.alanlar["pid"] == str(tuketici.pid) != str(os.getpid())
        deney.kanal.bekle("bitti", ad="bekleyen")
        assert deney.bekleyen() == 0


def test_celerys_queue_is_a_redis_list(redis_adresi: str) -> None:
    with CeleryDeneyi(redis_adresi) as deney:
        deney.app.tasks["kurs.rapor"].delay("bekleyen")
        ham = redis.Redis.from_url(redis_adresi)
        (ileti,) = ham.lrange(KUYRUK, 0, -1)
        assert json.loads(ileti)["headers"]["task"] == "kurs.rapor"
        deney.isci("A")
        basladi = deney.kanal.bekle("basladi", ad="bekleyen")
        assert basladi.alanlar["pid"] != str(os.getpid())
        deney.onaylandi()
        assert ham.llen(KUYRUK) == 0
        ham.close()


@pytest.mark.parametrize("ayar", [Ayar("celery", havuz="solo"),
                                  Ayar("celery", acks_late=True, havuz="solo")],
                         ids=lambda ayar: ayar.ad)
def test_the_ack_model_holds_for_the_settings_the_lesson_does_not_measure(
        redis_adresi: str, ayar: Ayar) -> None:
    sonuc = celery_oldurme(redis_adresi, ayar)
    measured = "yeniden koşar" if sonuc.baslama > 1 else "kaybolur"
    assert measured == akibet(ayar) == "yeniden koşar"
    assert (sonuc.baslama, sonuc.bitis, sonuc.olumden_sonra) == (2, 1, (0, 1))


@pytest.mark.parametrize(("reddet", "sayilar"), [(False, (1, 0, (0, 0))), (True, (2, 1, (0, 0)))])
def test_with_acks_late_a_killed_child_loses_its_task_unless_rejected_on_worker_lost(
        redis_adresi: str, reddet: bool, sayilar: tuple) -> None:
    """Only the process running the task dies: acks_late alone does not bring it back."""
    sonuc = celery_cocuk_oldurme(redis_adresi, reddet)
    assert (sonuc.baslama, sonuc.bitis, sonuc.sonunda) == sayilar


def test_a_raising_block_stops_its_consumer() -> None:
    with pytest.raises(RuntimeError, match="hücre hata verdi"):
        with HueyDeneyi() as deney:
            tuketici = deney.tuketici()
            raise RuntimeError("hücre hata verdi")
    assert not alive(tuketici.pid)


# A kernel's cell that starts what lesson 06 starts, and prints the pids of every process.
STARTS_EVERYTHING = """
from kernel.gercek.celery_deneyi import CeleryDeneyi
from kernel.gercek.huey_deneyi import HueyDeneyi
from kernel.gercek.redis_sunucusu import RedisSunucusu
sunucu = RedisSunucusu()
celery = CeleryDeneyi(sunucu.adres())
isci = celery.isci("A")
huey = HueyDeneyi()
tuketici = huey.tuketici()
print("pids", sunucu.surec.pid, isci.pid, tuketici.pid)
"""


def test_no_process_outlives_a_kernel_killed_mid_lesson() -> None:
    require_redis_server()
    manager, client = start_new_kernel(cwd=str(ROOT))
    try:
        printed: list[str] = []
        reply = client.execute_interactive(STARTS_EVERYTHING, timeout=60, output_hook=lambda m: (
            printed.append(m["content"]["text"]) if m["msg_type"] == "stream" else None))
        assert reply["content"]["status"] == "ok", printed
        pids = [int(pid) for pid in "".join(printed).split("pids", 1)[1].split()]
        started = pids + [child for pid in pids for child in descendants(pid)]
        assert len(started) >= 4 and all(alive(pid) for pid in started)
        assert manager.provisioner is not None and manager.provisioner.pid is not None
        os.kill(manager.provisioner.pid, signal.SIGKILL)
        survivors = [pid for pid in started if not gone(pid)]
        assert survivors == [], f"outlived the killed kernel: {survivors}"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)

