"""The many-tasks executor: a ready queue in the order wakers fire; polls as alone."""

import queue

import pytest

from kernel.yurutucu.cok_gorev import Biten, HazirKuyrugu, kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan, kanaldakiler
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Uyandirma, Yanit
from kernel.yurutucu.tek_gorev import kostur


class Gate(Gelecek[str]):
    """Pending until opened; keeps its waker so that whoever opens it wakes the task."""

    def __init__(self, name: str) -> None:
        self.name, self.opened = name, False
        self.waker: Uyandirma | None = None

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        if self.opened:
            return Hazir(self.name)
        self.waker = baglam.uyandirici
        return Bekliyor()

    def open(self) -> None:
        assert self.waker is not None
        self.opened = True
        self.waker.uyandir()


class Opener(Gelecek[str]):
    """Ready at once, after opening its gates in the given order."""

    def __init__(self, *gates: Gate) -> None:
        self.gates = gates

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        for gate in self.gates:
            gate.open()
        return Hazir("opener")


class LoudPauses(Gelecek[str]):
    """Pauses `times` times, calling its waker twice each time; fails if polled once done."""

    def __init__(self, name: str, times: int) -> None:
        self.name, self.times, self.polls = name, times, 0

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        self.polls += 1
        assert self.polls <= self.times + 1, f"{self.name} polled after it was ready"
        if self.polls > self.times:
            return Hazir(self.name)
        baglam.uyandirici.uyandir()
        baglam.uyandirici.uyandir()
        return Bekliyor()


def test_each_task_needs_the_polls_it_needs_alone_only_the_order_changes():
    kanal: queue.Queue[str] = queue.Queue()

    def tasks():
        return [duraklayan("a", 2, kanal), HemenHazir("b", kanal), BirKezDuraklar("c", kanal)]

    alone = [kostur(task) for task in tasks()]
    assert alone == [("a", 3), ("b", 1), ("c", 2)]
    assert kanaldakiler(kanal) == ["a", "b", "c"]
    together = kostur_kuyruk(tasks())
    assert together == [Biten(1, "b", 1), Biten(2, "c", 2), Biten(0, "a", 3)]
    assert kanaldakiler(kanal) == ["b", "c", "a"]


@pytest.mark.parametrize("order", [(1, 0), (0, 1)])
def test_woken_tasks_are_polled_in_the_order_their_wakers_fire(order):
    gates = [Gate("x"), Gate("y")]
    opener = Opener(*(gates[i] for i in order))
    biten = kostur_kuyruk([*gates, opener])
    assert [b.sira for b in biten] == [2, *order]
    assert [b.yoklama for b in sorted(biten, key=lambda b: b.sira)] == [2, 2, 1]


def test_a_waker_called_twice_queues_its_task_once():
    loud, quiet = LoudPauses("loud", 2), duraklayan("quiet", 2, queue.Queue())
    biten = kostur_kuyruk([loud, quiet])
    assert biten == [Biten(0, "loud", 3), Biten(1, "quiet", 3)]


def test_a_finished_task_is_never_polled_again_even_when_woken():
    kept: list[Uyandirma] = []

    class Keep(Durakla):
        def kur(self, baglam: Baglam) -> None:
            kept.append(baglam.uyandirici)
            super().kur(baglam)

    async def first() -> str:
        await Keep()
        return "first"

    async def second() -> str:
        await Durakla()
        kept[0].uyandir()  # `first` has finished by now
        await Durakla()
        return "second"

    assert kostur_kuyruk([first(), second()]) == [Biten(0, "first", 2), Biten(1, "second", 3)]


def test_an_exception_in_one_task_stops_the_executor_and_reaches_the_caller_unchanged():
    hata = ValueError("bozuk")

    async def broken() -> str:
        await Durakla()
        raise hata

    kanal: queue.Queue[str] = queue.Queue()
    with pytest.raises(ValueError) as raised:
        kostur_kuyruk([duraklayan("a", 3, kanal), broken(), HemenHazir("b", kanal)])
    assert raised.value is hata
    assert kanaldakiler(kanal) == ["b"]


def test_the_waiting_tasks_are_read_in_order_without_taking_any():
    kuyruk = HazirKuyrugu(3)
    assert kuyruk.al() == 0
    kuyruk.koy(0)
    kuyruk.bitir(2)
    bekleyenler = kuyruk.bekleyenler()
    assert bekleyenler == [1, 0]
    bekleyenler.clear()  # a copy: the queue keeps its own
    assert kuyruk.bekleyenler() == [1, 0] and kuyruk.al() == 1


@pytest.mark.parametrize("count,error,sentence", [
    (-1, ValueError, "gorev_sayisi en az 0 olmalı; verilen: -1"),
    (2.0, TypeError, "gorev_sayisi bir tam sayı olmalı; verilen: 2.0 (float)")])
def test_a_ready_queue_for_no_countable_tasks_is_refused_naming_the_parameter(count, error,
                                                                               sentence):
    """Below zero the queue would start empty, and taking from it would wait for ever."""
    with pytest.raises(error) as refused:
        HazirKuyrugu(count)
    assert str(refused.value) == sentence
