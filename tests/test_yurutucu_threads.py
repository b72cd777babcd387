"""Who waits and who must not: a waker called from another thread wakes a sleeping executor.

Each executor runs in a daemon thread joined with a timeout, so a lost wake, or a wait where
none belongs, fails the test instead of hanging the run.
"""

import queue
import threading
from collections.abc import Callable
from typing import Any

from kernel.yurutucu.cok_gorev import Biten, kostur_kuyruk
from kernel.yurutucu.gorevler import HemenHazir
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Uyandirma, Yanit
from kernel.yurutucu.tek_gorev import BosUyandirici, kostur, kostur_dongu

HANG = 10.0  # seconds: only reached when a wake is lost
ASLEEP = 0.2  # seconds the executor must stay asleep, without re-polling, before the wake


class Remote(Gelecek[str]):
    """Hands its waker to another thread; ready only once that thread has opened it."""

    def __init__(self) -> None:
        self.wakers: queue.Queue[Uyandirma] = queue.Queue()
        self.opened = threading.Event()
        self.polls = 0

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        self.polls += 1
        if self.opened.is_set():
            return Hazir("uzak")
        if self.polls == 1:
            self.wakers.put(baglam.uyandirici)
        return Bekliyor()  # a busy executor would keep landing here


class RemoteStop(Durakla):
    """A coroutine's stop whose waker is called from another thread."""

    def __init__(self, wakers: queue.Queue[Uyandirma]) -> None:
        self.wakers = wakers

    def kur(self, baglam: Baglam) -> None:
        self.wakers.put(baglam.uyandirici)


def in_thread(run: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(run()), daemon=True)
    thread.start()
    return thread, result


def finishes(thread: threading.Thread) -> bool:
    thread.join(HANG)
    return not thread.is_alive()


def wake_from_here(thread: threading.Thread, waker: Uyandirma) -> None:
    waker.uyandir()
    assert finishes(thread), "the executor was woken from another thread but never woke up"


def test_kostur_sleeps_until_another_thread_calls_the_waker_then_wakes():
    gorev = Remote()
    thread, result = in_thread(lambda: kostur(gorev))
    waker = gorev.wakers.get(timeout=HANG)
    thread.join(ASLEEP)
    assert thread.is_alive() and gorev.polls == 1  # asleep on the condition, not re-polling
    gorev.opened.set()
    wake_from_here(thread, waker)
    assert result == [("uzak", 2)]


def test_kostur_wakes_a_coroutine_whose_stop_is_woken_from_another_thread():
    wakers: queue.Queue[Uyandirma] = queue.Queue()

    async def gorev() -> str:
        await RemoteStop(wakers)
        return "korutin"

    thread, result = in_thread(lambda: kostur(gorev()))
    waker = wakers.get(timeout=HANG)
    thread.join(ASLEEP)
    assert thread.is_alive() and result == []
    wake_from_here(thread, waker)
    assert result == [("korutin", 2)]


def test_the_queue_executor_sleeps_when_nothing_is_ready_and_wakes_from_another_thread():
    gorev = Remote()
    thread, result = in_thread(lambda: kostur_kuyruk([gorev, HemenHazir("b", queue.Queue())]))
    waker = gorev.wakers.get(timeout=HANG)
    thread.join(ASLEEP)
    assert thread.is_alive() and gorev.polls == 1
    gorev.opened.set()
    wake_from_here(thread, waker)
    assert result == [[Biten(1, "b", 1), Biten(0, "uzak", 2)]]


def test_kostur_dongu_repolls_at_once_with_a_waker_that_does_nothing():
    class NeverWakes(Gelecek[str]):
        def __init__(self) -> None:
            self.wakers: list[type[Uyandirma]] = []

        def yokla(self, baglam: Baglam) -> Yanit[str]:
            self.wakers.append(type(baglam.uyandirici))
            return Hazir("son") if len(self.wakers) == 3 else Bekliyor()

    gorev = NeverWakes()
    thread, result = in_thread(lambda: kostur_dongu(gorev))
    assert finishes(thread), "kostur_dongu waited for a wake instead of re-polling"
    assert result == [("son", 3)] and gorev.wakers == [BosUyandirici] * 3


def test_the_queue_executor_with_no_tasks_returns_without_waiting():
    thread, result = in_thread(lambda: kostur_kuyruk([]))
    assert finishes(thread), "kostur_kuyruk waited with no task to wait for"
    assert result == [[]]
