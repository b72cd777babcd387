"""The versions the course is tested with: the README installs exactly what uv.lock records, and
the maintainers' command says what a refreshed lock changed."""

import importlib.util
import re
import subprocess

import pytest

from course_copies import ROOT

spec = importlib.util.spec_from_file_location("versions", ROOT / ".ci" / "versions.py")
assert spec is not None and spec.loader is not None
versions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(versions)

LOCK = """
version = 1
requires-python = ">=3.11"

[[package]]
name = "celery"
version = "5.6.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "numpy"
version = "2.2.6"
source = { registry = "https://pypi.org/simple" }
resolution-markers = ["python_full_version < '3.12'"]

[[package]]
name = "numpy"
version = "2.4.1"
source = { registry = "https://pypi.org/simple" }
resolution-markers = ["python_full_version >= '3.12'"]

[[package]]
name = "jupytext"
version = "1.19.7"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "kuyruk-kursu"
version = "0.1.0"
source = { editable = "." }
"""


def test_a_locks_versions_are_its_registry_packages_one_or_more_each():
    assert versions.locked_versions(LOCK) == {"celery": {"5.6.0"}, "jupytext": {"1.19.7"},
                                              "numpy": {"2.2.6", "2.4.1"}}


def test_a_refresh_names_each_package_added_removed_or_moved():
    before = versions.locked_versions(LOCK)
    after = {**before, "celery": {"5.7.0"}, "redis": {"8.2.0"}}
    del after["jupytext"]
    assert versions.changes(before, after) == ["  celery 5.6.0 -> 5.7.0", "- jupytext 1.19.7",
                                               "+ redis 8.2.0"]
    assert versions.changes(before, before) == []


def test_the_readme_installs_from_the_lock_and_the_variants_run_the_rest_of_its_command():
    command = subprocess.run(["bash", str(ROOT / ".ci" / "run"), "--print"], check=True,
                             capture_output=True, text=True).stdout.strip()
    synced = "uv sync --locked --compile-bytecode --extra test"
    install = command[:command.index(synced) + len(synced)]
    assert command == f"{install} && {versions.test_commands()}"


def test_every_install_the_readme_gives_a_newcomer_is_the_locked_one():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme, re.DOTALL)
    installs = [command for command in commands if "install" in command]
    assert len(installs) >= 3  # the main job, the tests, the student's copy
    assert [command for command in installs if "uv sync --locked" not in command
            or "pip install -e" in command] == []


def test_uv_is_found_beside_a_python_not_activated_and_its_absence_is_said(tmp_path,
                                                                         monkeypatch):
    """`.venv/bin/python .ci/versions.py oldest` finds the uv the README's install put in .venv,
    with .venv/bin not on the PATH; with no uv anywhere, one line says so."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").touch()
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    monkeypatch.setattr(versions.sys, "executable", str(tmp_path / "bin" / "python"))
    with pytest.raises(SystemExit, match="uv is not installed"):
        versions.uv()
    (tmp_path / "bin" / "uv").touch()
    assert versions.uv() == str(tmp_path / "bin" / "uv")
