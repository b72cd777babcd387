"""The lite build's download cache, filled by one build at a time. A second build of the same
course (another worker of a test run, a build beside `serve`) waits for the first, then finds
what it fetched and compiled, rather than fetching and compiling the same files beside it: on
a first build, about 15 CPU seconds, most of them Pyodide compiling bytecode."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

LOCK_FILE = ".lock"  # hidden, as the folders the cache is filled through are


@contextmanager
def filling(cache: Path) -> Iterator[None]:
    """`cache` held by this build; when another build holds it, say so and wait."""
    cache.mkdir(parents=True, exist_ok=True)
    lock = FileLock(cache / LOCK_FILE)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        print(f"waiting for another build to finish filling {cache}", file=sys.stderr,
              flush=True)
        lock.acquire()
    try:
        yield
    finally:
        lock.release()
