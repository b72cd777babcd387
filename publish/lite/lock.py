"""The Pyodide lock of the lite site: exactly the wheels it ships, with their own hashes and the
dependencies their metadata declares for Pyodide's Python, so that nothing is looked for
elsewhere.

Which wheels: what the kernel loads as it starts and what the project's wheel requires, with
everything they require in turn. The kernel's own packages come from its own wheels; a package
in Pyodide's own lock is shipped at the version that lock names (the wheel comes from PyPI, so
its hash is recomputed); one the lock lacks is shipped at this environment's version, if
`FROM_ENVIRONMENT` names it."""

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

from publish import SiteError
from publish.lite.inputs import FROM_ENVIRONMENT, KERNEL_START, installed
from publish.lite.wheels import Wheel, read_wheel

# Requirements the lock leaves out, and why the browser does without them.
NOT_SHIPPED = {
    "widgetsnbextension": "the Pyodide kernel ships its own stand-in",
    "jupyterlab-widgets": "it holds the widgets' JavaScript, which the site serves as a "
                          "JupyterLab extension",
}
Fetch = Callable[[dict[str, str]], dict[str, Path]]  # {name: version} -> {name: wheel}


def marker_environment(info: dict) -> dict[str, str]:
    """What requirement markers see in Pyodide, from its lock's `info`."""
    python = info["python"]
    return {"python_version": ".".join(python.split(".")[:2]), "python_full_version": python,
            "implementation_name": "cpython", "implementation_version": python,
            "platform_python_implementation": "CPython", "sys_platform": "emscripten",
            "platform_system": "Emscripten", "platform_machine": info["arch"],
            "platform_release": info["platform"].removeprefix("emscripten_").replace("_", "."),
            "platform_version": "", "os_name": "posix", "extra": ""}


def lock_entry(wheel: Wheel, shipped: Path, depends: list[str]) -> dict:
    """The wheel's entry, with the hash of the file `shipped`, the wheel as the site ships it."""
    return {"name": wheel.name, "version": wheel.version, "file_name": wheel.path.name,
            "install_dir": "site", "sha256": hashlib.sha256(shipped.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": list(wheel.imports), "depends": depends, "unvendored_tests": False}


class Resolution:
    """The wheels the browser gets, found breadth first from what the kernel and lessons need."""

    def __init__(self, base_lock: dict, fetch: Fetch) -> None:
        self.pyodide = {canonicalize_name(key): entry
                        for key, entry in base_lock["packages"].items()}
        self.info = base_lock["info"]
        self.environment = marker_environment(self.info)
        self.fetch = fetch
        self.wheels: dict[NormalizedName, Wheel] = {}

    def requirements(self, wheel: Wheel) -> list[Requirement]:
        """What `wheel` requires in Pyodide, less what the browser does without."""
        return [requirement for requirement in wheel.requires
                if (requirement.marker is None or requirement.marker.evaluate(self.environment))
                and canonicalize_name(requirement.name) not in NOT_SHIPPED]

    def version_for(self, name: NormalizedName, wanted_by: str) -> str:
        if name in self.pyodide:
            return self.pyodide[name]["version"]
        version = installed(name) if name in FROM_ENVIRONMENT else None
        if version is None:
            raise SiteError(Path(name), f"{wanted_by} requires it, and Pyodide's lock does not "
                                        "list it: install it here and add it to "
                                        "FROM_ENVIRONMENT in publish/lite/inputs.py")
        return version

    def add(self, wheels: list[Wheel]) -> None:
        """Take `wheels` and, level by level, everything they require."""
        while wheels:
            wanted: dict[NormalizedName, str] = {}
            for wheel in wheels:
                self.check_python(wheel)
                self.wheels[wheel.key] = wheel
                for requirement in self.requirements(wheel):
                    wanted.setdefault(canonicalize_name(requirement.name), wheel.name)
            pins: dict[str, str] = {name: self.version_for(name, wanted_by)
                                    for name, wanted_by in wanted.items()
                                    if name not in self.wheels}
            wheels = [read_wheel(path) for path in self.fetch(pins).values()]

    def check_python(self, wheel: Wheel) -> None:
        python = self.environment["python_full_version"]
        if wheel.requires_python and \
                not SpecifierSet(wheel.requires_python).contains(python, prereleases=True):
            raise SiteError(wheel.path, f"it requires Python {wheel.requires_python}, and "
                                        f"Pyodide's is {python}")

    def check_versions(self) -> None:
        """Every requirement met by the version shipped."""
        for wheel in self.wheels.values():
            for requirement in self.requirements(wheel):
                shipped = self.wheels[canonicalize_name(requirement.name)]
                if not requirement.specifier.contains(Version(shipped.version),
                                                      prereleases=True):
                    raise SiteError(wheel.path, f"it requires {requirement}, and the browser "
                                                f"would get {shipped.name} {shipped.version}")

    def lock(self, shipped: Path) -> bytes:
        """Pyodide's lock with its `info`, listing exactly the wheels found, as they are shipped
        in the folder `shipped`."""
        packages = {key: lock_entry(wheel, shipped / wheel.path.name,
                                    sorted({canonicalize_name(requirement.name)
                                            for requirement in self.requirements(wheel)}))
                    for key, wheel in sorted(self.wheels.items())}
        return json.dumps({"info": self.info, "packages": packages}, indent=1,
                          sort_keys=True).encode()


def resolve(base_lock: dict, project: Wheel, kernel_own: list[Wheel], fetch: Fetch) -> Resolution:
    """Every wheel the browser gets: the project's, the kernel's own ones that it starts with,
    and all that they and the kernel need."""
    resolution = Resolution(base_lock, fetch)
    own = {wheel.key for wheel in kernel_own}
    start = {name: resolution.version_for(canonicalize_name(name), "the Pyodide kernel")
             for name in KERNEL_START if canonicalize_name(name) not in own}
    resolution.add([project, *kernel_own, *map(read_wheel, fetch(start).values())])
    resolution.check_versions()
    return resolution
