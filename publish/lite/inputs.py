"""What the lite site is made from besides the lessons, and a fingerprint of it all that costs
no download and no import of the tools."""

from pathlib import Path
from urllib.parse import quote

from publish.cache import digest, tree_digest
from publish.lite.course_code import course_code

FOLDER = "lite"  # the lite site's folder inside the course site
CACHE = Path("_lite_cache")  # downloads, under the course's root (git-ignored)
# The course's code the lessons import is shipped to the browser as one wheel
# (publish/lite/course_code.py finds it); this is what it imports from outside the course, the
# toolkit and the standard library.
REQUIREMENTS = ("ipywidgets", "drawsvg")
# What the Pyodide kernel loads as it starts, named as it names them. The site's Pyodide loads
# them all as it boots (CONFIG in publish/lite/site.py), so that the kernel installs none of
# them one by one; the kernel ships the wheels of its own ones (piplite, pyodide-kernel,
# ipykernel).
KERNEL_START = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# The kernel the lite site's notebooks name, as the Pyodide kernel names itself: with a
# lesson's own (`python3`), JupyterLab looks for a kernel of the same language and says so.
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# The build's tool, and the widgets' JavaScript, which the site serves as a JupyterLab
# extension: Python packages of this environment.
TOOLS = ("jupyterlite-core", "jupyterlab-widgets")
# The Pyodide kernel's build tools and JupyterLab extension, which the build fetches into the
# cache and gives to JupyterLite's build alone (publish/lite/kernel_tools.py says why).
KERNEL_TOOLS = ("jupyterlite-pyodide-kernel", "0.8.6")
# Packages the browser needs that Pyodide's lock does not list: it gets this environment's
# version of each (for ipywidgets, the version whose JavaScript the site serves).
FROM_ENVIRONMENT = ("ipywidgets", "comm", "ipython-pygments-lexers", "drawsvg")


def installed(name: str) -> str | None:
    """The version of distribution `name` in this environment, or None."""
    from importlib.metadata import PackageNotFoundError, version  # only a lite build pays
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def lite_fingerprint(root: Path) -> str:
    """Everything besides the lessons and the builder's own code that the lite site depends on."""
    code = course_code(root)
    return digest(tree_digest(*code.paths.values()), code.exercises, "=".join(KERNEL_TOOLS),
                  {name: installed(name) for name in TOOLS + FROM_ENVIRONMENT})


def lesson_address(notebook: str) -> str:
    """Where the lite site opens the lesson in file `notebook`, relative to the course site."""
    return f"{FOLDER}/lab/index.html?path={quote(notebook)}"
