"""Lesson 00's figures: each part's mark is the class the lesson printed for it, in its lane;
the explorer draws the request above its tables and redraws it on each change."""

import base64
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import nbformat
from hypothesis import given, settings, strategies as st

from cizim.istek import istek_yolu
from kasif.ders00 import CAGRILAR, PARCALAR, siniflar_kasifi
from kernel.olcum import Gunluk, sinifla
from test_kasif import controls, shown

ROOT = Path(__file__).parents[1]
LESSON = ROOT / "lessons" / "00-olcum-cekirdegi.ipynb"
SVG = "{http://www.w3.org/2000/svg}"
# Where each class's mark must stand: on the request's path, left for later, or nowhere.
LANES = {"koştu": "isteğin yolu", "atlandı": "isteğin yolu",
         "ertelendi": "sonraya bırakıldı", "bağlanmadı": "hiçbir listede yok"}


def centre(mark: ElementTree.Element) -> tuple[float, float]:
    """The middle of a mark's bounding box: a circle's centre, a path's points' midpoint."""
    if mark.tag == f"{SVG}circle":
        return float(mark.attrib["cx"]), float(mark.attrib["cy"])
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", mark.attrib["d"])]
    xs, ys = numbers[0::2], numbers[1::2]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def path_of(svg: str) -> dict[str, tuple[str, str]]:
    """What a request's path figure shows: part -> (its mark's class, the lane it stands in).
    A part is the label above its mark; a lane is the label left of it."""
    root = ElementTree.fromstring(svg)
    texts = [(t.text or "", float(t.attrib["x"]), float(t.attrib["y"]),
              t.attrib.get("text-anchor")) for t in root.iter(f"{SVG}text")]
    lanes = {text: y for text, _, y, _ in texts if text in set(LANES.values())}
    parts = {x: text for text, x, _, anchor in texts if anchor == "middle"}
    shown_parts = {}
    for mark in root.iter():
        if not mark.attrib.get("class", "").startswith("isaret "):
            continue
        x, y = centre(mark)
        (part,) = [text for at, text in parts.items() if abs(at - x) < 0.5]
        lane = min(lanes, key=lambda name: abs(lanes[name] - 4 - y))
        assert part not in shown_parts, f"{part} has two marks"
        shown_parts[part] = (mark.attrib["class"].split()[1], lane)
    assert set(shown_parts) == set(parts.values()), "a part without a mark"
    return shown_parts


def drawn(classes: dict[str, str]) -> dict[str, tuple[str, str]]:
    """What the figure must show for these classes."""
    return {part: (cls, LANES[cls]) for part, cls in classes.items()}


def figure_of(html: str) -> str:
    """The SVG inside an explorer's `<img>`."""
    (encoded,) = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    return base64.b64decode(encoded).decode()


def stored_figures(path: Path) -> list[tuple[str, str]]:
    """(stdout of the code cell before it, SVG) for each figure the lesson stores."""
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    found = []
    for before, cell in zip(cells, cells[1:], strict=False):
        for output in cell.outputs:
            if "image/svg+xml" in output.get("data", {}):
                printed = "".join(o.text for o in before.outputs if o.output_type == "stream")
                found.append((printed, output.data["image/svg+xml"]))
    return found


def redrawn(svg: str, classes: dict[str, str]) -> str:
    """The figure drawn again now, with the stored one's id and title, from these classes."""
    root = ElementTree.fromstring(svg)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    return istek_yolu(title.attrib["id"].removesuffix("-baslik"), classes, title.text).svg()


def test_the_four_scenarios_figure_is_the_printed_classes_one_mark_each():
    (printed, svg), _ = stored_figures(LESSON)
    classes = dict(re.findall(r"sinifla\('(\w+)'\) → (\S+)", printed))
    assert classes == {"kaydet": "koştu", "kucukResim": "ertelendi", "bildirim": "atlandı",
                       "arama": "bağlanmadı"}
    assert path_of(svg) == drawn(classes)
    assert redrawn(svg, classes) == svg  # the stored bytes, again in this process


def test_the_report_figure_is_the_remembering_reports_lines():
    _, (printed, svg) = stored_figures(LESSON)
    remembering = printed.split("beklenen: kaydet, kucukResim, arama\n")[1]
    classes = dict(re.findall(r"^  (\w+) +(\S+)$", remembering, re.M))
    assert classes == {"kaydet": "koştu", "kucukResim": "ertelendi", "arama": "bağlanmadı"}
    assert path_of(svg) == drawn(classes)
    assert redrawn(svg, classes) == svg


@settings(max_examples=30, deadline=None)
@given(st.sets(st.tuples(st.sampled_from(PARCALAR), st.sampled_from(list(CAGRILAR)))))
def test_the_explorers_figure_shows_what_sinifla_says_above_the_tables(ticked):
    panel = siniflar_kasifi()
    boxes = iter(controls(panel))
    for part in PARCALAR:
        for call in CAGRILAR:
            next(boxes).value = (part, call) in ticked
    Gunluk.yeni_istek()
    for part, call in ticked:
        getattr(Gunluk, call)(part)
    html = shown(panel)
    assert html.startswith("<img ") and html.index("<img ") < html.index("<table")
    assert path_of(figure_of(html)) == drawn({part: sinifla(part) for part in PARCALAR})


def test_the_explorers_figure_changes_with_a_box():
    panel = siniflar_kasifi()
    box = controls(panel)[0]  # kaydet: yola kondu
    before = figure_of(shown(panel))
    box.value = True
    after = figure_of(shown(panel))
    assert path_of(before)["kaydet"] == ("bağlanmadı", "hiçbir listede yok")
    assert path_of(after)["kaydet"] == ("atlandı", "isteğin yolu")


def test_the_explorers_figure_is_the_same_bytes_in_another_process():
    code = ("from kasif.ders00 import siniflar_tablosu\n"
            "print(siniflar_tablosu([('kaydet', 'yola'), ('kucukResim', 'ertele')]))")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT, env=os.environ | {"PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")}
    (html,) = runs
    assert path_of(figure_of(html))["kucukResim"] == ("ertelendi", "sonraya bırakıldı")
