"""Lesson 00's figures: each part's mark is the class the lesson printed for it, in its lane;
the explorer draws the request above its tables and redraws it on each change."""

import re
from pathlib import Path
from xml.etree import ElementTree

import nbformat

from cizim.istek import istek_yolu
from figures import drawn, figure_of, path_of
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


def test_the_explorers_figure_changes_with_a_box():
    panel = siniflar_kasifi()
    box = controls(panel)[0]  # kaydet: yola kondu
    before = figure_of(shown(panel))
    box.value = True
    after = figure_of(shown(panel))
    assert path_of(before)["kaydet"] == ("bağlanmadı", "hiçbir listede yok")
    assert path_of(after)["kaydet"] == ("atlandı", "isteğin yolu")

