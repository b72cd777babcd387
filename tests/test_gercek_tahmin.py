"""What the models say of lesson 06's two cases, step by step: the onay model decides whether
the message outlives the task; if it does, lesson 04's simulation runs it and its trace becomes
the steps a real run records. The steps number what the simulation counts, and lesson 06's
figure draws them."""

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from blocked_imports import gercek_loaded_without_queues
from refusals import Refusals, refusal_test
from cizim.ders06 import olay_sirasi
from kernel.gercek.onay import Ayar, akibet, onay_ani
from kernel.gercek.sonuclar import Adim
from kernel.gercek.tahmin import (ASIM, DURUMLAR, OLUM, gorev_suresi, kuyrukta_kalir,
                                  model_adimlari, modelin_tahmini)
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.yuk import Ileti


def steps(*written: str) -> tuple[Adim, ...]:
    """Steps as the experiments record them, written "işçi 1: başladı"."""
    return tuple(Adim(*step.split(": ")) for step in written)


LOST = steps("işçi 1: başladı", "işçi 1: öldürüldü")
ONCE = steps("işçi 1: başladı", "işçi 1: bitti")
REDELIVERED = steps("işçi 1: başladı", "işçi 1: öldürüldü", "işçi 2: başladı", "işçi 2: bitti")
TWICE = steps("işçi 1: başladı", "işçi 2: başladı", "işçi 1: bitti", "işçi 2: bitti")
SETTINGS = [Ayar("huey"), Ayar("celery"), Ayar("celery", acks_late=True),
            Ayar("celery", havuz="solo"), Ayar("celery", acks_late=True, havuz="solo")]


def drawn(adimlar) -> dict[str, int]:
    """Lesson 06's figure of the steps, its marks counted."""
    return olay_sirasi([("model", adimlar)], "test-tahmin").sayim()


def test_a_killed_worker_with_the_ack_after_the_task_is_replaced_and_the_task_runs_again():
    tahmin = modelin_tahmini(Ayar("celery", acks_late=True), OLUM)
    assert tahmin.adimlar == REDELIVERED
    assert (tahmin.sonuc.teslim, tahmin.sonuc.etki, tahmin.sonuc.cokme) == (2, 1, 1)
    assert drawn(tahmin.adimlar) == {"ilk-teslim": 1, "öldürüldü": 1, "yeniden-teslim": 1,
                                     "bitti": 1}


@pytest.mark.parametrize("ayar", [Ayar("huey"), Ayar("celery"), Ayar("huey", True, "solo")])
def test_a_message_acked_before_the_task_ends_is_lost_with_its_worker(ayar):
    tahmin = modelin_tahmini(ayar, OLUM)
    assert (tahmin.sonuc, tahmin.adimlar) == (None, LOST)
    assert drawn(tahmin.adimlar) == {"ilk-teslim": 1, "öldürüldü": 1, "kayboldu": 1}


def test_a_task_half_again_as_long_as_the_timeout_runs_on_both_workers_at_once():
    tahmin = modelin_tahmini(Ayar("celery", acks_late=True), ASIM, 1.5, 2)
    assert tahmin.adimlar == TWICE
    assert (tahmin.sonuc.teslim, tahmin.sonuc.etki, tahmin.sonuc.cift) == (2, 2, 1)
    assert drawn(tahmin.adimlar)["aynı-anda-iki-kez"] == 1


@pytest.mark.parametrize("oran,isci", [(0.5, 2), (1.0, 2), (1.0, 3), (4.0, 1)])
def test_a_task_done_as_the_timeout_ends_or_with_nobody_free_runs_once(oran, isci):
    tahmin = modelin_tahmini(Ayar("celery", acks_late=True), ASIM, oran, isci)
    assert tahmin.adimlar == ONCE
    assert (tahmin.sonuc.teslim, tahmin.sonuc.etki, tahmin.sonuc.cift) == (1, 1, 0)


def test_three_workers_take_a_long_task_one_after_another_and_each_finishes():
    assert model_adimlari(Ayar("celery", havuz="solo"), ASIM, 2.5, 3) == steps(
        "işçi 1: başladı", "işçi 2: başladı", "işçi 3: başladı",
        "işçi 1: bitti", "işçi 2: bitti", "işçi 3: bitti")


@pytest.mark.parametrize("ayar", [Ayar("huey"), Ayar("celery")])
def test_a_message_gone_before_the_task_ends_runs_once_however_long_the_task(ayar):
    for oran, isci in ((0.5, 1), (1.5, 2), (4.0, 3)):
        tahmin = modelin_tahmini(ayar, ASIM, oran, isci)
        assert (tahmin.sonuc, tahmin.adimlar) == (None, ONCE)


def lesson_04s_count(ayar: Ayar, durum: str, oran: float, isci: int):
    """Lesson 04's simulation of the message, built here: a consumer dies as it takes it, or it
    takes `oran` visibility timeouts of 2 units with `isci` consumers waiting."""
    if onay_ani(ayar) != "bitince":
        return None
    if durum == OLUM:
        return Benzetim([Ileti(sure=1, coken=True)], 2, tuketiciler=Tuketiciler(sayi=1)).calistir()
    return Benzetim([Ileti(sure=round(oran * 2))], 2, tuketiciler=Tuketiciler(sayi=isci)).calistir()


@given(st.sampled_from(SETTINGS), st.sampled_from(DURUMLAR),
       st.integers(0, 40).map(lambda n: n / 4), st.integers(1, 6))
def test_the_steps_number_what_lesson_04s_simulation_counts(ayar, durum, oran, isci):
    tahmin = modelin_tahmini(ayar, durum, oran, isci)
    said = Counter(step.ne for step in tahmin.adimlar)
    assert tahmin.sonuc == lesson_04s_count(ayar, durum, oran, isci)
    if tahmin.sonuc is None:
        assert tahmin.adimlar == (LOST if durum == OLUM else ONCE)
        assert akibet(ayar) == "kaybolur" and not kuyrukta_kalir(ayar)
    else:
        sonuc = tahmin.sonuc
        assert (said["başladı"], said["bitti"], said["öldürüldü"]) == (
            sonuc.teslim, sonuc.etki, sonuc.cokme)
        marks = drawn(tahmin.adimlar)
        assert marks["ilk-teslim"] + marks.get("yeniden-teslim", 0) == sonuc.teslim
        assert marks.get("bitti", 0) == sonuc.etki
        assert ("aynı-anda-iki-kez" in marks) == (sonuc.cift == 1)
    # workers are numbered as they first appear, and a worker takes the task once
    workers = [step.kim for step in tahmin.adimlar if step.ne == "başladı"]
    assert workers == [f"işçi {n}" for n in range(1, len(workers) + 1)]


@given(st.sampled_from(SETTINGS), st.integers(0, 40).map(lambda n: n / 4), st.integers(1, 6))
def test_how_long_the_task_takes_and_how_many_wait_play_no_part_in_a_kill(ayar, oran, isci):
    assert modelin_tahmini(ayar, OLUM, oran, isci) == modelin_tahmini(ayar, OLUM)


def test_the_tasks_length_is_the_ratio_of_a_two_unit_timeout_rounded_to_a_half():
    assert [gorev_suresi(oran) for oran in (0.5, 1.3, 1.5, 3.9, 4.0)] == [1, 3, 3, 8, 8]


test_modelin_tahmini_refuses = refusal_test(Refusals({
    "modelin_tahmini(Ayar('huey'), 'yangın')": (
        lambda: modelin_tahmini(Ayar("huey"), "yangın"), ValueError,
        "durum 'işçi görevin ortasında ölür' ya da 'görev görünürlük süresini aşar' olmalı; "
        "verilen: 'yangın'"),
    "modelin_tahmini('huey', OLUM)": (
        lambda: modelin_tahmini("huey", OLUM), TypeError,
        "ayar bir Ayar olmalı; verilen: 'huey' (str)"),
    "modelin_tahmini(Ayar('celery', True), ASIM, -0.5)": (
        lambda: modelin_tahmini(Ayar("celery", True), ASIM, -0.5), ValueError,
        "oran en az 0 olmalı; verilen: -0.5"),
    "modelin_tahmini(Ayar('celery', True), ASIM, 1.5, 0)": (
        lambda: modelin_tahmini(Ayar("celery", True), ASIM, 1.5, 0), ValueError,
        "isci en az 1 olmalı; verilen: 0"),
}))


def test_the_module_imports_no_queue_library_nor_the_lessons_processes():
    """The explorer runs it in the browser's Pyodide, which has no celery, huey or redis."""
    assert gercek_loaded_without_queues(
        "sys.modules['drawsvg'] = None", "import kernel.gercek.tahmin") == [
        "kernel.gercek.onay", "kernel.gercek.sonuclar", "kernel.gercek.tahmin"]
