"""Worker and middleware properties over random workloads, worker counts and limits."""

from collections.abc import Callable
from itertools import pairwise

from hypothesis import given, strategies as st

from kernel.ara_katman.ornekler import OrnekIs, SiraYazan, kos
from kernel.ara_katman.sozlesme import AraKatman
from kernel.ara_katman.surucu import ATLANDI, COKTU, TAMAMLANDI, AraKatmanliSurucu, IzKaydi
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)
from kernel.isler import BellekSurucusu, KirilganIs
from test_ara_katman import Budget

LAYERS: dict[str, Callable[[str], AraKatman]] = {
    "unique": UniqueJob,
    "overlap": lambda key: WithoutOverlapping(key, release_after=50),  # >= every duration
    "rate": lambda key: RateLimited(2, 30),
    "throttle": lambda key: ThrottlesExceptions(1, 0.5),
    "timeout": lambda key: Timeout(20),
    "honest": lambda key: DurustTimeout(20),
}
LOCKS = ("unique", "overlap")

steps = st.lists(st.sampled_from(["başarı", "hata", "çökme"]), max_size=4)
delays, durations, keys = st.integers(0, 60), st.integers(0, 50), st.sampled_from(["k1", "k2"])
job_specs = st.tuples(delays, durations, keys,
                      st.lists(st.sampled_from(sorted(LAYERS)), max_size=3), steps)
lock_specs = st.tuples(delays, durations, keys, st.sampled_from(LOCKS).map(lambda n: [n]), steps)
settings = st.tuples(st.integers(1, 4), st.integers(1, 3), st.integers(0, 20))


def run(specs, setting) -> tuple[AraKatmanliSurucu, list[OrnekIs]]:
    """Runs fresh jobs made from the specs; returns the driver and the jobs.

    Each job enters its pipeline at most once per attempt plus one final skip (a release does
    not enter it); the outer Budget stops a run that requeues a job past that.
    """
    plan = [(delay, OrnekIs(f"is{n}", sure,
                            [Budget(setting[0] + 1), *(LAYERS[name](key) for name in names)],
                            script))
            for n, (delay, sure, key, names, script) in enumerate(specs)]
    return kos(plan, *setting), [job for _, job in plan]


def one_after_another(spans: list[tuple[float, float]]) -> bool:
    """No two [start, end) spans overlap."""
    return all(end <= start for (_, end), (start, _) in pairwise(sorted(spans)))


def records_of(driver: AraKatmanliSurucu, job: OrnekIs) -> list[IzKaydi]:
    return [k for k in driver.iz if k.is_adi == job.ad()]


@given(st.lists(st.text(min_size=1, max_size=3), max_size=6))
def test_the_pipeline_is_an_onion_for_any_list_of_middleware(names):
    driver = kos([(0, OrnekIs("iş", katmanlar=[SiraYazan(name) for name in names]))])
    assert driver.ortam.notlar == [*names, "iş", *reversed(names)]


@given(st.lists(st.integers(0, 6), max_size=8), st.integers(1, 6), st.integers(1, 3))
def test_without_middleware_the_worker_logs_exactly_as_the_memory_worker(failures, limit,
                                                                         workers):
    drivers = [BellekSurucusu(deneme_hakki=limit),
               AraKatmanliSurucu(deneme_hakki=limit, isci_sayisi=workers)]
    for driver in drivers:
        for n, count in enumerate(failures):
            driver.gonder(KirilganIs(count, f"is{n}"))
    memory, layered = (driver.isle() for driver in drivers)
    assert layered == [line.removesuffix(": koştu") + ": tamamlandı"
                       if line.endswith(": koştu") else line for line in memory]
    assert [job.ad() for job in drivers[1].basarisiz] == [job.ad() for job in drivers[0].basarisiz]


@given(st.lists(lock_specs, min_size=1, max_size=8), settings)
def test_a_job_skipped_by_a_lock_never_counts_an_attempt(specs, setting):
    driver, jobs = run(specs, setting)
    for job in jobs:
        records = records_of(driver, job)
        assert job.deneme == sum(k.sayildi for k in records)
        counted = 0
        for record in records:
            counted += record.sayildi
            assert record.deneme == counted
        if records[-1].sonuc == ATLANDI:
            assert records[-1].hazir is None and job not in driver.basarisiz
        assert all(k.sonuc != ATLANDI for k in records[:-1])


@given(st.lists(lock_specs, min_size=1, max_size=8), settings)
def test_no_two_bodies_with_the_same_lock_key_run_at_once(specs, setting):
    driver, jobs = run(specs, setting)
    key_of = {job.ad(): spec[2] for job, spec in zip(jobs, specs, strict=True)}
    for key in ("k1", "k2"):
        bodies = [(k.an, k.bitis) for k in driver.iz if k.govde and key_of[k.is_adi] == key]
        assert one_after_another(bodies)


@given(st.lists(lock_specs, min_size=1, max_size=8), settings)
def test_every_lock_taken_is_recorded_once_with_the_attempt_that_took_it(specs, setting):
    """A lock is taken by every attempt a lock layer lets through, at its start; it ends when
    the attempt does, unless the worker crashed: then it is left as it was taken."""
    driver, jobs = run(specs, setting)
    layer_of = {job.ad(): spec[3][0] for job, spec in zip(jobs, specs, strict=True)}
    assert [omur.sira for omur in driver.ortam.kilit_omurleri] == sorted(
        n for n, k in enumerate(driver.iz) if k.sonuc != ATLANDI)
    for omur in driver.ortam.kilit_omurleri:
        holder = driver.iz[omur.sira]
        assert omur.alinma == holder.an
        if holder.sonuc != COKTU:
            assert omur.bitis == holder.bitis  # release_after=50 outlasts every duration
        else:
            assert omur.bitis == (None if layer_of[holder.is_adi] == "unique" else holder.an + 50)


@given(st.lists(job_specs, min_size=1, max_size=8), settings)
def test_attempts_never_exceed_the_limit_and_every_job_ends_once(specs, setting):
    driver, jobs = run(specs, setting)
    limit = setting[0]
    assert all(k.deneme <= limit for k in driver.iz) and driver.bekleyen() == 0
    for job in jobs:
        last = records_of(driver, job)[-1]
        assert job.deneme <= limit
        assert last.sonuc in (TAMAMLANDI, ATLANDI) or last.gomuldu
        assert (job in driver.basarisiz) == last.gomuldu
        assert not last.gomuldu or job.deneme == limit


@given(st.lists(job_specs, min_size=1, max_size=8), settings)
def test_attempts_start_in_order_and_a_worker_does_one_thing_at_a_time(specs, setting):
    driver, _ = run(specs, setting)
    starts = [k.an for k in driver.iz]
    assert starts == sorted(starts)
    for worker in range(setting[1]):
        assert one_after_another([(k.an, k.bitis) for k in driver.iz if k.isci == worker])


@given(st.lists(st.tuples(st.integers(0, 100), st.integers(0, 20), steps), max_size=10),
       st.integers(1, 3), st.integers(1, 3))
def test_rate_limited_passes_never_exceed_max_in_any_window(specs, max_, workers):
    limit = RateLimited(max_, 30)
    plan = [(delay, OrnekIs(f"is{n}", sure, [limit], script))
            for n, (delay, sure, script) in enumerate(specs)]
    driver = kos(plan, deneme_hakki=3, isci_sayisi=workers)
    passes = [k.an for k in driver.iz if k.sayildi and k.sonuc != "HizSiniriAsildi"]
    for start in passes:
        assert sum(start - 30 < other <= start for other in passes) <= max_


@given(st.lists(job_specs, min_size=1, max_size=8), settings)
def test_the_same_input_gives_the_same_trace(specs, setting):
    first, second = run(specs, setting)[0], run(specs, setting)[0]
    assert first.iz == second.iz and first.ortam.notlar == second.ortam.notlar
