"""kernel.gercek's supervisor: every process it starts is gone after its block, after an
exception and after its parent is killed with SIGKILL; waiting for a line is bounded."""

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from kernel.gercek.redis_sunucusu import KURULUM, RedisSunucusu, RedisYok
from kernel.gercek.isaret import IsaretKanali, isaret_birak
from kernel.gercek.surec import BeklemeAsildi, CiktiKapandi, SatirOkuyucu, Surec
from processes import alive, gone, group, require_redis_server

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


# A child that starts a grandchild in its group, prints its pid, then waits to be stopped.
PARENT_OF_SLEEPER = ("import subprocess; p = subprocess.Popen(['sleep', '60']); "
                     "print('torun', p.pid, flush=True); p.wait()")
# A child that prints a line and waits for a signal (its stdin is /dev/null).
PAUSED = "import signal; print('{}', flush=True); signal.pause()"


def test_the_group_is_gone_after_the_block() -> None:
    with Surec([sys.executable, "-c", PARENT_OF_SLEEPER], ad="deneme") as surec:
        grandchild = int(surec.bekle("torun").split()[1])
        assert alive(surec.pid) and alive(grandchild)
        assert set(group(surec.pid)) == {surec.pid, grandchild}
    assert not alive(surec.pid) and gone(grandchild)
    assert group(surec.pid) == []


def test_the_group_is_gone_after_the_block_raises() -> None:
    with pytest.raises(RuntimeError, match="hücre"):
        with Surec([sys.executable, "-c", PARENT_OF_SLEEPER]) as surec:
            grandchild = int(surec.bekle("torun").split()[1])
            raise RuntimeError("hücre hata verdi")
    assert not alive(surec.pid) and gone(grandchild)


def test_a_process_deaf_to_sigterm_is_killed() -> None:
    program = ("import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
               "print('hazir', flush=True); signal.pause()")
    with Surec([sys.executable, "-c", program], durdurma_suresi=0.2) as surec:
        surec.bekle("hazir")
    assert surec.popen.returncode == -signal.SIGKILL


# A child that starts a grandchild deaf to SIGTERM, prints its pid, and itself dies of SIGTERM.
PARENT_OF_A_DEAF_CHILD = (
    "import signal, subprocess, sys; p = subprocess.Popen([sys.executable, '-c', "
    "'import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
    "print(\"sagir\", flush=True); signal.pause()'], stdout=subprocess.PIPE); "
    "p.stdout.readline(); print('torun', p.pid, flush=True); signal.pause()")


def test_a_grandchild_deaf_to_sigterm_is_gone_though_its_parent_left_at_once() -> None:
    """The group's leader ends at the SIGTERM; what of its group ignored it is killed after."""
    with Surec([sys.executable, "-c", PARENT_OF_A_DEAF_CHILD]) as surec:
        grandchild = int(surec.bekle("torun").split()[1])
    assert surec.popen.returncode == -signal.SIGTERM and gone(grandchild)


def test_redis_server_is_gone_after_the_block() -> None:
    require_redis_server()
    import redis

    with RedisSunucusu() as sunucu:
        pid, folder = sunucu.surec.pid, sunucu._klasor.name
        client = redis.Redis.from_url(sunucu.adres())
        assert client.ping()
        assert client.config_get("save") == {"save": ""}
        assert client.config_get("appendonly") == {"appendonly": "no"}
        client.close()
    assert not alive(pid)
    assert not Path(folder).exists()


# A parent that starts redis-server (or a plain child), prints its pid and waits to be killed.
KILLED_PARENT = """
import signal
import sys
from kernel.gercek.redis_sunucusu import RedisSunucusu
from kernel.gercek.surec import Surec
if sys.argv[1] == "redis":
    surec = RedisSunucusu().surec
else:
    surec = Surec([sys.executable, "-c", "import signal; print('hazir', flush=True); "
                   "signal.pause()"])
    surec.bekle("hazir")
print("pid", surec.pid, flush=True)
signal.pause()
"""


@pytest.mark.parametrize("child", ["redis", "python"])
def test_a_child_dies_with_its_killed_parent(child: str) -> None:
    if child == "redis":
        require_redis_server()
    with Surec([sys.executable, "-c", KILLED_PARENT, child], ad="ebeveyn",
               klasor=str(ROOT)) as parent:
        pid = int(parent.bekle("pid ", ne="çocuğun pid satırı").split()[1])
        assert alive(pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.popen.wait()
        assert gone(pid), f"{child} (pid {pid}) outlived its parent killed with SIGKILL"


def test_waiting_for_a_line_that_never_comes_names_it() -> None:
    with Surec([sys.executable, "-c", PAUSED.format("başka")],
               ad="sessiz") as surec:
        started = time.monotonic()
        with pytest.raises(BeklemeAsildi) as hata:
            surec.bekle("hazir", sure=0.3, ne="hazır satırı")
        assert time.monotonic() - started < 2
    assert str(hata.value).startswith("sessiz: hazır satırı 0.3 saniye içinde gelmedi")
    assert "başka" in str(hata.value)


def test_a_process_that_exits_before_the_line_says_so() -> None:
    with Surec([sys.executable, "-c", "print('kapanıyorum')"], ad="kisa") as surec:
        with pytest.raises(CiktiKapandi, match="kisa: çıktısını hazır satırı gelmeden"):
            surec.bekle("hazir", ne="hazır satırı")


def test_marks_arrive_through_the_channel_in_any_order() -> None:
    with IsaretKanali() as kanal:
        task = ("import sys; from kernel.gercek.isaret import isaret_birak; "
                "isaret_birak(sys.argv[1], 'basladi', gorev=2); "
                "isaret_birak(sys.argv[1], 'basladi', gorev=1)")
        with Surec([sys.executable, "-c", task, kanal.yol], klasor=str(ROOT)):
            assert kanal.bekle("basladi", ne="1. görevin işareti", gorev=1).alanlar == \
                {"gorev": "1"}
            assert kanal.bekle("basladi").alanlar == {"gorev": "2"}
        isaret_birak(kanal.yol, "yerel", yol="iki sözcük")
        assert kanal.bekle("yerel").alanlar == {"yol": "iki sözcük"}
        with pytest.raises(BeklemeAsildi, match="işaret kanalı: 3. görevin işareti 0.2 saniye"):
            kanal.bekle("basladi", sure=0.2, ne="3. görevin işareti", gorev=3)
        assert [olay.alanlar.get("gorev") for olay in kanal.olaylar] == ["2", "1", None]
        path = kanal.yol
    assert not Path(path).exists()


def test_a_reader_keeps_partial_lines_until_they_end() -> None:
    okuma, yazma = os.pipe()
    try:
        okuyucu = SatirOkuyucu(okuma, "boru")
        os.write(yazma, b"yar")
        with pytest.raises(BeklemeAsildi):
            okuyucu.bekle("yarim", sure=0.05)
        os.write(yazma, b"im satir\r\n")
        assert okuyucu.bekle("yarim", sure=1) == "yarim satir"
    finally:
        os.close(okuma)
        os.close(yazma)


def test_a_line_waited_for_is_taken_a_second_wait_finds_the_next() -> None:
    okuma, yazma = os.pipe()
    try:
        okuyucu = SatirOkuyucu(okuma, "boru")
        os.write(yazma, b"hazir 1\nhazir 2\n")
        assert okuyucu.bekle("hazir", sure=1) == "hazir 1"
        assert okuyucu.bekle("hazir", sure=1) == "hazir 2"
    finally:
        os.close(okuma)
        os.close(yazma)


def test_without_redis_one_turkish_sentence_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RedisYok) as hata:
        RedisSunucusu()
    message = str(hata.value)
    assert message == KURULUM
    assert "sudo apt-get install redis-server" in message
    assert message.endswith(".") and message.count(". ") == 0 and "\n" not in message
