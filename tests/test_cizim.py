"""The shared drawing parts: a figure says what it shows, draws the same bytes every time, and
its marks can be counted against the measurement it draws."""

import ast
import base64
import html
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, strategies as st

from cizim.cerceve import Cizelge
from cizim.isaretler import SINIF_ISARETLERI, Isaret, gosterge, isaret_koy
from cizim.istek import istek_yolu
from cizim.sekil import Sekil
from figures import SVG
from kernel.olcum import SINIFLAR

ROOT = Path(__file__).resolve().parents[1]
PARCALAR = st.dictionaries(st.sampled_from(["kaydet", "kucukResim", "arama", "eposta", "rapor"]),
                           st.sampled_from(SINIFLAR), min_size=1)


def test_a_figure_carries_its_title_and_description_as_text_and_in_the_svg():
    sekil = Sekil("t-bir", 50, "Bir başlık", 'Bir "açıklama" <b>.')
    bundle = sekil._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "text/plain"}
    assert bundle["text/plain"] == '[Şekil: Bir başlık. Bir "açıklama" <b>.]'
    svg = bundle["image/svg+xml"]
    assert '<title id="t-bir-baslik">Bir başlık</title>' in svg
    assert '<desc id="t-bir-aciklama">Bir &quot;açıklama&quot; &lt;b&gt;.</desc>' in svg
    assert 'role="img" aria-labelledby="t-bir-baslik t-bir-aciklama"' in svg


def test_an_explorers_image_is_the_same_svg_with_the_text_as_its_alt():
    sekil = Sekil("t-iki", 50, "Başlık", 'Tırnak " içeren açıklama.')
    found = re.fullmatch(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)" .*>',
                         sekil.img())
    assert found is not None
    assert base64.b64decode(found[1]).decode() == sekil.svg()
    assert html.unescape(found[2]) == sekil.metin()


@given(PARCALAR)
def test_a_requests_path_has_one_mark_of_its_class_for_every_part(siniflar):
    sekil = istek_yolu("t-yol", siniflar, "Yol")
    assert sekil.sayim() == {sinif: list(siniflar.values()).count(sinif)
                             for sinif in set(siniflar.values())}
    for parca, sinif in siniflar.items():
        assert f"{parca}: {sinif}" in sekil.aciklama


def test_the_same_figure_is_the_same_bytes_and_has_no_script_or_random_id():
    def ciz() -> str:
        sekil = Sekil("t-uc", 200, "Çizelge", "İki şerit.")
        cizelge = Cizelge(sekil, ["a", "b"], 12)
        cizelge.aralik("a", 0, 5, "mavi")
        cizelge.aralik("b", 2, 9, "mor", tarali=True, ad="uçuşta")
        cizelge.olay("a", 6, SINIF_ISARETLERI["koştu"])
        gosterge(sekil, [Isaret("uçuşta", "tarali", "mor")], cizelge.bitis)
        return sekil.svg()
    first = ciz()
    assert first == ciz()
    assert "<script" not in first and "onload" not in first
    ids = re.findall(r'id="([^"]+)"', first)
    assert ids and all(ident.startswith("t-uc") for ident in ids)


def test_a_legend_shows_marks_that_are_not_counted_as_measurements():
    sekil = Sekil("t-dort", 80, "Gösterge", "Dört sınıf.")
    gosterge(sekil, list(SINIF_ISARETLERI.values()), 40)
    assert sekil.sayim() == {}
    isaret_koy(sekil, SINIF_ISARETLERI["atlandı"], 10, 10)
    isaret_koy(sekil, Isaret("iki kez işlendi", "yildiz", "sari"), 20, 10)
    assert sekil.sayim() == {"atlandı": 1, "iki-kez-işlendi": 1}
    with pytest.raises(KeyError):  # a kind never drawn is not a zero that a claim could pass
        sekil.sayim()["koştu"]


def test_a_legend_wraps_an_item_that_would_overflow_but_never_leaves_a_line_empty():
    """An item wider than the whole line starts at the line's left as it is, not one line
    lower under an empty one; the next item wraps below it."""
    sekil = Sekil("t-sekiz", 120, "Gösterge", "Bir uzun, iki kısa işaret.")
    uzun = Isaret("uzun" * 20, "daire", "yesil")  # 34 + 7 * 80 units: wider than 536
    son = gosterge(sekil, [uzun, Isaret("a", "kare", "mor"), Isaret("b", "karo", "mavi")], 40)
    kok = ElementTree.fromstring(sekil.svg())
    yerler = {t.text: (float(t.attrib["x"]), float(t.attrib["y"])) for t in kok.iter(f"{SVG}text")}
    assert yerler[uzun.ad] == (28, 40)
    assert (yerler["a"], yerler["b"]) == ((28, 60), (69, 60))
    assert son == 60


def test_the_four_classes_differ_in_shape_and_in_colour():
    isaretler = SINIF_ISARETLERI.values()
    assert list(SINIF_ISARETLERI) == list(SINIFLAR)
    assert len({i.bicim for i in isaretler}) == len({i.renk for i in isaretler}) == 4


def test_a_timeline_maps_time_left_to_right_and_labels_at_most_eleven_moments():
    cizelge = Cizelge(Sekil("t-bes", 100, "Saat", "Eksen."), ["a"], 37)
    assert cizelge.x(0) < cizelge.x(18.5) < cizelge.x(37)
    assert cizelge.isaretli_anlar() == [0, 5, 10, 15, 20, 25, 30, 35]
    assert len(Cizelge(Sekil("t-alti", 100, "S", "E."), ["a"], 4999).isaretli_anlar()) <= 11


def test_a_long_lane_name_is_written_smaller_so_that_it_fits_beside_the_lanes():
    sekil = Sekil("t-yedi", 100, "Adlar", "Bir kısa, bir uzun.")
    Cizelge(sekil, ["kısa ad", "tedarikçi 1 (yine)"], 10)
    svg = sekil.svg()
    assert re.search(r'<text x="\S+" y="\S+" class="murekkep" text-anchor="end">kısa ad</text>',
                     svg)
    assert ('class="murekkep" text-anchor="end" style="font-size: 11px">tedarikçi 1 (yine)</text>'
            in svg)


@pytest.mark.parametrize("yanlis, mesaj", [
    (lambda: Cizelge(Sekil("t-y", 10, "S", "E."), ["a"], 0), "pozitif"),
    (lambda: istek_yolu("t-y", {"a": "koşmadı"}, "Y"), "koşmadı"),
    (lambda: isaret_koy(Sekil("t-y", 10, "S", "E."), Isaret("x", "bulut", "mavi"), 0, 0),
     "bulut"),
])
def test_a_wrong_drawing_is_refused_with_what_was_wrong(yanlis, mesaj):
    with pytest.raises(ValueError, match=mesaj):
        yanlis()


# Every explorer's first drawing, as the HTML its panel shows.
EXPLORERS_HTML = """
import ipywidgets as widgets
import kasif

def shown(widget):
    if isinstance(widget, widgets.HTML):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from shown(child)

for name in sorted(kasif.__all__):
    print(name, *shown(getattr(kasif, name)()))
"""


def test_every_explorers_figures_are_the_same_bytes_whatever_the_hash_seed():
    """Sets and dicts iterate in another order under another PYTHONHASHSEED: a figure that
    followed such an order would differ between two students' kernels."""
    runs = [subprocess.run([sys.executable, "-c", EXPLORERS_HTML], capture_output=True,
                           text=True, check=True, cwd=ROOT,
                           env=os.environ | {"PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1]
    assert runs[0].count('<img src="data:image/svg+xml;base64,') >= 6


def test_the_kernel_imports_no_drawing_or_display_library():
    """Figures are drawn beside the explorers: the kernel only measures."""
    display = {"drawsvg", "cizim", "ipywidgets", "IPython", "kasif"}
    found = []
    for path in sorted((ROOT / "kernel").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [(path.name, name) for name in names if name.split(".")[0] in display]
    assert found == []


def test_a_smaller_text_says_its_size_where_the_themes_text_rule_cannot_override_it():
    """The theme sets `text { font-size: 13px }`, which beats a font-size attribute: another
    size is an inline style, which beats the theme."""
    sekil = Sekil("boy", 40, "Boy", "Yazı boyları.")
    sekil.yazi("küçük", 10, 20, boy=11)
    sekil.yazi("olağan", 10, 30)
    kok = ElementTree.fromstring(sekil.svg())
    boylar = {oge.text: oge.attrib for oge in kok.iter("{http://www.w3.org/2000/svg}text")}
    assert boylar["küçük"].get("style") == "font-size: 11px"
    assert "font-size" not in boylar["küçük"] and "style" not in boylar["olağan"]
