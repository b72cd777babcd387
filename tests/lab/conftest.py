"""One JupyterLab server for the tests here, started once a worker, at the first that needs it."""

import shutil

import pytest

from course_copies import ROOT
from jupyterlab import jupyterlab


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> str:
    """JupyterLab over a copy of the lessons, so that nothing a test does reaches them."""
    home = tmp_path_factory.mktemp("jupyterlab")
    shutil.copytree(ROOT / "lessons", home / "lessons")
    with jupyterlab(home / "lessons", home) as base:
        yield base
