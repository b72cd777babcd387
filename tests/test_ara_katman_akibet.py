"""Each job's fate at the end of a run, read from the trace: what the lesson and its explorer
count as completed, skipped, retried and buried."""

from kernel.ara_katman.deneyler import ithalat_plani
from kernel.ara_katman.ornekler import Akibet, OrnekIs, akibetler, kos, ozet
from kernel.ara_katman.yerlesikler import RateLimited, UniqueJob


def test_the_fate_is_the_last_record_with_the_attempts_and_the_returns_to_the_queue():
    limit = RateLimited(max=1, window=60)
    plan = [(0, OrnekIs("a", 10, [UniqueJob("k")])), (0, OrnekIs("b", 10, [UniqueJob("k")])),
            (0, OrnekIs("c", senaryo=["hata"] * 3)), (0, OrnekIs("d", katmanlar=[limit])),
            (0, OrnekIs("e", katmanlar=[limit]))]
    driver = kos(plan, isci_sayisi=2)
    assert akibetler(driver.iz) == {
        "a": Akibet("tamamlandı", 1, 0), "b": Akibet("atlandı", 0, 0),
        "c": Akibet("gömüldü", 3, 4), "d": Akibet("tamamlandı", 1, 0),
        "e": Akibet("tamamlandı", 2, 2)}
    # e: the attempt the limit cost, then a release; c has no limit of its own, but once the
    # limit is registered the worker releases every job of its handler: two failures and
    # two releases


def test_the_summary_lines_are_made_from_the_fates():
    driver = kos(ithalat_plani(), isci_sayisi=2)
    fates = akibetler(driver.iz)
    assert ozet(driver.iz) == [f"{name:<20} {fate.sonuc:<10} {fate.deneme} deneme"
                               for name, fate in fates.items()]
    assert [name for name, fate in fates.items() if fate.donus] == ["tedarikçi 6",
                                                                     "tedarikçi 7"]


def test_an_empty_trace_has_no_fates():
    assert akibetler([]) == {}
