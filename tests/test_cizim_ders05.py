"""Lesson 05's figures, held to the kernel's trace: one mark a poll, of the poll's kind, on its
task's lane at its step; the ready queue's boxes are the queue the trace recorded."""

import base64
import queue
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, strategies as st

from figures import marks
from test_yurutucu_iz import raised_trace
from cizim.ders05 import istenenler, kuyruk_cizelgesi, yoklama_cizelgesi, yoklama_turleri
from kasif.ders05 import GOREV_TURLERI, UC_GOREV, yurutucu_izi, yurutucu_kasifi
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan
from kernel.yurutucu.iz import YURUTUCULER, Adim, izle
from kernel.yurutucu.korutin import Durakla
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Gelecek, Hazir, Yanit
from test_kasif import controls

SVG = "{http://www.w3.org/2000/svg}"


class Forgetful(Gelecek[str]):
    """Pending `times` times without ever calling its waker, then ready (the lesson's Unutkan)."""

    def __init__(self, name: str, times: int) -> None:
        self.name, self.times, self.polls = name, times, 0

    def yokla(self, baglam: Baglam) -> Yanit[str]:
        self.polls += 1
        return Hazir(self.name) if self.polls > self.times else Bekliyor()


def three_tasks() -> dict[str, Any]:
    kanal: queue.Queue[str] = queue.Queue()
    return {"a": duraklayan("a", 2, kanal), "b": HemenHazir("b", kanal),
            "c": BirKezDuraklar("c", kanal)}


def box_texts(svg: str) -> list[tuple[str, str]]:
    """The queue figure's boxes as (kind, task), in drawing order: their titles say 'task: kind'."""
    return [tuple(reversed(title.split(": "))) for title in
            re.findall(r"<title>([^<]*: (?:yoklanan|kuyrukta))</title>", svg)]


def held_to_its_trace(svg: str, iz: list[Adim]) -> None:
    """One mark a poll, left to right in step order, of the poll's kind, on its task's lane."""
    found = marks(svg)
    assert [kind for kind, _, _ in found] == [k.replace(" ", "-") for k in yoklama_turleri(iz)]
    xs = [x for _, x, _ in found]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    lanes: dict[str, float] = {}
    for adim, (_, _, y) in zip(iz, found, strict=True):
        assert lanes.setdefault(adim.gorev, y) == y
    assert list(lanes.values()) == sorted(lanes.values())  # lanes in order of first poll


# (kind, pauses) for the kernel's tasks, which wake themselves, and for one that never does.
tasks = st.lists(st.tuples(st.sampled_from(["hazir", "bir-kez", "korutin", "unutkan"]),
                           st.integers(0, 3)), min_size=1, max_size=4)


def build(script: list[tuple[str, int]]) -> dict[str, Any]:
    kanal: queue.Queue[str] = queue.Queue()
    made = {"hazir": lambda name, n: HemenHazir(name, kanal),
            "bir-kez": lambda name, n: BirKezDuraklar(name, kanal),
            "korutin": lambda name, n: duraklayan(name, n, kanal),
            "unutkan": Forgetful}
    return {f"g{i}": made[kind](f"g{i}", n) for i, (kind, n) in enumerate(script)}


@given(tasks, st.sampled_from(list(YURUTUCULER)))
def test_the_marks_are_the_traces_polls_and_only_a_task_that_never_wakes_is_polled_for_nothing(
        script, yurutucu):
    forgetful = any(kind == "unutkan" for kind, _ in script)
    if forgetful and yurutucu != "kostur_dongu":
        script = [(kind, n) for kind, n in script if kind != "unutkan"] or [("hazir", 0)]
    iz = izle(build(script), yurutucu)
    sekil = yoklama_cizelgesi("05-deneme", {yurutucu: iz}, "deneme")
    held_to_its_trace(sekil.svg(), iz)
    counts = Counter(sekil.sayim())  # a kind may be 0 here
    assert sum(counts.values()) == len(iz)
    assert counts["hazır"] == len(script)  # every task finished, each in one poll
    pending = sum(isinstance(adim.yanit, Bekliyor) for adim in iz)
    assert counts["bekliyor"] + counts["boşa-yoklama"] == pending
    # Under kostur_dongu, a task that never wakes itself is polled for nothing after its first
    # Pending; a task that wakes itself, under any executor, never is.
    for_nothing = sum(max(n - 1, 0) for kind, n in script if kind == "unutkan")
    assert counts["boşa-yoklama"] == (for_nothing if yurutucu == "kostur_dongu" else 0)
    assert f"{len(iz)} yoklama ({counts['hazır']} hazır, " in sekil.aciklama


def test_the_lessons_forgetful_task_is_polled_for_nothing_once_and_unasked_twice():
    kanal: queue.Queue[str] = queue.Queue()
    iz = izle({"duraklar": BirKezDuraklar("duraklar", kanal), "hazir": HemenHazir("hazir", kanal),
               "unutkan": Forgetful("unutkan", 2)}, "kostur_dongu")
    assert istenenler(iz) == [True, True, True, True, False, False]
    assert yoklama_turleri(iz) == ["bekliyor", "hazır", "hazır", "bekliyor", "boşa yoklama",
                                   "hazır"]
    svg = yoklama_cizelgesi("05-unutkan", {"kostur_dongu": iz}, "deneme").svg()
    dashed = re.findall(r"<path [^>]*stroke-dasharray|<line [^>]*stroke-dasharray", svg)
    assert len(dashed) == 2 + 1  # the two unasked polls, and the legend's sample


def test_a_wake_asks_for_the_next_poll_only():
    class WakesOnce(Gelecek[str]):
        """Wakes itself at its first Pending only; Pending twice more, then ready."""

        polls = 0

        def yokla(self, baglam: Baglam) -> Yanit[str]:
            self.polls += 1
            if self.polls == 1:
                baglam.uyandirici.uyandir()
            return Hazir("once") if self.polls == 4 else Bekliyor()

    iz = izle({"once": WakesOnce()}, "kostur_dongu")
    assert istenenler(iz) == [True, True, False, False]
    assert yoklama_turleri(iz) == ["bekliyor", "bekliyor", "boşa yoklama", "hazır"]


def test_a_task_woken_by_another_is_asked_for_though_it_never_woke_itself():
    class Gate(Durakla):
        def kur(self, baglam: Baglam) -> None:
            self.baglam = baglam

    gate = Gate()

    async def waits() -> str:
        await gate
        return "x"

    async def opens() -> str:
        gate.baglam.uyandirici.uyandir()
        return "opener"

    iz = izle({"x": waits(), "opener": opens()}, "kostur_kuyruk")
    assert [adim.gorev for adim in iz] == ["x", "opener", "x"] and all(istenenler(iz))
    assert "boşa-yoklama" not in yoklama_cizelgesi("05-kapi", {"k": iz}, "deneme").sayim()


def test_a_task_that_raised_gets_the_error_mark_and_the_legend_names_it():
    sekil = yoklama_cizelgesi("05-hata", {"kostur": raised_trace()}, "deneme")
    assert sekil.sayim() == {"bekliyor": 1, "hata": 1}
    assert ">hata</text>" in sekil.svg() and "1 hata" in sekil.aciklama
    assert ">hata</text>" not in yoklama_cizelgesi(
        "05-hatasiz", {"kostur": izle(three_tasks(), "kostur")}, "deneme").svg()


def test_two_executors_share_one_step_axis_and_show_only_the_first_steps_when_asked():
    izler = {yurutucu: izle(three_tasks(), yurutucu) for yurutucu in ("kostur", "kostur_kuyruk")}
    whole = yoklama_cizelgesi("05-iki", izler, "deneme")
    found = marks(whole.svg())
    first, second = found[:6], found[6:]
    assert [x for _, x, _ in first] == [x for _, x, _ in second]  # step n is at the same x
    assert max(y for _, _, y in first) < min(y for _, _, y in second)
    part = yoklama_cizelgesi("05-iki", izler, "deneme", goster=2)
    assert marks(part.svg()) == first[:2] + second[:2]
    assert part.yukseklik == whole.yukseklik and "ilk 2 adım" in part.aciklama


@given(tasks.map(lambda script: [(kind, n) for kind, n in script if kind != "unutkan"]),
       st.integers(0, 12))
def test_the_queue_figure_shows_each_steps_polled_task_and_the_queue_behind_it(script, shown):
    iz = izle(build(script or [("hazir", 0)]), "kostur_kuyruk")
    sekil = kuyruk_cizelgesi("05-kuyruk", iz, "deneme", goster=shown)
    steps = iz[:shown]
    expected = [box for adim in steps
                for box in [("yoklanan", adim.gorev)] + [("kuyrukta", g) for g in adim.kuyrukta]]
    assert box_texts(sekil.svg()) == expected
    assert sekil.sayim() == Counter(kind for kind, _ in expected)
    lengths = ", ".join(str(len(adim.kuyrukta)) for adim in steps) or "yok"
    assert sekil.aciklama.endswith(f"kuyruğun uzunluğu adım adım: {lengths}.")


def test_the_lessons_queue_figure_and_a_trace_without_a_queue_refused():
    iz = izle(three_tasks(), "kostur_kuyruk")
    sekil = kuyruk_cizelgesi("05-kuyruk", iz, "deneme")
    assert sekil.sayim() == {"yoklanan": 6, "kuyrukta": 7}
    assert "2, 2, 1, 1, 1, 0" in sekil.aciklama
    with pytest.raises(ValueError, match="yalnız kostur_kuyruk'un izi kuyruğu tutar"):
        kuyruk_cizelgesi("05-kuyruk", izle(three_tasks(), "kostur"), "deneme")


def test_the_same_trace_draws_the_same_bytes():
    def draw() -> tuple[str, str]:
        iz = izle(three_tasks(), "kostur_kuyruk")
        return (yoklama_cizelgesi("05-ayni", {"kostur_kuyruk": iz}, "deneme").svg(),
                kuyruk_cizelgesi("05-ayni-kuyruk", iz, "deneme").svg())

    assert draw() == draw()


def figures(panel) -> list[str]:
    """The SVGs the explorer shows above its tables."""
    shown = panel.children[-1].value
    assert shown.index("<img") < shown.index("<table")
    return [base64.b64decode(data).decode()
            for data in re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', shown)]


def test_the_explorer_draws_the_kernels_trace_and_redraws_on_each_change():
    panel = yurutucu_kasifi()
    *boxes, executor, slider = controls(panel)
    polls, ready = figures(panel)
    iz = yurutucu_izi(UC_GOREV, "kostur_kuyruk")
    held_to_its_trace(polls, iz)
    assert box_texts(ready) == box_texts(kuyruk_cizelgesi("k", iz, "k").svg())
    boxes[0].value = "HemenHazir"
    changed = figures(panel)
    assert changed[0] != polls
    held_to_its_trace(changed[0], yurutucu_izi({**UC_GOREV, "a": "HemenHazir"}, "kostur_kuyruk"))
    slider.value = 2
    assert len(marks(figures(panel)[0])) == 2 and len(box_texts(figures(panel)[1])) == 2 + 3
    executor.value = "kostur"  # no ready queue: the polls alone
    [alone] = figures(panel)
    assert len(marks(alone)) == 2


@pytest.mark.parametrize("kind", list(GOREV_TURLERI))
def test_every_task_kind_in_the_explorer_draws_one_mark_a_poll(kind):
    chosen = {**UC_GOREV, "b": kind}
    for yurutucu in YURUTUCULER:
        panel = yurutucu_kasifi(chosen)
        *_, executor, _ = controls(panel)
        executor.value = yurutucu
        held_to_its_trace(figures(panel)[0], yurutucu_izi(chosen, yurutucu))


def lane_names(svg: str) -> list[str]:
    """The names written left of the lanes, top to bottom (the axis name and ticks excluded)."""
    return re.findall(r'<text[^>]*text-anchor="end"[^>]*>([^<]+)</text>', svg)


def test_the_queue_figures_lanes_say_in_words_what_each_row_is():
    """Each row names what it holds: the polled task, and the tasks waiting, by their place."""
    iz = izle(three_tasks(), "kostur_kuyruk")
    names = lane_names(kuyruk_cizelgesi("05-kuyruk", iz, "deneme").svg())
    deepest = max(len(adim.kuyrukta or []) for adim in iz)
    assert names[:deepest + 1] == [f"{sira}. sıradaki" for sira in range(deepest, 0, -1)
                                   ] + ["yoklanan görev"]
    assert "(1. sıra kuyruğun başı)" in kuyruk_cizelgesi("05-kuyruk", iz, "deneme").aciklama
