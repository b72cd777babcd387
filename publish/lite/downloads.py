"""What the lite build fetches, at build time only, through the registries' own clients: the
Pyodide runtime from npm, wheels from PyPI. Each lands in the cache folder whole (fetched into a
temporary folder there, then moved in), and a later build takes it from there."""

import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from packaging.utils import NormalizedName, canonicalize_name, parse_wheel_filename
from packaging.version import Version

from publish import SiteError
from publish.lite import LiteUnavailable

# What a page needs of the npm package `pyodide`: the module the kernel imports, the
# interpreter, the standard library, and the lock that lists the packages (rewritten later).
LOCK = "pyodide-lock.json"
STDLIB = "python_stdlib.zip"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK)
TIMEOUT = 900  # seconds for one client's run


def run_client(client: str, command: list[str], what: str, cwd: Path,
               doing: str = "fetch") -> None:
    """Run a package client (npm, pip); LiteUnavailable naming `what`, on one line, when it
    fails."""
    try:
        result = subprocess.run(command, cwd=cwd, capture_output=True, text=True,
                                timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise LiteUnavailable(Path(what), f"{client} could not {doing} it: {error}") from None
    if result.returncode != 0:
        said = " ".join((result.stderr or result.stdout).split())[-600:]
        raise LiteUnavailable(Path(what), f"{client} could not {doing} it "
                                          f"(exit status {result.returncode}): {said}")


def _fetch_into(cache: Path, fetch: Callable[[Path], None]) -> None:
    """Call `fetch(folder)` on a new temporary folder in `cache`, then move what it left into
    `cache`."""
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".fetching-", dir=cache) as folder:
        fetch(Path(folder))
        for file in Path(folder).iterdir():
            shutil.move(file, cache / file.name)


def pyodide_runtime(cache: Path, version: str, target: Path) -> dict:
    """Put the runtime files of npm's `pyodide@version` into `target`; returns its lock."""
    tarball = cache / "npm" / f"pyodide-{version}.tgz"
    spec = f"pyodide@{version}"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise LiteUnavailable(Path("npm"), f"not found; the lite build fetches {spec} "
                                               "with it (install Node.js and npm)")
        _fetch_into(tarball.parent, lambda folder: run_client(
            "npm", [npm, "pack", spec, "--pack-destination", str(folder)], spec, folder))
    target.mkdir(parents=True, exist_ok=True)
    try:
        with tarfile.open(tarball) as archive:
            for name in RUNTIME_FILES:
                source = archive.extractfile(f"package/{name}")
                if source is None:
                    raise KeyError(name)
                (target / name).write_bytes(source.read())
    except (OSError, tarfile.TarError, KeyError) as error:
        raise SiteError(tarball, f"not a whole {spec} package ({error}); delete it, and "
                                 "the next build fetches it again") from None
    return json.loads((target / LOCK).read_text(encoding="utf-8"))


def cached_wheels(folder: Path) -> dict[tuple[NormalizedName, str], Path]:
    wheels = {}
    for path in folder.glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(path.name)
        wheels[name, str(version)] = path
    return wheels


def fetch_wheels(folder: Path, pins: dict[str, str], python: str) -> dict[str, Path]:
    """A pure-Python wheel for each `name: version` in `pins`, for Python `python` (such as
    "3.14"), from the cache folder `folder` or else from PyPI with pip; returns the paths by
    name."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = {name: (canonicalize_name(name), str(Version(version)))
              for name, version in pins.items()}
    cached = cached_wheels(folder)
    missing = [f"{name}=={version}" for name, (key, version) in wanted.items()
               if (key, version) not in cached]
    if missing:
        what = ", ".join(missing)
        _fetch_into(folder, lambda into: run_client(
            "pip", [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--disable-pip-version-check", "--only-binary=:all:", "--implementation", "py",
             "--abi", "none", "--platform", "any", "--python-version", python,
             "--dest", str(into), *missing], what, into))
    cached = cached_wheels(folder)
    for name, key in wanted.items():
        if key not in cached:
            raise LiteUnavailable(Path(f"{name}=={key[1]}"), "pip found no pure-Python wheel "
                                                             f"of it for Python {python}")
    return {name: cached[key] for name, key in wanted.items()}
