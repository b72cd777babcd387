"""`python build.py --lite` on the command line: where it goes, and how it fails."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course_copies import ROOT, copy_course
from publish.lite.inputs import SHIPPED


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True,
                          text=True, env=env)


def test_lite_goes_with_building_the_site_only():
    result = run_cli("check", "--lite")
    assert result.returncode == 2
    assert result.stderr == ("build.py: error: --lite goes with building the site: no command, "
                             "or 'serve'; see python build.py --help\n")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


def test_a_lite_build_that_cannot_fetch_says_what_failed_and_leaves_the_site_as_it_was(
        tmp_path):
    """A course copy has an empty download cache; without npm, Pyodide cannot be fetched."""
    pytest.importorskip("jupyterlite_pyodide_kernel", reason="the lite extra is not installed")
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    root = copy_course(tmp_path / "course")
    for path in SHIPPED:
        copy = shutil.copytree if (ROOT / path).is_dir() else shutil.copy
        copy(ROOT / path, root / path)
    out = tmp_path / "site"
    assert run_cli("--root", str(root), "--out", str(out)).returncode == 0
    before, beside = snapshot(out), sorted(tmp_path.iterdir())
    result = run_cli("--root", str(root), "--out", str(out), "--lite", env={"PATH": ""})
    assert result.returncode == 1
    assert result.stderr == (f"error: npm: not found; the lite build fetches "
                             f"pyodide@{PYODIDE_VERSION} with it (install Node.js and npm)\n")
    assert snapshot(out) == before and sorted(tmp_path.iterdir()) == beside

