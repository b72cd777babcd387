"""Lesson 04's figures: the messages' timeline is held to the simulation's trace, the sweep's
chart to the sweep's rows; both draw the same bytes every time; the explorer shows the timeline
and redraws it as its controls move."""

import base64
import re
from xml.etree import ElementTree

import pytest
from hypothesis import given, strategies as st

from figures import marks
from cizim.ders04 import (
    ARALIK,
    EKSEN_PAYI,
    GOSTERGE,
    KAYMA,
    ORNEKLER,
    YARI_GENISLIK,
    ileti_cizelgesi,
    serit_adi,
)
from cizim.ders04_tarama import CIFT, SOL, VARIS, degerler, tarama_grafigi
from cizim.sekil import GENISLIK
from kasif.ders04 import gorunurluk_kasifi, gorunurluk_tablosu, ornek_cizelgesi
from kernel.hizmet import gorunurluk
from kernel.hizmet.ayarlar import Tuketiciler
from kernel.hizmet.benzetim import Benzetim
from kernel.hizmet.sonuc import SAYIM_KURALLARI, SERVIS_KURALLARI
from kernel.hizmet.yuk import DERS_YUKU, Ileti, IsYuku
from test_kasif import controls

TIMEOUTS = st.integers(1, 120)
BEATS = st.none() | st.integers(1, 120)


def trace(iletiler, gorunurluk_suresi, **secenekler):
    """The kernel's trace of a run, message by message, in workload order."""
    benzetim = Benzetim(iletiler, gorunurluk_suresi, izle=True, **secenekler)
    benzetim.calistir()
    assert benzetim.iz is not None
    return [benzetim.iz.iletiler[g] for g in range(len(iletiler))]


def bars(svg: str, kind: str) -> int:
    return sum(1 for node in ElementTree.fromstring(svg).iter()
               if node.attrib.get("class", "") == f"aralik {kind}")


def expected_marks(izler) -> dict[str, int]:
    """What the trace says each kind of mark must number."""
    alislar = [alis for iz in izler for alis in iz.alislar]
    sonlar = [iz.son[0] for iz in izler if iz.son is not None]
    counts = {"birden-çok-kez-işlendi": sum(iz.kosut_islendi for iz in izler),
              "silindi": sonlar.count("silindi"),
              "ölü-mektup-kutusuna": sonlar.count("ölü mektup kutusuna"),
              "başarısız": sum(a.isleyis == "basarisiz" for a in alislar),
              "tüketici-çöktü": sum(a.isleyis == "coktu" for a in alislar)}
    return {kind: n for kind, n in counts.items() if n}


MESSAGES = st.lists(st.builds(Ileti, st.integers(1, 40), st.booleans(), st.booleans())
                    .filter(lambda i: not (i.zehirli and i.coken)), min_size=1, max_size=6)


@given(MESSAGES, TIMEOUTS, BEATS, st.sampled_from([SAYIM_KURALLARI, SERVIS_KURALLARI]))
def test_the_timelines_marks_and_bars_are_the_traces(iletiler, timeout, beat, rules):
    izler = trace(iletiler, timeout, kurallar=rules, tuketiciler=Tuketiciler(kalp=beat))
    sekil = ileti_cizelgesi("t-04", {f"görünürlük {timeout}": izler})
    svg = sekil.svg()
    assert sekil.sayim() == expected_marks(izler)
    assert bars(svg, "k-mavi") == sum(len(iz.alislar) for iz in izler)  # one per receipt
    assert bars(svg, "murekkep") == sum(a.isleyis == "isledi" for iz in izler
                                        for a in iz.alislar)
    assert f"birden çok kez işlenen {sum(iz.kosut_islendi for iz in izler)}," in sekil.aciklama
    assert all(0 <= x <= GENISLIK for _, x, _ in marks(svg))
    assert drawn_right_end(svg) < AXIS_END  # the axis runs past whatever is drawn


AXIS_END = GENISLIK - 16  # where a timeline's axis ends (cizim.cerceve's SAG)
HALF = {isaret.sinif.split()[1]: YARI_GENISLIK.get(isaret.bicim) for isaret in GOSTERGE}


def drawn_right_end(svg: str) -> float:
    """The right end of every bar and mark of a timeline."""
    bar_ends = [float(node.attrib["x"]) + float(node.attrib["width"])
                for node in ElementTree.fromstring(svg).iter()
                if node.attrib.get("class", "").startswith("aralik")]
    return max(bar_ends + [x + HALF[kind] for kind, x, _ in marks(svg)])


def touching(svg: str) -> list[tuple]:
    """Marks of different kinds at one height, closer than their shapes and a gap allow."""
    found = marks(svg)
    return [(a, b) for i, a in enumerate(found) for b in found[i + 1:]
            if a[0] != b[0] and abs(a[1] - b[1]) < HALF[a[0]] + HALF[b[0]] + ARALIK
            and abs(a[2] - b[2]) < 2 * KAYMA]


def test_the_lessons_timeline_marks_the_doubles_on_their_lanes_at_their_times():
    """Five sample messages at 5 and 120: the stars sit on the 6- and 13-unit jobs' lanes, at
    their second receipt; the DLQ squares at 25 and 600, the latest times, inside the axis."""
    izler = {T: [trace(DERS_YUKU.iletiler(), T)[s] for s in ORNEKLER] for T in (5, 120)}
    sekil = ileti_cizelgesi("t-04", {f"görünürlük {T}": i for T, i in izler.items()})
    found = marks(sekil.svg())
    stars = [(x, y) for kind, x, y in found if kind == "birden-çok-kez-işlendi"]
    squares = [(x, y) for kind, x, y in found if kind == "ölü-mektup-kutusuna"]
    assert [serit_adi(iz) for iz in izler[5] if iz.kosut_islendi] == ["6 birimlik iş",
                                                                     "13 birimlik iş"]

    def x(t: float, son: float) -> float:  # 120 px of labels, 424 px of time, a 5% margin
        return round(120 + 424 * t / (son * EKSEN_PAYI), 1)

    lane = 8 + 24 + 13  # the first lane's middle: panel title, then half a lane
    # both stars at t=5; the 6-unit job's star shifted up off its deletion at t=6, the 13-unit
    # job's alone on its lane's middle, one lane lower
    assert [x_ for x_, _ in stars] == [x(5, 25)] * 2
    assert stars == [(x(5, 25), lane + 26 - KAYMA), (x(5, 25), lane + 2 * 26)]
    assert (x(6, 25), lane + 26 + KAYMA) in {(x_, y) for kind, x_, y in found if kind == "silindi"}
    assert [x_ for x_, _ in squares] == [x(25, 25), x(600, 600)] and squares[0][0] < AXIS_END
    assert touching(sekil.svg()) == []
    assert "ölü mektup kutusuna taşınan 1 (25. birimde)" in sekil.aciklama
    assert "ölü mektup kutusuna taşınan 1 (600. birimde)" in sekil.aciklama


def test_concurrent_copies_split_the_work_band_and_a_crash_leaves_it_empty():
    izler = trace([Ileti(13), Ileti(2, coken=True)], 5)
    svg = ileti_cizelgesi("t-04", {"p": izler}).svg()
    work = [node for node in ElementTree.fromstring(svg).iter()
            if node.attrib.get("class") == "aralik murekkep"]
    assert [float(n.attrib["x"]) for n in work][:3] == [round(120 + 424 * t / (23 * EKSEN_PAYI),
                                                              1) for t in (0, 5, 10)]
    assert len({n.attrib["y"] for n in work[:3]}) == 3  # three copies, three strips
    assert len(work) == 4  # the crashed receipt did no work; its recovery did


def test_a_timeline_needs_a_run_and_a_message():
    with pytest.raises(ValueError):
        ileti_cizelgesi("t-04", {})
    with pytest.raises(ValueError):
        ileti_cizelgesi("t-04", {"boş": []})


def test_the_legend_fits_and_no_two_kinds_share_shape_and_colour():
    kinds = [(isaret.bicim, isaret.renk) for isaret in GOSTERGE]
    assert len(set(kinds)) == len(kinds)
    sekil = ileti_cizelgesi("t-04", {"p": trace([Ileti(3)], 5)})
    lowest = max(float(node.attrib["y"]) for node in ElementTree.fromstring(sekil.svg()).iter()
                 if node.tag.endswith("text"))
    assert lowest < sekil.yukseklik


SWEEPS = st.lists(st.integers(1, 150), min_size=1, max_size=8, unique=True).map(sorted)


@given(SWEEPS, st.integers(1, 10))
def test_the_charts_points_are_the_sweeps_rows(sureler, azami):
    satirlar = gorunurluk.tarama(DERS_YUKU, sureler, azami)
    sekil = tarama_grafigi("t-04t", satirlar)
    assert sekil.sayim() == {"çift-işlenen-ileti": len(satirlar),
                             "ölü-mektup-kutusuna-varış": len(satirlar)}
    assert degerler(sekil) == {"çift-işlenen-ileti": [s.cift for s in satirlar],
                               "ölü-mektup-kutusuna-varış": [s.olu for s in satirlar]}
    found = marks(sekil.svg())
    for isaret, oku in ((CIFT, lambda s: s.cift), (VARIS, lambda s: s.olu)):
        points = [(x, y) for kind, x, y in found if kind == isaret.sinif.split()[1]]
        xs = [x for x, _ in points]
        # x is linear in the timeout, from 0 at the axis; a larger value sits higher
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        scale = (xs[-1] - SOL) / sureler[-1]
        assert all(abs((x - SOL) - scale * T) < 0.2 for x, T in zip(xs, sureler, strict=True))
        values = [oku(s) for s in satirlar]
        for (_, y1), v1 in zip(points, values, strict=True):
            for (_, y2), v2 in zip(points, values, strict=True):
                assert (y1 < y2) == (v1 > v2)


def test_the_lessons_chart_draws_the_seeds_table():
    sekil = tarama_grafigi("t-04t", gorunurluk.tarama(DERS_YUKU))
    assert degerler(sekil)["çift-işlenen-ileti"] == [102, 40, 28, 11, 5, 0]
    assert degerler(sekil)["ölü-mektup-kutusuna-varış"] == [25, 50, 100, 150, 300, 600]
    assert "görünürlük 120 iken 600 birim" in sekil.aciklama


def test_the_same_figures_are_the_same_bytes():
    assert ornek_cizelgesi(5, None).svg() == ornek_cizelgesi(5, None).svg()
    satirlar = gorunurluk.tarama(IsYuku(7, 50))
    assert tarama_grafigi("a", satirlar).svg() == tarama_grafigi("a", satirlar).svg()
    assert ornek_cizelgesi(5, None).svg() != ornek_cizelgesi(6, None).svg()


def shown_figure(html_text: str) -> str:
    found = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html_text)
    assert found is not None
    return base64.b64decode(found[1]).decode()


@given(TIMEOUTS, BEATS)
def test_the_explorers_figure_is_the_five_messages_trace_above_its_tables(timeout, beat):
    shown = gorunurluk_tablosu(timeout, beat)
    assert shown.index("<img") < shown.index("<table")
    svg = shown_figure(shown)
    assert svg == ornek_cizelgesi(timeout, beat).svg()
    iletiler = DERS_YUKU.iletiler()
    full = trace(iletiler, timeout, tuketiciler=Tuketiciler(kalp=beat))
    sample = [full[s] for s in ORNEKLER]  # the same messages in the whole workload's run
    assert ileti_cizelgesi("04-kasif", {"x": sample}).sayim() == expected_marks(sample)
    assert ornek_cizelgesi(timeout, beat).sayim() == expected_marks(sample)


def test_the_explorer_redraws_its_figure_when_a_control_moves():
    panel = gorunurluk_kasifi()
    timeout, beating, interval = controls(panel)
    first = shown_figure(panel.children[-1].value)
    assert "görünürlük 10, kalp yok" in first
    timeout.value = 5
    at_five = shown_figure(panel.children[-1].value)
    assert at_five != first and "görünürlük 5, kalp yok" in at_five
    assert at_five.count('class="isaret birden-çok-kez-işlendi') == 2
    beating.value = True
    beating_svg = shown_figure(panel.children[-1].value)
    assert "kalp her 5 birimde" in beating_svg
    assert beating_svg.count('class="isaret birden-çok-kez-işlendi') == 0


@pytest.mark.parametrize("timeout", [1, 2, 3, 5, 7, 10, 30, 69, 120])
@pytest.mark.parametrize("beat", [None, 1, 5])
def test_the_explorers_timeline_draws_inside_its_axis_and_no_two_kinds_of_mark_meet(timeout, beat):
    """At visibility 1 thirteen copies of the 13-unit job run to t=25: the axis goes on past
    them; marks that would meet (a star and a deletion one unit apart) are set apart."""
    svg = ornek_cizelgesi(timeout, beat).svg()
    assert drawn_right_end(svg) < AXIS_END
    assert touching(svg) == []


def test_close_marks_keep_their_times_and_a_lone_mark_stays_on_its_lane():
    izler = trace([Ileti(6), Ileti(40)], 5)  # the 6-unit job: star at 5, deleted at 6
    found = marks(ileti_cizelgesi("t-04", {"p": izler}).svg())
    son = max(a.bitis for iz in izler for a in iz.alislar) * EKSEN_PAYI
    on_first_lane = {kind: (x, y) for kind, x, y in found if abs(y - 45) <= KAYMA}
    assert on_first_lane == {"birden-çok-kez-işlendi": (round(120 + 424 * 5 / son, 1), 45 - KAYMA),
                             "silindi": (round(120 + 424 * 6 / son, 1), 45 + KAYMA)}
    assert ("silindi", round(120 + 424 * 40 / son, 1), 45 + 26) in found  # alone: no shift
