import pytest

from refusals import Refusals, refusal_test
from kernel.isler import BellekSurucusu, EszamanliSurucu
from kernel.olaylar import (
    Dagitici,
    Dinleyici,
    DinleyiciIsi,
    DuyuranDenetleyici,
    KirilganDinleyici,
    Olay,
    YazanDinleyici,
)
from kernel.olcum import Gunluk, sinifla

OLAY = DuyuranDenetleyici.OLAY


def dispatcher(*listeners, under: str = OLAY) -> tuple[Dagitici, BellekSurucusu]:
    queue = BellekSurucusu()
    dagitici = Dagitici(queue)
    for listener in listeners:
        dagitici.dinle(under, listener)
    return dagitici, queue


def test_a_sync_listener_runs_inside_the_request():
    effects: list[str] = []
    dagitici, queue = dispatcher(YazanDinleyici("arama", effects))
    assert DuyuranDenetleyici(dagitici).kaydet(7) == (201, "kaydedildi")
    assert sinifla("arama") == "koştu" and effects == ["arama: yazı 7"]
    assert queue.bekleyen() == 0


def test_a_queued_listener_is_deferred_and_runs_when_the_worker_runs():
    effects: list[str] = []
    dagitici, queue = dispatcher(YazanDinleyici("eposta", effects, kuyrukta=True))
    DuyuranDenetleyici(dagitici).kaydet(7)
    assert sinifla("eposta") == "ertelendi" and effects == [] and queue.bekleyen() == 1
    assert queue.isle() == ["eposta deneme 1: koştu"]
    assert effects == ["eposta: yazı 7"]


def test_stopping_leaves_later_listeners_on_the_path_unrun():
    effects: list[str] = []
    dagitici, _ = dispatcher(YazanDinleyici("a", effects), YazanDinleyici("b", effects,
                                                                            durdurur=True),
                             YazanDinleyici("c", effects), YazanDinleyici("d", effects))
    DuyuranDenetleyici(dagitici).kaydet(1)
    assert [sinifla(p) for p in "abcd"] == ["koştu", "koştu", "atlandı", "atlandı"]
    assert effects == ["a: yazı 1", "b: yazı 1"]


def test_a_listener_under_another_name_is_never_bound_and_nothing_complains():
    effects: list[str] = []
    dagitici, queue = dispatcher(YazanDinleyici("arama", effects), under="yazi.kaydedldi")
    assert DuyuranDenetleyici(dagitici).kaydet(7) == (201, "kaydedildi")
    queue.isle()
    assert sinifla("arama") == "bağlanmadı" and effects == []
    assert "arama" not in Gunluk.yol
    assert dagitici.duyurulmayanlar() == [("yazi.kaydedldi", "arama")]


def test_only_the_exact_name_binds_a_listener():
    effects: list[str] = []
    dagitici, queue = dispatcher()
    for name, under in (("harf", "Yazi.Kaydedildi"), ("alan", "blog.yazi.kaydedildi"),
                        ("bosluk", OLAY + " "), ("tam", OLAY)):
        dagitici.dinle(under, YazanDinleyici(name, effects))
    DuyuranDenetleyici(dagitici).kaydet(4)
    assert [sinifla(p) for p in ("harf", "alan", "bosluk", "tam")] == \
        ["bağlanmadı"] * 3 + ["koştu"]
    assert effects == ["tam: yazı 4"]


def test_the_check_reports_unannounced_registrations_in_registration_order():
    dagitici, _ = dispatcher()
    for under, name in (("yazi.kaydedldi", "eposta"), (OLAY, "arama"), ("yazi.silindi", "rapor"),
                        ("yazi.kaydedldi", "bildirim"), ("yazi.kaydedldi", "eposta")):
        dagitici.dinle(under, YazanDinleyici(name, []))
    DuyuranDenetleyici(dagitici).kaydet(1)
    assert dagitici.duyurulmayanlar() == [("yazi.kaydedldi", "eposta"), ("yazi.silindi", "rapor"),
                                          ("yazi.kaydedldi", "bildirim"),
                                          ("yazi.kaydedldi", "eposta")]


def test_the_check_is_quiet_when_every_listener_is_announced():
    dagitici, _ = dispatcher(YazanDinleyici("arama", []))
    assert dagitici.duyurulmayanlar() == [("yazi.kaydedildi", "arama")]  # nothing announced yet
    DuyuranDenetleyici(dagitici).kaydet(7)
    assert dagitici.duyurulmayanlar() == [] and dagitici.duyurulanlar == [OLAY]


def test_a_failing_queued_listener_is_retried_and_the_response_never_knows():
    dagitici, queue = dispatcher(KirilganDinleyici("bildirim", basarisiz_deneme=5))
    assert DuyuranDenetleyici(dagitici).kaydet(7) == (201, "kaydedildi")
    assert sinifla("bildirim") == "ertelendi"
    assert queue.isle() == [f"bildirim deneme {n}: RuntimeError" for n in (1, 2, 3)]
    assert [job.ad() for job in queue.basarisiz] == ["bildirim"]


class WorkerNow(Dinleyici):
    """Runs the worker while the request is still dispatching: an early, separate worker."""

    def __init__(self, queue: BellekSurucusu) -> None:
        self.queue = queue

    def ad(self) -> str:
        return "worker"

    def tepki(self, olay: Olay) -> bool | None:
        self.queue.isle()
        return None


def test_a_queued_listener_acts_after_the_sync_ones_when_the_worker_runs_after_the_response():
    effects: list[str] = []
    dagitici, queue = dispatcher(YazanDinleyici("eposta", effects, kuyrukta=True),
                                 YazanDinleyici("arama", effects))
    DuyuranDenetleyici(dagitici).kaydet(3)
    queue.isle()
    assert effects == ["arama: yazı 3", "eposta: yazı 3"]


def test_a_queued_listener_acts_first_when_the_worker_runs_during_the_request():
    effects: list[str] = []
    dagitici, queue = dispatcher(YazanDinleyici("eposta", effects, kuyrukta=True))
    dagitici.dinle(OLAY, WorkerNow(queue))
    dagitici.dinle(OLAY, YazanDinleyici("arama", effects))
    assert DuyuranDenetleyici(dagitici).kaydet(3) == (201, "kaydedildi")
    assert (sinifla("eposta"), sinifla("arama")) == ("ertelendi", "koştu")
    assert effects == ["eposta: yazı 3", "arama: yazı 3"]


def test_a_queued_listener_cannot_stop_propagation_in_the_request_or_in_the_worker():
    effects: list[str] = []
    stopper = YazanDinleyici("a", effects, kuyrukta=True, durdurur=True)
    dagitici, queue = dispatcher(stopper, YazanDinleyici("b", effects),
                                 YazanDinleyici("c", effects, kuyrukta=True))
    DuyuranDenetleyici(dagitici).kaydet(1)
    assert [sinifla(p) for p in "abc"] == ["ertelendi", "koştu", "ertelendi"]
    assert queue.isle() == ["a deneme 1: koştu", "c deneme 1: koştu"]
    assert effects == ["b: yazı 1", "a: yazı 1", "c: yazı 1"]
    assert stopper.tepki(Olay(OLAY, 1)) is False  # it did return False, and nothing stopped


def test_with_the_sync_driver_a_queued_listener_runs_at_once():
    effects: list[str] = []
    dagitici = Dagitici(EszamanliSurucu())
    dagitici.dinle(OLAY, YazanDinleyici("eposta", effects, kuyrukta=True))
    DuyuranDenetleyici(dagitici).kaydet(2)
    assert sinifla("eposta") == "koştu" and effects == ["eposta: yazı 2"]


def test_a_sync_listeners_exception_reaches_the_controller_and_stops_the_rest():
    effects: list[str] = []
    failing = KirilganDinleyici("bildirim", 1)
    failing.kuyrukta = False
    dagitici, queue = dispatcher(YazanDinleyici("sayac", effects), failing,
                                 YazanDinleyici("arama", effects),
                                 YazanDinleyici("eposta", effects, kuyrukta=True))
    with pytest.raises(RuntimeError, match="geçici hata"):
        DuyuranDenetleyici(dagitici).kaydet(1)
    assert [sinifla(p) for p in ("sayac", "bildirim", "arama", "eposta")] == \
        ["koştu", "koştu", "atlandı", "atlandı"]
    assert effects == ["sayac: yazı 1"] and queue.bekleyen() == 0


def test_the_listener_job_carries_the_listeners_name_and_event():
    listener = YazanDinleyici("eposta", [], kuyrukta=True)
    job = DinleyiciIsi(listener, Olay(OLAY, 9))
    job.calistir()
    assert job.ad() == "eposta" and listener.etkiler == ["eposta: yazı 9"]


def test_bound_lists_are_copies():
    dagitici, _ = dispatcher(YazanDinleyici("a", []))
    dagitici.bagli(OLAY).clear()
    assert len(dagitici.bagli(OLAY)) == 1 and dagitici.bagli("yok") == []


REFUSED: Refusals = {  # calls that cannot mean anything (see tests/refusals.py)
    "Dagitici(BellekSurucusu)": (
        lambda: Dagitici(BellekSurucusu), TypeError,
        "kuyruk bir Surucu olmalı; verilen: BellekSurucusu sınıfının kendisi (bir örneği için "
        "BellekSurucusu() yazın)"),
    "YazanDinleyici('a', None)": (lambda: YazanDinleyici("a", None), TypeError,
                                  "etkiler bir list olmalı; verilen: None (NoneType)"),
    "YazanDinleyici('a', [], kuyrukta='evet')": (
        lambda: YazanDinleyici("a", [], kuyrukta="evet"), TypeError,
        "kuyrukta bir bool olmalı; verilen: 'evet' (str)"),
    "YazanDinleyici('a', [], durdurur='hayır')": (
        lambda: YazanDinleyici("a", [], durdurur="hayır"), TypeError,
        "durdurur bir bool olmalı; verilen: 'hayır' (str)"),
    "KirilganDinleyici('a', -1)": (lambda: KirilganDinleyici("a", -1), ValueError,
                                   "basarisiz_deneme en az 0 olmalı; verilen: -1"),
    "DuyuranDenetleyici(BellekSurucusu())": (
        lambda: DuyuranDenetleyici(BellekSurucusu()), TypeError,
        "dagitici bir Dagitici olmalı; verilen: bir BellekSurucusu nesnesi"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)
