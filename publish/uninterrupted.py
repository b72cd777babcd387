"""A step that must not stop halfway: Ctrl+C or SIGTERM during it is handled once it is over."""

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Within it, a stop signal is only noted; after it, the handlers it found are back and the
    first signal noted is raised again for them. Only the main thread can hold the signals
    (Python runs their handlers there); elsewhere it holds nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    heard: list[int] = []
    found = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    for number, handler in found.items():
        if handler not in (signal.SIG_IGN, None):
            signal.signal(number, lambda signum, frame: heard.append(signum))
    try:
        yield
    finally:
        for number, handler in found.items():
            if handler not in (signal.SIG_IGN, None):
                signal.signal(number, handler)
        if heard:
            signal.raise_signal(heard[0])
