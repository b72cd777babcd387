"""Where a course's own packages (its exercises, models, explorers, figures) are imported from:
its root, put first on PYTHONPATH for every kernel its lessons run in (`run`, the student's
copy), so that a course works without being installed."""

import os
from collections.abc import Mapping
from pathlib import Path

PYTHONPATH = "PYTHONPATH"


def with_course_on_path(root: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """`environ` with the course's `root` first on PYTHONPATH, each folder once."""
    given = [folder for folder in environ.get(PYTHONPATH, "").split(os.pathsep) if folder]
    return {**environ, PYTHONPATH: os.pathsep.join(dict.fromkeys([str(root.resolve()), *given]))}
