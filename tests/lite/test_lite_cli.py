"""`python build.py --lite` on the command line: where it goes, and how it fails: one line
saying what failed, and nothing written."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from course_copies import LESSON, ROOT, copy_course
from publish.lite import LiteUnavailable
from publish.lite.course_code import course_code
from publish.lite.inputs import CACHE, KERNEL_TOOLS
from publish.lite.kernel_tools import kernel_tools
from releases import write_release
from unavailable import unavailable

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

KERNEL, KERNEL_VERSION = KERNEL_TOOLS


def run_cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True,
                          text=True, env=env)


def test_lite_goes_with_building_the_site_only():
    result = run_cli("check", "--lite")
    assert result.returncode == 2
    assert result.stderr == ("build.py: error: --lite goes with building the site (no command, "
                             "or 'serve'); see python build.py --help\n")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def built(tmp_path) -> tuple[Path, Path]:
    """A one-lesson copy of the course, with the modules the lite site ships and an empty
    download cache, and its site, built without the lite site."""
    root = copy_course(tmp_path / "course", only=(LESSON,))
    for path in course_code(ROOT).paths.values():
        if path.is_relative_to(ROOT) and not (root / path.relative_to(ROOT)).exists():
            copy = shutil.copytree if path.is_dir() else shutil.copy
            copy(path, root / path.relative_to(ROOT))
    out = tmp_path / "site"
    assert run_cli("--root", str(root), "--out", str(out)).returncode == 0
    return root, out


def failed_lite_build(built: tuple[Path, Path], env: dict) -> str:
    """What a lite build that fails says; the site and what is beside it stay as they were."""
    root, out = built
    before, beside = snapshot(out), sorted(out.parent.iterdir())
    result = run_cli("--root", str(root), "--out", str(out), "--lite", env=env)
    assert result.returncode == 1
    assert snapshot(out) == before and sorted(out.parent.iterdir()) == beside
    return result.stderr


@pytest.fixture(scope="module")
def pyodide_version(tmp_path_factory) -> str:
    """The Pyodide version the kernel's build tools name; their wheel is then in the course's
    download cache (the first time, from PyPI)."""
    try:
        return kernel_tools((ROOT / CACHE).resolve(), tmp_path_factory.mktemp("kernel") /
                            "tools").pyodide
    except LiteUnavailable as reason:
        unavailable(f"the lite build cannot run here: {reason}", "the lite build")


def test_a_lite_build_that_cannot_fetch_pyodide_says_so(built, pyodide_version):
    """The kernel's tools come from the cache; without npm, Pyodide cannot be fetched."""
    shutil.copytree(ROOT / CACHE / "tools", built[0] / CACHE / "tools")
    assert failed_lite_build(built, env={"PATH": ""}) == (
        f"error: npm: not found; the lite build fetches pyodide@{pyodide_version} with it "
        "(install Node.js and npm)\n")


def test_a_lite_build_that_cannot_fetch_the_kernel_says_so_and_keeps_no_part_of_it(built):
    """pip with no package index finds no kernel to fetch."""
    said = failed_lite_build(built, env={"PATH": "", "PIP_NO_INDEX": "1",
                                         "PIP_CONFIG_FILE": os.devnull})
    assert said.startswith(f"error: {KERNEL}=={KERNEL_VERSION}: pip could not fetch it "
                           "(exit status 1): ")
    assert said.count("\n") == 1 and said.endswith("\n")
    assert list((built[0] / CACHE / "tools").iterdir()) == []


def test_a_lite_build_refuses_an_environment_where_the_kernel_is_installed(built, tmp_path):
    """Installed here, the kernel's JupyterLab extension logs an error on every JupyterLab
    page (and JupyterLite's build would find it twice). A distribution's metadata on the
    path is what makes it installed."""
    installed = write_release(tmp_path / "installed", KERNEL, KERNEL_VERSION)
    said = failed_lite_build(built, env={**os.environ, "PYTHONPATH": str(installed)})
    assert said == (f"error: {KERNEL}: {KERNEL_VERSION} is installed in this environment, "
                    "where its JupyterLab extension logs an error on every JupyterLab page; "
                    f"the lite build brings its own: pip uninstall {KERNEL}\n")
    assert not (built[0] / CACHE).exists()
