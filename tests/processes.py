"""What the process tests share: whether a process lives, its group, its descendants, and the
guard of the tests that need Debian's redis-server."""

import os
import shutil
import time
from pathlib import Path

from unavailable import unavailable

GONE_WITHIN = 30.0  # seconds for a killed process to leave the process table: a bound, not a wait


def require_redis_server() -> None:
    """Skips the calling test where Debian's redis-server is missing; fails it in CI."""
    if shutil.which("redis-server") is None:
        unavailable("Debian's redis-server is not installed (apt-get install -y redis-server)",
                    "lesson 06's process tests")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name, or None for no such process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie nobody has reaped yet counts as gone)."""
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def _live() -> dict[int, list[str]]:
    table = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            if fields[0] not in ("Z", "X"):
                table[int(entry.name)] = fields
    return table


def group(pgid: int) -> list[int]:
    """The live processes of process group `pgid`."""
    return [pid for pid, fields in _live().items() if int(fields[2]) == pgid]


def descendants(pid: int | None = None) -> list[int]:
    """The live descendants of `pid` (this process by default)."""
    table = _live()
    found, frontier = [], [os.getpid() if pid is None else pid]
    while frontier:
        parent = frontier.pop()
        children = [child for child, fields in table.items() if int(fields[1]) == parent]
        found += children
        frontier += children
    return found


def kernels() -> list[int]:
    """This process's live descendants that run a Jupyter kernel (another test in the same
    worker may leave servers or a resource tracker of its own running)."""
    return [pid for pid in descendants() if b"kernel" in command_line(pid)]


def command_line(pid: int) -> bytes:
    """`pid`'s command line, its arguments NUL-separated; empty once it is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # gone since
        return b""


def gone(pid: int) -> bool:
    """Waits, within GONE_WITHIN seconds, for `pid` to die; whether it did."""
    deadline = time.monotonic() + GONE_WITHIN
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    return not alive(pid)
