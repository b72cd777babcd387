"""Lesson 03's explorer, driven from Python: what it shows is what the kernel says."""

from hypothesis import given, settings, strategies as st

from kasif.ders03 import KILITLER, ZAMAN_ASIMLARI, ara_katman_kasifi
from kasif.ortak import KASIF_ONCESI
from kernel.ara_katman_deney import ithalat_plani
from kernel.ara_katman_ornek import OrnekIs, akibetler, kos, ozet
from kernel.ara_katmanlar import (
    DurustTimeout,
    RateLimited,
    ThrottlesExceptions,
    Timeout,
    UniqueJob,
    WithoutOverlapping,
)
from kernel.olcum import Gunluk
from test_kasif import controls, tables

CONTROLS = ("zaman aşımı", "seconds", "ThrottlesExceptions", "max_attempts", "decay_minutes",
            "kilit", "release_after", "RateLimited", "max", "window", "deneme_hakki",
            "işçi sayısı")


def layers(supplier, choice):
    """The middleware the controls name, outermost first, written out for the test."""
    key, made = f"import_supplier_{supplier}", []
    if choice["zaman aşımı"] != "yok":
        kind = Timeout if choice["zaman aşımı"] == "Timeout" else DurustTimeout
        made.append(kind(choice["seconds"]))
    if choice["ThrottlesExceptions"]:
        made.append(ThrottlesExceptions(choice["max_attempts"], choice["decay_minutes"]))
    if choice["kilit"] == "UniqueJob":
        made.append(UniqueJob(key))
    elif choice["kilit"] == "WithoutOverlapping":
        made.append(WithoutOverlapping(key, choice["release_after"]))
    if choice["RateLimited"]:
        made.append(RateLimited(choice["max"], choice["window"]))
    return made


DEFAULTS = {"zaman aşımı": "Timeout", "seconds": 300, "ThrottlesExceptions": False,
            "max_attempts": 2, "decay_minutes": 1, "kilit": "WithoutOverlapping",
            "release_after": 600, "RateLimited": True, "max": 5, "window": 60,
            "deneme_hakki": 3, "işçi sayısı": 2}


def kernel_run(choice):
    """The lesson's import workload, a crashing job and a later one of its supplier."""
    plan = [(delay, OrnekIs(job.ad(), job.sure, layers(job.tedarikci_id, choice), job.senaryo))
            for delay, job in ithalat_plani()]
    plan += [(0, OrnekIs("tedarikçi 8", 10, layers(8, choice), ["çökme"])),
             (700, OrnekIs("tedarikçi 8 (yine)", 10, layers(8, choice)))]
    return kos(plan, choice["deneme_hakki"], choice["işçi sayısı"]).iz


def expected_tables(choice):
    trace = kernel_run(choice)
    fates = akibetler(trace)
    counts = [sum(f.sonuc == "koştu" for f in fates.values()),
              sum(f.sonuc == "atlandı" for f in fates.values()),
              sum(f.donus > 0 for f in fates.values()),
              sum(f.sonuc == "gömüldü" for f in fates.values())]
    return ([["koştu", "atlandı", "yeniden denenen", "gömüldü"], [str(n) for n in counts]],
            [[name, f.sonuc, str(f.deneme), str(f.donus)] for name, f in fates.items()],
            [row.satir() for row in trace])


def fate_rows(panel) -> dict[str, list[str]]:
    return {row[0]: row[1:] for row in tables(panel)[1][1:]}


def test_by_default_the_explorer_runs_the_seeds_combined_job():
    """The seed's layers (Timeout 300, WithoutOverlapping 600 per supplier, RateLimited 5 per
    60): the lesson's eight jobs end as the lesson's combined example says."""
    panel = ara_katman_kasifi()
    lesson = [line.split() for line in ozet(kos(ithalat_plani(), isci_sayisi=2).iz)]
    rows = fate_rows(panel)
    assert [[*name.split(), *rows[name][:2], "deneme"] for name in list(rows)[:8]] == lesson
    assert tables(panel)[0][1:] == [["7", "2", "3", "1"]]


@settings(max_examples=40, deadline=None)
@given(st.fixed_dictionaries({
    "zaman aşımı": st.sampled_from(ZAMAN_ASIMLARI), "seconds": st.sampled_from([50, 300, 400]),
    "ThrottlesExceptions": st.booleans(), "max_attempts": st.integers(1, 5),
    "decay_minutes": st.integers(1, 10), "kilit": st.sampled_from(KILITLER),
    "release_after": st.sampled_from([50, 400, 650, 750, 1000]), "RateLimited": st.booleans(),
    "max": st.integers(1, 8), "window": st.sampled_from([10, 60, 120]),
    "deneme_hakki": st.integers(1, 5), "işçi sayısı": st.integers(1, 3)}))
def test_the_explorer_shows_what_the_kernel_says(choice):
    panel = ara_katman_kasifi()
    for control in controls(panel):
        control.value = choice[control.description]
    counts, fates, events = tables(panel)
    expected_counts, expected_fates, expected_events = expected_tables(choice)
    assert counts == expected_counts and fates[1:] == expected_fates
    assert [row[2] for row in events[1:]] == expected_events


def set_controls(panel, **values):
    by_label = {control.description: control for control in controls(panel)}
    for label, value in values.items():
        by_label[label].value = value
    return panel


def test_the_controls_are_the_seeds_middleware_outermost_first():
    assert tuple(control.description for control in controls(ara_katman_kasifi())) == CONTROLS


def test_a_crashed_workers_lock_outlives_it_under_unique_job_only():
    later = "tedarikçi 8 (yine)"
    assert fate_rows(ara_katman_kasifi())[later][0] == "koştu"  # the lock expired at 600
    unique = set_controls(ara_katman_kasifi(), kilit="UniqueJob")
    assert fate_rows(unique)[later][0] == "atlandı"
    too_long = set_controls(ara_katman_kasifi(), release_after=750)
    assert fate_rows(too_long)[later][0] == "atlandı"
    for panel in (unique, too_long):  # the crashed job is skipped by its own lock, not retried
        assert fate_rows(panel)["tedarikçi 8"] == ["atlandı", "1", "2"]


def test_only_the_honest_timeout_stops_the_long_import():
    assert fate_rows(ara_katman_kasifi())["tedarikçi 1"] == ["koştu", "1", "0"]
    honest = set_controls(ara_katman_kasifi(), **{"zaman aşımı": "DurustTimeout"})
    assert fate_rows(honest)["tedarikçi 1"] == ["gömüldü", "3", "2"]
    enough = set_controls(ara_katman_kasifi(), **{"zaman aşımı": "DurustTimeout",
                                                  "seconds": 400})
    assert fate_rows(enough)["tedarikçi 1"] == ["koştu", "1", "0"]


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yola("benim")
    panel = set_controls(ara_katman_kasifi(), kilit="UniqueJob", deneme_hakki=1)
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])
