"""A command timed as a person types it, paying its own start-up; one that fails says so in a
line (`CommandFailed`), which the benchmark prints in place of a traceback."""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


class CommandFailed(Exception):
    """A timed command failed, or never did what it was timed for; the message says which."""


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds `command` took (in environment `env`, or this one); CommandFailed if it
    failed."""
    return timed_together([command], env)


def timed_together(commands: list[list[str]], env: dict[str, str] | None = None) -> float:
    """Seconds from starting all of `commands` at once to the last one's end; CommandFailed
    if any failed."""
    start = time.perf_counter()
    running = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env) for command in commands]
    said = [process.communicate() for process in running]
    elapsed = time.perf_counter() - start
    for command, process, (out, err) in zip(commands, running, said, strict=True):
        if process.returncode != 0:
            last = (err.strip() or out.strip() or "no message").splitlines()[-1]
            name = " ".join([Path(command[0]).name, *command[1:2]])
            raise CommandFailed(f"{name} failed (exit status {process.returncode}): {last}")
    return elapsed


def bytecode_kept() -> dict[str, str]:
    """This environment without PYTHONDONTWRITEBYTECODE: a command's first run compiles this
    repository's modules and later runs read them, as on an instructor's machine (the libraries
    come compiled: the README's install compiles them)."""
    return {name: value for name, value in os.environ.items()
            if name != "PYTHONDONTWRITEBYTECODE"}


def nbconvert(notebooks: list[str], out: str) -> list[str]:
    """The peer of a build: `jupyter nbconvert --to html` of `notebooks` into the folder `out`."""
    return [str(Path(sys.executable).parent / "jupyter"), "nbconvert", "--to", "html",
            "--output-dir", out, *notebooks]


def medians(times: dict[str, list[float]], notebooks: int, runs: int,
            in_ms: bool = False) -> dict[str, float]:
    """Each measure's median in seconds, printed a line each (in milliseconds with `in_ms`)."""
    found = {name: statistics.median(values) for name, values in times.items()}
    print(f"{notebooks} notebook(s), {runs} run(s) each, medians:")
    for name, median in found.items():
        print(f"  {name:18} {median * 1000:8.1f} ms" if in_ms else f"  {name:18} {median:8.2f} s")
    return found
