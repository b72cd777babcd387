"""Lesson 03's explorer, driven from Python: what it shows is what the kernel says."""

import ipywidgets as widgets
import pytest
from hypothesis import given, settings, strategies as st

from kasif.ders03 import KILITLER, ZAMAN_ASIMLARI, ara_katman_kasifi
from kasif.ortak import ADIM_EN_AZ, IZ_DISI, IZ_EN_AZ, KASIF_ONCESI
from kernel.ara_katman.deneyler import ithalat_plani
from kernel.ara_katman.ornekler import OrnekIs, akibetler, kos, ozet
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, Timeout, UniqueJob, WithoutOverlapping,
)
from kernel.olcum import Gunluk
from test_kasif import controls, tables

CONTROLS = ("zaman aşımı", "sınır, sn (seconds)", "istisna kısma (ThrottlesExceptions)",
            "eşik (max_attempts)", "pencere, dk (decay_minutes)", "kilit",
            "kilit ömrü, sn (release_after)", "hız sınırı (RateLimited)", "en çok (max)",
            "pencere, sn (window)", "deneme hakkı", "işçi sayısı")
KEYS = ("timeout", "seconds", "throttle", "max_attempts", "decay_minutes", "lock",
        "release_after", "rate", "max", "window", "tries", "workers")  # the same, in order


def layers(supplier, choice):
    """The middleware the controls name, outermost first, written out for the test."""
    key, made = f"import_supplier_{supplier}", []
    if choice["timeout"] != "yok":
        kind = Timeout if choice["timeout"] == "Timeout" else DurustTimeout
        made.append(kind(choice["seconds"]))
    if choice["throttle"]:
        made.append(ThrottlesExceptions(choice["max_attempts"], choice["decay_minutes"]))
    if choice["lock"] == "UniqueJob":
        made.append(UniqueJob(key))
    elif choice["lock"] == "WithoutOverlapping":
        made.append(WithoutOverlapping(key, choice["release_after"]))
    if choice["rate"]:
        made.append(RateLimited(choice["max"], choice["window"]))
    return made


def kernel_run(choice):
    """The lesson's import workload, a crashing job and a later one of its supplier."""
    plan = [(delay, OrnekIs(job.ad(), job.sure, layers(job.tedarikci_id, choice), job.senaryo))
            for delay, job in ithalat_plani()]
    plan += [(0, OrnekIs("tedarikçi 8", 10, layers(8, choice), ["çökme"])),
             (700, OrnekIs("tedarikçi 8 (yine)", 10, layers(8, choice)))]
    return kos(plan, choice["tries"], choice["workers"]).iz


def expected_tables(choice):
    trace = kernel_run(choice)
    fates = akibetler(trace)
    counts = [sum(f.sonuc == "tamamlandı" for f in fates.values()),
              sum(f.sonuc == "atlandı" for f in fates.values()),
              sum(f.donus > 0 for f in fates.values()),
              sum(f.sonuc == "gömüldü" for f in fates.values())]
    return ([["tamamlandı", "atlandı", "yeniden denenen", "gömüldü"], [str(n) for n in counts]],
            [[name, f.sonuc, str(f.deneme), str(f.donus)] for name, f in fates.items()],
            [row.satir() for row in trace])


def fate_rows(panel) -> dict[str, list[str]]:
    return {row[0]: row[1:] for row in tables(panel)[1][1:]}


def test_by_default_the_explorer_runs_the_documentations_combined_job():
    """Queuety's documented layers (Timeout 300, WithoutOverlapping 600 per supplier,
    RateLimited 5 per 60): the lesson's eight jobs end as its combined example says."""
    panel = ara_katman_kasifi()
    lesson = [line.split() for line in ozet(kos(ithalat_plani(), isci_sayisi=2).iz)]
    rows = fate_rows(panel)
    assert [[*name.split(), *rows[name][:2], "deneme"] for name in list(rows)[:8]] == lesson
    assert tables(panel)[0][1:] == [["7", "2", "3", "1"]]


@settings(max_examples=40, deadline=None)
@given(st.fixed_dictionaries({
    "timeout": st.sampled_from(ZAMAN_ASIMLARI), "seconds": st.sampled_from([50, 300, 400]),
    "throttle": st.booleans(), "max_attempts": st.integers(1, 5),
    "decay_minutes": st.integers(1, 20), "lock": st.sampled_from(KILITLER),
    "release_after": st.sampled_from([50, 400, 650, 750, 1000]), "rate": st.booleans(),
    "max": st.integers(1, 8), "window": st.sampled_from([10, 60, 120]),
    "tries": st.integers(1, 5), "workers": st.integers(1, 3)}))
def test_the_explorer_shows_what_the_kernel_says(choice):
    panel = set_controls(ara_katman_kasifi(), **choice)
    counts, fates, events = tables(panel)
    expected_counts, expected_fates, expected_events = expected_tables(choice)
    assert counts == expected_counts and fates[1:] == expected_fates
    assert [row[2] for row in events[1:]] == expected_events


def set_controls(panel, **values):
    """Sets the controls named by KEYS, in the explorer's order (a layer before its
    parameters, so a parameter is set while it is enabled or not, as a student would)."""
    by_key = dict(zip(KEYS, controls(panel), strict=True))
    for key in KEYS:
        if key in values:
            by_key[key].value = values[key]
    return panel


def test_the_controls_are_the_documented_middleware_outermost_first():
    assert tuple(control.description for control in controls(ara_katman_kasifi())) == CONTROLS


def test_a_crashed_workers_lock_outlives_it_under_unique_job_only():
    later = "tedarikçi 8 (yine)"
    assert fate_rows(ara_katman_kasifi())[later][0] == "tamamlandı"  # the lock expired at 600
    unique = set_controls(ara_katman_kasifi(), lock="UniqueJob")
    assert fate_rows(unique)[later][0] == "atlandı"
    too_long = set_controls(ara_katman_kasifi(), release_after=750)
    assert fate_rows(too_long)[later][0] == "atlandı"
    for panel in (unique, too_long):  # the crashed job is skipped by its own lock, not retried
        assert fate_rows(panel)["tedarikçi 8"] == ["atlandı", "1", "2"]


def test_only_the_honest_timeout_stops_the_long_import():
    assert fate_rows(ara_katman_kasifi())["tedarikçi 1"] == ["tamamlandı", "1", "0"]
    honest = set_controls(ara_katman_kasifi(), timeout="DurustTimeout")
    assert fate_rows(honest)["tedarikçi 1"] == ["gömüldü", "3", "2"]
    enough = set_controls(ara_katman_kasifi(), timeout="DurustTimeout", seconds=400)
    assert fate_rows(enough)["tedarikçi 1"] == ["tamamlandı", "1", "0"]


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yola("benim")
    panel = set_controls(ara_katman_kasifi(), lock="UniqueJob", tries=1)
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])


# (layer switch, its settings that leave its parameters idle, those parameters, other values)
IDLE = [("timeout", ("yok", "Timeout"), ("seconds",), (50, 400)),
        ("throttle", (False,), ("max_attempts", "decay_minutes"), (1, 5)),
        ("lock", ("yok", "UniqueJob"), ("release_after",), (50, 1000)),
        ("rate", (False,), ("max", "window"), (1, 120))]
IN_USE = {"timeout": "DurustTimeout", "throttle": True, "lock": "WithoutOverlapping",
          "rate": True}


@pytest.mark.parametrize("switch,idle,parameters,values", IDLE)
def test_a_parameter_is_disabled_exactly_while_it_changes_nothing(switch, idle, parameters,
                                                                  values):
    panel = ara_katman_kasifi()
    by_key = dict(zip(KEYS, controls(panel), strict=True))
    for setting in idle:
        by_key[switch].value = setting
        assert all(by_key[name].disabled for name in parameters)
        shown = tables(panel)
        for name in parameters:
            for value in values:
                by_key[name].value = value
                assert tables(panel) == shown, (switch, setting, name, value)
    by_key[switch].value = IN_USE[switch]
    assert not any(by_key[name].disabled for name in parameters)
    assert not any(by_key[name].disabled for name in ("tries", "workers"))


def test_each_layer_is_a_group_its_switch_first():
    groups = ara_katman_kasifi().children[:-1]
    assert [[control.description for control in group.children] for group in groups] == [
        list(CONTROLS[0:2]), list(CONTROLS[2:5]), list(CONTROLS[5:7]), list(CONTROLS[7:10]),
        list(CONTROLS[10:12])]


# px: an output beside JupyterLab 4's file browser in a 1280 px window (measured), and an em
# of a widget's label there (--jp-widgets-font-size)
OUTPUT_AT_1280, EM = 848, 13


def test_each_control_has_a_row_and_each_slider_a_track_for_its_steps():
    """Side by side, beside JupyterLab's file browser at 1280 px, the sliders had tracks of 0
    to 140 px (issue 29): each control has a row of its own, and each slider the width of its
    label, its readout and a track of IZ_EN_AZ px, ADIM_EN_AZ px a step, within that output."""
    panel = ara_katman_kasifi()
    assert all(isinstance(group, widgets.VBox) for group in panel.children[:-1])
    sliders = [control for control in controls(panel) if isinstance(control, widgets.IntSlider)]
    assert len(sliders) == 8
    for slider in sliders:
        track = max(IZ_EN_AZ, ADIM_EN_AZ * ((slider.max - slider.min) // slider.step))
        label = slider.style.description_width
        assert slider.layout.width == f"calc({label} + {track + IZ_DISI}px)"
        assert float(label.removesuffix("em")) * EM + track + IZ_DISI <= OUTPUT_AT_1280


def offered(control) -> list:
    """Every value a control offers: a slider's steps, a menu's options, a box's two."""
    if isinstance(control, widgets.IntSlider):
        return list(range(control.min, control.max + 1, control.step))
    return list(control.options) if isinstance(control, widgets.Dropdown) else [False, True]


def idle_controls(panel) -> list[str]:
    """The enabled controls that show the same tables for every value they offer."""
    idle = []
    for key, control in dict(zip(KEYS, controls(panel), strict=True)).items():
        if control.disabled:
            continue
        before, shown = control.value, set()
        for value in offered(control):
            control.value = value
            shown.add(str(tables(panel)))
        control.value = before
        if len(shown) == 1:
            idle.append(key)
    return idle


SWITCHES = ("timeout", "throttle", "lock", "rate")
# Every state one switch away from the defaults: a student's first move.
ONE_SWITCH = [{"timeout": "DurustTimeout"}, {"timeout": "yok"}, {"throttle": True},
              {"lock": "UniqueJob"}, {"lock": "yok"}, {"rate": False}]


def test_with_the_defaults_every_enabled_control_changes_the_tables():
    assert idle_controls(ara_katman_kasifi()) == []


@pytest.mark.parametrize("state", ONE_SWITCH, ids=str)
def test_one_switch_from_the_defaults_every_enabled_parameter_changes_the_tables(state):
    """Disabling follows each layer's rule (IDLE above); whether an enabled parameter
    matters depends on the whole workload, so the defaults are picked to make it matter.
    (A second switch may be idle: without the rate limit, the throttle at three is.)"""
    idle = idle_controls(set_controls(ara_katman_kasifi(), **state))
    assert [key for key in idle if key not in SWITCHES] == []


def test_the_throttles_threshold_default_is_the_one_where_the_layer_and_the_lock_matter():
    """At two the throttle rejects the crashing job before it takes its lock, so the lock's
    lifetime is idle; at four the throttle never rejects, so ticking it changes nothing."""
    assert dict(zip(KEYS, controls(ara_katman_kasifi()), strict=True))["max_attempts"].value == 3
    two = set_controls(ara_katman_kasifi(), throttle=True, max_attempts=2)
    assert idle_controls(two) == ["release_after"]
    four = set_controls(ara_katman_kasifi(), max_attempts=4)
    assert idle_controls(four) == ["throttle"]


def test_a_window_over_ten_minutes_still_holds_when_the_late_job_comes():
    """The last exception is at t=100; the late job at t=700 is rejected under a window of
    eleven minutes, not ten, and then every try of it is."""
    later = "tedarikçi 8 (yine)"
    ten = set_controls(ara_katman_kasifi(), throttle=True, decay_minutes=10)
    assert fate_rows(ten)[later] == ["tamamlandı", "1", "0"]
    eleven = set_controls(ara_katman_kasifi(), throttle=True, decay_minutes=11)
    assert fate_rows(eleven)[later] == ["gömüldü", "3", "2"]
    assert {row[3] for row in tables(eleven)[2][1:] if later in row[2]} == {
        "OrnekIs: 3 istisna, kısıldı"}
