"""A task woken from outside: its source is made ready, and its waker called, by another thread.

Nothing here is timed. Each run that could hang sits in a daemon thread joined with a timeout
that only a lost wake reaches; the bounds asserted hold by the design, on any machine.
"""

import queue
import threading
from collections.abc import Callable
from typing import Any

import pytest

from kernel.yurutucu import dis_kaynak
from kernel.yurutucu.cok_gorev import Biten, kostur_kuyruk
from kernel.yurutucu.dis_kaynak import DisKaynak, KaynakBekleyen, ayni_kaynakla, is_parcacigi_var
from kernel.yurutucu.gorevler import HemenHazir
from kernel.yurutucu.sozlesme import Baglam, Bekliyor, Hazir, Uyandirma
from kernel.yurutucu.tek_gorev import kostur, kostur_dongu

HANG = 30.0  # seconds: only reached when a wake is lost


class Recording(Uyandirma):
    """Records, at each call, the calling thread and how often the source had been asked."""

    def __init__(self, kaynak: DisKaynak) -> None:
        self.kaynak, self.calls = kaynak, []

    def uyandir(self) -> None:
        self.calls.append((threading.current_thread(), self.kaynak.soru, self.kaynak.hazir))


def finished(run: Callable[[], Any]) -> Any:
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(run()), daemon=True)
    thread.start()
    thread.join(HANG)
    assert not thread.is_alive(), "a wake was lost: the run never finished"
    return result[0]


@pytest.mark.parametrize("esik", [1, 2, 50, 1_000, 20_000])
def test_side_by_side_kostur_polls_twice_and_kostur_dongu_at_least_the_threshold(esik):
    for _ in range(3):
        yoklama = finished(lambda: ayni_kaynakla(esik))
        assert list(yoklama) == ["kostur", "kostur_dongu"]
        assert yoklama["kostur"] == 2 and yoklama["kostur_dongu"] >= max(esik, 2)


def test_a_task_that_finds_its_source_unready_leaves_its_waker_and_does_not_call_it():
    kaynak = DisKaynak(gorev_sayisi=1, esik=1)
    waker = Recording(kaynak)
    gorev = KaynakBekleyen("g", kaynak)
    assert gorev.yokla(Baglam(waker)) == Bekliyor()
    assert gorev.yokla(Baglam(waker)) == Bekliyor()  # asking again changes nothing but the count
    assert waker.calls == [] and kaynak.uyandiricilar == {"g": waker} and kaynak.soru == 2
    kaynak.hazirla()  # every task has asked and the threshold is met: returns at once
    assert [(soru, hazir) for _, soru, hazir in waker.calls] == [(2, True)]
    assert gorev.yokla(Baglam(waker)) == Hazir("g") and len(waker.calls) == 1


def test_the_source_is_made_ready_only_after_every_task_asked_and_the_threshold_was_met():
    kaynak = DisKaynak(gorev_sayisi=2, esik=5)
    a, b = Recording(kaynak), Recording(kaynak)
    outside = threading.Thread(target=kaynak.hazirla, daemon=True)
    outside.start()
    for _ in range(6):  # a alone passes the threshold; b has not asked yet
        assert KaynakBekleyen("a", kaynak).yokla(Baglam(a)) == Bekliyor()
    assert KaynakBekleyen("b", kaynak).yokla(Baglam(b)) == Bekliyor()
    outside.join(HANG)
    assert not outside.is_alive()
    # Each waker was called once, from the outside thread, once the source was ready.
    assert a.calls == [(outside, 7, True)] and b.calls == [(outside, 7, True)]


def test_alone_with_its_source_kostur_polls_twice_and_is_woken_from_the_outside_thread():
    kaynak = DisKaynak(gorev_sayisi=1, esik=1)
    threading.Thread(target=kaynak.hazirla, daemon=True).start()
    assert finished(lambda: kostur(KaynakBekleyen("tek", kaynak))) == ("tek", 2)


@pytest.mark.parametrize("esik", [2, 300])
def test_alone_with_its_source_kostur_dongu_polls_at_least_the_threshold(esik):
    kaynak = DisKaynak(gorev_sayisi=1, esik=esik)
    threading.Thread(target=kaynak.hazirla, daemon=True).start()
    deger, yoklama = finished(lambda: kostur_dongu(KaynakBekleyen("tek", kaynak)))
    assert deger == "tek" and yoklama >= esik


def test_the_queue_executor_sleeps_like_kostur_and_polls_the_outside_task_twice():
    kaynak = DisKaynak(gorev_sayisi=1, esik=1)
    threading.Thread(target=kaynak.hazirla, daemon=True).start()
    bitenler = finished(lambda: kostur_kuyruk([KaynakBekleyen("dis", kaynak),
                                               HemenHazir("hazir", queue.Queue())]))
    assert bitenler == [Biten(1, "hazir", 1), Biten(0, "dis", 2)]


def test_threads_are_found_here_and_not_where_starting_one_fails(monkeypatch):
    assert is_parcacigi_var()

    def cannot_start(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")  # what Pyodide's threading says

    monkeypatch.setattr(dis_kaynak.threading.Thread, "start", cannot_start)
    assert not is_parcacigi_var()


def test_the_no_threads_sentence_is_turkish_and_says_the_measurement_was_skipped():
    assert "iş parçacığı başlatılamıyor" in dis_kaynak.IS_PARCACIGI_YOK
    assert "atlandı" in dis_kaynak.IS_PARCACIGI_YOK


@pytest.mark.parametrize("tasks,threshold,sentence", [
    (0, 10, "gorev_sayisi en az 1 olmalı; verilen: 0"),
    (2, -1, "esik en az 0 olmalı; verilen: -1")])
def test_a_source_for_no_task_or_a_negative_threshold_is_refused(tasks, threshold, sentence):
    """A source no task waits for would wait for them for ever; a threshold counts questions."""
    with pytest.raises(ValueError) as refused:
        DisKaynak(tasks, threshold)
    assert str(refused.value) == sentence


def test_a_threshold_given_as_text_is_refused_naming_the_parameter():
    with pytest.raises(TypeError) as refused:
        DisKaynak(2, "1000")
    assert str(refused.value) == "esik bir tam sayı olmalı; verilen: '1000' (str)"
