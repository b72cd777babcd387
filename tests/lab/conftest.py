"""One JupyterLab server for the tests here, started once a worker, at the first that needs it."""

import shutil

import pytest

from checks.glossary import GLOSSARY_FILE
from course_copies import ROOT
from jupyterlab import jupyterlab


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> str:
    """JupyterLab over a copy of the lessons and the glossary they link to, laid out as in the
    repository, so that nothing a test does reaches them."""
    home = tmp_path_factory.mktemp("jupyterlab")
    shutil.copytree(ROOT / "lessons", home / "repo" / "lessons")
    (home / "repo" / "course").mkdir()
    shutil.copy(ROOT / GLOSSARY_FILE, home / "repo" / GLOSSARY_FILE)
    with jupyterlab(home / "repo", home) as base:
        yield base
