"""The lite site's Python archives, compiled to bytecode at build time: Pyodide's standard
library and the wheels a kernel loads ship their modules compiled, so that a kernel does not
compile them again each time it starts, in WebAssembly (about half a kernel's start).

Pyodide compiles them itself, run by Node.js (publish/lite/bytecode.mjs), so that the bytecode
is that of the Python the browser runs. The standard library and the other projects' wheels
ship bytecode only, as Pyodide proposes for its own packages (pyodide/pyodide#3050); the
course's own wheel keeps its sources beside it, which its lessons show (`inspect.getsource`).
Each compiled archive is kept in the cache folder under a hash of what made it."""

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from publish.cache import digest
from publish.lite import LiteUnavailable
from publish.lite.downloads import run_client

COMPILER = Path(__file__).with_name("bytecode_compiler.py")
RUNNER = Path(__file__).with_name("bytecode.mjs")


def cache_key(archive: Path, keep_sources: bool, pyodide: str) -> str:
    return digest(hashlib.sha256(archive.read_bytes()).hexdigest(), keep_sources, pyodide,
                  COMPILER.read_bytes(), RUNNER.read_bytes())


def compile_bytecode(cache: Path, runtime: Path, archives: dict[Path, bool],
                     pyodide: str) -> None:
    """Replace each archive of `runtime` in `archives` (its path: whether it keeps its sources)
    with its compiled form, from the cache folder `cache`, or compiled now by the Pyodide whose
    runtime files `runtime` holds (version `pyodide`) and kept there."""
    cached = {archive: cache / f"{cache_key(archive, keep, pyodide)}.zip"
              for archive, keep in archives.items()}
    missing = [archive for archive, path in cached.items() if not path.is_file()]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise LiteUnavailable(Path("node"), "not found; the lite build compiles Python's "
                                                "bytecode with Pyodide in Node.js")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".compiling-", dir=cache) as folder:
            jobs = Path(folder) / "jobs.json"
            jobs.write_text(json.dumps([[str(archive), str(Path(folder) / cached[archive].name),
                                         archives[archive]] for archive in missing]),
                            encoding="utf-8")
            run_client("node", [node, str(RUNNER), str(runtime), str(COMPILER), str(jobs)],
                       "Python's bytecode", Path(folder), doing="compile")
            for archive in missing:
                shutil.move(Path(folder) / cached[archive].name, cached[archive])
    for archive, path in cached.items():
        shutil.copyfile(path, archive)
