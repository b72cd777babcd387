"""Ctrl+C and SIGTERM stop `serve` wherever it is, whatever it inherited: a job a script starts
in the background begins with SIGINT ignored, and Python then never raises KeyboardInterrupt."""

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from publish.uninterrupted import STOP_SIGNALS


def _interrupt(signum: int, frame: FrameType | None) -> None:
    for number in STOP_SIGNALS:  # once: a second signal would only cut the short cleanup short
        signal.signal(number, signal.SIG_IGN)
    raise KeyboardInterrupt


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within it, the first SIGINT or SIGTERM raises KeyboardInterrupt in the main thread and
    later ones are ignored; the handlers it found are restored after."""
    found = {number: signal.signal(number, _interrupt) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in found.items():
            signal.signal(number, signal.SIG_DFL if handler is None else handler)
