"""A command timed as a person types it, paying its own start-up; one that fails says so in a
line (`CommandFailed`), which the benchmark prints in place of a traceback."""

import subprocess
import time
from pathlib import Path


class CommandFailed(Exception):
    """A timed command failed, or never did what it was timed for; the message says which."""


def timed(command: list[str]) -> float:
    """Seconds `command` took; CommandFailed if it failed."""
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip() or "no message").splitlines()[-1]
        name = " ".join([Path(command[0]).name, *command[1:2]])
        raise CommandFailed(f"{name} failed (exit status {done.returncode}): {said}")
    return elapsed
