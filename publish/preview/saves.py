"""When a save is over, however slowly an editor writes it: a notebook once it parses as JSON,
any other file once its size and modification time held over one more tick of the watcher."""

import json
from pathlib import Path

from watchfiles import Change

TICK = 100  # ms: the watcher looks again after this long without a change
GRACE = 2000  # ms without a change after which a notebook still not JSON is built as it is

Stamp = tuple[int, int] | None  # a file's size and modification time; None once it is gone


def stamp(path: Path) -> Stamp:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_size, status.st_mtime_ns


def parses_as_json(path: Path) -> bool:
    try:
        json.loads(path.read_bytes())
    except ValueError:
        return False
    except OSError:
        return True  # nothing to wait for: the build says what is wrong with it
    return True


def written_whole(path: Path, now: Stamp, held: bool) -> bool:
    """Whether `path` is whole: gone, a notebook that parses, or another file whose stamp
    `held` since the last tick."""
    if now is None:
        return True
    return parses_as_json(path) if path.suffix == ".ipynb" else held


class Saves:
    """The files changed since the last rebuild, as the watcher saw them at its last tick."""

    def __init__(self) -> None:
        self.stamps: dict[Path, Stamp] = {}
        self.unfinished: list[Path] = []
        self.quiet = 0  # ticks since the last change

    def add(self, changes: set[tuple[Change, str]]) -> list[Path]:
        """Take one tick's `changes` (none on a quiet tick); returns the notebooks they changed
        that are not whole yet."""
        changed = {Path(path) for _, path in changes}
        self.quiet = 0 if changed else self.quiet + 1
        before = self.stamps
        self.stamps = {path: stamp(path) for path in before.keys() | changed}
        self.unfinished = sorted(
            path for path, now in self.stamps.items()
            if not written_whole(path, now, path not in changed and before[path] == now))
        return [path for path in self.unfinished if path in changed and path.suffix == ".ipynb"]

    def over(self) -> bool:
        """Whether something changed and all of it is written whole, or a notebook stayed broken
        for GRACE."""
        return bool(self.stamps) and (not self.unfinished or self.quiet * TICK >= GRACE)
