"""The Pyodide kernel's part of JupyterLite's build, kept out of this environment.

jupyterlite-pyodide-kernel holds build addons for JupyterLite (Python, found by their entry
points) and the kernel's JupyterLab extension. Installed here, that extension would load in
every JupyterLab of this environment, a disabled one too, and log an error on every page, as
the modules it shares with JupyterLite are not there (jupyterlite/pyodide-kernel#32). So the
build fetches the kernel's wheel into the cache and installs it with pip into a folder of the
build's own, which only JupyterLite's build sees: its addons on PYTHONPATH, its extension
among the federated extensions."""

import runpy
import sys
from dataclasses import dataclass
from pathlib import Path

from packaging.utils import canonicalize_name

from publish import SiteError
from publish.lite import LiteUnavailable
from publish.lite.downloads import fetch_wheels, run_client
from publish.lite.inputs import KERNEL_TOOLS, installed
from publish.lite.wheels import Wheel, read_wheel

HOST_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"
CONSTANTS = Path("jupyterlite_pyodide_kernel", "constants.py")
LABEXTENSIONS = Path("share", "jupyter", "labextensions")
# The kernel's own wheels, which it would install from its extension as it starts.
OWN_WHEELS = Path("@jupyterlite", "pyodide-kernel-extension", "static", "pypi")


@dataclass(frozen=True)
class KernelTools:
    folder: Path  # where JupyterLite's build imports the addons from
    pyodide: str  # the Pyodide version the kernel was made for

    @property
    def labextensions(self) -> Path:
        return self.folder / LABEXTENSIONS

    def own_wheels(self, names: tuple[str, ...]) -> list[Wheel]:
        """The kernel's own wheels of the packages `names` lists."""
        wanted = {canonicalize_name(name) for name in names}
        wheels = map(read_wheel, sorted((self.labextensions / OWN_WHEELS).glob("*.whl")))
        return [wheel for wheel in wheels if wheel.key in wanted]


def check_not_installed() -> None:
    """LiteUnavailable when this environment has the kernel installed."""
    name, _ = KERNEL_TOOLS
    here = installed(name)
    if here is not None:
        raise LiteUnavailable(Path(name), f"{here} is installed in this environment, where its "
                                          "JupyterLab extension logs an error on every "
                                          "JupyterLab page; the lite build brings its own: "
                                          f"pip uninstall {name}")


def check_requirements(wheel: Wheel) -> None:
    """LiteUnavailable unless this environment has what the kernel's addons require."""
    for requirement in wheel.requires:
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        here = installed(requirement.name)
        if here is None or not requirement.specifier.contains(here, prereleases=True):
            has = f"has {here}" if here else "does not have it"
            raise LiteUnavailable(Path(requirement.name),
                                  f"{wheel.name} {wheel.version} requires {requirement}, and "
                                  f"this environment {has} (pip install -e '.[lite]')")


def kernel_tools(cache: Path, folder: Path) -> KernelTools:
    """The kernel's build tools, installed into `folder` from its wheel in the cache, which pip
    fetches the first time."""
    name, version = KERNEL_TOOLS
    wheel = read_wheel(fetch_wheels(cache / "tools", {name: version}, HOST_PYTHON)[name])
    check_requirements(wheel)
    run_client("pip", [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                       "--no-index", "--no-compile", "--disable-pip-version-check",
                       "--target", str(folder), str(wheel.path)],
               f"{name}=={version}", folder.parent, doing="install")
    try:
        pyodide = runpy.run_path(str(folder / CONSTANTS))["PYODIDE_VERSION"]
    except (OSError, KeyError) as error:
        raise SiteError(wheel.path, f"no Pyodide version in its {CONSTANTS.as_posix()} "
                                    f"({error}); delete it, and the next build fetches it "
                                    "again") from None
    return KernelTools(folder, pyodide)
