"""Lesson 00's figures: each part's mark is the class the lesson printed for it, in its lane;
the four scenarios, measured in four requests, are drawn as four requests, not one; the
explorer draws the request above its tables and redraws it on each change."""

import itertools
import re
from pathlib import Path
from xml.etree import ElementTree

import nbformat
import pytest

from cizim.ders00 import ayri_istekler
from cizim.istek import istek_yolu
from figures import drawn, figure_of, marks, path_of
from kasif.ders00 import siniflar_kasifi
from test_kasif import controls, shown

ROOT = Path(__file__).parents[1]
LESSON = ROOT / "lessons" / "00-olcum-cekirdegi.ipynb"
SVG = "{http://www.w3.org/2000/svg}"


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


FOUR = {"kaydet": "koştu", "kucukResim": "ertelendi", "bildirim": "atlandı",
        "arama": "bağlanmadı"}


def title_of(svg: str) -> tuple[str, str]:
    """The figure's name (its ids' prefix) and title."""
    title = ElementTree.fromstring(svg).find(f"{SVG}title")
    assert title is not None and title.text
    return title.attrib["id"].removesuffix("-baslik"), title.text


def test_the_four_scenarios_figure_is_the_printed_classes_one_mark_each():
    (printed, svg), _ = stored_figures(LESSON)
    classes = dict(re.findall(r"sinifla\('(\w+)'\) → (\S+)", printed))
    assert classes == FOUR
    assert path_of(svg) == drawn(classes)
    name, title = title_of(svg)
    assert ayri_istekler(name, classes, title).svg() == svg  # the stored bytes, again


def frames(svg: str) -> list[tuple[float, float]]:
    """(left, right) of each request's frame, left to right."""
    return sorted((float(r.attrib["x"]), float(r.attrib["x"]) + float(r.attrib["width"]))
                  for r in ElementTree.fromstring(svg).iter(f"{SVG}rect")
                  if "istek-cercevesi" in r.attrib.get("class", "").split())


def request_lines(svg: str) -> list[tuple[float, float]]:
    """(from, to) of each solid horizontal line: a request's path from opening to response."""
    found = []
    for path in ElementTree.fromstring(svg).iter(f"{SVG}path"):
        points = re.fullmatch(r"M([\d.]+),([\d.]+) L([\d.]+),([\d.]+)", path.attrib.get("d", ""))
        if points and points[2] == points[4] and "stroke-dasharray" not in path.attrib:
            found.append((float(points[1]), float(points[3])))
    return sorted(found)


@pytest.mark.parametrize("classes", [FOUR, {"kaydet": "koştu"},
                                     {"a": "atlandı", "b": "atlandı", "c": "koştu"}])
def test_separate_requests_are_drawn_apart_each_part_in_a_request_of_its_own(classes):
    """One frame and one path a part, none overlapping another: no part shares a request's
    path with another, so no order within a request can be read from it."""
    svg = ayri_istekler("t-ayri", classes, "Ayrı").svg()
    boxes, lines = frames(svg), request_lines(svg)
    assert len(boxes) == len(lines) == len(classes)
    assert all(right <= left for (_, right), (left, _) in itertools.pairwise(boxes))
    for (left, right), (start, end) in zip(boxes, lines, strict=True):
        assert left < start < end < right
        inside = [kind for kind, x, _ in marks(svg) if left < x < right]
        assert len(inside) == 1
    assert path_of(svg) == drawn(classes)


def test_the_separate_requests_figure_says_its_order_is_not_time():
    sekil = ayri_istekler("t-ayri", FOUR, "Ayrı")
    assert "4 ayrı istek" in sekil.aciklama and "zaman sırası değildir" in sekil.aciklama
    assert all(f"{part}: {cls}" in sekil.aciklama for part, cls in FOUR.items())
    assert sekil.sayim() == {cls: 1 for cls in FOUR.values()}


def test_an_unknown_class_is_refused():
    with pytest.raises(ValueError, match="koşmadı"):
        ayri_istekler("t-ayri", {"a": "koşmadı"}, "Ayrı")


def test_the_report_figure_is_the_remembering_reports_lines():
    _, (printed, svg) = stored_figures(LESSON)
    remembering = printed.split("beklenen: kaydet, kucukResim, arama\n")[1]
    classes = dict(re.findall(r"^  (\w+) +(\S+)$", remembering, re.M))
    assert classes == {"kaydet": "koştu", "kucukResim": "ertelendi", "arama": "bağlanmadı"}
    assert path_of(svg) == drawn(classes)
    assert redrawn(svg, classes) == svg


def test_the_explorers_figure_changes_with_a_box():
    panel = siniflar_kasifi()
    box = controls(panel)[0]  # kaydet: yola kondu
    before = figure_of(shown(panel))
    box.value = True
    after = figure_of(shown(panel))
    assert path_of(before)["kaydet"] == ("bağlanmadı", "hiçbir listede yok")
    assert path_of(after)["kaydet"] == ("atlandı", "isteğin yolu")

