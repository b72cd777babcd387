"""Run by Pyodide in Node.js (publish/lite/bytecode.mjs), never imported: a zip archive's Python
modules compiled to the bytecode of the Python running it, as unchecked hash-based .pyc files
(the archive's bytes do not change once built, so the import need not look at the source)."""

import importlib.util
import marshal
import posixpath
import sys
import zipfile

UNCHECKED_HASH = (0b01).to_bytes(4, "little")


def pyc(source: bytes, name: str) -> bytes | None:
    """The .pyc file of `source`, or None for a file this Python cannot compile."""
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return (importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
            + marshal.dumps(code))


def cached_name(name: str) -> str:
    """Where Python looks for the bytecode of module file `name` beside its source."""
    folder, file = posixpath.split(name)
    return posixpath.join(folder, "__pycache__",
                          f"{file[:-3]}.{sys.implementation.cache_tag}.pyc")


def compile_archive(source: str, target: str, keep_sources: bool) -> None:
    """Write archive `source` as `target`, each module compiled: beside its source when
    `keep_sources` (in `__pycache__`), or in its place (`module.pyc`, as Python's own
    compileall --legacy writes it)."""
    with zipfile.ZipFile(source) as archive, \
            zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as compiled:
        for entry in archive.infolist():
            data = archive.read(entry)
            code = pyc(data, entry.filename) if entry.filename.endswith(".py") else None
            if code is None or keep_sources:
                compiled.writestr(entry, data, zipfile.ZIP_DEFLATED)
            if code is not None:
                name = cached_name(entry.filename) if keep_sources else entry.filename + "c"
                written = zipfile.ZipInfo(name, entry.date_time)
                written.external_attr = entry.external_attr
                compiled.writestr(written, code, zipfile.ZIP_DEFLATED)
