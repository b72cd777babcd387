"""Lesson 06's figure, held to the steps the experiments recorded: one mark an event, of the
event's kind, in its worker's lane at its place in the run's order; a bar each run of the task,
hatched when its worker was killed; a lost task shows its loss at the block's end and a task
that ran twice at once a star between the two lanes. The module imports nothing that the
browser's Pyodide lacks."""

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import assume, given, strategies as st

from figures import SVG, marks
from refusals import Refusals, refusal_test
from cizim.cerceve import SAG, SOL
from cizim.ders06 import GOSTERGE, NELER, kosu_oku, olay_sirasi, ozet
from cizim.sekil import GENISLIK
from kernel.gercek.sonuclar import Adim

ROOT = Path(__file__).resolve().parents[1]


def steps(*written: str) -> tuple[Adim, ...]:
    """Steps as the experiments record them, written "işçi 1: başladı"."""
    return tuple(Adim(*step.split(": ")) for step in written)


# The measured examples (kernel.gercek.deneyler's results, by hand).
LOST = steps("işçi 1: başladı", "işçi 1: öldürüldü")
REDELIVERED = steps("işçi 1: başladı", "işçi 1: öldürüldü", "işçi 2: başladı", "işçi 2: bitti")
TWICE = steps("işçi 1: başladı", "işçi 2: başladı", "işçi 1: bitti", "işçi 2: bitti")
DEATHS = [("Huey", LOST), ("Celery", LOST), ("Celery acks_late", REDELIVERED),
          ("Celery solo", REDELIVERED)]
LESSON = DEATHS + [("Görünmezlik aşıldı", TWICE)]


def expected(runs) -> dict[str, int]:
    """What the steps say each kind of mark must number, counted here without the module: a
    run's first start is its first delivery, every later start a redelivery; a start while
    another run is open is a duplicate; a task is lost when a worker was killed, no run
    finished and none was still open."""
    counts: Counter[str] = Counter()
    for _, run in runs:
        open_, starts = 0, 0
        for step in run:
            if step.ne == "başladı":
                counts["aynı-anda-iki-kez"] += open_ > 0
                counts["ilk-teslim" if starts == 0 else "yeniden-teslim"] += 1
                open_, starts = open_ + 1, starts + 1
            else:
                counts[step.ne] += 1
                open_ -= 1
        kills = sum(step.ne == "öldürüldü" for step in run)
        finished = sum(step.ne == "bitti" for step in run)
        counts["kayboldu"] += kills > 0 and finished == 0 and open_ == 0
    return +counts


def valid_run(choices: list[tuple[int, str]]) -> tuple[Adim, ...]:
    """Steps a real run could record: a worker ends only a run it started, starts one run at a
    time and does nothing after it was killed. A choice that breaks this is left out."""
    running, dead, found = set(), set(), []
    for worker, what in choices:
        name = f"işçi {worker + 1}"
        if name in dead or (what == "başladı") == (name in running):
            continue
        found.append(Adim(name, what))
        (running.add if what == "başladı" else running.discard)(name)
        if what == "öldürüldü":
            dead.add(name)
    return tuple(found)


RUNS = st.lists(st.tuples(st.integers(0, 2), st.sampled_from(NELER)), max_size=14).map(valid_run)
LABELS = st.sampled_from(["Huey", "Celery", "Celery acks_late", "Celery solo", "Görünmezlik"])


def x_of(place: float, events: int) -> float:
    """The x of an event's place (1, 2, ...): the middle of its slot on a 424 px axis with half
    a slot more after the last event, the block's end."""
    return round(SOL + (GENISLIK - SOL - SAG) * (place - 0.5) / (events + 0.5), 1)


def lanes(svg: str) -> list[tuple[str, float]]:
    """Each lane's worker and the y of its middle, top to bottom (its label is 4 px lower)."""
    return [(text.text or "", float(text.attrib["y"]) - 4)
            for text in ElementTree.fromstring(svg).iter(f"{SVG}text")
            if text.attrib.get("text-anchor") == "end" and text.attrib["x"] == str(SOL - 8)]


def bars(svg: str) -> list[tuple[str, bool]]:
    """Every run's bar: its title and whether it is hatched."""
    found = []
    for rect in ElementTree.fromstring(svg).iter(f"{SVG}rect"):
        if rect.attrib.get("class", "").startswith("aralik"):
            found.append((rect.find(f"{SVG}title").text, rect.attrib.get("fill", "")
                          .startswith("url(#")))
    return found


def test_the_lessons_runs_in_numbers():
    figure = olay_sirasi(LESSON)
    assert figure.sayim() == {"ilk-teslim": 5, "yeniden-teslim": 3, "aynı-anda-iki-kez": 1,
                              "bitti": 4, "öldürüldü": 4, "kayboldu": 2} == expected(LESSON)
    assert olay_sirasi(DEATHS).sayim()["yeniden-teslim"] == 2
    assert "aynı-anda-iki-kez" not in olay_sirasi(DEATHS).sayim()  # never drawn, no key
    assert figure.aciklama == (
        "Her koşu bir blok, her işçi bir şerit, yatay eksen olayların sırası (süre değil); görev "
        "2 koşuda kayboldu (Huey, Celery), 3 koşuda yeniden teslim edildi (Celery acks_late, "
        "Celery solo, Görünmezlik aşıldı), 1 koşuda aynı anda iki kez çalıştı (Görünmezlik "
        "aşıldı).")


def ozet_of(run: tuple[Adim, ...]) -> str:
    """The summary a block of these steps writes beside its name."""
    return ozet(kosu_oku("k", run))


@given(st.lists(st.tuples(LABELS, RUNS), min_size=1, max_size=4))
def test_every_kind_of_mark_numbers_what_the_steps_say(runs):
    assume(all(run for _, run in runs))
    figure = olay_sirasi(runs)
    assert figure.sayim() == expected(runs)
    assert len(bars(figure.svg())) == sum(s.ne == "başladı" for _, run in runs for s in run)


def lane_at(middle: dict[str, float], y: float) -> str:
    """The lane a mark stands on: its centre within a pixel of the lane's middle (a triangle's
    box is a pixel higher than its point)."""
    (lane,) = [name for name, at in middle.items() if abs(at - y) <= 1]
    return lane


def kind_of(run: tuple[Adim, ...], place: int) -> str:
    step = run[place - 1]
    if step.ne != "başladı":
        return step.ne
    first = next(n for n, s in enumerate(run, start=1) if s.ne == "başladı")
    return "ilk-teslim" if place == first else "yeniden-teslim"


@given(RUNS)
def test_every_event_is_a_mark_in_its_workers_lane_at_its_place_in_the_order(run):
    assume(run)
    svg = olay_sirasi([("Koşu", run)]).svg()
    middle = dict(lanes(svg))
    assert list(middle) == list(dict.fromkeys(step.kim for step in run))  # first seen first
    on_lanes = [(kind, x, lane_at(middle, y)) for kind, x, y in marks(svg)
                if kind not in ("aynı-anda-iki-kez", "kayboldu")]
    assert sorted(on_lanes, key=lambda m: m[1]) == [
        (kind_of(run, place), x_of(place, len(run)), step.kim)
        for place, step in enumerate(run, start=1)]
    lost = [(x, y) for kind, x, y in marks(svg) if kind == "kayboldu"]
    if expected([("", run)]).get("kayboldu"):  # at the block's end, in the last killed lane
        last_kill = [step.kim for step in run if step.ne == "öldürüldü"][-1]
        assert [(x, lane_at(middle, y)) for x, y in lost] == [
            (x_of(len(run) + 0.5, len(run)), last_kill)]
    else:
        assert lost == []


@given(RUNS)
def test_a_duplicate_is_a_star_beside_its_lane_while_another_run_is_still_open(run):
    """A start while another run is open: its star stands half a lane above or below the new
    run's lane (between it and another's), after the start, before the axis's end."""
    assume(run)
    svg = olay_sirasi([("Koşu", run)]).svg()
    middle = dict(lanes(svg))
    open_, duplicates = 0, []
    for place, step in enumerate(run, start=1):
        if step.ne == "başladı" and open_:
            duplicates.append((place, step.kim))
        open_ += 1 if step.ne == "başladı" else -1
    stars = [(x, y) for kind, x, y in marks(svg) if kind == "aynı-anda-iki-kez"]
    assert len(stars) == len(duplicates)
    for (x, y), (place, worker) in zip(stars, duplicates, strict=True):
        assert abs(abs(y - middle[worker]) - 13) < 0.2
        assert min(middle.values()) < y < max(middle.values())
        assert x_of(place + 0.5, len(run)) <= x < GENISLIK - SAG


def test_a_lost_task_shows_its_loss_at_the_blocks_end_and_says_so():
    figure = olay_sirasi([("Huey", LOST), ("Celery acks_late", REDELIVERED)])
    svg = figure.svg()
    lane_y = lanes(svg)[0][1]  # the Huey block's only lane
    assert [(x, y) for kind, x, y in marks(svg) if kind == "kayboldu"] == [
        (x_of(4.5, 4), lane_y)]  # half a slot after the longest run's last event
    dotted = re.findall(r'<path d="M([\d.]+),([\d.]+) ?L([\d.]+),([\d.]+)"[^>]*'
                        r'stroke-dasharray="2 3"', svg)
    assert [tuple(map(float, line)) for line in dotted] == [
        (x_of(2, 4) + 9, lane_y, x_of(4.5, 4) - 9, lane_y)]  # from the kill to the loss
    assert ">1 teslim, 1 öldürüldü, görev kayboldu</text>" in svg
    assert ">2 teslim (1 yeniden), 1 öldürüldü, 1 bitti</text>" in svg
    assert "kayboldu" not in ozet_of(REDELIVERED)
    assert figure.aciklama.endswith("görev 1 koşuda kayboldu (Huey), 1 koşuda yeniden teslim "
                                    "edildi (Celery acks_late), hiçbir koşuda aynı anda iki kez "
                                    "çalışmadı.")


def test_a_run_whose_worker_was_killed_is_a_hatched_bar_a_finished_one_a_solid_one():
    assert bars(olay_sirasi([("acks_late", REDELIVERED)]).svg()) == [
        ("işçi 1: 1. olaydan 2. olaya, işçi öldürüldü", True),
        ("işçi 2: 3. olaydan 4. olaya, bitti", False)]
    assert bars(olay_sirasi([("iki kez", TWICE)]).svg()) == [
        ("işçi 1: 1. olaydan 3. olaya, bitti", False),
        ("işçi 2: 2. olaydan 4. olaya, bitti", False)]


def test_a_run_still_open_when_the_record_ends_runs_to_the_axis_end_and_is_no_loss():
    figure = olay_sirasi([("yarım", steps("işçi 1: başladı", "işçi 1: öldürüldü",
                                           "işçi 2: başladı"))])
    assert figure.sayim() == {"ilk-teslim": 1, "yeniden-teslim": 1, "öldürüldü": 1}
    (rect,) = [r for r in ElementTree.fromstring(figure.svg()).iter(f"{SVG}rect")
               if r.find(f"{SVG}title") is not None
               and r.find(f"{SVG}title").text.endswith("kayıt bitene dek sürdü")]
    assert float(rect.attrib["x"]) + float(rect.attrib["width"]) == GENISLIK - SAG


def test_the_twice_run_star_stands_between_the_two_workers_where_both_ran():
    svg = olay_sirasi([("Görünmezlik aşıldı", TWICE)]).svg()
    (one, y1), (two, y2) = lanes(svg)
    assert (one, two) == ("işçi 1", "işçi 2")
    assert [(x, y) for kind, x, y in marks(svg) if kind == "aynı-anda-iki-kez"] == [
        (x_of(2.5, 4), (y1 + y2) / 2)]  # işçi 2 started at 2, işçi 1 finished at 3


def test_the_axis_counts_events_not_time():
    svg = olay_sirasi(LESSON).svg()
    assert svg.count(">olay sırası</text>") == len(LESSON)
    assert "saat" not in svg and "saniye" not in svg
    ticks = [t.text for t in ElementTree.fromstring(svg).iter(f"{SVG}text")
             if t.attrib.get("text-anchor") == "middle"]
    assert ticks == ["1", "2", "3", "4"] * len(LESSON)
    many = olay_sirasi([("uzun", steps(*[f"işçi {n}: {ne}" for n in range(1, 16)
                                         for ne in ("başladı", "bitti")]))]).svg()
    labels = [t.text for t in ElementTree.fromstring(many).iter(f"{SVG}text")
              if t.attrib.get("text-anchor") == "middle"]
    assert labels == ["1", "5", "10", "15", "20", "25", "30"]


def test_the_same_runs_draw_the_same_bytes_and_the_ids_come_from_the_name():
    assert olay_sirasi(LESSON).svg() == olay_sirasi(LESSON).svg()
    svg = olay_sirasi(LESSON, ad="06-sinama").svg()
    ids = re.findall(r'id="([^"]+)"', svg)
    assert ids and all(ident.startswith("06-sinama") for ident in ids)
    assert 'fill="url(#06-sinama' in svg  # the hatching's pattern too


def test_everything_drawn_fits_the_figure_and_the_legend_tells_every_kind_apart():
    figure = olay_sirasi(LESSON)
    root = ElementTree.fromstring(figure.svg())
    assert all(0 <= x - 7 and x + 7 <= GENISLIK for _, x, _ in marks(figure.svg()))
    assert max(float(t.attrib["y"]) for t in root.iter(f"{SVG}text")) < figure.yukseklik
    shapes = [(isaret.bicim, isaret.renk) for isaret in GOSTERGE]
    assert len(set(shapes)) == len(shapes)
    legend = [t.text for t in root.iter(f"{SVG}text")][-len(GOSTERGE):]
    assert legend == [isaret.ad for isaret in GOSTERGE]


def test_a_summary_too_long_for_its_blocks_title_line_goes_below_it():
    long_name = "Celery, iki işçi, acks_late ve kısa görünmezlik"
    svg = olay_sirasi([(long_name, TWICE), ("kısa", TWICE)]).svg()
    heads = [(t.text, float(t.attrib["y"])) for t in ElementTree.fromstring(svg).iter(f"{SVG}text")
             if t.attrib.get("x") in ("12", str(GENISLIK - SAG)) and t.text != "olay sırası"]
    (_, title), (name, y1), (summary, y2), (short, y3), (summary_, y4) = heads
    assert (name, summary, short, summary_) == (long_name, ozet_of(TWICE), "kısa", ozet_of(TWICE))
    assert (y2, y4) == (y1 + 14, y3)  # below the long name, beside the short one


REFUSED: Refusals = {  # runs that cannot be drawn (see tests/refusals.py)
    "olay_sirasi([])": (lambda: olay_sirasi([]), ValueError,
                        "çizilecek koşu yok: olay_sirasi en az bir koşu ister"),
    "olay_sirasi([('Huey', ())])": (lambda: olay_sirasi([("Huey", ())]), ValueError,
                                    "'Huey' koşusunda hiç adım yok"),
    "olay_sirasi([('Huey', [..., Adim('işçi 1', 'çöktü')])])": (
        lambda: olay_sirasi([("Huey", steps("işçi 1: başladı", "işçi 1: çöktü"))]), ValueError,
        "Adim.ne şunlardan biri olmalı: 'başladı', 'bitti', 'öldürüldü'; verilen: 'çöktü' "
        "('Huey' koşusunun 2. adımı)"),
    "olay_sirasi([('Celery', [Adim('işçi 1', 'bitti')])])": (
        lambda: olay_sirasi([("Celery", steps("işçi 1: bitti"))]), ValueError,
        "'Celery' koşusunun 1. adımı (işçi 1 bitti): bu işçide süren bir çalışma yok"),
    "olay_sirasi([('Celery', [başladı, başladı])])": (
        lambda: olay_sirasi([("Celery", steps("işçi 1: başladı", "işçi 1: başladı"))]),
        ValueError, "'Celery' koşusunun 2. adımı (işçi 1 başladı): bu işçinin 1. adımda başlayan "
                    "çalışması sürüyordu; bir işçi görevi bir anda bir kez çalıştırır"),
    "olay_sirasi([('Huey', [başladı, öldürüldü, başladı])])": (
        lambda: olay_sirasi([("Huey", steps("işçi 1: başladı", "işçi 1: öldürüldü",
                                            "işçi 1: başladı"))]),
        ValueError, "'Huey' koşusunun 3. adımı (işçi 1 başladı): bu işçi 2. adımda öldürülmüştü"),
}


test_a_constructor_refuses_what_it_cannot_mean_in_a_sentence_naming_the_parameter = \
    refusal_test(REFUSED)


def test_the_module_imports_only_what_the_browser_has():
    """The lite site draws the figure in Pyodide, where Celery, Huey and Redis are not: the
    module imports the results' classes, never the experiments that start processes."""
    tree = ast.parse((ROOT / "cizim" / "ders06.py").read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names} | {node.module for node in ast.walk(tree)
                                           if isinstance(node, ast.ImportFrom)}
    assert {m for m in modules if m.startswith("kernel")} == {"kernel.gercek.sonuclar"}
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, cizim.ders06; print(*sorted(sys.modules))"],
        capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert not [m for m in loaded if m.split(".")[0] in ("celery", "huey", "redis", "kombu")
                or m in ("kernel.gercek.deneyler", "kernel.gercek.surec")]


@pytest.mark.parametrize("run", [LOST, REDELIVERED, TWICE])
def test_a_blocks_summary_says_what_its_marks_count(run):
    counts = expected([("", run)])
    summary = ozet_of(run)
    starts = counts.get("ilk-teslim", 0) + counts.get("yeniden-teslim", 0)
    assert summary.startswith(f"{starts} teslim")
    assert ("görev kayboldu" in summary) == ("kayboldu" in counts)
    assert ("aynı anda iki kez" in summary) == ("aynı-anda-iki-kez" in counts)
