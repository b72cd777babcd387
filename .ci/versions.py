"""The maintainers' commands for the versions the course is tested with (README, "Versions").

    python .ci/versions.py refresh          the newest of everything into uv.lock, what changed,
                                            then the README's test command on it (.ci/run)
    python .ci/versions.py newest [PKG...]  the suite on the lock with the newest release of
                                            each PKG over it (default: NEWEST), in .venvs/newest
    python .ci/versions.py oldest           the suite on pyproject.toml's floors, every direct
                                            dependency at its lowest allowed version, in
                                            .venvs/oldest

`newest` and `oldest` leave .venv and uv.lock as they are. Each runs the tests of the README's
command, the part after its install, and exits with their status."""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "uv.lock"
VARIANTS = ROOT / ".venvs"
EXTRA = "test"
# The packages whose new releases have broken a newcomer's first run before.
NEWEST = ("jupytext", "nbformat", "ipywidgets", "jupyterlab", "celery")


def locked_versions(lock_text: str) -> dict[str, set[str]]:
    """Each package a uv lock pins, with its versions (one, or one for each Python the lock
    forks on); the project itself left out."""
    versions: dict[str, set[str]] = {}
    for package in tomllib.loads(lock_text).get("package", []):
        if "registry" in package.get("source", {}):
            versions.setdefault(package["name"], set()).add(package["version"])
    return versions


def changes(before: dict[str, set[str]], after: dict[str, set[str]]) -> list[str]:
    """One line for each package added, removed or moved to another version, by name."""
    lines = []
    for name in sorted(before.keys() | after.keys()):
        old, new = ", ".join(sorted(before.get(name, ()))), ", ".join(sorted(after.get(name, ())))
        if not old:
            lines.append(f"+ {name} {new}")
        elif not new:
            lines.append(f"- {name} {old}")
        elif old != new:
            lines.append(f"  {name} {old} -> {new}")
    return lines


def uv() -> str:
    """uv: on the PATH, or beside this Python (a virtual environment's, not activated)."""
    beside = Path(sys.executable).with_name("uv")
    found = shutil.which("uv") or (str(beside) if beside.is_file() else None)
    if found is None:
        raise SystemExit(".ci/versions.py: uv is not installed, neither on the PATH nor beside "
                         f"{sys.executable} (the README's install has it: pip install uv)")
    return found


def run(*command: str, environment: dict[str, str] | None = None) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True, env=environment)


def test_commands() -> str:
    """The README's test command without its install: what runs after `uv sync`."""
    command = subprocess.run(["bash", ".ci/run", "--print"], cwd=ROOT, check=True, text=True,
                             capture_output=True).stdout.strip()
    parts = command.split(" && ")
    installs = [n for n, part in enumerate(parts) if part.startswith("uv sync")]
    if not installs:
        raise SystemExit(".ci/versions.py: the README's test command installs with no `uv sync`")
    return " && ".join(parts[installs[0] + 1:])


def run_tests_in(venv: Path) -> int:
    """The README's tests, with `venv`'s Python and tools first on the PATH."""
    environment = {**os.environ, "VIRTUAL_ENV": str(venv),
                   "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    environment.pop("PYTHONHOME", None)
    tests = test_commands()
    print("+", tests, flush=True)
    return subprocess.run(["bash", "-c", tests], cwd=ROOT, env=environment).returncode


def installed(venv: Path, names: list[str]) -> str:
    listed = subprocess.run([uv(), "pip", "list", "--python", str(venv), "--format", "freeze"],
                            cwd=ROOT, check=True, text=True, capture_output=True).stdout
    wanted = {name.lower() for name in names}
    return ", ".join(line for line in listed.splitlines()
                     if line.partition("==")[0].lower() in wanted)


def refresh() -> int:
    before = locked_versions(LOCK.read_text(encoding="utf-8"))
    run(uv(), "lock", "--upgrade")
    changed = changes(before, locked_versions(LOCK.read_text(encoding="utf-8")))
    print("\n".join(["uv.lock changed:", *changed] if changed else ["uv.lock: nothing changed"]))
    status = subprocess.run(["bash", ".ci/run"], cwd=ROOT).returncode
    if status:
        print(".ci/versions.py: the suite failed on the refreshed lock; "
              "`git checkout uv.lock` goes back to the last one", file=sys.stderr)
    return status


def newest(names: list[str]) -> int:
    venv = VARIANTS / "newest"
    run(uv(), "venv", "--allow-existing", str(venv))
    run(uv(), "sync", "--locked", "--compile-bytecode", "--extra", EXTRA,
        environment={**os.environ, "UV_PROJECT_ENVIRONMENT": str(venv)})
    run(uv(), "pip", "install", "--python", str(venv), "--compile-bytecode", "--upgrade", *names)
    print("newest:", installed(venv, names), flush=True)
    return run_tests_in(venv)


def oldest() -> int:
    venv = VARIANTS / "oldest"
    run(uv(), "venv", "--allow-existing", str(venv))
    with tempfile.TemporaryDirectory() as folder:
        requirements = Path(folder) / "oldest.txt"
        run(uv(), "pip", "compile", "pyproject.toml", "--extra", EXTRA, "--quiet",
            "--resolution", "lowest-direct", "--python", str(venv), "-o", str(requirements))
        run(uv(), "pip", "sync", "--python", str(venv), "--compile-bytecode", str(requirements))
    run(uv(), "pip", "install", "--python", str(venv), "--no-deps", "-e", ".")
    direct = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [Requirement(requirement).name
             for requirement in [*direct["dependencies"],
                                 *direct["optional-dependencies"][EXTRA],
                                 *direct["optional-dependencies"]["lite"]]]
    print("oldest:", installed(venv, names), flush=True)
    return run_tests_in(venv)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python .ci/versions.py",
                                     description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("refresh", help="the newest of everything into uv.lock, then the suite")
    newer = commands.add_parser("newest", help="the suite with the newest PKG over the lock")
    newer.add_argument("packages", nargs="*", default=list(NEWEST), metavar="PKG")
    commands.add_parser("oldest", help="the suite on pyproject.toml's floors")
    arguments = parser.parse_args()
    if arguments.command == "refresh":
        return refresh()
    if arguments.command == "newest":
        return newest(arguments.packages)
    return oldest()


if __name__ == "__main__":
    sys.exit(main())
