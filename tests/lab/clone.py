"""A fresh clone of the repository, as a student makes one."""

import shutil
import subprocess
from pathlib import Path

from course_copies import ROOT


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True,
                          check=True).stdout


def fresh_clone(target: Path) -> Path:
    """The repository as a clone of it would be once this working tree is committed: every file
    git tracks or would track, committed in a repository of its own."""
    listed = git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():  # a tracked file deleted in the working tree is gone
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    git(target, "init", "-q")
    git(target, "add", "-A")
    git(target, "-c", "user.name=sinav", "-c", "user.email=sinav@localhost", "commit", "-q",
        "-m", "clone")
    return target
