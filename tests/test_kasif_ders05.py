"""Lesson 05's explorer, driven from Python: the trace, the polls and the finishing order it
shows are what the kernel's executors say."""

import queue

from hypothesis import given, settings, strategies as st

from kasif.ders05 import GOREV_TURLERI, UC_GOREV, yurutucu_kasifi
from kasif.ortak import KASIF_ONCESI
from kernel.olcum import Gunluk
from kernel.yurutucu.cok_gorev import kostur_kuyruk
from kernel.yurutucu.gorevler import BirKezDuraklar, HemenHazir, duraklayan
from kernel.yurutucu.iz import YURUTUCULER, izle
from kernel.yurutucu.tek_gorev import kostur
from test_kasif import controls, tables

KINDS = list(GOREV_TURLERI)


def make(kind: str, name: str, kanal):
    """The kernel's task for an option, built here without the explorer's help."""
    if kind == "HemenHazir":
        return HemenHazir(name, kanal)
    if kind == "BirKezDuraklar":
        return BirKezDuraklar(name, kanal)
    assert kind.startswith("duraklayan, ") and kind.endswith(" kez")
    return duraklayan(name, int(kind.split()[1]), kanal)


def tasks(kinds: dict[str, str]) -> dict:
    kanal: queue.Queue[str] = queue.Queue()
    return {name: make(kind, name, kanal) for name, kind in kinds.items()}


def drive(panel, kinds: dict[str, str], executor: str, step: int | None = None):
    *task_boxes, executor_box, slider = controls(panel)
    for box, kind in zip(task_boxes, kinds.values(), strict=True):
        box.value = kind
    executor_box.value = executor
    if step is not None:
        slider.value = step
    return slider


def trace_rows(kinds: dict[str, str], executor: str) -> list[list[str]]:
    return [[str(number), row.gorev, str(row.yoklama), str(row.yanit),
             ", ".join(row.uyandirilan) or "—"]
            for number, row in enumerate(izle(tasks(kinds), executor), start=1)]


def test_the_controls_are_a_kind_per_task_the_kernels_executors_and_a_step():
    *task_boxes, executor_box, slider = controls(yurutucu_kasifi())
    assert [box.description for box in task_boxes] == list(UC_GOREV)
    assert [box.value for box in task_boxes] == list(UC_GOREV.values())
    assert all(list(box.options) == KINDS for box in task_boxes)
    assert list(executor_box.options) == list(YURUTUCULER)
    assert executor_box.value == "kostur_kuyruk" and slider.description == "adım"
    assert not slider.disabled


def test_with_no_task_there_is_no_step_and_the_step_slider_stays_disabled():
    panel = yurutucu_kasifi({})
    executor_box, slider = controls(panel)
    assert (slider.value, slider.max) == (0, 0) and slider.disabled
    for executor in YURUTUCULER:
        executor_box.value = executor
        assert slider.disabled and tables(panel)[2][1:] == [["0 / 0", "—"]]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(KINDS), min_size=3, max_size=3), st.sampled_from(list(YURUTUCULER)))
def test_at_the_end_it_shows_the_kernels_whole_trace_polls_and_finishing_order(kinds, executor):
    panel = yurutucu_kasifi()
    chosen = dict(zip(UC_GOREV, kinds, strict=True))
    slider = drive(panel, chosen, executor, step=0)
    slider.value = slider.max
    rows = trace_rows(chosen, executor)
    assert slider.max == len(rows)
    shown_trace, polls, end = tables(panel)
    assert shown_trace[1:] == rows
    alone = {name: kostur(task)[1] for name, task in tasks(chosen).items()}
    assert polls[1:] == [[name, str(alone[name]), "bitti"] for name in chosen]
    if executor == "kostur_kuyruk":
        order = [done.deger for done in kostur_kuyruk(list(tasks(chosen).values()))]
    else:  # one task after another: each finishes before the next is polled
        order = list(chosen)
    assert end[1:] == [[f"{len(rows)} / {len(rows)}", ", ".join(order)]]


def test_stepping_back_shows_the_first_polls_and_where_each_task_stands():
    panel = yurutucu_kasifi()
    chosen = {"a": "duraklayan, 2 kez", "b": "HemenHazir", "c": "BirKezDuraklar"}
    drive(panel, chosen, "kostur_kuyruk", step=3)
    shown_trace, polls, end = tables(panel)
    assert shown_trace[1:] == trace_rows(chosen, "kostur_kuyruk")[:3]
    assert polls[1:] == [["a", "1", "sürüyor"], ["b", "1", "bitti"], ["c", "1", "sürüyor"]]
    assert end[1:] == [["3 / 6", "b"]]
    drive(panel, chosen, "kostur", step=0)
    shown_trace, polls, end = tables(panel)
    assert shown_trace[1:] == []
    assert [row[2] for row in polls[1:]] == ["yoklanmadı"] * 3 and end[1:] == [["0 / 6", "—"]]


def test_the_step_follows_the_end_of_a_new_trace_and_stays_put_elsewhere():
    panel = yurutucu_kasifi()
    a_box, *_, slider = controls(panel)
    assert slider.value == slider.max == 6  # opens on the whole trace
    a_box.value = "duraklayan, 3 kez"
    assert slider.value == slider.max == 7
    slider.value = 2
    a_box.value = "HemenHazir"
    assert (slider.value, slider.max) == (2, 4)
    slider.value = 4
    a_box.value = "duraklayan, 1 kez"  # a shorter trace would clamp; a longer one moves the end
    assert (slider.value, slider.max) == (5, 5)
    assert tables(panel)[2][1:] == [["5 / 5", "b, a, c"]]


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yeni_istek()
    Gunluk.yola("benim")
    panel = yurutucu_kasifi()
    drive(panel, {"a": "duraklayan, 3 kez", "b": "BirKezDuraklar", "c": "HemenHazir"}, "kostur")
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])
