"""The student's JupyterLab for the tests here: a fresh clone of the repository, its copy of the
course prepared and opened by the README's student command, once a worker, at the first test
that needs it."""

import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from course_copies import ROOT
from clone import fresh_clone
from lab_server import WINDOWING, jupyterlab
from unavailable import unavailable

STUDY = "python build.py study"  # what the README's student command runs, after installing


@dataclass(frozen=True)
class StudentLab:
    base: str  # the server's address
    clone: Path  # the repository the student cloned


@pytest.fixture(scope="session")
def student_lab(tmp_path_factory) -> StudentLab:
    """JupyterLab as a student starts it on a fresh clone, with the README's command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    studying = readme[readme.index("## Studying the lessons"):]
    command = re.search(r"```sh\n(.*?)\n```", studying, re.DOTALL)
    assert command and command.group(1).endswith(f"&& {STUDY}")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        unavailable("not a git checkout: the student's copy is tested from a fresh clone",
                    "the student's copy's test")
    home = tmp_path_factory.mktemp("jupyterlab")
    clone = fresh_clone(home / "kuyruk-kursu")
    with jupyterlab([sys.executable, *STUDY.split()[1:]], clone, home, WINDOWING) as base:
        yield StudentLab(base, clone)
