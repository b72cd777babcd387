import pytest

from refusals import Refusals, refusal_test
from kernel.isler import (
    BellekSurucusu,
    EszamanliSurucu,
    IsSinifi,
    KirilganIs,
    KucukResimIsi,
    Surucu,
    YazilarDenetleyicisi,
)
from kernel.olcum import Gunluk, sinifla


class Flaky(IsSinifi):
    """Fails on its first `failures` attempts with `error`, then succeeds."""

    def __init__(self, name: str, failures: int, error: type[Exception] = RuntimeError):
        self.name, self.failures, self.error = name, failures, error

    def ad(self) -> str:
        return self.name

    def calistir(self) -> None:
        if self.deneme <= self.failures:
            raise self.error("geçici hata")


def test_memory_driver_defers_and_queues_without_running():
    driver = BellekSurucusu()
    driver.gonder(KucukResimIsi(7))
    assert sinifla("kucukResim") == "ertelendi"
    assert driver.bekleyen() == 1
    assert KucukResimIsi.uretilen == []


def test_sync_driver_marks_and_runs_at_once():
    EszamanliSurucu().gonder(KucukResimIsi(7))
    assert sinifla("kucukResim") == "koştu"
    assert KucukResimIsi.uretilen == [7]


def test_sync_driver_lets_the_jobs_exception_reach_the_caller():
    with pytest.raises(ValueError, match="geçici hata"):
        EszamanliSurucu().gonder(Flaky("k", failures=1, error=ValueError))
    assert sinifla("k") == "koştu"


def test_worker_runs_jobs_in_order_and_empties_the_queue():
    driver = BellekSurucusu()
    for yazi_id in (3, 1, 2):
        driver.gonder(KucukResimIsi(yazi_id))
    assert driver.isle() == ["kucukResim deneme 1: koştu"] * 3
    assert KucukResimIsi.uretilen == [3, 1, 2]
    assert driver.bekleyen() == 0
    assert driver.isle() == []


def test_requeue_goes_to_the_end_and_interleaves_jobs():
    driver = BellekSurucusu(deneme_hakki=3)
    for job in (Flaky("a", 2), Flaky("b", 0), Flaky("c", 1, KeyError)):
        driver.gonder(job)
    assert driver.isle() == [
        "a deneme 1: RuntimeError",
        "b deneme 1: koştu",
        "c deneme 1: KeyError",
        "a deneme 2: RuntimeError",
        "c deneme 2: koştu",
        "a deneme 3: koştu",
    ]
    assert driver.basarisiz == []


def test_exhausted_jobs_go_to_the_failed_list_in_the_order_they_failed():
    driver = BellekSurucusu(deneme_hakki=2)
    jobs = [Flaky("a", 5), Flaky("b", 1), Flaky("c", 2, ZeroDivisionError)]
    for job in jobs:
        driver.gonder(job)
    log = driver.isle()
    assert log == [
        "a deneme 1: RuntimeError",
        "b deneme 1: RuntimeError",
        "c deneme 1: ZeroDivisionError",
        "a deneme 2: RuntimeError",
        "b deneme 2: koştu",
        "c deneme 2: ZeroDivisionError",
    ]
    assert driver.basarisiz == [jobs[0], jobs[2]]
    assert [job.deneme for job in jobs] == [2, 2, 2]


@pytest.mark.parametrize("limit", [1, 2, 3, 7])
def test_attempts_never_exceed_the_limit(limit):
    driver = BellekSurucusu(deneme_hakki=limit)
    job = Flaky("k", failures=100)
    driver.gonder(job)
    log = driver.isle()
    assert job.deneme == limit == len(log)
    assert log[-1] == f"k deneme {limit}: RuntimeError"
    assert driver.basarisiz == [job]


def test_success_on_the_last_allowed_attempt_is_not_a_failure():
    driver = BellekSurucusu(deneme_hakki=3)
    driver.gonder(Flaky("k", failures=2))
    assert driver.isle()[-1] == "k deneme 3: koştu"
    assert driver.basarisiz == []


def test_default_limit_is_three():
    driver = BellekSurucusu()
    driver.gonder(Flaky("k", failures=9))
    assert len(driver.isle()) == 3


@pytest.mark.parametrize("limit", [0, -1])
def test_a_limit_below_one_is_refused(limit):
    with pytest.raises(ValueError, match="deneme_hakki"):
        BellekSurucusu(deneme_hakki=limit)


def test_a_job_queued_while_the_worker_runs_is_also_worked():
    driver = BellekSurucusu()

    class Parent(IsSinifi):
        def ad(self) -> str:
            return "ana"

        def calistir(self) -> None:
            driver.gonder(KucukResimIsi(9))

    driver.gonder(Parent())
    assert driver.isle() == ["ana deneme 1: koştu", "kucukResim deneme 1: koştu"]
    assert KucukResimIsi.uretilen == [9]


def test_jobs_and_drivers_are_abstract():
    with pytest.raises(TypeError):
        IsSinifi()
    with pytest.raises(TypeError):
        Surucu()


@pytest.mark.parametrize("driver_type,expected",
                         [(BellekSurucusu, "ertelendi"), (EszamanliSurucu, "koştu")])
def test_controller_is_the_same_for_both_drivers(driver_type, expected):
    assert YazilarDenetleyicisi(driver_type()).kaydet(7) == (201, "kaydedildi")
    assert Gunluk.yol == ["kaydet", "kucukResim"]
    assert sinifla("kaydet") == "koştu"
    assert sinifla("kucukResim") == expected


def test_the_fragile_job_fails_its_first_attempts_then_succeeds():
    driver = BellekSurucusu(deneme_hakki=4)
    driver.gonder(KirilganIs(2))
    driver.gonder(KirilganIs(0, ad="saglam"))
    assert driver.isle() == ["kirilgan deneme 1: RuntimeError", "saglam deneme 1: koştu",
                             "kirilgan deneme 2: RuntimeError", "kirilgan deneme 3: koştu"]


REFUSED: Refusals = {  # calls that cannot mean anything (see tests/refusals.py)
    "BellekSurucusu('3')": (lambda: BellekSurucusu("3"), TypeError,
                            "deneme_hakki bir tam sayı olmalı; verilen: '3' (str)"),
    "BellekSurucusu(True)": (lambda: BellekSurucusu(True), TypeError,
                             "deneme_hakki bir tam sayı olmalı; verilen: True (bool)"),
    "KirilganIs(-1)": (lambda: KirilganIs(-1), ValueError,
                       "basarisiz_deneme en az 0 olmalı; verilen: -1"),
    "KirilganIs(1.5)": (lambda: KirilganIs(1.5), TypeError,
                        "basarisiz_deneme bir tam sayı olmalı; verilen: 1.5 (float)"),
    "KucukResimIsi(0)": (lambda: KucukResimIsi(0), ValueError,
                         "yazi_id en az 1 olmalı; verilen: 0"),
    "KucukResimIsi('7')": (lambda: KucukResimIsi("7"), TypeError,
                           "yazi_id bir tam sayı olmalı; verilen: '7' (str)"),
    "YazilarDenetleyicisi(BellekSurucusu)": (
        lambda: YazilarDenetleyicisi(BellekSurucusu), TypeError,
        "surucu bir Surucu olmalı; verilen: BellekSurucusu sınıfının kendisi (bir örneği için "
        "BellekSurucusu() yazın)"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)


def test_the_smallest_meaningful_values_are_accepted():
    assert BellekSurucusu(1).deneme_hakki == 1
    assert KirilganIs(0).basarisiz_deneme == 0
    assert KucukResimIsi(1).yazi_id == 1
