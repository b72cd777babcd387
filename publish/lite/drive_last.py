"""Pyodide's `sitecustomize` in the lite site: Python looks for a module in the notebook's folder,
on JupyterLite's drive, only when the standard library and the installed packages lack it.

Pyodide puts the working directory (`''`) first on `sys.path`, and the kernel works in the
notebook's folder on the drive, where every look is a synchronous request from the kernel's
worker to the page: a hundred of them as the kernel starts. A student's own module beside the
notebook still imports; it no longer hides an installed one of the same name."""

import sys
from importlib.machinery import ModuleSpec, PathFinder


class InstalledFirst:
    """Before `PathFinder`: a top-level module, looked for on `sys.path` without `''`."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if path is not None:  # a submodule: its package's folders only
            return None
        return PathFinder.find_spec(name, [entry for entry in sys.path if entry != ""])


def install() -> None:
    if InstalledFirst not in sys.meta_path:
        sys.meta_path.insert(sys.meta_path.index(PathFinder), InstalledFirst)


if __name__ == "sitecustomize":
    install()
