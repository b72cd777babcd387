"""Pieces packed into slides: a slide for each `##` section, more where it would overflow (a
`###` sub-heading opens a slide of its own); a prediction's question alone on its slide, and the
measurement it waits for opening the next; each instructor's note in the speaker notes of the
slide it stands before, or of the last slide of its section. A piece taller than a slide, or
wider, is named with its cell: the deck would overflow there."""

import html
from dataclasses import dataclass, field

from markupsafe import Markup

from publish.slides.pieces import CODE, HEIGHT, TAG, WIDTH, Piece, cut, inner

KICKER = 20 * 1.2 + 10  # a continued section's title, repeated small (slides.css `.kicker`)
BUDGET = HEIGHT - 24  # room left for the estimate to be short by a line
# The widest line a code or output block shows whole: its padding and border left out.
WIDEST = int((WIDTH - 26) / (CODE[0] * CODE[2]))


@dataclass
class Slide:
    """A slide: its pieces, the speaker notes, the `##` section it is in (`continued` when not
    its first slide); `asks`, the number of the prediction it asks (counted from 1), or
    `measures`, that of the prediction whose measurement it opens."""

    section: str
    continued: bool
    pieces: list[Piece] = field(default_factory=list)
    notes: list[Markup] = field(default_factory=list)
    asks: int | None = None
    measures: int | None = None

    @property
    def height(self) -> float:
        return (KICKER if self.continued and self.section else 0) + \
            sum(piece.height for piece in self.pieces)

    @property
    def cells(self) -> list[int]:
        return sorted({piece.cell for piece in self.pieces})

    @property
    def only_headings(self) -> bool:
        return all(piece.role in ("heading", "subheading") for piece in self.pieces)


@dataclass(frozen=True)
class Overflow:
    """A cell one of whose pieces no slide holds: too tall or too wide by the estimate."""

    cell: int
    message: str


def too_wide(piece: Piece) -> int:
    """The length of a code or output block's longest line, if longer than WIDEST; else 0."""
    if piece.role not in ("code", "output") or not piece.html.startswith("<pre"):
        return 0
    longest = max(map(len, html.unescape(TAG.sub("", inner(piece.html))).split("\n")))
    return longest if longest > WIDEST else 0


class Packer:
    """Slides filled in order, one piece at a time (`add`)."""

    def __init__(self) -> None:
        self.slides: list[Slide] = []
        self.notes: list[Markup] = []  # notes waiting for the slide of the next piece
        self.section, self.asked = "", 0
        self.waiting: int | None = None  # the prediction whose measurement opens the next slide
        self.overflows: list[Overflow] = []

    def open(self, continued: bool) -> Slide:
        slide = Slide(self.section, continued)
        self.slides.append(slide)
        return slide

    def breaks_before(self, piece: Piece) -> bool:
        """Whether `piece` opens a new slide."""
        if not self.slides:
            return True
        current = self.slides[-1]
        return (piece.role in ("heading", "ask") or current.asks is not None
                or (piece.role == "subheading" and not current.only_headings)
                or (piece.measured and self.waiting is not None)
                or current.height + piece.height > BUDGET)

    def add(self, piece: Piece) -> None:
        if piece.role == "note":
            self.notes.append(piece.html)
            return
        if piece.role == "heading" and self.slides:  # a note closing a section stays there
            self.slides[-1].notes += self.notes
            self.notes = []
        if piece.role == "heading":
            self.section = piece.title
        if self.breaks_before(piece):
            self.start(piece)
        slide = self.slides[-1]
        slide.pieces.append(piece)
        slide.notes += self.notes
        self.notes = []
        self.check(piece, slide)

    def start(self, piece: Piece) -> None:
        """A new slide for `piece`; headings left alone at the foot of the last one move too."""
        carried: list[Piece] = []
        last = self.slides[-1] if self.slides else None
        if last and last.pieces and last.only_headings and piece.role not in (
                "heading", "subheading", "ask"):
            carried, last.pieces = last.pieces, []
        if last is not None and not last.pieces:  # nothing left on it: it goes
            self.slides.pop()
            self.notes = last.notes + self.notes
        continued = bool(self.slides) and self.slides[-1].section == self.section \
            and not any(p.role == "heading" for p in carried) and piece.role != "heading"
        slide = self.open(continued)
        slide.pieces += carried
        if piece.role == "ask":
            self.asked += 1
            slide.asks = self.waiting = self.asked
        elif self.waiting is not None and (piece.measured or last is not None and last.asks):
            slide.measures, self.waiting = self.waiting, None  # what follows the question

    def check(self, piece: Piece, slide: Slide) -> None:
        if slide.height > BUDGET and len(slide.pieces) == 1:
            self.overflows.append(Overflow(piece.cell, f"too tall for a slide of 1280×720 by "
                                           f"about {slide.height - BUDGET:.0f} px: split the "
                                           "cell, or shorten what it prints"))
        if longest := too_wide(piece):
            self.overflows.append(Overflow(piece.cell, f"a line of {longest} characters is "
                                           f"wider than a slide of 1280×720 shows whole "
                                           f"({WIDEST} at most)"))

    def finish(self) -> list[Slide]:
        if self.notes and self.slides:
            self.slides[-1].notes += self.notes
        return self.slides


def layout(pieces: list[Piece]) -> tuple[list[Slide], list[Overflow]]:
    """The slides `pieces` make, in order, and what in them overflows."""
    packer = Packer()
    for piece in pieces:
        for part in cut(piece, BUDGET - KICKER):
            packer.add(part)
    return packer.finish(), packer.overflows
