"""The lite site's `sitecustomize`, publish/lite/drive_last.py, run by CPython as Pyodide runs it
(imported as Python starts): a module is looked for in the working directory, the notebook's
folder on JupyterLite's drive, where each look is a request to the page, only when no installed
module has its name."""

import ast
import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from publish import SiteError
from publish.lite.site import SITECUSTOMIZE, add_sitecustomize

# Counts each look in the working directory (first on sys.path, as in Pyodide), imports the
# modules named on the command line and prints where each came from, then the looks.
IMPORTS = """
import os, sys
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, SourceFileLoader
looks = []
class Counted(FileFinder):
    def find_spec(self, name, target=None):
        looks.append(name)
        return super().find_spec(name, target)
sys.path_importer_cache[os.getcwd()] = Counted(os.getcwd(), (SourceFileLoader, SOURCE_SUFFIXES))
for name in sys.argv[1:]:
    print(name, __import__(name).__file__)
print(looks)
"""
INSTALLED = ("colorsys", "wave", "nbformat")  # none imported as Python starts


def imported(folder: Path, names: tuple[str, ...], customized: bool) -> tuple[list[str], list]:
    """Where `python -c IMPORTS names`, run in `folder`, found each module, and the names it
    looked for there; with the lite site's sitecustomize if `customized`."""
    site = folder.parent / "site"
    if customized:
        site.mkdir(exist_ok=True)
        shutil.copy(SITECUSTOMIZE, site / "sitecustomize.py")
    result = subprocess.run([sys.executable, "-c", IMPORTS, *names], cwd=folder,
                            env={"PYTHONPATH": str(site)} if customized else {},
                            capture_output=True, text=True, check=True)
    *modules, looks = result.stdout.splitlines()
    return modules, ast.literal_eval(looks)


@pytest.fixture
def notebook_folder(tmp_path) -> Path:
    """A notebook's folder with a student's module, and one named like the standard library's."""
    folder = tmp_path / "drive"
    folder.mkdir()
    (folder / "ogrenci_modulu.py").write_text("", encoding="utf-8")
    (folder / "colorsys.py").write_text("raise ImportError('the drive first')\n",
                                        encoding="utf-8")
    return folder


@pytest.mark.slow  # starts Python
def test_an_installed_module_is_imported_without_a_look_in_the_notebooks_folder(
        notebook_folder):
    modules, looks = imported(notebook_folder, INSTALLED, customized=True)
    assert [module.split()[0] for module in modules] == list(INSTALLED)
    # Looked for there: only what they try to import and nothing installed has (nbformat's
    # optional packages), as JupyterLite's kernel tries some as it starts.
    assert all(importlib.util.find_spec(name) is None for name in looks)
    # Without it, Python looks there first for each of them (and finds the student's colorsys).
    assert set(INSTALLED[1:]) <= set(imported(notebook_folder, INSTALLED[1:],
                                              customized=False)[1])


@pytest.mark.slow  # starts Python
def test_a_students_module_in_the_notebooks_folder_still_imports(notebook_folder):
    assert imported(notebook_folder, ("ogrenci_modulu",), customized=True) == (
        [f"ogrenci_modulu {notebook_folder / 'ogrenci_modulu.py'}"], ["ogrenci_modulu"])


@pytest.mark.slow  # starts Python
def test_a_module_in_the_notebooks_folder_no_longer_hides_an_installed_one(notebook_folder):
    [module], _ = imported(notebook_folder, ("colorsys",), customized=True)
    assert Path(module.split()[1]).parent != notebook_folder


def test_the_build_adds_it_to_pyodides_standard_library_once(tmp_path):
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as archive:
        archive.writestr("os.py", "")
    add_sitecustomize(stdlib)
    with zipfile.ZipFile(stdlib) as archive:
        assert archive.namelist() == ["os.py", "sitecustomize.py"]
        assert archive.read("sitecustomize.py") == SITECUSTOMIZE.read_bytes()
    with pytest.raises(SiteError, match="it has a sitecustomize.py of its own already"):
        add_sitecustomize(stdlib)
