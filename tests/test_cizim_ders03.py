"""Lesson 03's figure: every mark and lock band it draws is a record of the run it is given, at
the exact time of that record; marks that would overlap go down a row, never sideways; the
lost lock shows as a hatched band; the explorer redraws it from its own run; the lesson draws
the runs it printed."""

import base64
import json
import math
import re
from collections import Counter
from itertools import combinations
from pathlib import Path
from xml.etree import ElementTree

from hypothesis import given, strategies as st

from figures import marks
from cizim.cerceve import SAG, SERIT, SOL
from cizim.ders03 import AD_SINIRI, ISARETLER, ad_satirlari, kosu_sekli
from cizim.sekil import GENISLIK, YAZI
from kasif.ders03 import (
    AraKatmanSecimi, ara_katman_kasifi, ara_katman_plani, ara_katman_tablosu,
)
from kernel.ara_katman.deneyler import cakismasiz_kosusu, cokme_kosusu, ithalat_kosusu
from kernel.ara_katman.ornekler import OrnekIs, kos
from kernel.ara_katman.surucu import AraKatmanliSurucu
from kernel.ara_katman.yerlesikler import (
    DurustTimeout, RateLimited, ThrottlesExceptions, UniqueJob, WithoutOverlapping,
)
from test_kasif_ders03 import set_controls

SVG = "{http://www.w3.org/2000/svg}"
LESSON = Path(__file__).parent.parent / "lessons" / "03-ara-katman.ipynb"
BANDS = ("kilit-tutuldu", "iş-kilitsiz-sürdü")
AXIS = GENISLIK - SOL - SAG
LAYERS = {  # short lock lifetimes, so that locks are lost; limits that reject and release
    "unique": lambda: UniqueJob("k"),
    "overlap": lambda: WithoutOverlapping("k", 25),
    "rate": lambda: RateLimited(2, 30),
    "throttle": lambda: ThrottlesExceptions(2, 0.5),
    "honest": lambda: DurustTimeout(30),
}
jobs = st.lists(st.tuples(st.integers(0, 60), st.sampled_from([0, 10, 20, 40]),
                          st.lists(st.sampled_from(sorted(LAYERS)), max_size=3, unique=True),
                          st.lists(st.sampled_from(["başarı", "hata", "çökme"]), max_size=2)),
                min_size=1, max_size=6)


def workload(specs, tries: int, workers: int) -> AraKatmanliSurucu:
    return kos([(delay, OrnekIs(f"iş{n}", sure, [LAYERS[name]() for name in names], script))
                for n, (delay, sure, names, script) in enumerate(specs)], tries, workers)


def kind(record) -> str:
    """A record's mark, read off the record: a failure is the body's error if the body was
    entered, else the rate limit's exception or another layer's refusal."""
    named = {"tamamlandı": "tamamlandı", "atlandı": "atlandı", "geri kondu": "geri-kondu",
             "çöktü": "çöktü"}
    if record.sonuc in named:
        return named[record.sonuc]
    if record.govde:
        return "hata-verdi"
    return "hız-sınırı-aşıldı" if record.sonuc == "HizSiniriAsildi" else "reddedildi"


def expected_marks(driver: AraKatmanliSurucu) -> list[tuple[str, str, float]]:
    """(job, mark, time) for every mark the figure must show: one an attempt, at its end, and
    one more for each buried job, at the same time."""
    found = []
    for record in driver.iz:
        found.append((record.is_adi, kind(record), record.bitis))
        if record.gomuldu:
            found.append((record.is_adi, "gömüldü", record.bitis))
    return found


def expected(driver: AraKatmanliSurucu) -> Counter[str]:
    """The marks' kinds, one band a lock and one hatched band for each lock that ended before
    its attempt did."""
    counts = Counter(mark for _, mark, _ in expected_marks(driver))
    for lock in driver.ortam.kilit_omurleri:
        counts["kilit-tutuldu"] += 1
        counts["iş-kilitsiz-sürdü"] += (lock.bitis is not None
                                        and lock.bitis < driver.iz[lock.sira].bitis)
    return +counts


def lanes(root: ElementTree.Element) -> list[tuple[str, float]]:
    """Each lane's name (its label's lines, joined) and the y of its line, top to bottom: a
    lane's grid line and its label, in the same order."""
    lines = [ends(path)[1] for path in root.iter(f"{SVG}path")
             if path.attrib.get("class") == "izgara"]
    labels = [" ".join(text.itertext()) for text in root.iter(f"{SVG}text")
              if text.attrib.get("text-anchor") == "end" and text.attrib["x"] == str(SOL - 8)]
    return list(zip(labels, lines, strict=True))


def ends(path: ElementTree.Element) -> tuple[float, float, float, float]:
    """A straight line's ends (drawsvg writes a line as a path `Mx1,y1 Lx2,y2`)."""
    x1, y1, x2, y2 = map(float, re.findall(r"-?[\d.]+", path.attrib["d"]))
    return x1, y1, x2, y2


def lane_of(found: list[tuple[str, float]], y: float) -> str:
    """The lane a point lies in: the last one whose top is above it."""
    return [name for name, middle in found if middle - SERIT / 2 <= y][-1]


def bands(svg: str) -> dict[str, list[tuple[str, str]]]:
    """Each kind of lock band: (its title, the lane it lies in) for every band."""
    root = ElementTree.fromstring(svg)
    found, shown = lanes(root), {}
    for rect in root.iter(f"{SVG}rect"):
        kind_ = rect.attrib.get("class", "").split()
        if kind_[:1] == ["isaret"] and kind_[1] in BANDS:
            shown.setdefault(kind_[1], []).append((rect.find(f"{SVG}title").text,
                                                   lane_of(found, float(rect.attrib["y"]))))
    return shown


def scale(svg: str) -> float:
    """Seconds a pixel, read off the axis: its last labelled moment and where it stands."""
    ticks = [(float(t.attrib["x"]), float(t.text)) for t in ElementTree.fromstring(svg).iter(
        f"{SVG}text") if t.attrib.get("text-anchor") == "middle"]
    x, t = max(ticks)
    return t / (x - SOL)


def placed(svg: str) -> list[tuple[str, str, float, float]]:
    """(lane, mark, x, y) for every mark (not a band)."""
    found = lanes(ElementTree.fromstring(svg))
    return [(lane_of(found, y), kind_, x, y) for kind_, x, y in marks(svg) if kind_ not in BANDS]


def drawn_marks(svg: str) -> list[tuple[str, str, float]]:
    """(lane, mark, time) for every mark (not a band), its time read back from its x."""
    per_pixel = scale(svg)
    return [(lane, kind_, (x - SOL) * per_pixel) for lane, kind_, x, _ in placed(svg)]


def same_marks(svg: str, driver: AraKatmanliSurucu) -> bool:
    """The figure's marks are the records' marks, each at its time (within rounding)."""
    tolerance = 0.25 * scale(svg)  # a quarter of a pixel: x and the axis are rounded
    shown, wanted = sorted(drawn_marks(svg)), sorted(expected_marks(driver))
    return len(shown) == len(wanted) and all(
        a[:2] == b[:2] and abs(a[2] - b[2]) <= tolerance
        for a, b in zip(shown, wanted, strict=True))


def no_overlap(svg: str) -> bool:
    """No two marks closer than their size, and every mark inside the figure."""
    points = [(x, y) for kind_, x, y in marks(svg) if kind_ not in BANDS]
    return (all(math.dist(a, b) >= 12.9 for a, b in combinations(points, 2))
            and all(x + 7 <= GENISLIK for x, _ in points))


@given(jobs, st.integers(1, 3), st.integers(1, 3))
def test_the_figure_has_a_mark_for_every_record_and_a_band_for_every_lock(specs, tries, workers):
    driver = workload(specs, tries, workers)
    assert kosu_sekli("03-t", "Sınama", {"": driver}).sayim() == expected(driver)


@given(jobs, st.integers(1, 3), st.integers(1, 3))
def test_every_mark_stands_in_its_jobs_lane_at_the_exact_time_and_none_overlap(
        specs, tries, workers):
    driver = workload(specs, tries, workers)
    svg = kosu_sekli("03-t", "Sınama", {"": driver}).svg()
    assert same_marks(svg, driver) and no_overlap(svg)


def test_marks_at_one_instant_stand_one_below_the_other_joined_by_a_line():
    """The combined example's sixth supplier exceeds the rate limit and is put back at t=40;
    the seventh fails at t=90 and t=100 and is buried at t=100. The explorer's long honest
    timeout piles many marks up at one moment."""
    driver = ithalat_kosusu()
    svg = kosu_sekli("03-t", "Birleşik", {"": driver}).svg()
    assert same_marks(svg, driver) and no_overlap(svg)
    sixth = sorted((y, x) for lane, kind_, x, y in placed(svg)
                   if lane == "tedarikçi 6" and kind_ in ("hız-sınırı-aşıldı", "geri-kondu"))
    (top, x), (below, same_x) = sixth
    assert x == same_x == SOL + AXIS * 40 / 400 and below - top > 12.9
    joined = [ends(path) for path in ElementTree.fromstring(svg).iter(f"{SVG}path")
              if path.attrib.get("class") == "cizgi" and path.attrib["d"].count("L") == 1]
    assert any(x1 == x2 == x and y1 <= top + 2 and y2 >= below - 2 for x1, y1, x2, y2 in joined)
    explorer = kos(ara_katman_plani(AraKatmanSecimi(zaman_asimi="DurustTimeout",
                                                    istisna_kisma=True)), 5, 3)
    svg = kosu_sekli("03-t", "Kaşif", {"": explorer}).svg()
    assert same_marks(svg, explorer) and no_overlap(svg)


def test_the_rate_limits_exception_and_a_throttled_rejection_are_different_marks():
    throttle, limit = ThrottlesExceptions(1, 1), RateLimited(1, 60)
    driver = kos([(0, OrnekIs("a", 10, [throttle], ["hata"])), (0, OrnekIs("b", 10, [throttle])),
                  (0, OrnekIs("c", 0, [limit])), (0, OrnekIs("d", 0, [limit]))], 1)
    counts = kosu_sekli("03-t", "İki ret", {"": driver}).sayim()
    assert counts["reddedildi"] == 1 and counts["hız-sınırı-aşıldı"] == 1
    assert len({mark.bicim for mark in ISARETLER}) == len(ISARETLER)  # shape alone tells


@given(jobs, st.integers(1, 3))
def test_each_lock_band_lies_in_the_lane_of_the_job_that_took_it(specs, workers):
    driver = workload(specs, 2, workers)
    shown = bands(kosu_sekli("03-t", "Sınama", {"": driver}).svg())
    held = [(f"kilit tutuldu: t={lock.alinma:g}", driver.iz[lock.sira].is_adi)
            for lock in driver.ortam.kilit_omurleri]
    assert [(title[:len(start)], lane) for (title, lane), (start, _) in
            zip(shown.get("kilit-tutuldu", []), held, strict=True)] == held


def test_a_lock_shorter_than_its_job_is_a_hatched_band_from_its_end_to_the_jobs():
    figure = kosu_sekli("03-t", "Ömür", {f"{life}": cakismasiz_kosusu(life) for life in (600, 30)})
    shown = bands(figure.svg())
    assert shown["iş-kilitsiz-sürdü"] == [("iş kilitsiz sürdü: t=30–100", "ithalat-1"),
                                          ("iş kilitsiz sürdü: t=80–150", "ithalat-2")]
    assert shown["kilit-tutuldu"] == [("kilit tutuldu: t=0–100", "ithalat-1"),
                                      ("kilit tutuldu: t=0–30", "ithalat-1"),
                                      ("kilit tutuldu: t=50–80", "ithalat-2")]
    hatched = re.findall(r'<rect [^>]*class="isaret iş-kilitsiz-sürdü k-kirmizi"[^>]*>',
                         figure.svg())
    assert len(hatched) == 2 and all('fill="url(#' in rect for rect in hatched)
    assert figure.aciklama == ("600: 1 tamamlandı, 1 atlandı, 1 kilit; 30: 2 tamamlandı, "
                               "2 kilit, kilidi düştüğü hâlde süren deneme 2.")


def test_a_crashed_workers_lock_runs_on_to_the_axis_end_and_says_it_never_ended():
    figure = kosu_sekli("03-t", "Çökme", {"UniqueJob": cokme_kosusu(None),
                                          "WithoutOverlapping": cokme_kosusu(600)})
    svg = figure.svg()
    assert bands(svg)["kilit-tutuldu"] == [("kilit tutuldu: t=0, bitmedi", "çöken"),
                                           ("kilit tutuldu: t=0–600", "çöken"),
                                           ("kilit tutuldu: t=600–700", "sonraki-2")]
    (never,) = re.findall(r'<rect x="([\d.]+)" [^>]*width="([\d.]+)"[^>]*>\s*'
                          r'<title>kilit tutuldu: t=0, bitmedi', svg)
    assert float(never[0]) + float(never[1]) == GENISLIK - SAG  # the axis's end, no time
    titles = re.findall(r"<title>[^<]*</title>", svg)
    assert all(float(n) <= 700 for title in titles for n in re.findall(r"t=([\d.]+)", title))
    assert svg.count("kilit bitmedi") == 1
    assert figure.aciklama.count("işi bittikten sonra da tutulan kilit 1") == 2


def test_a_long_lane_name_is_broken_at_a_space_and_leaves_room_at_the_left_edge():
    """A wide sans font (DejaVu Sans) averages about 0.62 of its size a character."""
    svg = kosu_sekli("03-t", "Birleşik", {"": ithalat_kosusu()}).svg()
    assert ad_satirlari("tedarikçi 1 (yine)") == ["tedarikçi 1", "(yine)"]
    assert '<tspan x="112" dy="0em">tedarikçi 1</tspan><tspan x="112" dy="1.1em">(yine)' in svg
    assert "tedarikçi 1 (yine)" in [name for name, _ in lanes(ElementTree.fromstring(svg))]
    for text in ElementTree.fromstring(svg).iter(f"{SVG}text"):
        if text.attrib.get("text-anchor") == "end" and text.attrib["x"] == str(SOL - 8):
            size = float(text.attrib.get("font-size", YAZI))
            assert all(len(line) <= AD_SINIRI for line in text.itertext())
            assert max(map(len, text.itertext())) * 0.62 * size <= SOL - 8 - 8


def test_the_same_run_draws_the_same_bytes():
    assert (kosu_sekli("03-t", "Aynı", {"": ithalat_kosusu()}).svg()
            == kosu_sekli("03-t", "Aynı", {"": ithalat_kosusu()}).svg())


def test_the_lessons_combined_example_in_numbers():
    figure = kosu_sekli("03-t", "Birleşik", {"": ithalat_kosusu()})
    assert figure.aciklama == ("6 tamamlandı, 2 geri kondu, 1 atlandı, 3 hata verdi, "
                               "1 hız sınırı aşıldı, 1 gömüldü, 10 kilit.")


def test_the_lessons_figures_draw_the_runs_it_printed():
    """A figure cell draws the drivers its measurement cell kept, never a run of its own."""
    cells = ["".join(cell["source"]) for cell in json.loads(LESSON.read_text())["cells"]
             if cell["cell_type"] == "code"]
    figures = [n for n, source in enumerate(cells) if "kosu_sekli(" in source]
    assert len(figures) == 3
    for n in figures:
        assert "_kosusu(" not in cells[n] and "kos(" not in cells[n]
        assert "_kosusu(" in cells[n - 1] and "yaz(" in cells[n - 1]


def shown_figure(html: str) -> str:
    found = re.match(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="[^"]*"[^>]*><table',
                     html)
    assert found is not None, "the figure stands first, above the tables"
    return base64.b64decode(found[1]).decode()


def test_the_explorer_shows_the_figure_of_its_own_run_above_its_tables():
    svg = shown_figure(ara_katman_tablosu(AraKatmanSecimi(kilit="UniqueJob"), 2, 3))
    counts = Counter(m for m in re.findall(r'class="isaret ([^" ]+)', svg))
    assert counts == expected(kos(ara_katman_plani(AraKatmanSecimi(kilit="UniqueJob")), 2, 3))


def test_the_explorer_redraws_the_figure_when_a_control_moves():
    panel = ara_katman_kasifi()
    before = shown_figure(panel.children[-1].value)
    assert "iş-kilitsiz-sürdü" not in before
    set_controls(panel, release_after=50)  # shorter than the first supplier's import
    after = shown_figure(panel.children[-1].value)
    assert after != before and 'class="isaret iş-kilitsiz-sürdü' in after


def test_a_dashed_line_runs_from_a_requeued_attempt_to_the_jobs_next_one():
    """Put back at t=40 until t=60, the sixth supplier waits for a worker until t=70; the
    seventh fails at t=70 and waits until t=80, but is taken again at once at t=90."""
    svg = kosu_sekli("03-t", "Birleşik", {"": ithalat_kosusu()}).svg()
    assert re.findall(r'stroke-dasharray="3 3" [^>]*>\s*<title>([^<]*)</title>', svg) == [
        "tedarikçi 7, kuyrukta: t=40–60", "tedarikçi 6, kuyrukta: t=40–70",
        "tedarikçi 7, kuyrukta: t=70–80"]
    assert "kuyrukta bekledi" in svg
    assert "kuyrukta bekledi" not in kosu_sekli("03-t", "Ömür", {"": cakismasiz_kosusu(30)}).svg()
