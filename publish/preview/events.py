"""What the preview's pages are told: a counter of finished rebuilds and the last build error."""

import json
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Snapshot:
    build: int
    error: str | None

    def event(self) -> bytes:
        """This state as one server-sent event."""
        data = json.dumps({"build": self.build, "error": self.error}, ensure_ascii=False)
        return f"event: build\ndata: {data}\n\n".encode()


class BuildState:
    """Shared by the rebuilding thread, the event streams and the pages sent: each change wakes
    every stream; `language` is the interface language of the last good build."""

    def __init__(self, language: str) -> None:
        self._changed = threading.Condition()
        self._snapshot = Snapshot(0, None)
        self._closed = False
        self.language = language

    @property
    def snapshot(self) -> Snapshot:
        with self._changed:
            return self._snapshot

    def built(self, changed: bool, language: str) -> None:
        """A rebuild succeeded; pages reload if it changed the site or ends an error."""
        with self._changed:
            self.language = language
            if changed or self._snapshot.error is not None:
                self._publish(None)

    def failed(self, error: str) -> None:
        with self._changed:
            self._publish(error)

    def _publish(self, error: str | None) -> None:
        self._snapshot = Snapshot(self._snapshot.build + 1, error)
        self._changed.notify_all()

    def close(self) -> None:
        """The server stops: every stream ends."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def wait(self, seen: Snapshot | None, timeout: float) -> Snapshot | None:
        """The state once it differs from `seen` (or `timeout` seconds pass); None once closed."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self._snapshot != seen, timeout)
            return None if self._closed else self._snapshot
