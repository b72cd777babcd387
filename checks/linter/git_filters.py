"""Whether git would strip a lesson's outputs when it is committed: a clean filter such as
nbstripout, set for `*.ipynb`, without the options that keep outputs, counts and ids. The
lessons keep their outputs in git, since nbval and the claim cells check them."""

import subprocess
from collections.abc import Iterator
from pathlib import Path

# What a filter's clean command runs, when it is one that strips notebooks' outputs
STRIPPERS = ("nbstripout", "--clear-output", "ClearOutputPreprocessor")
KEEP = ("--keep-output", "--keep-count", "--keep-id")  # nbstripout's options that keep them all


def _git(root: Path, *arguments: str) -> str | None:
    """git's answer in `root`, or None where there is no git or no repository."""
    try:
        done = subprocess.run(["git", "-C", str(root), *arguments], capture_output=True,
                              text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def stripping_filters(root: Path, lessons: list[Path]) -> Iterator[tuple[Path, str, str]]:
    """(lesson, filter, its clean command) for each lesson a filter would strip when committed."""
    answer = _git(root, "check-attr", "filter", "--", *(str(path) for path in lessons))
    commands: dict[str, str | None] = {}
    for line in (answer or "").splitlines():
        path, _, value = (part.strip() for part in line.rsplit(":", 2))
        if value in ("unspecified", "unset", "set", ""):
            continue
        if value not in commands:
            command = _git(root, "config", "--get", f"filter.{value}.clean")
            commands[value] = command.strip() if command else None
        command = commands[value]
        if command and any(name in command for name in STRIPPERS) and \
                not ("nbstripout" in command and all(option in command for option in KEEP)):
            yield Path(path), value, command
