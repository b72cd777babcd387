"""One lesson's deck as one HTML file: its slides, with reveal.js, its speaker view and the
style sheets inlined, under a content security policy that allows exactly those scripts and
styles (the speaker view's too, which reveal.js writes into the window it opens), images from
data addresses and nothing from any network."""

import base64
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from checks.course import Lesson
from checks.markers import tool_names
from publish import SiteError
from publish.cells import Block, Highlight, rendered_cells
from publish.highlight import stylesheet
from publish.inputs import asset_files
from publish.pages import LessonInfo, Pages
from publish.prose import Outline
from publish.slides.layout import Overflow, layout
from publish.slides.pieces import cell_pieces, unfolded

VERSION = "6.0.2"  # of reveal.js, vendored in publish/defaults/assets/reveal/ (its README.md)
LICENCE, SCRIPTS = "reveal/LICENSE", ("reveal/reveal.js", "reveal/notes.js")
STYLES = ("reveal/reveal.css", "reveal/theme-serif.css", "slides.css")
# reveal.js's settings: a slide is 1280×720, drawn at that size in a window of that size; no
# transition (a projector shows the next slide at once); the hash keeps the slide on a reload.
START = """Reveal.initialize({
  width: 1280, height: 720, margin: 0, center: false, hash: true,
  transition: "none", backgroundTransition: "none", slideNumber: "c/t",
  pdfMaxPagesPerSlide: 1, pdfSeparateFragments: false,
  plugins: [RevealNotes]
});
"""
# What reveal.js's print view (`?print-pdf`) adds to the page as styles, for a slide of 1280×720.
PRINT_STYLES = ("@page{size:1280px 720px; margin: 0px;}",
                ".reveal section>img, .reveal section>video, .reveal section>iframe"
                "{max-width: 1280px; max-height:720px}")
# A link to the site's pages (a glossary entry, another lesson) leads nowhere from a deck,
# which stands alone: its words stay, the link goes. A link to the web stays.
RELATIVE_LINK = re.compile(r'<a href="(?!https?:)[^"]*"[^>]*>(.*?)</a>', re.DOTALL)
JS_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])")
JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


@dataclass(frozen=True)
class Engine:
    """reveal.js as every deck of a build inlines it, and the policy that allows it."""

    style: Markup
    scripts: list[Markup]
    csp: str


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _js_character(escape: re.Match) -> str:
    code = escape[1]
    if code[0] in "xu" and len(code) > 1:
        return chr(int(code[1:], 16))
    return JS_ESCAPES.get(code, code)


def speaker_view(notes: str) -> tuple[list[str], list[str]]:
    """The inline scripts and styles of the page reveal.js's notes plugin writes into the
    speaker view's window (a template literal in its source), as that window reads them."""
    found = re.search(r"document\.write\(`((?:[^`\\]|\\[\s\S])*)`\)", notes)
    page = JS_ESCAPE.sub(_js_character, found[1]) if found else ""
    return (re.findall(r"<script>(.*?)</script>", page, re.DOTALL),
            re.findall(r"<style>(.*?)</style>", page, re.DOTALL))


def engine(root: Path) -> Engine:
    """reveal.js, its speaker view and the decks' style sheets, from the course's assets or
    the toolkit's; a SiteError if one cannot be inlined."""
    files = asset_files(root)

    def read(name: str) -> str:
        if name not in files:
            raise SiteError(root / "course" / "assets" / name, "the slides need this asset, "
                            "and neither the course nor the toolkit has it")
        return files[name].read_text(encoding="utf-8")

    licence = read(LICENCE)
    banner = f"/*! reveal.js {VERSION}, inlined from npm's reveal.js package\n\n{licence}*/\n"
    scripts = [banner + read(SCRIPTS[0]), read(SCRIPTS[1]), START]
    style = "\n".join([*map(read, STYLES[:2]), stylesheet(dark=False), read(STYLES[2])])
    ends = [(name, text, "</script") for name, text in zip(SCRIPTS, scripts, strict=False)]
    for name, text, end in [*ends, (STYLES[2], style, "</style")]:
        if end in text.lower():  # it would end the element it is inlined in
            raise SiteError(files[name], f"cannot be inlined: it holds {end}")
    viewer_scripts, viewer_styles = speaker_view(scripts[1])
    csp = ("default-src 'none'; "
           f"script-src {' '.join(map(sha256, scripts + viewer_scripts))}; "
           f"style-src {' '.join(map(sha256, [style, *viewer_styles, *PRINT_STYLES]))}; "
           "img-src data:; frame-src 'self' file:; base-uri 'none'; form-action 'none'")
    return Engine(Markup(style), [Markup(script) for script in scripts], csp)


def unlinked(block: Block) -> Block:
    """A block with its links to the site's pages undone (RELATIVE_LINK)."""
    def undo(markup: Markup) -> Markup:
        return Markup(RELATIVE_LINK.sub(r"\1", markup))
    return Block(block.kind, undo(block.html), tuple(map(undo, block.outputs)))


def deck(pages: Pages, lesson: Lesson, info: LessonInfo, engine: Engine,
         highlight: Highlight) -> tuple[str, list[Overflow]]:
    """The deck of `lesson` (its page's `info`), and what in it overflows a slide."""
    cells = rendered_cells(lesson, info.title, pages.site.strings,
                           tool_names(pages.site.language), highlight, Outline(), unfolded)
    pieces = [piece for at, block in cells for piece in cell_pieces(at, unlinked(block))]
    slides, overflows = layout(pieces)
    return pages.deck(info, slides, engine.style, engine.scripts, engine.csp), overflows
