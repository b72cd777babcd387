"""Lesson 03's figure: every mark and lock band it draws is a record of the run it is given, the
lost lock shows as a hatched band, and the explorer redraws it from its own run."""

import base64
import re
from collections import Counter
from itertools import pairwise
from xml.etree import ElementTree

from hypothesis import given, strategies as st

from figures import marks
from cizim.ders03 import kosu_sekli
from cizim.sekil import GENISLIK
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
BANDS = ("kilit-tutuldu", "iş-kilitsiz-sürdü")
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


def expected(driver: AraKatmanliSurucu) -> Counter[str]:
    """What the figure must show, read off the records: one mark an attempt (a failure is the
    body's error if the body was entered, else a layer's refusal), one for each buried job,
    one band a lock and one hatched band for each lock that ended before its attempt did."""
    counts = Counter()
    for record in driver.iz:
        named = {"tamamlandı": "tamamlandı", "atlandı": "atlandı", "geri kondu": "geri-kondu",
                 "çöktü": "çöktü"}
        counts[named.get(record.sonuc, "hata-verdi" if record.govde else "reddedildi")] += 1
        counts["gömüldü"] += record.gomuldu
    for lock in driver.ortam.kilit_omurleri:
        counts["kilit-tutuldu"] += 1
        counts["iş-kilitsiz-sürdü"] += (lock.bitis is not None
                                        and lock.bitis < driver.iz[lock.sira].bitis)
    return +counts


def bands(svg: str) -> dict[str, list[tuple[str, str]]]:
    """Each kind of lock band: (its title, the lane it lies in) for every band."""
    root = ElementTree.fromstring(svg)
    lanes, found = lane_labels(root), {}
    for rect in root.iter(f"{SVG}rect"):
        kind = rect.attrib.get("class", "").split()
        if kind[:1] == ["isaret"] and kind[1] in BANDS:
            found.setdefault(kind[1], []).append((rect.find(f"{SVG}title").text,
                                                  lanes[float(rect.attrib["y"])]))
    return found


def lane_labels(root: ElementTree.Element) -> dict[float, str]:
    """The lanes' names by the y of their label (the lane's middle plus four)."""
    return {float(t.attrib["y"]): t.text for t in root.iter(f"{SVG}text")
            if t.attrib.get("text-anchor") == "end" and t.attrib["x"] == "112"}


def marks_by_lane(svg: str) -> dict[str, list[float]]:
    """The middle x of every mark (not a band), by the lane it lies in, left to right."""
    lanes, found = lane_labels(ElementTree.fromstring(svg)), {}
    for kind, x, y in marks(svg):
        if kind not in BANDS:
            lane = lanes[min(lanes, key=lambda label: abs(label - y))]
            found.setdefault(lane, []).append(x)
    return {lane: sorted(xs) for lane, xs in found.items()}


@given(jobs, st.integers(1, 3), st.integers(1, 3))
def test_the_figure_has_a_mark_for_every_record_and_a_band_for_every_lock(specs, tries, workers):
    driver = workload(specs, tries, workers)
    assert kosu_sekli("03-t", "Sınama", {"": driver}).sayim() == expected(driver)


@given(jobs, st.integers(1, 3))
def test_each_lock_band_lies_in_the_lane_of_the_job_that_took_it(specs, workers):
    driver = workload(specs, 2, workers)
    shown = bands(kosu_sekli("03-t", "Sınama", {"": driver}).svg())
    held = [(f"kilit tutuldu: t={lock.alinma:g}–", driver.iz[lock.sira].is_adi)
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


def test_a_crashed_workers_lock_runs_on_past_its_job_to_its_end_or_the_figures():
    figure = kosu_sekli("03-t", "Çökme", {"UniqueJob": cokme_kosusu(None),
                                          "WithoutOverlapping": cokme_kosusu(600)})
    shown = bands(figure.svg())["kilit-tutuldu"]
    assert shown[1:] == [("kilit tutuldu: t=0–600", "çöken"),
                         ("kilit tutuldu: t=600–700", "sonraki-2")]
    title, lane = shown[0]  # never ends: drawn to the end of the axis, and said so
    assert lane == "çöken" and float(title.rsplit("–", 1)[1]) > 700
    assert figure.svg().count("kilit bitmedi") == 1
    assert figure.aciklama.count("işi bittikten sonra da tutulan kilit 1") == 2


def test_marks_at_one_instant_stand_side_by_side_inside_the_figure():
    """The combined example's sixth supplier is refused and put back at t=40; the explorer's
    long honest timeout buries a job at the very end of the axis."""
    explorer = kosu_sekli("03-t", "Kaşif", {"": kos(ara_katman_plani(
        AraKatmanSecimi(zaman_asimi="DurustTimeout", istisna_kisma=True)), 5, 3)})
    for figure in (kosu_sekli("03-t", "Birleşik", {"": ithalat_kosusu()}), explorer):
        for xs in marks_by_lane(figure.svg()).values():
            assert all(b - a >= 12.9 for a, b in pairwise(xs))
            assert max(xs) + 7 <= GENISLIK


def test_the_same_run_draws_the_same_bytes():
    assert (kosu_sekli("03-t", "Aynı", {"": ithalat_kosusu()}).svg()
            == kosu_sekli("03-t", "Aynı", {"": ithalat_kosusu()}).svg())


def test_the_lessons_combined_example_in_numbers():
    figure = kosu_sekli("03-t", "Birleşik", {"": ithalat_kosusu()})
    assert figure.aciklama == ("6 tamamlandı, 2 geri kondu, 1 atlandı, 3 hata verdi, "
                               "1 reddedildi, 1 gömüldü, 10 kilit.")


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
