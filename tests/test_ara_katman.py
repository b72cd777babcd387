"""The pipeline, the shared environment and the middleware-aware worker."""

import pytest

from refusals import Refusals, refusal_test
from kernel.ara_katman.ornekler import (
    BakimdaAtla, HatayiYutan, IceAktarmaIsi, KayitTutan, OrnekIs, SiraYazan, kos,
)
from kernel.ara_katman.sozlesme import AraKatman, AraKatmanliIs, boru_hatti
from kernel.ara_katman.surucu import AraKatmanliSurucu, IzKaydi
from kernel.ara_katman.yerlesikler import UniqueJob
from kernel.isler import BellekSurucusu, KirilganIs
from kernel.olcum import Gunluk, sinifla


class Recorder(AraKatman):
    """Writes `name>` before the rest of the pipeline and `<name` after it."""

    def __init__(self, name: str, trace: list[str], calls_next: bool = True):
        self.name, self.trace, self.calls_next = name, trace, calls_next

    def isle(self, is_, sonraki):
        self.trace.append(f"{self.name}>")
        if self.calls_next:
            sonraki(is_)
        self.trace.append(f"<{self.name}")


class Bare(AraKatmanliIs):
    def ad(self) -> str:
        return "bare"

    def calistir(self) -> None: ...


def outcomes(driver: AraKatmanliSurucu) -> list[tuple[float, float, int, str, str]]:
    return [(k.an, k.bitis, k.isci, k.is_adi, k.sonuc) for k in driver.iz]


def test_the_first_middleware_is_the_outermost_layer():
    trace: list[str] = []
    pipeline = boru_hatti([Recorder(n, trace) for n in "ABC"], lambda is_: trace.append("job"))
    pipeline(Bare())
    assert trace == ["A>", "B>", "C>", "job", "<C", "<B", "<A"]


def test_an_empty_pipeline_is_the_body_alone():
    trace: list[str] = []
    boru_hatti([], lambda is_: trace.append("job"))(Bare())
    assert trace == ["job"]


def test_a_layer_that_does_not_call_next_cuts_off_everything_inside_it():
    trace: list[str] = []
    layers = [Recorder("A", trace), Recorder("B", trace, calls_next=False), Recorder("C", trace)]
    boru_hatti(layers, lambda is_: trace.append("job"))(Bare())
    assert trace == ["A>", "B>", "<B", "<A"]


def test_a_job_has_no_middleware_no_duration_and_its_class_as_handler_by_default():
    job = Bare()
    assert job.ara_katmanlar() == [] and job.sure == 0 and job.isleyici() == "Bare"


class Runaway(BaseException):
    """Not an Exception: the worker does not catch it, so the run stops and the test fails."""


class Budget(AraKatman):
    """Lets a job through its pipeline at most `calls` times; a requeue loop ends the test."""

    def __init__(self, calls: int):
        self.calls = calls

    def isle(self, is_, sonraki):
        self.calls -= 1
        if self.calls < 0:
            raise Runaway(is_.ad())
        sonraki(is_)


def test_a_short_circuited_job_is_skipped_silently_and_measured_as_skipped():
    driver = AraKatmanliSurucu(deneme_hakki=3)
    skipped = OrnekIs("eposta", katmanlar=[Budget(1), BakimdaAtla(True)])
    driver.gonder(OrnekIs("rapor", katmanlar=[BakimdaAtla(False)]))
    driver.gonder(skipped)
    assert driver.isle() == ["rapor deneme 1: tamamlandı", "eposta: atlandı"]
    assert (sinifla("rapor"), sinifla("eposta")) == ("koştu", "atlandı")
    assert skipped.deneme == 0 and driver.basarisiz == [] and driver.bekleyen() == 0
    assert driver.ortam.notlar == ["rapor"]


def test_a_layer_that_swallows_the_exception_turns_the_failure_into_a_completed_attempt():
    swallowed = OrnekIs("yutulan", 10, [HatayiYutan()], ["hata"])
    plain = OrnekIs("yalın", 10, senaryo=["hata"])
    driver = kos([(0, swallowed), (0, plain)])
    assert [k.satir() for k in driver.iz] == [
        "yutulan deneme 1: tamamlandı", "yalın deneme 1: RuntimeError",
        "yalın deneme 2: tamamlandı"]
    assert (sinifla("yutulan"), sinifla("yalın")) == ("koştu", "koştu")
    assert swallowed.deneme == 1 and driver.basarisiz == [] and driver.bekleyen() == 0
    # the body failed: its own line is missing, only the layer wrote
    assert driver.ortam.notlar == ["yutulan: RuntimeError yakalandı", "yalın"]


def test_a_layer_that_swallows_exceptions_does_not_swallow_a_crash():
    job = OrnekIs("a", 10, [HatayiYutan()], ["çökme"])
    driver = kos([(0, job)], deneme_hakki=2)
    assert [k.satir() for k in driver.iz] == ["a deneme 1: çöktü", "a deneme 2: tamamlandı"]
    assert driver.ortam.notlar == ["a"]


def test_the_workers_pass_is_measured_as_a_request():
    Gunluk.yola("eski")
    driver = AraKatmanliSurucu(deneme_hakki=2)
    for job in (KirilganIs(1, "gecikir"), KirilganIs(0, "hemen"), KirilganIs(5, "batar")):
        driver.gonder(job)
    driver.isle()
    assert sinifla("eski") == "bağlanmadı"
    assert Gunluk.yol == ["gecikir", "hemen", "batar", "gecikir", "batar"]
    assert Gunluk.kosan == ["gecikir", "hemen", "batar", "gecikir", "batar"]
    assert Gunluk.ertelenen == ["gecikir", "batar"]


def test_the_body_moves_the_clock_by_its_duration_and_workers_run_side_by_side():
    plan = [(0, OrnekIs(name, sure)) for name, sure in (("a", 10), ("b", 30), ("c", 5))]
    driver = kos(plan, isci_sayisi=2)
    assert outcomes(driver) == [(0, 10, 0, "a", "tamamlandı"), (0, 30, 1, "b", "tamamlandı"),
                                (10, 15, 0, "c", "tamamlandı")]


def test_ties_go_to_the_lowest_numbered_worker_and_jobs_wait_for_their_time():
    plan = [(50, OrnekIs("late", 10)), (0, OrnekIs("early", 10))]
    driver = kos(plan, isci_sayisi=3)
    assert outcomes(driver) == [(0, 10, 0, "early", "tamamlandı"),
                                (50, 60, 0, "late", "tamamlandı")]


def test_a_failed_attempt_comes_back_after_the_backoff():
    driver = kos([(0, OrnekIs("a", 10, senaryo=["hata"]))], geri_cekilme=25)
    assert outcomes(driver) == [(0, 10, 0, "a", "RuntimeError"), (35, 45, 0, "a", "tamamlandı")]
    assert driver.iz[0].hazir == 35


class Backwards(Bare):
    sure = -1.0  # a job class of one's own: its duration is not checked until it is sent


@pytest.mark.parametrize("job,delay", [(Backwards(), 0), (OrnekIs("a"), -1)])
def test_a_negative_duration_or_delay_is_refused_when_sent(job, delay):
    with pytest.raises(ValueError, match="eksi"):
        AraKatmanliSurucu().gonder(job, delay)


REFUSED: Refusals = {  # calls that cannot mean anything (see tests/refusals.py)
    "AraKatmanliSurucu(deneme_hakki=0)": (lambda: AraKatmanliSurucu(deneme_hakki=0), ValueError,
                                          "deneme_hakki en az 1 olmalı; verilen: 0"),
    "AraKatmanliSurucu(isci_sayisi=0)": (lambda: AraKatmanliSurucu(isci_sayisi=0), ValueError,
                                         "isci_sayisi en az 1 olmalı; verilen: 0"),
    "AraKatmanliSurucu(isci_sayisi=2.5)": (
        lambda: AraKatmanliSurucu(isci_sayisi=2.5), TypeError,
        "isci_sayisi bir tam sayı olmalı; verilen: 2.5 (float)"),
    "AraKatmanliSurucu(geri_cekilme=-1)": (lambda: AraKatmanliSurucu(geri_cekilme=-1),
                                           ValueError, "geri_cekilme en az 0 olmalı; verilen: -1"),
    "OrnekIs('a', -1)": (lambda: OrnekIs("a", -1), ValueError, "sure en az 0 olmalı; verilen: -1"),
    "OrnekIs('a', float('nan'))": (lambda: OrnekIs("a", float("nan")), ValueError,
                                   "sure sonlu bir sayı olmalı; verilen: nan"),
    "OrnekIs('a', '10')": (lambda: OrnekIs("a", "10"), TypeError,
                           "sure bir sayı olmalı; verilen: '10' (str)"),
    "OrnekIs('a', katmanlar=[UniqueJob])": (
        lambda: OrnekIs("a", katmanlar=[UniqueJob]), TypeError,
        "katmanlar öğesi bir AraKatman olmalı; verilen: UniqueJob sınıfının kendisi (bir örneği "
        "için UniqueJob() yazın)"),
    "OrnekIs('a', senaryo=['cokme'])": (
        lambda: OrnekIs("a", senaryo=["cokme"]), ValueError,
        "senaryo adımı şunlardan biri olmalı: 'başarı', 'hata', 'çökme'; verilen: 'cokme'"),
    "IceAktarmaIsi(0, 10)": (lambda: IceAktarmaIsi(0, 10), ValueError,
                             "tedarikci_id en az 1 olmalı; verilen: 0"),
    "BakimdaAtla('False')": (lambda: BakimdaAtla("False"), TypeError,
                             "bakimda bir bool olmalı; verilen: 'False' (str)"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)


def test_the_smallest_meaningful_values_are_accepted():
    driver = AraKatmanliSurucu(deneme_hakki=1, isci_sayisi=1, geri_cekilme=0)
    assert (driver.deneme_hakki, driver.geri_cekilme) == (1, 0)
    assert OrnekIs("a", 0, [UniqueJob()], ["başarı", "hata", "çökme"]).senaryo[-1] == "çökme"
    assert IceAktarmaIsi(1, 0).tedarikci_id == 1


def test_a_crash_counts_an_attempt_requeues_the_job_and_voids_what_comes_after_it():
    job = OrnekIs("a", 10, [KayitTutan(), UniqueJob()], ["çökme"])
    driver = kos([(0, job)], deneme_hakki=2)
    assert driver.isle() == []
    assert [k.satir() for k in driver.iz] == ["a deneme 1: çöktü", "a: atlandı"]
    assert job.deneme == 1 and driver.iz[0].hazir == 10
    locks = [(k.anahtar, k.alinma, k.bitis) for k in driver.ortam.kilitler]
    assert locks == [("OrnekIs", 0, None)]
    # no "bitti" line for the crashed attempt; the retry is skipped at once by the stale lock
    assert driver.ortam.notlar == ["t=0: a başladı", "t=10: a başladı", "t=10: a bitti, 0 sn"]


def test_a_crash_on_the_last_attempt_buries_the_job():
    job = OrnekIs("a", 10, senaryo=["çökme"])
    driver = kos([(0, job)], deneme_hakki=1)
    assert driver.iz[0].gomuldu and driver.basarisiz == [job]


def test_the_logging_layer_writes_virtual_times_even_when_the_job_fails():
    driver = kos([(0, OrnekIs("yedek", 90, [KayitTutan()], ["hata"]))], deneme_hakki=2)
    assert driver.ortam.notlar == ["t=0: yedek başladı", "t=90: yedek bitti, 90 sn",
                                   "t=90: yedek başladı", "yedek", "t=180: yedek bitti, 90 sn"]


def test_a_job_queued_while_the_worker_runs_is_ready_when_it_was_sent():
    driver = AraKatmanliSurucu()

    class Parent(OrnekIs):
        def calistir(self) -> None:
            driver.gonder(OrnekIs("child", 5))

    driver.gonder(Parent("parent", 20))
    assert driver.isle() == ["parent deneme 1: tamamlandı", "child deneme 1: tamamlandı"]
    assert driver.iz[1].an == 20


def test_each_pass_returns_its_own_lines_and_the_trace_keeps_them_all():
    driver = AraKatmanliSurucu()
    driver.gonder(OrnekIs("a", 10))
    assert driver.isle() == ["a deneme 1: tamamlandı"]
    driver.gonder(OrnekIs("b", 10))
    assert driver.isle() == ["b deneme 1: tamamlandı"]
    assert [(k.is_adi, k.an) for k in driver.iz] == [("a", 0), ("b", 10)]


def test_without_middleware_the_lines_are_the_memory_workers_lines():
    """The same lines, but an attempt that ends without an exception reads "tamamlandı" here
    where lesson 01's worker writes "koştu": "koştu" stays the measurement core's class."""
    lines = []
    for driver in (BellekSurucusu(deneme_hakki=3), AraKatmanliSurucu(deneme_hakki=3)):
        for failures, name in ((2, "a"), (0, "b"), (5, "c")):
            driver.gonder(KirilganIs(failures, name))
        lines.append(driver.isle())
    assert [line.removesuffix(": koştu") + ": tamamlandı" if line.endswith(": koştu") else line
            for line in lines[0]] == lines[1]
    assert "a deneme 3: tamamlandı" in lines[1]


def test_counted_lines_use_the_attempt_and_the_others_do_not():
    assert IzKaydi(0, 0, 0, "a", 2, "ValueError").satir() == "a deneme 2: ValueError"
    assert IzKaydi(0, 0, 0, "a", 1, "geri kondu").satir() == "a: geri kondu"


def test_the_onion_layers_write_to_the_shared_log():
    driver = kos([(0, OrnekIs("iş", katmanlar=[SiraYazan(n) for n in "AB"]))])
    assert driver.ortam.notlar == ["A", "B", "iş", "B", "A"]
