"""Time one update of each lesson's explorer, side by side with ipywidgets' own `interactive`.

Run by hand from the repository root: `python benchmarks/explorers.py [--runs N]`. An update is
one control change: the kernel measures again and the explorer redraws its figure and tables. The
peer is `ipywidgets.interactive` over a function that makes the same kernel calls and returns the
same HTML, the way ipywidgets' documentation builds such a tool. The budget is 50 ms an update.
The figure's column is the part of our update spent drawing: from each figure's creation to its
`<img>`."""

import contextlib
import io
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

from _options import Parser, run_count
from cizim.sekil import Sekil
from kasif import ders00, ders01, ders02, ders03, ders04, ders05
from checks.exercises.kinds import own_request

BUDGET_MS = 50.0


def covered(spans: list[tuple[float, float]]) -> float:
    """The time the spans cover, overlaps counted once (an explorer may make two figures
    before it draws either)."""
    total, reached = 0.0, float("-inf")
    for start, end in sorted(spans):
        total += max(0.0, end - max(start, reached))
        reached = max(reached, end)
    return total


def median_ms(change: Callable[[int], None], runs: int,
              drawing: list[tuple[float, float]] | None = None) -> tuple[float, float]:
    """The median time of `change(i)` over `runs` calls, in milliseconds, and the median time
    an update spent drawing (all its figures, as `drawing_timed` adds them to `drawing`)."""
    times, drawn = [], []
    for i in range(runs):  # outside a kernel, `interactive` writes its clearing to stdout
        with own_request(), contextlib.redirect_stdout(io.StringIO()):
            before = len(drawing) if drawing is not None else 0
            start = time.perf_counter()
            change(i)
            times.append(time.perf_counter() - start)
            drawn.append(covered(drawing[before:]) if drawing is not None else 0.0)
    return statistics.median(times) * 1000, statistics.median(drawn) * 1000


@contextlib.contextmanager
def drawing_timed() -> Iterator[list[tuple[float, float]]]:
    """While open, each figure drawn adds its span: from its creation to its `<img>`."""
    spent: list[tuple[float, float]] = []
    started: dict[int, float] = {}
    make, image = Sekil.__init__, Sekil.img

    def timed_make(self: Sekil, *args: Any, **kwargs: Any) -> None:
        started[id(self)] = time.perf_counter()
        make(self, *args, **kwargs)

    def timed_image(self: Sekil) -> str:
        html = image(self)
        spent.append((started.pop(id(self)), time.perf_counter()))
        return html
    Sekil.__init__, Sekil.img = timed_make, timed_image  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        Sekil.__init__, Sekil.img = make, image  # type: ignore[method-assign]


def peer(table: Callable[..., str], **controls: object) -> widgets.interactive:
    """`table` behind ipywidgets' `interactive`, which redraws an HTML widget per change."""
    return widgets.interactive(lambda **values: widgets.HTML(table(**values)), **controls)


def cases() -> dict[str, tuple[widgets.Widget, widgets.Widget]]:
    """Each explorer and its peer: the same kernel calls and tables behind other plumbing."""
    calls = [(part, call) for part in ders00.PARCALAR for call in ders00.CAGRILAR]
    return {
        "00 classes": (ders00.siniflar_kasifi(), peer(
            lambda **ticked: ders00.siniflar_tablosu(c for c in calls if ticked["_".join(c)]),
            **{"_".join(c): False for c in calls})),
        "01 retries": (ders01.deneme_kasifi(), peer(
            lambda hak, **hatalar: ders01.deneme_tablosu(hak, hatalar),
            hak=(1, 5), **{ad: (0, 6) for ad in ders01.ISLER})),
        "02 listeners": (ders02.dinleyici_kasifi(), peer(
            lambda **turler: ders02.dinleyici_tablosu(turler),
            **{ad: list(ders02.DINLEYICI_TURLERI) for ad in ders02.DINLEYICILER})),
        "03 middleware": (ders03.ara_katman_kasifi(), peer(
            lambda deneme_hakki, isci_sayisi, **secim: ders03.ara_katman_tablosu(
                ders03.AraKatmanSecimi(**secim), deneme_hakki, isci_sayisi),
            zaman_asimi=list(ders03.ZAMAN_ASIMLARI), seconds=(50, 500, 50),
            istisna_kisma=False, max_attempts=(1, 5), decay_minutes=(1, 20),
            kilit=list(ders03.KILITLER), release_after=(50, 1000, 50), hiz_siniri=True,
            max=(1, 8), window=(10, 120, 10), deneme_hakki=(1, 5), isci_sayisi=(1, 3))),
        "04 visibility": (ders04.gorunurluk_kasifi(), peer(
            lambda gorunurluk, kalp_atisi, kalp: ders04.gorunurluk_tablosu(
                gorunurluk, kalp if kalp_atisi else None),
            gorunurluk=widgets.IntSlider(value=10, min=1, max=120), kalp_atisi=False,
            kalp=widgets.IntSlider(value=5, min=1, max=120))),
        "05 executors": (ders05.yurutucu_kasifi(), peer(
            lambda yurutucu, adim, **turler: ders05.yurutucu_tablosu(turler, yurutucu, adim),
            **{ad: widgets.Dropdown(options=list(ders05.GOREV_TURLERI), value=tur)
               for ad, tur in ders05.UC_GOREV.items()},  # where the explorer starts
            yurutucu=widgets.Dropdown(options=list(ders05.YURUTUCULER), value="kostur_kuyruk"),
            adim=widgets.IntSlider(value=12, min=0, max=12))),
    }


def first_control(widget: widgets.Widget) -> widgets.Widget:
    """The first widget with a value, looking inside rows and boxes; labels are not controls."""
    for child in widget.children:
        if hasattr(child, "children"):
            return first_control(child)
        if not isinstance(child, (widgets.Label, widgets.HTML)):
            return child
    raise ValueError("no control in this tool")


def change_first_control(tool: widgets.Widget) -> Callable[[int], None]:
    """A change of the tool's first control, different on every call."""
    control = first_control(tool)
    options = control.options if hasattr(control, "options") else None

    def change(i: int) -> None:
        if isinstance(control.value, bool):
            control.value = not control.value
        elif options is not None:
            control.value = options[i % len(options)]
        else:
            control.value = control.min + i % (control.max - control.min + 1)
    return change


def main() -> None:
    parser = Parser(__file__, __doc__)
    parser.add_argument("--runs", type=run_count, default=200,
                        help="updates timed per explorer")
    runs = parser.parse_args().runs
    print(f"median of {runs} updates; peer: ipywidgets.interactive; budget {BUDGET_MS:.0f} ms")
    print(f"{'explorer':<14}{'ours ms':>9}{'figure ms':>11}{'peer ms':>9}{'ours/peer':>11}"
          f"{'ours/budget':>13}")
    with contextlib.redirect_stdout(io.StringIO()):  # `interactive` draws once when made
        tools = cases()
    for name, (ours, theirs) in tools.items():
        with drawing_timed() as drawing:
            ours_ms, figure_ms = median_ms(change_first_control(ours), runs, drawing)
        peer_ms, _ = median_ms(change_first_control(theirs), runs)
        print(f"{name:<14}{ours_ms:>9.3f}{figure_ms:>11.3f}{peer_ms:>9.3f}"
              f"{ours_ms / peer_ms:>11.2f}{ours_ms / BUDGET_MS:>13.3f}")


if __name__ == "__main__":
    main()
