"""Time one update of each lesson's explorer, side by side with ipywidgets' own `interactive`.

Run by hand from the repository root: `python benchmarks/explorers.py [--runs N]`. The explorers
are the ones the lessons call, each lesson's found in its cells: a function it imports from the
`kasif` package and calls. An update is one change of the explorer's first control: the kernel
measures again and the explorer redraws its figure and tables. The peer is
`ipywidgets.interactive` over the same controls and a function that makes the same measurement
and returns the same HTML, the way ipywidgets' documentation builds such a tool: the explorer
made once more, with what it hands to `kasif_paneli` given to `interactive` instead. The budget
is 50 ms an update. The figure's column is the part of our update spent drawing: from each
figure's creation to its `<img>`."""

import ast
import contextlib
import importlib
import io
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple
from unittest import mock

import ipywidgets as widgets

from _options import HERE, Parser, run_count
from checks.calls import parsed, top_level_calls
from cizim.sekil import Sekil
from kernel.olcum import ayri_istek
from publish.lite.course_code import lesson_cells

EXPLORERS = "kasif"  # the course's package of explorers, a module a lesson
PANEL = "kasif_paneli"  # what every explorer hands its controls and its measurement to

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
        with ayri_istek(), contextlib.redirect_stdout(io.StringIO()):
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


class Made(NamedTuple):
    """An explorer as it was made: the widget, and the controls and measurement it took."""

    tool: widgets.Widget
    controls: list[widgets.Widget]
    measure: Callable[[], str]


def made(explorer: Callable[[], widgets.Widget],
         panel: Callable[..., widgets.Widget]) -> Made:
    """Make the explorer, with `panel` in place of the PANEL it calls."""
    caught: list[tuple[list[widgets.Widget], Callable[[], str]]] = []

    def catch(controls: Sequence[widgets.Widget], measure: Callable[[], str], *args: Any,
              **kwargs: Any) -> widgets.Widget:
        caught.append((list(controls), measure))
        return panel(controls, measure, *args, **kwargs)
    with mock.patch.dict(explorer.__globals__, {PANEL: catch}):
        tool = explorer()
    if len(caught) != 1:
        raise ValueError(f"{explorer.__name__} called {PANEL} {len(caught)} time(s), not once")
    return Made(tool, *caught[0])


def peer(controls: Sequence[widgets.Widget], measure: Callable[[], str],
         *_: Any, **__: Any) -> widgets.interactive:
    """The measurement behind ipywidgets' `interactive` over the same controls, which redraws
    an HTML widget per change."""
    return widgets.interactive(lambda **_: widgets.HTML(measure()),
                               **{f"control{n}": control for n, control in enumerate(controls)})


def explorers(root: Path = HERE) -> dict[str, Callable[[], widgets.Widget]]:
    """Each lesson's explorer, by the lesson's number and its name: a function the lesson
    imports from EXPLORERS and calls."""
    found: dict[str, Callable[[], widgets.Widget]] = {}
    imported: dict[tuple[str, str], tuple[str, str]] = {}
    for lesson, source in lesson_cells(root):
        for node in ast.walk(parsed(source) or ast.Module([], [])):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module and \
                    node.module.split(".")[0] == EXPLORERS:
                for alias in node.names:
                    imported[lesson, alias.asname or alias.name] = (node.module, alias.name)
        for name, _ in top_level_calls(source):
            if (lesson, name) in imported:
                module, attribute = imported[lesson, name]
                found[f"{lesson[:2]} {name}"] = getattr(importlib.import_module(module),
                                                         attribute)
    return found


def cases() -> dict[str, tuple[Made, Made]]:
    """Each explorer and its peer: the same kernel calls and tables behind other plumbing."""
    return {name: (made(explorer, explorer.__globals__[PANEL]),
                   made(explorer, peer))
            for name, explorer in explorers().items()}


def change_first_control(controls: Sequence[widgets.Widget]) -> Callable[[int], None]:
    """A change of an explorer's first control, different on every call."""
    control = controls[0]
    options = control.options if hasattr(control, "options") else None

    def change(i: int) -> None:
        if isinstance(control.value, bool):
            control.value = not control.value
        elif options is not None:
            control.value = options[i % len(options)]
        else:
            control.value = control.min + i % (control.max - control.min + 1)
    return change


def main(argv: list[str] | None = None) -> None:
    parser = Parser(__file__, __doc__)
    parser.add_argument("--runs", type=run_count, default=200,
                        help="updates timed per explorer")
    runs = parser.parse_args(argv).runs
    print(f"median of {runs} updates; peer: ipywidgets.interactive; budget {BUDGET_MS:.0f} ms")
    with contextlib.redirect_stdout(io.StringIO()):  # `interactive` draws once when made
        tools = cases()
    width = max(map(len, ["explorer", *tools])) + 2
    print(f"{'explorer':<{width}}{'ours ms':>9}{'figure ms':>11}{'peer ms':>9}{'ours/peer':>11}"
          f"{'ours/budget':>13}")
    for name, (ours, theirs) in tools.items():
        with drawing_timed() as drawing:
            ours_ms, figure_ms = median_ms(change_first_control(ours.controls), runs, drawing)
        peer_ms, _ = median_ms(change_first_control(theirs.controls), runs)
        print(f"{name:<{width}}{ours_ms:>9.3f}{figure_ms:>11.3f}{peer_ms:>9.3f}"
              f"{ours_ms / peer_ms:>11.2f}{ours_ms / BUDGET_MS:>13.3f}")


if __name__ == "__main__":
    main()
