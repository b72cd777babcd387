"""Reading a figure back: each counted mark, its kind and where its centre stands; a request's
path, part by part; an explorer's figure out of its HTML."""

import base64
import re
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"
NUMBER = re.compile(r"-?\d+\.?\d*")


def marks(svg: str) -> list[tuple[str, float, float]]:
    """(kind, centre x, centre y) of every mark, in the SVG's order; a path's centre is the
    middle of the box around its points."""
    found = []
    for element in ElementTree.fromstring(svg).iter():
        kind = element.attrib.get("class", "").split()
        if kind[:1] != ["isaret"]:
            continue
        if element.tag == f"{SVG}circle":
            x, y = float(element.attrib["cx"]), float(element.attrib["cy"])
        elif element.tag == f"{SVG}rect":
            x = float(element.attrib["x"]) + float(element.attrib["width"]) / 2
            y = float(element.attrib["y"]) + float(element.attrib["height"]) / 2
        else:
            numbers = [float(n) for n in NUMBER.findall(element.attrib["d"])]
            xs, ys = numbers[0::2], numbers[1::2]
            x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        found.append((kind[1], round(x, 1), round(y, 1)))
    return found


# Where each class's mark must stand on a request's path: on it, left for later, or nowhere.
LANES = {"koştu": "isteğin yolu", "atlandı": "isteğin yolu",
         "ertelendi": "sonraya bırakıldı", "bağlanmadı": "hiçbir listede yok"}


def path_of(svg: str) -> dict[str, tuple[str, str]]:
    """What a request's path figure shows: part -> (its mark's class, the lane it stands in).
    A part is the label above its mark; a lane is the label left of it."""
    root = ElementTree.fromstring(svg)
    texts = [(t.text or "", float(t.attrib["x"]), float(t.attrib["y"]),
              t.attrib.get("text-anchor")) for t in root.iter(f"{SVG}text")]
    lanes = {text: y for text, _, y, _ in texts if text in set(LANES.values())}
    parts = {x: text for text, x, _, anchor in texts if anchor == "middle"}
    shown_parts = {}
    for kind, x, y in marks(svg):
        (part,) = [text for at, text in parts.items() if abs(at - x) < 0.5]
        lane = min(lanes, key=lambda name: abs(lanes[name] - 4 - y))
        assert part not in shown_parts, f"{part} has two marks"
        shown_parts[part] = (kind, lane)
    assert set(shown_parts) == set(parts.values()), "a part without a mark"
    return shown_parts


def drawn(classes: dict[str, str]) -> dict[str, tuple[str, str]]:
    """What a request's path must show for these classes."""
    return {part: (cls, LANES[cls]) for part, cls in classes.items()}


def figure_of(html: str) -> str:
    """The SVG inside an explorer's `<img>`."""
    (encoded,) = re.findall(r'<img src="data:image/svg\+xml;base64,([^"]+)"', html)
    return base64.b64decode(encoded).decode()
