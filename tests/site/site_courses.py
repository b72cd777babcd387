"""Course copies for site tests: a second lesson, script payloads, the search index."""

import json
import shutil
from pathlib import Path

from course_copies import LESSON, copy_course, edit_notebook
from publish.inputs import DEFAULTS

SECOND = "02-ikinci-ders.ipynb"
PAYLOAD_MARKDOWN = ('Zararsız metin. <script>window.__pwned = "markdown"</script>\n\n'
                    '<img src="x" onerror="window.__pwned = \'img\'"> '
                    '<a href="javascript:window.__pwned=1">bağlantı</a>')
# A figure that would run a script and an event handler if it were put in the page as it is,
# and whose description tries to end the alt attribute.
SVG_PAYLOAD = ('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40" '
               'onload="window.__pwned = \'svg onload\'"><title>Zararlı şekil</title>'
               '<desc>Bir "tırnak"> ve <b>etiket</b> deneyen açıklama</desc>'
               '<script>window.__pwned = "svg"</script>'
               '<rect width="80" height="40" fill="#0072B2"/></svg>')
PAYLOAD_OUTPUTS = [
    {"output_type": "display_data", "metadata": {},
     "data": {"text/html": '<b>kalın</b><script>window.__pwned = "html"</script>'
                           '<img src="https://example.com/izleyici.png" onerror="x()">',
              "application/javascript": 'window.__pwned = "js"',
              "text/plain": "<HTML nesnesi>"}},
    {"output_type": "display_data", "metadata": {},
     "data": {"application/javascript": 'window.__pwned = "yalnız js"'}},
    {"output_type": "display_data", "metadata": {},
     "data": {"image/svg+xml": SVG_PAYLOAD, "text/plain": "[Şekil]"}},
]


def add_lesson(root: Path, name: str, title: str, change=None) -> None:
    """A second lesson, a copy of the first with its own title, listed after it."""
    shutil.copy(root / "lessons" / LESSON, root / "lessons" / name)

    def retitle(notebook: dict) -> None:
        front = "".join(notebook["cells"][0]["source"])
        notebook["cells"][0]["source"] = front.replace("title: Kuyruklar ve İşler",
                                                       f"title: {title}")
        notebook["cells"][1]["source"] = "".join(notebook["cells"][1]["source"]).replace(
            "# Kuyruklar ve İşler", f"# {title}")
        if change:
            change(notebook)
    edit_notebook(root / "lessons" / name, retitle)
    definition = root / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace(f'"{LESSON}"', f'"{LESSON}", "{name}"', 1),
                          encoding="utf-8")


def course_with_second(target: Path) -> Path:
    """The real course, with a second lesson after the first so that its page has neighbours
    of the test's own."""
    root = copy_course(target)
    add_lesson(root, SECOND, "İkinci Ders")
    return root


def two_lesson_course(target: Path) -> Path:
    """The first lesson and a second one after it: what a test of building, rebuilding or
    serving needs (pages with neighbours, one lesson to change, another to stay), at a quarter
    of the whole course's build time."""
    root = copy_course(target, only=(LESSON,))
    add_lesson(root, SECOND, "İkinci Ders")
    return root


def inject_payloads(notebook: dict) -> None:
    """A markdown cell and a code cell's outputs that would run scripts if passed through."""
    notebook["cells"].insert(2, {"cell_type": "markdown", "id": "zararli-metin", "metadata": {},
                                 "source": PAYLOAD_MARKDOWN})
    code = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
    code["outputs"] = code["outputs"] + PAYLOAD_OUTPUTS


def read_search_index(site: Path) -> dict:
    """The search index: its lessons' records, and its table of word stems."""
    text = (site / "assets" / "search-index.js").read_text(encoding="utf-8")
    prefix = "window.COURSE_SEARCH_INDEX = "
    assert text.startswith(prefix) and text.endswith(";\n")
    return json.loads(text[len(prefix):-2])


def read_index(site: Path) -> list[dict]:
    """The search index's lessons' records."""
    return read_search_index(site)["lessons"]


def override(course: Path, name: str, change=lambda text: text) -> Path:
    """The course's own copy of the toolkit's template or asset `name` (`templates/base.html`),
    changed by `change`."""
    own = course / "course" / name
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text(change((DEFAULTS / name).read_text(encoding="utf-8")), encoding="utf-8")
    return own
