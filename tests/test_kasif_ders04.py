"""Lesson 04's explorer, driven from Python: the row it shows is the closed-form count and its
simulation counts are what the kernel's simulation says, under both sets of rules."""

import html
import re

import ipywidgets as widgets
from hypothesis import given, settings, strategies as st

from kasif import ders04
from kasif.ders04 import gorunurluk_kasifi
from kasif.ortak import KASIF_ONCESI
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.gorunurluk import kosum
from kernel.hizmet.jsayi import tam_yuvarla
from kernel.hizmet.sonuc import SAYIM_KURALLARI, SERVIS_KURALLARI
from kernel.hizmet.yuk import DERS_YUKU
from kernel.olcum import Gunluk
from test_kasif import controls, tables

COUNTS = ["teslim", "çift işlenen ileti", "yazılan etki", "uzatma", "reddedilen uzatma",
          "istek (alma + uzatma + silme)", "ölü mektup kutusuna taşınan", "işlenirken taşınan"]


def set_controls(panel, gorunurluk: int, kalp: int | None) -> None:
    """Set the explorer's controls as a student would: kalp None leaves the box unticked."""
    timeout, beating, interval = controls(panel)
    timeout.value, beating.value = gorunurluk, kalp is not None
    if kalp is not None:
        interval.value = kalp


def shown(gorunurluk: int, kalp: int | None) -> tuple[list[list[str]], list[list[str]]]:
    """The explorer's two tables after its controls are set to these values."""
    panel = gorunurluk_kasifi()
    set_controls(panel, gorunurluk, kalp)
    row, simulation = tables(panel)
    return row, simulation


def note(panel) -> str:
    """The sentence under the tables, if any."""
    found = re.findall(r"<p>(.*?)</p>", panel.children[-1].value)
    return html.unescape(found[0]) if found else ""


def kernel_counts(gorunurluk: int, kalp: int | None) -> list[list[str]]:
    """The simulation's counts, each row: name, the count's rules, the service's rules."""
    results = [Benzetim(DERS_YUKU.iletiler(), gorunurluk, kurallar=rules,
                        tuketiciler=Tuketiciler(kalp=kalp)).calistir()
               for rules in (SAYIM_KURALLARI, SERVIS_KURALLARI)]
    values = [[r.teslim, r.cift, r.etki, r.uzatma, r.reddedilen_uzatma,
               r.teslim + r.uzatma + r.reddedilen_uzatma + r.silinen + r.reddedilen_silme
               + r.bos_silme, len(r.olu_sureleri), r.islenirken_tasinan] for r in results]
    return [[name, str(seed), str(service)]
            for name, seed, service in zip(COUNTS, *values, strict=True)]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=1, max_value=120),
       st.none() | st.integers(min_value=1, max_value=120))
def test_the_explorer_shows_the_counts_row_and_the_simulations_counts(gorunurluk, kalp):
    row, simulation = shown(gorunurluk, kalp)
    s = kosum(DERS_YUKU, gorunurluk)
    assert row == [["görünürlük", "çift işleme", "toplam teslim", "kurtarma gecikmesi",
                    "ölü mektup kutusuna düşme"],
                   [str(gorunurluk), str(s.cift), str(s.teslim), tam_yuvarla(s.bekleme),
                    str(s.olu)]]
    heading = f"kalp: her {kalp} birimde" if kalp else "kalp: yok"
    assert simulation[0] == [heading, "sayımın kuralları", "servisin kuralları"]
    assert simulation[1:] == kernel_counts(gorunurluk, kalp)


def test_it_opens_on_the_ten_unit_row_without_heartbeats_and_the_interval_disabled():
    panel = gorunurluk_kasifi()
    timeout, beating, interval = controls(panel)
    assert (timeout.value, timeout.min, timeout.max) == (10, 1, 120)
    assert beating.value is False and interval.disabled
    assert (interval.value, interval.min, interval.max) == (5, 1, 120)
    row, simulation = tables(panel)
    assert row[1] == ["10", "40", "562", "10", "50"]
    # the count's rules agree with the row; the service's cap moves 6 messages while they run
    assert simulation[1] == ["teslim", "562", "552"]
    assert simulation[-1] == ["işlenirken taşınan", "0", "6"]
    assert note(panel) == ""
    interval.value = 30  # a disabled interval changes nothing while no heart beats
    assert tables(panel)[1][0] == ["kalp: yok", "sayımın kuralları", "servisin kuralları"]
    beating.value = True
    assert not interval.disabled
    assert tables(panel)[1][0][0] == "kalp: her 30 birimde"
    beating.value = False
    assert interval.disabled


def test_every_slider_takes_a_typed_number():
    """ipywidgets 8 applies a number typed into an IntSlider's box (clamped to its range); a
    SelectionSlider's box ignores it, so the explorer has none."""
    panel = gorunurluk_kasifi()
    assert all(isinstance(c, (widgets.IntSlider, widgets.Checkbox)) for c in controls(panel))
    timeout, beating, interval = controls(panel)
    beating.value, interval.value = True, 30
    assert tables(panel)[1][0][0] == "kalp: her 30 birimde"


def test_a_heartbeat_at_half_the_timeout_ends_the_duplicates_one_slower_is_refused():
    for kalp in (5, 10):  # half the timeout, and at the instant it runs out (the model's tie)
        _, beating = shown(10, kalp)
        counts = {name: (seed, service) for name, seed, service in beating[1:]}
        assert counts["çift işlenen ileti"] == ("0", "0")
        assert counts["teslim"] == ("464", "464") and int(counts["uzatma"][0]) > 0
    _, slower = shown(10, 15)
    counts = {name: (seed, service) for name, seed, service in slower[1:]}
    assert counts["uzatma"] == ("0", "0") and int(counts["reddedilen uzatma"][0]) > 0
    _, none = shown(10, None)
    without = {name: service for name, _, service in none[1:]}
    # refused heartbeats are no heartbeats, for the consumer that takes over a crash too
    assert counts["çift işlenen ileti"] == (without["çift işlenen ileti"],) * 2


def test_the_note_advises_half_the_timeout_and_calls_the_tie_a_race():
    panel = gorunurluk_kasifi()
    for kalp, says in [(5, "süre dolmadan 5 birim önce"), (8, "yarısı kadar (5)"),
                       (10, "bu bir yarıştır"), (15, "uzatma reddedilir")]:
        set_controls(panel, 10, kalp)
        assert says in note(panel), kalp
    set_controls(panel, 10, 5)
    assert "yarısı kadar" not in note(panel)
    set_controls(panel, 1, 1)
    assert "Görünürlüğü büyütün" in note(panel)
    set_controls(panel, 10, None)
    assert note(panel) == ""


def test_the_table_is_the_kernels_even_when_the_kernel_changes(monkeypatch):
    """The explorer computes no rule itself: a different kernel shows different figures."""
    calls = []

    class Counting(Benzetim):
        def calistir(self, ufuk=None):
            calls.append(self.kurallar)
            return super().calistir(ufuk)

    monkeypatch.setattr(ders04, "Benzetim", Counting)
    shown(5, None)
    assert calls[-2:] == [SAYIM_KURALLARI, SERVIS_KURALLARI]


def test_the_explorer_leaves_the_students_request_alone_and_a_sentence_before_it_runs():
    Gunluk.yola("benim")
    panel = gorunurluk_kasifi()
    for control in controls(panel):
        control.value = True if isinstance(control, widgets.Checkbox) else control.max
    assert panel._repr_mimebundle_()["text/plain"] == KASIF_ONCESI
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], [], [])
