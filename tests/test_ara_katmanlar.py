"""Each built-in at its boundary: the Nth call passes, the N+1th does not."""


from refusals import Refusals, refusal_test
from kernel.ara_katman.ornekler import OrnekIs, kos
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)
from kernel.olcum import Gunluk, sinifla


class OtherHandler(OrnekIs):
    """The same job under another class name, so another handler and another default key."""


def events(driver) -> list[tuple[float, str]]:
    return [(k.an, k.satir()) for k in driver.iz]


# RateLimited


def test_rate_limited_lets_max_through_and_the_next_one_raises_as_an_attempt():
    limit = RateLimited(max=3, window=60)
    driver = kos([(0, OrnekIs(f"j{n}", katmanlar=[limit])) for n in range(1, 5)])
    assert events(driver)[:4] == [
        (0, "j1 deneme 1: tamamlandı"), (0, "j2 deneme 1: tamamlandı"),
        (0, "j3 deneme 1: tamamlandı"), (0, "j4 deneme 1: HizSiniriAsildi")]
    assert driver.iz[3].hazir == 0 and not driver.iz[3].govde


def test_after_the_limit_is_registered_the_worker_releases_without_an_attempt():
    limit = RateLimited(max=2, window=60)
    jobs = [OrnekIs(f"j{n}", katmanlar=[limit]) for n in range(1, 5)]
    driver = kos([(0, job) for job in jobs])
    assert events(driver) == [
        (0, "j1 deneme 1: tamamlandı"), (0, "j2 deneme 1: tamamlandı"),
        (0, "j3 deneme 1: HizSiniriAsildi"),
        (0, "j4: geri kondu"), (0, "j3: geri kondu"),
        (60, "j4 deneme 1: tamamlandı"), (60, "j3 deneme 2: tamamlandı")]
    assert [k.hazir for k in driver.iz[3:5]] == [60, 60]
    assert [job.deneme for job in jobs] == [1, 1, 2, 1]
    assert sinifla("j4") == "koştu" and "j4" in Gunluk.ertelenen


def test_the_rate_limit_window_slides():
    limit = RateLimited(max=2, window=60)
    plan = [(at, OrnekIs(name, katmanlar=[limit]))
            for name, at in (("a", 0), ("b", 30), ("c", 59), ("d", 60), ("e", 61))]
    driver = kos(plan)
    assert [(k.an, k.satir(), k.hazir) for k in driver.iz] == [
        (0, "a deneme 1: tamamlandı", None), (30, "b deneme 1: tamamlandı", None),
        (59, "c deneme 1: HizSiniriAsildi", 59), (59, "c: geri kondu", 60),
        (60, "d deneme 1: tamamlandı", None), (60, "c: geri kondu", 90), (61, "e: geri kondu", 90),
        (90, "c deneme 2: tamamlandı", None), (90, "e: geri kondu", 120),
        (120, "e deneme 1: tamamlandı", None)]
    # each wait ends when the oldest pass in the last 60 s leaves it; a fixed window
    # [60, 120) would have let c in at 60 beside d


def test_a_pass_is_counted_when_it_starts_even_if_the_body_then_fails():
    limit = RateLimited(max=1, window=60)
    driver = kos([(0, OrnekIs("a", katmanlar=[limit], senaryo=["hata"])),
                  (0, OrnekIs("b", katmanlar=[limit]))], deneme_hakki=1)
    assert [k.satir() for k in driver.iz] == ["a deneme 1: RuntimeError",
                                              "b deneme 1: HizSiniriAsildi"]


def test_limits_are_kept_per_handler():
    driver = kos([(0, OrnekIs("a", katmanlar=[RateLimited(1, 60)])),
                  (0, OtherHandler("b", katmanlar=[RateLimited(1, 60)]))])
    assert [k.sonuc for k in driver.iz] == ["tamamlandı", "tamamlandı"]


def test_a_rate_limit_exception_on_the_last_attempt_buries_the_job():
    limit = RateLimited(max=1, window=60)
    driver = kos([(0, OrnekIs("a", katmanlar=[limit])), (0, OrnekIs("b", katmanlar=[limit]))],
                 deneme_hakki=1)
    assert driver.iz[1].gomuldu and [job.ad() for job in driver.basarisiz] == ["b"]


REFUSED: Refusals = {  # calls that cannot mean anything (see tests/refusals.py)
    "RateLimited(0, 60)": (lambda: RateLimited(0, 60), ValueError,
                           "max en az 1 olmalı; verilen: 0"),
    "RateLimited(1.5, 60)": (lambda: RateLimited(1.5, 60), TypeError,
                             "max bir tam sayı olmalı; verilen: 1.5 (float)"),
    "RateLimited(1, 0)": (lambda: RateLimited(1, 0), ValueError,
                          "window sıfırdan büyük olmalı; verilen: 0"),
    "RateLimited(1, inf)": (lambda: RateLimited(1, float("inf")), ValueError,
                            "window sonlu bir sayı olmalı; verilen: inf"),
    "ThrottlesExceptions(0, 1)": (lambda: ThrottlesExceptions(0, 1), ValueError,
                                  "max_attempts en az 1 olmalı; verilen: 0"),
    "ThrottlesExceptions(3, 0)": (lambda: ThrottlesExceptions(3, 0), ValueError,
                                  "decay_minutes sıfırdan büyük olmalı; verilen: 0"),
    "ThrottlesExceptions(3, -1)": (lambda: ThrottlesExceptions(3, -1), ValueError,
                                   "decay_minutes sıfırdan büyük olmalı; verilen: -1"),
    "Timeout(0)": (lambda: Timeout(0), ValueError, "seconds sıfırdan büyük olmalı; verilen: 0"),
    "DurustTimeout(-5)": (lambda: DurustTimeout(-5), ValueError,
                          "seconds sıfırdan büyük olmalı; verilen: -5"),
    "DurustTimeout(nan)": (lambda: DurustTimeout(float("nan")), ValueError,
                           "seconds sonlu bir sayı olmalı; verilen: nan"),
    "DurustTimeout('300')": (lambda: DurustTimeout("300"), TypeError,
                             "seconds bir sayı olmalı; verilen: '300' (str)"),
    "WithoutOverlapping('k', -10)": (lambda: WithoutOverlapping("k", -10), ValueError,
                                     "release_after sıfırdan büyük olmalı; verilen: -10"),
    "WithoutOverlapping('k', 0)": (lambda: WithoutOverlapping("k", 0), ValueError,
                                   "release_after sıfırdan büyük olmalı; verilen: 0"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)


def test_the_smallest_meaningful_values_are_accepted():
    assert (RateLimited(1, 0.5).max, ThrottlesExceptions(1, 0.5).decay_minutes) == (1, 0.5)
    assert Timeout(0.5).seconds == DurustTimeout(0.5).seconds == 0.5
    assert WithoutOverlapping("k", 0.5).release_after == 0.5


# ThrottlesExceptions


def failing(name: str, layer, sure: float = 10) -> OrnekIs:
    return OrnekIs(name, sure, [layer], ["hata"] * 9)


def test_at_the_threshold_jobs_fail_fast_without_being_called():
    layer = ThrottlesExceptions(max_attempts=3, decay_minutes=1)
    driver = kos([(0, failing(f"j{n}", layer)) for n in range(1, 5)], deneme_hakki=1)
    assert [(k.an, k.govde, k.sonuc) for k in driver.iz] == [
        (0, True, "RuntimeError"), (10, True, "RuntimeError"), (20, True, "RuntimeError"),
        (30, False, "RuntimeError")]
    assert driver.iz[3].ayrinti == "OrnekIs: 3 istisna, kısıldı"
    assert sinifla("j4") == "atlandı" and sinifla("j3") == "koştu"


def test_a_fast_failure_is_an_attempt_retried_with_backoff_then_buried():
    layer = ThrottlesExceptions(max_attempts=1, decay_minutes=10)
    job = failing("b", layer)
    driver = kos([(0, failing("a", layer)), (0, job)], deneme_hakki=2, geri_cekilme=5)
    fast = [k for k in driver.iz if k.is_adi == "b"]
    assert [(k.an, k.deneme, k.govde) for k in fast] == [(10, 1, False), (15, 2, False)]
    assert fast[-1].gomuldu and job in driver.basarisiz


def test_a_whole_quiet_window_clears_the_counter():
    layer = ThrottlesExceptions(max_attempts=1, decay_minutes=1)
    plan = [(0, failing("a", layer, 0)), (59, failing("b", layer)), (119, failing("c", layer))]
    driver = kos(plan, deneme_hakki=1)
    # a's exception at 0 throttles b at 59; a whole window after it, c is called again
    assert [(k.an, k.govde) for k in driver.iz] == [(0, True), (59, False), (119, True)]


def test_the_window_restarts_with_each_recorded_exception():
    layer = ThrottlesExceptions(max_attempts=3, decay_minutes=1)
    plan = [(at, failing(f"j{at}", layer, 0)) for at in (0, 50, 100)]
    driver = kos([*plan, (100, failing("last", layer))], deneme_hakki=1)
    # exceptions at 0, 50, 100: never a whole minute apart, so the count reaches 3
    assert [k.govde for k in driver.iz] == [True, True, True, False]


def test_fast_failures_do_not_restart_the_window():
    layer = ThrottlesExceptions(max_attempts=1, decay_minutes=1)
    plan = [(0, failing("a", layer, 0)), (30, failing("b", layer)), (59, failing("c", layer)),
            (60, failing("d", layer))]
    driver = kos(plan, deneme_hakki=1)
    assert [(k.an, k.govde) for k in driver.iz] == [(0, True), (30, False), (59, False),
                                                    (60, True)]


def test_a_success_does_not_clear_the_counter():
    layer = ThrottlesExceptions(max_attempts=3, decay_minutes=1)
    plan = [(0, failing("a", layer)), (0, failing("b", layer)), (0, OrnekIs("ok", 10, [layer])),
            (0, failing("c", layer)), (0, failing("d", layer))]
    driver = kos(plan, deneme_hakki=1)
    assert [k.govde for k in driver.iz] == [True, True, True, True, False]


def test_an_exception_counts_from_when_it_happened_not_from_when_its_job_started():
    layer = ThrottlesExceptions(max_attempts=1, decay_minutes=10)
    plan = [(0, failing("long", layer, 100)), (50, failing("during", layer)),
            (100, failing("after", layer))]
    driver = kos(plan, deneme_hakki=1, isci_sayisi=2)
    assert [(k.is_adi, k.an, k.govde) for k in driver.iz] == [
        ("long", 0, True), ("during", 50, True), ("after", 100, False)]


def test_exceptions_are_counted_per_handler():
    layer = ThrottlesExceptions(max_attempts=1, decay_minutes=1)
    driver = kos([(0, failing("a", layer)), (0, OtherHandler("b", 0, [layer]))])
    assert [k.sonuc for k in driver.iz] == ["RuntimeError", "tamamlandı", "RuntimeError",
                                            "RuntimeError"]


# Timeout and DurustTimeout


def test_the_librarys_timeout_never_fires():
    driver = kos([(0, OrnekIs("long", 10_000, [Timeout(seconds=30)]))], deneme_hakki=1)
    assert events(driver) == [(0, "long deneme 1: tamamlandı")]
    assert driver.iz[0].bitis == 10_000 and driver.ortam.notlar == ["long"]


def test_the_honest_timeout_lets_its_budget_through_and_stops_one_second_more():
    plan = [(0, OrnekIs(f"j{sure}", sure, [DurustTimeout(seconds=300)])) for sure in (300, 301)]
    driver = kos(plan, deneme_hakki=1)
    assert [(k.an, k.bitis, k.sonuc, k.govde) for k in driver.iz] == [
        (0, 300, "tamamlandı", True), (300, 600, "TimeoutError", True)]
    assert driver.ortam.notlar == ["j300"]
    assert driver.iz[1].gomuldu


def test_a_timed_out_attempt_is_retried_and_counts():
    job = OrnekIs("slow", 50, [DurustTimeout(seconds=20)])
    driver = kos([(0, job)], deneme_hakki=2)
    assert events(driver) == [(0, "slow deneme 1: TimeoutError"),
                              (20, "slow deneme 2: TimeoutError")]
    assert job.deneme == 2 and driver.basarisiz == [job]


def test_the_tighter_budget_wins_and_inner_locks_are_released_at_the_cut():
    layers = [DurustTimeout(100), DurustTimeout(10), UniqueJob()]
    driver = kos([(0, OrnekIs("a", 20, layers)), (10, OrnekIs("b", 5, [UniqueJob()]))],
                 deneme_hakki=1)
    assert events(driver) == [(0, "a deneme 1: TimeoutError"), (10, "b deneme 1: tamamlandı")]


# UniqueJob


def test_while_the_lock_is_held_the_job_is_skipped_not_retried():
    job = OrnekIs("second", 10, [UniqueJob()])
    driver = kos([(0, OrnekIs("first", 60, [UniqueJob()])), (0, job)], isci_sayisi=2)
    assert events(driver) == [(0, "first deneme 1: tamamlandı"), (0, "second: atlandı")]
    assert job.deneme == 0 and driver.basarisiz == [] and sinifla("second") == "atlandı"


def test_the_lock_is_held_until_the_job_ends_and_free_from_then_on():
    plan = [(at, OrnekIs(f"j{at}", 60, [UniqueJob()])) for at in (0, 59, 60)]
    driver = kos(plan, isci_sayisi=2)
    assert events(driver) == [(0, "j0 deneme 1: tamamlandı"), (59, "j59: atlandı"),
                              (60, "j60 deneme 1: tamamlandı")]


def test_the_default_key_is_the_class_name_and_a_given_key_is_shared():
    default = kos([(0, OrnekIs("a", 60, [UniqueJob()])), (0, OtherHandler("b", 60, [UniqueJob()])),
                   (0, OrnekIs("c", 60, [UniqueJob()]))], isci_sayisi=3)
    shared = kos([(0, OrnekIs("a", 60, [UniqueJob("k")])),
                  (0, OtherHandler("b", 60, [UniqueJob("k")]))], isci_sayisi=2)
    assert [k.sonuc for k in default.iz] == ["tamamlandı", "tamamlandı", "atlandı"]
    assert [k.sonuc for k in shared.iz] == ["tamamlandı", "atlandı"]


def test_a_job_that_raises_still_releases_its_lock():
    plan = [(0, OrnekIs("a", 30, [UniqueJob()], ["hata"])), (30, OrnekIs("b", 5, [UniqueJob()]))]
    driver = kos(plan, deneme_hakki=1, isci_sayisi=2)
    assert events(driver) == [(0, "a deneme 1: RuntimeError"), (30, "b deneme 1: tamamlandı")]


def test_a_crashed_workers_unique_lock_is_never_released():
    plan = [(0, OrnekIs("crash", 10, [UniqueJob()], ["çökme"])),
            (10**6, OrnekIs("much-later", 10, [UniqueJob()]))]
    driver = kos(plan, deneme_hakki=1)
    assert events(driver) == [(0, "crash deneme 1: çöktü"), (10**6, "much-later: atlandı")]


# WithoutOverlapping


def test_without_overlapping_skips_while_held_like_unique_job():
    layer = WithoutOverlapping(key="imp", release_after=600)
    plan = [(at, OrnekIs(f"j{at}", 100, [layer])) for at in (0, 99, 100)]
    driver = kos(plan, isci_sayisi=2)
    assert events(driver) == [(0, "j0 deneme 1: tamamlandı"), (99, "j99: atlandı"),
                              (100, "j100 deneme 1: tamamlandı")]


def test_a_crashed_workers_lock_expires_release_after_it_was_taken():
    layer = WithoutOverlapping(key="imp", release_after=600)
    plan = [(0, OrnekIs("crash", 100, [layer], ["çökme"])), (599, OrnekIs("early", 10, [layer])),
            (600, OrnekIs("on-time", 10, [layer]))]
    driver = kos(plan, deneme_hakki=1)
    assert events(driver) == [(0, "crash deneme 1: çöktü"), (599, "early: atlandı"),
                              (600, "on-time deneme 1: tamamlandı")]


def test_a_lock_shorter_than_the_job_lets_a_second_run_overlap():
    layer = WithoutOverlapping(key="imp", release_after=30)
    plan = [(at, OrnekIs(f"j{at}", 100, [layer])) for at in (0, 29, 30)]
    driver = kos(plan, isci_sayisi=3)
    assert [(k.an, k.bitis, k.sonuc) for k in driver.iz] == [
        (0, 100, "tamamlandı"), (29, 29, "atlandı"), (30, 130, "tamamlandı")]


def test_expired_locks_are_cleared_before_the_next_acquire():
    layer = WithoutOverlapping(key="imp", release_after=50)
    driver = kos([(0, OrnekIs("crash", 10, [layer], ["çökme"]))], deneme_hakki=1)
    assert [(k.anahtar, k.bitis) for k in driver.ortam.kilitler] == [("imp", 50)]
    driver.gonder(OrnekIs("next", 10, [layer]), gecikme=90)
    driver.isle()
    assert [(k.anahtar, k.alinma, k.bitis) for k in driver.ortam.kilitler] == [("imp", 100, 110)]


def test_different_keys_do_not_block_each_other():
    plan = [(0, OrnekIs(key, 100, [WithoutOverlapping(key, 600)])) for key in ("s1", "s2")]
    driver = kos(plan, isci_sayisi=2)
    assert [k.sonuc for k in driver.iz] == ["tamamlandı", "tamamlandı"]
