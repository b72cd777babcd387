"""Executor properties for any pauses and any set of tasks: the polls a task needs are its own."""

import queue
from typing import Any

from hypothesis import given, strategies as st

from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan, kanaldakiler
from kernel.yurutucu.iz import YURUTUCULER, izle
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Hazir
from kernel.yurutucu.tek_gorev import kostur, kostur_dongu


class LoudStop(Durakla):
    """A stop that calls its waker `wakes` times."""

    def __init__(self, wakes: int) -> None:
        self.wakes = wakes

    def kur(self, baglam: Baglam) -> None:
        for _ in range(self.wakes):
            baglam.uyandirici.uyandir()


async def loud(name: str, pauses: int, wakes: int, kanal: queue.Queue[str]) -> str:
    for _ in range(pauses):
        await LoudStop(wakes)
    kanal.put(name)
    return name


# A task: (kind, pauses, wakes per pause); only a coroutine uses the last two.
KINDS = ("hazir", "bir-kez", "korutin", "gurultulu")
specs = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 5), st.integers(1, 3)),
                 max_size=8)


def pauses(spec: tuple[str, int, int]) -> int:
    return {"hazir": 0, "bir-kez": 1}.get(spec[0], spec[1])


def make(spec: tuple[str, int, int], name: str, kanal: queue.Queue[str]) -> Any:
    match spec:
        case ("hazir", _, _):
            return HemenHazir(name, kanal)
        case ("bir-kez", _, _):
            return BirKezDuraklar(name, kanal)
        case ("korutin", n, _):
            return duraklayan(name, n, kanal)
        case (_, n, wakes):
            return loud(name, n, wakes, kanal)


def named(script: list[tuple[str, int, int]]) -> list[tuple[str, tuple[str, int, int]]]:
    return [(f"g{i}", spec) for i, spec in enumerate(script)]


@given(st.integers(0, 40))
def test_polls_are_pauses_plus_one_under_every_executor(n):
    kanal: queue.Queue[str] = queue.Queue()
    assert kostur(duraklayan("k", n, kanal)) == ("k", n + 1)
    assert kostur_dongu(duraklayan("k", n, kanal)) == ("k", n + 1)
    [biten] = kostur_kuyruk([duraklayan("k", n, kanal)])
    assert (biten.deger, biten.yoklama) == ("k", n + 1)
    assert kanaldakiler(kanal) == ["k"] * 3


@given(specs)
def test_each_task_needs_the_same_polls_alone_or_together_under_every_executor(script):
    kanal: queue.Queue[str] = queue.Queue()
    needed = [(name, pauses(spec) + 1) for name, spec in named(script)]
    for yurutucu in (kostur, kostur_dongu):
        assert [yurutucu(make(spec, name, kanal)) for name, spec in named(script)] == needed
    together = kostur_kuyruk([make(spec, name, kanal) for name, spec in named(script)])
    assert sorted((b.deger, b.yoklama) for b in together) == sorted(needed)
    reports = kanaldakiler(kanal)  # each task reports once a run, when it finishes
    assert reports == [name for name, _ in needed] * 2 + [b.deger for b in together]


@given(specs)
def test_together_tasks_that_wake_themselves_finish_in_rounds(script):
    together = kostur_kuyruk([make(spec, name, queue.Queue()) for name, spec in named(script)])
    by_pauses = sorted(range(len(script)), key=lambda i: (pauses(script[i]), i))
    assert [b.sira for b in together] == by_pauses


@given(specs, st.sampled_from(list(YURUTUCULER)))
def test_the_trace_has_one_row_per_poll_and_says_who_was_woken(script, yurutucu):
    kanal: queue.Queue[str] = queue.Queue()
    iz = izle({name: make(spec, name, kanal) for name, spec in named(script)}, yurutucu)
    for name, spec in named(script):
        own = [adim for adim in iz if adim.gorev == name]
        assert [adim.yoklama for adim in own] == list(range(1, pauses(spec) + 2))
        assert [adim.yanit for adim in own][-1] == Hazir(name)
        wakes = spec[2] if spec[0] == "gurultulu" else 1
        assert [adim.uyandirilan for adim in own] == [[name] * wakes] * pauses(spec) + [[]]


@given(specs, st.sampled_from(list(YURUTUCULER)))
def test_the_same_tasks_give_the_same_trace(script, yurutucu):
    def trace() -> list[Any]:
        kanal: queue.Queue[str] = queue.Queue()
        return izle({name: make(spec, name, kanal) for name, spec in named(script)}, yurutucu)

    assert trace() == trace()


@given(specs)
def test_the_queue_in_the_trace_is_the_order_the_executor_then_polls_in(script):
    kanal: queue.Queue[str] = queue.Queue()
    iz = izle({name: make(spec, name, kanal) for name, spec in named(script)}, "kostur_kuyruk")
    finished: set[str] = set()
    for adim, sonraki in zip(iz, [*iz[1:], None], strict=False):
        assert adim.kuyrukta is not None
        assert adim.gorev not in adim.kuyrukta and len(set(adim.kuyrukta)) == len(adim.kuyrukta)
        assert not finished & set(adim.kuyrukta)  # a finished task never waits again
        if isinstance(adim.yanit, Hazir):
            finished.add(adim.gorev)
        if adim.kuyrukta:
            assert sonraki is not None and sonraki.gorev == adim.kuyrukta[0]
    if iz:  # at first every task waits, in the order given
        assert [iz[0].gorev, *(iz[0].kuyrukta or [])] == [name for name, _ in named(script)]
    for yurutucu in ("kostur", "kostur_dongu"):
        alone = izle({name: make(spec, name, kanal) for name, spec in named(script)}, yurutucu)
        assert all(adim.kuyrukta is None for adim in alone)
