"""Work done by a forked copy of this process while this one goes on: a clean build highlights
the lessons' code and lints the course beside making its pages. The copy answers with a pickle
through a pipe; when it gives none, the work is done here, so the answer is the same either
way."""

import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
PIPE_LIMIT = 1 << 20  # the most a user may ask a pipe to hold on Linux, by default


def usable_cpus() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def can_fork() -> bool:
    """A copy can work beside this process: there is a processor for it, the system forks
    safely, and this process runs one thread (a copy has only the thread that forked, so a lock
    another thread held would stay locked in it forever). Not on macOS, whose system libraries
    may run threads of their own (Python's multiprocessing does not fork there either)."""
    return (hasattr(os, "fork") and sys.platform != "darwin"
            and threading.active_count() == 1 and usable_cpus() >= 2)


def hold(pipe: int, size: int) -> None:
    """Make `pipe` hold `size` bytes, where the system lets it (Linux, up to PIPE_LIMIT): the
    copy then writes its answer at once and ends, and this process reads it at once, rather
    than the two taking turns by 64 KiB (the highlighted code's answer is about 0.4 MB, and
    the turns took 22 ms of the build's own path)."""
    try:
        import fcntl
        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, min(size, PIPE_LIMIT))
    except (ImportError, AttributeError, OSError):  # not Linux, or over the limit
        pass


class Forked(Generic[T]):
    """`work()`, started in a forked copy of this process; `result` waits for its answer."""

    def __init__(self, work: Callable[[], T]) -> None:
        self._work = work
        self._answer: list[T] = []  # once taken
        reader, writer = os.pipe()
        self._pid = os.fork()
        if self._pid == 0:  # the copy answers, then leaves without this process's exit handlers
            os.close(reader)
            status = 1
            try:
                answer = pickle.dumps(work(), pickle.HIGHEST_PROTOCOL)
                hold(writer, len(answer))
                with open(writer, "wb") as pipe:
                    pipe.write(answer)
                status = 0
            finally:
                os._exit(status)
        os.close(writer)
        self._pipe = open(reader, "rb")  # closed by `result` or `close`

    def result(self) -> T:
        """The copy's answer, waited for the first time; the work done here if the copy
        failed."""
        if not self._answer:
            if not self._pipe.closed:
                with self._pipe:
                    data = self._pipe.read()
                _, status = os.waitpid(self._pid, 0)
                if os.waitstatus_to_exitcode(status) == 0:
                    self._answer.append(pickle.loads(data))
                    return self._answer[0]
            self._answer.append(self._work())
        return self._answer[0]

    def close(self) -> None:
        """Stop the copy if its answer was not taken."""
        if not self._pipe.closed:
            os.kill(self._pid, signal.SIGKILL)
            os.waitpid(self._pid, 0)
            self._pipe.close()
