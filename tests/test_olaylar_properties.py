"""Dispatcher properties for any mix of listeners: sync, queued, stopping, misnamed."""

from hypothesis import given, strategies as st

from kernel.isler import BellekSurucusu
from kernel.olaylar import Dagitici, DuyuranDenetleyici, YazanDinleyici
from kernel.olcum import sinifla

KINDS = ("sync", "queued", "stops", "queued-stops")
listener_specs = st.lists(st.tuples(st.sampled_from(KINDS), st.booleans()), max_size=10)


def announce(specs: list[tuple[str, bool]]):
    """Each spec: (kind, bound under the announced name?). Returns names, effects, queue and
    the dispatcher."""
    effects: list[str] = []
    queue = BellekSurucusu()
    dagitici = Dagitici(queue)
    names = [f"d{i}" for i in range(len(specs))]
    for name, (kind, matching) in zip(names, specs, strict=True):
        listener = YazanDinleyici(name, effects, kuyrukta=kind.startswith("queued"),
                                  durdurur=kind.endswith("stops"))
        dagitici.dinle(DuyuranDenetleyici.OLAY if matching else "yazi.kaydedldi", listener)
    DuyuranDenetleyici(dagitici).kaydet(1)
    return names, effects, queue, dagitici


def stopped_at(specs: list[tuple[str, bool]]) -> int:
    """The index of the first bound listener that stops propagation inside the request."""
    return next((i for i, (kind, matching) in enumerate(specs) if matching and kind == "stops"),
                len(specs))


@given(listener_specs)
def test_bound_listeners_run_or_are_deferred_up_to_a_stop_and_are_skipped_after_it(specs):
    names, _, _, _ = announce(specs)
    stop = stopped_at(specs)
    for i, (name, (kind, matching)) in enumerate(zip(names, specs, strict=True)):
        if not matching:
            expected = "bağlanmadı"
        elif i > stop:
            expected = "atlandı"
        else:
            expected = "ertelendi" if kind.startswith("queued") else "koştu"
        assert sinifla(name) == expected, (i, kind, matching)


@given(listener_specs)
def test_a_misnamed_listener_never_runs_even_after_the_worker(specs):
    names, effects, queue, _ = announce(specs)
    queue.isle()
    acted = {effect.split(":")[0] for effect in effects}
    stop = stopped_at(specs)
    assert acted == {name for i, (name, (_, matching)) in enumerate(zip(names, specs, strict=True))
                     if matching and i <= stop}


@given(listener_specs)
def test_the_check_names_exactly_the_misnamed_listeners_in_registration_order(specs):
    names, _, _, dagitici = announce(specs)
    assert dagitici.duyurulmayanlar() == [
        ("yazi.kaydedldi", name) for name, (_, matching) in zip(names, specs, strict=True)
        if not matching]
