"""Build the lite site: Pyodide and the wheels with their lock, the lessons, then JupyterLite's
own build over them, in a temporary folder; the course site's build writes what it made."""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from publish import SiteError
from publish.lite import LiteUnavailable
from publish.lite.bytecode import compile_bytecode
from publish.lite.cache_lock import filling
from publish.lite.downloads import LOCK, STDLIB, fetch_wheels, pyodide_runtime
from publish.lite.inputs import CACHE, FOLDER, KERNEL_START
from publish.lite.kernel_tools import KernelTools, check_not_installed, kernel_tools
from publish.lite.lock import marker_environment, resolve
from publish.lite.project_wheel import ZIP_DATE, write_project_wheel
from publish.lite.wheels import read_wheel
from publish.student import STUDENT_SETTINGS

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# JupyterLite's settings, merged with what its build adds: the kernel looks for a package in
# the site's wheels and lock only, never on PyPI, and Pyodide loads what the kernel starts with
# as it boots; and JupyterLab's as a student's copy of the course has them.
CONFIG = {"jupyter-lite-schema-version": 0,
          "jupyter-config-data": {"litePluginSettings": {
              KERNEL_PLUGIN: {"disablePyPIFallback": True,
                              "loadPyodideOptions": {"packages": list(KERNEL_START)}}},
              "settingsOverrides": STUDENT_SETTINGS}}
# Pyodide imports it as it starts: Python then looks on JupyterLite's drive for a module only
# after the installed ones.
SITECUSTOMIZE = Path(__file__).with_name("drive_last.py")
BUILD_TIMEOUT = 900  # seconds


def check_tools() -> None:
    """LiteUnavailable unless JupyterLite is installed here, and its Pyodide kernel is not."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        raise LiteUnavailable(Path("jupyterlite-core"), "not installed; the lite build needs it "
                                                        "(pip install -e '.[lite]')")
    check_not_installed()


def run_jupyterlite(lite_dir: Path, out: Path, kernel: KernelTools) -> None:
    """JupyterLite's build of `lite_dir` into `out`, with the kernel's tools; it fetches
    nothing: Pyodide is local."""
    environment = {name: value for name, value in os.environ.items()
                   if name != "JUPYTERLITE_PYODIDE_URL"}
    # The kernel's build addons, found by their entry points, and its JupyterLab extension.
    environment["PYTHONPATH"] = os.pathsep.join(
        path for path in (str(kernel.folder), os.environ.get("PYTHONPATH")) if path)
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(
        {"FederatedExtensionAddon": {"extra_labextensions_path": [str(kernel.labextensions)]}},
        indent=1), encoding="utf-8")
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
               "--output-dir", str(out), "--no-sourcemaps"]
    try:
        result = subprocess.run(command, cwd=lite_dir, env=environment, capture_output=True,
                                text=True, timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise SiteError(Path("jupyter lite build"), "did not finish in "
                                                    f"{BUILD_TIMEOUT} s") from None
    if result.returncode != 0:
        said = (result.stdout + result.stderr).strip()[-1500:]
        raise SiteError(Path("jupyter lite build"),
                        f"failed (exit status {result.returncode}):\n{said}")


# JupyterLite's app pages mark where the lite site's root is, relative to them.
LITE_ROOT = re.compile(r'data-jupyter-lite-root="([^"]*)"')


def declare_icon(site: Path) -> None:
    """Name the icon in the head of each JupyterLite app page: its script sets the icon only once
    it has started, and before that the browser asks the server's root for /favicon.ico."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    icon = config["jupyter-config-data"]["faviconUrl"].removeprefix("./")
    for page in site.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        root = LITE_ROOT.search(html)
        if root and "<head>" in html:
            link = f'<link rel="icon" type="image/x-icon" href="{root.group(1)}/{icon}">'
            page.write_text(html.replace("<head>", f"<head>\n    {link}", 1), encoding="utf-8")


def add_sitecustomize(stdlib: Path) -> None:
    """Add SITECUSTOMIZE to Pyodide's standard library, the zip file `stdlib`."""
    with zipfile.ZipFile(stdlib, "a") as archive:
        if "sitecustomize.py" in archive.namelist():
            raise SiteError(stdlib, "it has a sitecustomize.py of its own already")
        entry = zipfile.ZipInfo("sitecustomize.py", ZIP_DATE)
        entry.external_attr = 0o644 << 16
        archive.writestr(entry, SITECUSTOMIZE.read_bytes(), zipfile.ZIP_DEFLATED)


def build_lite(root: Path, notebooks: dict[str, bytes], work: Path) -> Path:
    """The lite site of `notebooks` (file name: bytes), built under `work`; returns its
    folder."""
    check_tools()
    cache, lite_dir = (root / CACHE).resolve(), work / "input"
    runtime = lite_dir / "static" / "pyodide"  # where JupyterLite's build looks for Pyodide
    with filling(cache):
        kernel = kernel_tools(cache, work / "kernel-tools")
        base_lock = pyodide_runtime(cache, kernel.pyodide, runtime)
        python = marker_environment(base_lock["info"])["python_version"]
        project = read_wheel(write_project_wheel(root, runtime))
        resolution = resolve(base_lock, project, kernel.own_wheels(KERNEL_START),
                             lambda pins: fetch_wheels(cache / "wheels", pins, python))
        for wheel in resolution.wheels.values():
            if wheel is not project:
                shutil.copy(wheel.path, runtime / wheel.path.name)
        compile_bytecode(cache / "bytecode", runtime,
                         {runtime / STDLIB: False, **{runtime / wheel.path.name: wheel is project
                                                      for wheel in resolution.wheels.values()}},
                         kernel.pyodide)
    add_sitecustomize(runtime / STDLIB)
    (runtime / LOCK).write_bytes(resolution.lock(runtime))
    contents = lite_dir / "files"
    contents.mkdir()
    for name, data in notebooks.items():
        (contents / name).write_bytes(data)
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(CONFIG, indent=1), encoding="utf-8")
    run_jupyterlite(lite_dir, work / "output", kernel)
    declare_icon(work / "output")
    return work / "output"


def lite_files(root: Path, notebooks: dict[str, bytes]) -> dict[str, bytes]:
    """Every file of the lite site, by its path in the course site."""
    with tempfile.TemporaryDirectory(prefix="kuyruk-kursu-lite-") as work:
        folder = build_lite(root, notebooks, Path(work))
        return {f"{FOLDER}/{path.relative_to(folder).as_posix()}": path.read_bytes()
                for path in sorted(folder.rglob("*")) if path.is_file()}
