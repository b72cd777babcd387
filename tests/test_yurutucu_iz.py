"""The trace: which task was polled, what it answered, whose waker was called after it."""

import queue

import pytest

from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan
from kernel.yurutucu.iz import YURUTUCULER, Adim, Izli, izle
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Hazir, Uyandirma
from kernel.yurutucu.tek_gorev import kostur

P, R = Bekliyor(), Hazir  # pending; ready with a value


def rows(iz: list[Adim]) -> list[tuple[str, int, object, list[str]]]:
    return [(adim.gorev, adim.yoklama, adim.yanit, adim.uyandirilan) for adim in iz]


def three_tasks() -> dict[str, object]:
    kanal: queue.Queue[str] = queue.Queue()
    return {"a": duraklayan("a", 2, kanal), "b": HemenHazir("b", kanal),
            "c": BirKezDuraklar("c", kanal)}


ONE_AFTER_ANOTHER = [
    ("a", 1, P, ["a"]), ("a", 2, P, ["a"]), ("a", 3, R("a"), []),
    ("b", 1, R("b"), []),
    ("c", 1, P, ["c"]), ("c", 2, R("c"), []),
]


@pytest.mark.parametrize("yurutucu", ["kostur", "kostur_dongu"])
def test_one_task_after_another_each_row_says_what_it_answered_and_whom_it_woke(yurutucu):
    assert rows(izle(three_tasks(), yurutucu)) == ONE_AFTER_ANOTHER


def test_together_the_same_rows_come_in_rounds():
    assert rows(izle(three_tasks(), "kostur_kuyruk")) == [
        ONE_AFTER_ANOTHER[i] for i in (0, 3, 4, 1, 5, 2)]


def test_the_trace_shows_a_task_waking_others_in_the_order_it_calls_their_wakers():
    class Gate(Durakla):
        """Keeps its waker for someone else to call."""

        waker: Uyandirma

        def kur(self, baglam: Baglam) -> None:
            self.waker = baglam.uyandirici

    gates = {"x": Gate(), "y": Gate()}

    async def waits(name: str) -> str:
        await gates[name]
        return name

    async def opens() -> str:
        gates["y"].waker.uyandir()
        gates["x"].waker.uyandir()
        return "opener"

    iz = izle({"x": waits("x"), "y": waits("y"), "opener": opens()}, "kostur_kuyruk")
    assert rows(iz) == [("x", 1, P, []), ("y", 1, P, []), ("opener", 1, R("opener"), ["y", "x"]),
                        ("y", 2, R("y"), []), ("x", 2, R("x"), [])]
    assert [adim.kuyrukta for adim in iz] == [["y", "opener"], ["opener"], [], ["x"], []]


def test_with_a_ready_queue_each_row_says_who_waited_behind_the_polled_task():
    assert [adim.kuyrukta for adim in izle(three_tasks(), "kostur_kuyruk")] == [
        ["b", "c"], ["c", "a"], ["a"], ["c"], ["a"], []]


@pytest.mark.parametrize("yurutucu", ["kostur", "kostur_dongu"])
def test_without_a_ready_queue_the_rows_hold_no_queue(yurutucu):
    assert [adim.kuyrukta for adim in izle(three_tasks(), yurutucu)] == [None] * 6


def test_a_traced_task_not_told_the_names_leaves_the_queue_out():
    iz: list[Adim] = []
    kostur_kuyruk([Izli(duraklayan("a", 1, queue.Queue()), "a", iz)])
    assert [(adim.gorev, adim.kuyrukta) for adim in iz] == [("a", None), ("a", None)]


def test_a_traced_task_gives_the_same_value_and_polls_as_untraced():
    iz: list[Adim] = []
    assert kostur(Izli(duraklayan("a", 3, queue.Queue()), "a", iz)) == ("a", 4)
    assert [adim.yoklama for adim in iz] == [1, 2, 3, 4]


def raised_trace() -> list[Adim]:
    """The trace of a task that pauses once, then raises KeyError on its second poll."""
    async def broken() -> str:
        await Durakla()
        raise KeyError("kayıp")

    iz: list[Adim] = []
    with pytest.raises(KeyError):
        kostur(Izli(broken(), "broken", iz))
    return iz


def test_a_task_that_raises_leaves_its_row_without_an_answer():
    iz = raised_trace()
    assert rows(iz) == [("broken", 1, P, ["broken"]), ("broken", 2, None, [])]


def test_the_executors_to_choose_from_and_an_unknown_one_refused():
    assert list(YURUTUCULER) == ["kostur", "kostur_dongu", "kostur_kuyruk"]
    with pytest.raises(ValueError, match="bilinmeyen yürütücü 'asyncio'; seçenekler: kostur, "):
        izle({}, "asyncio")
