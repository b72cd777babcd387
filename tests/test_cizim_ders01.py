"""Lesson 01's figure: each job's attempts on the worker, drawn from the worker's own log and
the driver's failed list; its marks are counted and placed against that record."""

import base64
import re
from collections import Counter
from itertools import pairwise
from xml.etree import ElementTree

import ipywidgets as widgets
import pytest
from hypothesis import given, strategies as st

from figures import SVG, marks
from cizim.cerceve import Cizelge
from cizim.ders01 import SERIT_UST, isci_cizelgesi, senaryo_cizelgesi, seritler
from cizim.sekil import Sekil
from kasif.ders01 import ISLER, deneme_kasifi, deneme_tablosu
from kernel.isler import BellekSurucusu, KirilganIs

FAILURES = st.lists(st.integers(0, 6), min_size=1, max_size=4)
LIMITS = st.integers(1, 5)


def run_worker(limit: int, failures: list[int]) -> tuple[list[str], BellekSurucusu, list]:
    """The kernel's worker over jobs a, b, c... failing their first `failures[i]` attempts."""
    queue = BellekSurucusu(deneme_hakki=limit)
    names = "abcd"[:len(failures)]
    jobs = [KirilganIs(count, ad=name) for name, count in zip(names, failures, strict=True)]
    for job in jobs:
        queue.gonder(job)
    return queue.isle(), queue, jobs


@given(LIMITS, FAILURES)
def test_the_marks_count_what_the_worker_did_to_each_job(limit, failures):
    log, queue, jobs = run_worker(limit, failures)
    marks = Counter(isci_cizelgesi("t-01", log, queue.basarisiz).sayim())  # a kind may be 0
    ran = [job for job in jobs if job not in queue.basarisiz]
    assert marks["koştu"] == len(ran)
    assert marks["hata-verdi"] == sum(job.deneme for job in jobs) - len(ran)
    assert marks["koştu"] + marks["hata-verdi"] == len(log)
    assert marks["başarısız-işler-listesi"] == len(queue.basarisiz)


@given(LIMITS, FAILURES)
def test_each_job_has_a_lane_with_its_attempts_at_the_steps_the_log_names(limit, failures):
    log, queue, jobs = run_worker(limit, failures)
    lanes = seritler(log, queue.basarisiz)
    assert list(lanes) == [job.ad() for job in jobs]
    for job in jobs:
        lane = lanes[job.ad()]
        assert [attempt.deneme for attempt in lane.denemeler] == list(range(1, job.deneme + 1))
        assert lane.listede == (job in queue.basarisiz)
        assert all(log[attempt.adim - 1].startswith(f"{job.ad()} deneme {attempt.deneme}: ")
                   for attempt in lane.denemeler)
    steps = sorted(attempt.adim for lane in lanes.values() for attempt in lane.denemeler)
    assert steps == list(range(1, len(log) + 1))


def on_its_axis(limit: int, failures: list[int]) -> tuple[list[str], BellekSurucusu, list,
                                                          Cizelge]:
    """A worker's run (its log, its queue, its jobs) and the timeline its figure has."""
    log, queue, jobs = run_worker(limit, failures)
    names = [job.ad() for job in jobs]
    return log, queue, jobs, Cizelge(Sekil("t-eksen", 400, "E", "E."), names, len(log) + 1,
                                     ust=SERIT_UST)


@given(LIMITS, FAILURES)
def test_every_mark_sits_on_its_jobs_lane_at_the_step_of_its_log_line(limit, failures):
    log, queue, jobs, axis = on_its_axis(limit, failures)
    expected = []
    for step, line in enumerate(log, start=1):
        name = line.split(" deneme ")[0]
        kind = "koştu" if line.endswith(": koştu") else "hata-verdi"
        expected.append((kind, axis.x(step), axis.y(name)))
    failed_at = {job.ad(): job.deneme for job in queue.basarisiz}
    expected += [("başarısız-işler-listesi", round(axis.x(log.index(f"{name} deneme {n}: "
                                                                    "RuntimeError") + 1) + 19, 1),
                  axis.y(name)) for name, n in failed_at.items()]
    svg = isci_cizelgesi("t-01", log, queue.basarisiz).svg()
    assert sorted(marks(svg)) == sorted(expected)


def queue_spans(svg: str) -> list[tuple[float, float, float]]:
    """(left x, right x, lane y) of every span the figure draws; each must be hatched (filled
    with one of its patterns) and named "kuyrukta" when hovered."""
    root = ElementTree.fromstring(svg)
    hatchings = {f"url(#{pattern.attrib['id']})" for pattern in root.iter(f"{SVG}pattern")}
    spans = []
    for rect in root.iter(f"{SVG}rect"):
        if "aralik" in rect.attrib.get("class", "").split():
            assert rect.attrib.get("fill") in hatchings
            assert rect.findtext(f"{SVG}title") == "kuyrukta"
            x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
            spans.append((x, round(x + float(rect.attrib["width"]), 1), y + 7))
    return spans


@given(LIMITS, FAILURES)
def test_between_two_attempts_the_job_waits_in_the_queue_drawn_hatched(limit, failures):
    log, queue, jobs, axis = on_its_axis(limit, failures)
    expected = []
    for name in (job.ad() for job in jobs):
        steps = [step for step, line in enumerate(log, start=1)
                 if line.startswith(f"{name} deneme ")]
        expected += [(axis.x(once), axis.x(then), axis.y(name)) for once, then in pairwise(steps)]
    svg = isci_cizelgesi("t-01", log, queue.basarisiz).svg()
    assert sorted(queue_spans(svg)) == sorted(expected)
    assert len(expected) == sum(job.deneme - 1 for job in jobs)


def test_the_description_tells_each_jobs_fate_in_numbers():
    log, queue, _ = run_worker(2, [0, 1, 5])
    sekil = isci_cizelgesi("t-01", log, queue.basarisiz)
    assert sekil.aciklama == ("a: ilk denemede koştu; b: 1 hatadan sonra 2. denemede koştu; c: 2 "
                              "hatadan sonra başarısız işler listesine düştü; 3 şeritte toplam 5 "
                              "deneme.")
    assert sekil.metin() in sekil._repr_mimebundle_()["text/plain"]


def test_the_same_record_draws_the_same_bytes():
    def draw() -> str:
        log, queue, _ = run_worker(3, [2, 0, 4])
        return isci_cizelgesi("t-01", log, queue.basarisiz).svg()

    first = draw()
    assert first == draw()
    assert all(ident.startswith("t-01") for ident in re.findall(r'id="([^"]+)"', first))


def test_the_lessons_scenarios_each_make_one_lane():
    scenarios = {}
    for failures in (1, 5):
        queue = BellekSurucusu(deneme_hakki=3)
        queue.gonder(KirilganIs(failures))
        scenarios[f"KirilganIs({failures})"] = (queue.isle(), queue.basarisiz)
    sekil = senaryo_cizelgesi("t-01", "Senaryolar", scenarios)
    assert sekil.sayim() == {"koştu": 1, "hata-verdi": 4, "başarısız-işler-listesi": 1}
    assert sekil.aciklama == ("KirilganIs(1): 1 hatadan sonra 2. denemede koştu; KirilganIs(5): "
                              "3 hatadan sonra başarısız işler listesine düştü; 2 şeritte toplam "
                              "5 deneme.")


@given(LIMITS, FAILURES)
def test_the_description_says_what_its_total_counts_after_each_lane(limit, failures):
    """The total is the attempts of every lane together, named as such and said last, so that
    it is never read as one lane's count."""
    log, queue, jobs = run_worker(limit, failures)
    *lanes, total = isci_cizelgesi("t-01", log, queue.basarisiz).aciklama[:-1].split("; ")
    assert [lane.split(":")[0] for lane in lanes] == [job.ad() for job in jobs]
    assert total == f"{len(jobs)} şeritte toplam {sum(job.deneme for job in jobs)} deneme"


@pytest.mark.parametrize("draw, message", [
    (lambda: seritler(["a denedi"], []), "biçiminde olmayan"),
    (lambda: seritler(["a deneme 1: koştu", "a deneme 1: koştu"], []), "aynı adlı"),
    (lambda: seritler(["a deneme 1: koştu"], [KirilganIs(0, ad="a")]), "tutmuyor"),
    (lambda: seritler(["a deneme 1: RuntimeError"], []), "tutmuyor"),
    (lambda: senaryo_cizelgesi("t-01", "S", {"iki iş": (
        ["a deneme 1: koştu", "b deneme 1: koştu"], [])}), "tek bir iş"),
])
def test_a_record_the_figure_cannot_read_is_refused(draw, message):
    with pytest.raises(ValueError, match=message):
        draw()


def shown_svg(panel) -> str:
    html = panel.children[-1].value
    found = re.match(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    assert found is not None, "the explorer's HTML does not start with its figure"
    return base64.b64decode(found[1]).decode()


def test_the_explorer_draws_the_kernels_run_above_its_tables_and_redraws_on_change():
    panel = deneme_kasifi()
    limit, *sliders = [child for child in panel.children if isinstance(child, widgets.IntSlider)]
    for slider, value in zip(sliders, (1, 0, 5), strict=True):
        slider.value = value
    limit.value = 2
    log, queue, _ = run_worker(2, [1, 0, 5])
    assert shown_svg(panel) == isci_cizelgesi("01-kasif", log, queue.basarisiz).svg()
    before = shown_svg(panel)
    limit.value = 5
    assert shown_svg(panel) != before
    assert "c: 5 hatadan sonra başarısız işler listesine düştü" in shown_svg(panel)


def test_the_explorers_table_function_keeps_its_signature_and_leads_with_the_figure():
    shown = deneme_tablosu(3, dict(zip(ISLER, (0, 1, 2), strict=True)))
    assert shown.startswith("<img ") and shown.index("<img ") < shown.index("<table")
