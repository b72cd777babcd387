"""Lesson 04's explorer, driven from Python: the row it shows is the seed's closed-form count and
its simulation counts are what the kernel's simulation says, under both sets of rules."""

from hypothesis import given, settings, strategies as st

from kasif import ders04
from kasif.ders04 import KALP_YOK, gorunurluk_kasifi
from kasif.ortak import KASIF_ONCESI
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import kosum
from kernel.hizmet.jsayi import tam_yuvarla
from kernel.hizmet.sonuc import SERVIS_KURALLARI, TOHUM_KURALLARI
from kernel.hizmet.yuk import TOHUM_YUKU
from kernel.olcum import Gunluk
from test_kasif import controls, tables

COUNTS = ["teslim", "çift işlenen ileti", "yazılan etki", "uzatma", "reddedilen uzatma",
          "istek (teslim + uzatma)", "ölü kutuya taşınan", "işlenirken taşınan"]


def shown(gorunurluk: int, kalp: int) -> tuple[list[list[str]], list[list[str]]]:
    """The explorer's two tables after its sliders are set to these values."""
    panel = gorunurluk_kasifi()
    timeout, heartbeat = controls(panel)
    timeout.value, heartbeat.value = gorunurluk, kalp
    row, simulation = tables(panel)
    return row, simulation


def kernel_counts(gorunurluk: int, kalp: int | None) -> list[list[str]]:
    """The simulation's counts, each row: name, seed's rules, service's rules."""
    results = [Benzetim(TOHUM_YUKU.iletiler(), gorunurluk, kurallar=rules, kalp=kalp).calistir()
               for rules in (TOHUM_KURALLARI, SERVIS_KURALLARI)]
    values = [[r.teslim, r.cift, r.etki, r.uzatma, r.reddedilen_uzatma, r.teslim + r.uzatma,
               len(r.olu_sureleri), r.islenirken_tasinan] for r in results]
    return [[name, str(seed), str(service)]
            for name, seed, service in zip(COUNTS, *values, strict=True)]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1, max_value=120), st.integers(min_value=0, max_value=120))
def test_the_explorer_shows_the_seeds_row_and_the_simulations_counts(gorunurluk, kalp):
    row, simulation = shown(gorunurluk, kalp)
    s = kosum(TOHUM_YUKU, gorunurluk)
    assert row == [["görünürlük", "çift işleme", "toplam teslim", "kurtarma gecikmesi",
                    "ölü kutuya düşme"],
                   [str(gorunurluk), str(s.cift), str(s.teslim), tam_yuvarla(s.bekleme),
                    str(s.olu)]]
    heading = f"kalp: her {kalp} birimde" if kalp else f"kalp: {KALP_YOK}"
    assert simulation[0] == [heading, "tohumun kuralları", "servisin kuralları"]
    assert simulation[1:] == kernel_counts(gorunurluk, kalp or None)


def test_it_opens_on_the_seeds_ten_unit_row_without_heartbeats():
    panel = gorunurluk_kasifi()
    timeout, heartbeat = controls(panel)
    assert (timeout.value, timeout.min, timeout.max) == (10, 1, 120)
    assert heartbeat.value == 0 and heartbeat.options[0] == (KALP_YOK, 0)
    row, simulation = tables(panel)
    assert row[1] == ["10", "40", "562", "10", "50"]
    # the seed's rules agree with the row; the service's cap moves 6 messages while they run
    assert simulation[1] == ["teslim", "562", "552"]
    assert simulation[-1] == ["işlenirken taşınan", "0", "6"]


def test_a_heartbeat_every_timeout_ends_the_duplicates_one_slower_is_refused():
    _, beating = shown(10, 10)
    counts = {name: (seed, service) for name, seed, service in beating[1:]}
    assert counts["çift işlenen ileti"] == ("0", "0")
    assert counts["teslim"] == ("464", "464") and int(counts["uzatma"][0]) > 0
    _, slower = shown(10, 15)
    counts = {name: (seed, service) for name, seed, service in slower[1:]}
    assert counts["uzatma"] == ("0", "0") and int(counts["reddedilen uzatma"][0]) > 0
    _, none = shown(10, 0)
    without = {name: service for name, _, service in none[1:]}
    # refused heartbeats are no heartbeats, for the consumer that takes over a crash too
    assert counts["çift işlenen ileti"] == (without["çift işlenen ileti"],) * 2


def test_the_table_is_the_kernels_even_when_the_kernel_changes(monkeypatch):
    """The explorer computes no rule itself: a different kernel shows different figures."""
    calls = []

    class Counting(Benzetim):
        def calistir(self, ufuk=None):
            calls.append(self.kurallar)
            return super().calistir(ufuk)

    monkeypatch.setattr(ders04, "Benzetim", Counting)
    shown(5, 0)
    assert calls[-2:] == [TOHUM_KURALLARI, SERVIS_KURALLARI]


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yola("benim")
    panel = gorunurluk_kasifi()
    for control in controls(panel):
        control.value = control.options[-1][1] if hasattr(control, "options") else control.max
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])
