"""The lite site's Python ships compiled: what publish/lite/bytecode_compiler.py makes of an
archive (run here by this Python, as Pyodide runs it in the build), and when the build compiles
at all. The lite site's own archives, as built, are checked in tests/lite/test_lite_browser.py,
whose lessons then import them in the browser."""

import importlib
import sys
import zipfile
from pathlib import Path

import pytest

from publish.lite import LiteUnavailable
from publish.lite.bytecode import COMPILER, cache_key, compile_bytecode

compiler: dict = {}
exec(COMPILER.read_text(encoding="utf-8"), compiler)  # as Pyodide runs it

MODULES = {"kuyruk_ornek/__init__.py": "from kuyruk_ornek.is_ import yap\n",
           "kuyruk_ornek/is_.py": "def yap():\n    return {'a', 'b'} <= {'a', 'b', 'c'}\n",
           "kuyruk_ornek/py2.py": "print 'eski'\n",  # not Python 3: shipped as it is
           "kuyruk_ornek-1.dist-info/METADATA": "Name: kuyruk-ornek\nVersion: 1\n"}


@pytest.fixture
def archive(tmp_path) -> Path:
    path = tmp_path / "kuyruk_ornek-1-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as written:
        for name, text in MODULES.items():
            written.writestr(name, text)
    return path


def compiled(archive: Path, keep_sources: bool) -> Path:
    target = archive.with_name(f"compiled-{keep_sources}.zip")
    compiler["compile_archive"](str(archive), str(target), keep_sources)
    return target


def imported_from(path: Path):
    """The example package imported from the archive `path`, fresh."""
    sys.path.insert(0, str(path))
    try:
        for name in [name for name in sys.modules if name.startswith("kuyruk_ornek")]:
            del sys.modules[name]
        importlib.invalidate_caches()
        return importlib.import_module("kuyruk_ornek")
    finally:
        sys.path.remove(str(path))


def test_without_sources_each_module_is_its_bytecode_in_its_place(archive):
    path = compiled(archive, keep_sources=False)
    with zipfile.ZipFile(path) as shipped:
        names = shipped.namelist()
    assert sorted(names) == sorted(["kuyruk_ornek/__init__.pyc", "kuyruk_ornek/is_.pyc",
                                    "kuyruk_ornek/py2.py", "kuyruk_ornek-1.dist-info/METADATA"])
    package = imported_from(path)
    assert package.yap() is True
    assert package.__spec__.origin.endswith("__init__.pyc")


def test_with_sources_each_module_has_its_bytecode_beside_it(archive):
    path = compiled(archive, keep_sources=True)
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(path) as shipped:
        names = shipped.namelist()
    assert sorted(names) == sorted([*MODULES, f"kuyruk_ornek/__pycache__/__init__.{tag}.pyc",
                                    f"kuyruk_ornek/__pycache__/is_.{tag}.pyc"])
    assert imported_from(path).yap() is True


def test_the_same_archive_compiles_to_the_same_bytes(archive):
    first = compiled(archive, keep_sources=True).read_bytes()
    assert compiled(archive, keep_sources=True).read_bytes() == first


def test_a_compiled_archive_kept_in_the_cache_needs_no_node(archive, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"{cache_key(archive, False, '1.0')}.zip").write_bytes(b"compiled")
    monkeypatch.setattr("shutil.which", lambda name: None)
    compile_bytecode(cache, tmp_path, {archive: False}, "1.0")
    assert archive.read_bytes() == b"compiled"
    with pytest.raises(LiteUnavailable, match="node"):  # another Pyodide: compiled anew
        compile_bytecode(cache, tmp_path, {archive: False}, "2.0")
