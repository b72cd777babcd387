"""The suite's own pytest setup, as pyproject.toml and conftest.py give it: `pytest -p no:xdist`
runs, and `pytest -n` shares the tests out a module a worker, in tests/conftest.py's order."""

import os
import stat
from pathlib import Path

import pytest
from nbval.kernel import RunningKernel

from course_copies import ROOT
from unavailable import needs, unavailable

SMALL = "def test_small():\n    assert 6 * 7 == 42\n"
# what the run's xdist options came to, or `-` where xdist is not loaded
REPORT = '''

def pytest_report_collectionfinish(config):
    dist = getattr(config.option, "dist", "-")
    reorder = getattr(config.option, "loadscopereorder", "-")
    return f"dist: {dist}, reorder: {reorder}"
'''


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """A folder with the project's pytest configuration and root conftest.py, and a small test."""
    pytester.makefile(".toml", pyproject=(ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8") + REPORT)
    pytester.makepyfile(test_small=SMALL)
    return pytester


@pytest.mark.parametrize("options", [("-p", "no:xdist"), ()], ids=["no-xdist", "plain"])
def test_pytest_runs_with_the_projects_configuration_with_or_without_xdist(project, options):
    result = project.runpytest(*options, "test_small.py")
    result.assert_outcomes(passed=1)
    if options:
        result.stdout.fnmatch_lines(["dist: -, reorder: -"])


def test_pytest_n_keeps_a_modules_tests_on_one_worker_in_the_order_given(project):
    result = project.runpytest("-n", "2", "--collect-only", "test_small.py")
    assert result.ret == 0
    result.stdout.fnmatch_lines(["dist: loadscope, reorder: False"])


@pytest.mark.slow  # a pytest with a worker for each core and one more
def test_pytest_n_auto_starts_a_worker_more_than_the_cores(project, monkeypatch):
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    result = project.runpytest("-n", "auto", "test_small.py")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines([f"*created: {len(os.sched_getaffinity(0)) + 1}/*workers*"])


@pytest.mark.parametrize(("options", "report"), [
    (("--dist", "load"), "dist: load, reorder: False"),
    (("--loadscope-reorder",), "dist: loadscope, reorder: True"),
])
def test_xdist_options_given_on_the_command_line_are_kept(project, options, report):
    result = project.runpytest("-n", "2", *options, "--collect-only", "test_small.py")
    assert result.ret == 0
    result.stdout.fnmatch_lines([report])


@pytest.mark.slow  # a pytest of its own, with two workers
def test_a_worker_that_dies_ends_the_run_failed_rather_than_waiting_for_a_replacement(project):
    """A worker's death (tests/conftest.py ends a hanging test so) fails the run and the run
    ends, whatever the tests queued behind it: xdist's replacement worker could wait for ever
    under loadscope."""
    project.makepyfile(test_dies="import os\n\ndef test_dies():\n    os._exit(1)\n",
                       test_after=SMALL)
    result = project.runpytest_subprocess("-n", "2", "test_dies.py", "test_small.py",
                                          "test_after.py", timeout=120)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert result.parseoutcomes()["failed"] == 1


def test_a_run_removes_at_its_end_what_its_programs_left_in_the_temporary_folder(project,
                                                                                  tmp_path):
    """A program a test starts, which makes a temporary folder and never removes it (a kernel
    nbval kills), leaves nothing once the run ends."""
    made = tmp_path / "made.txt"
    project.makepyfile(test_leaves=(
        "import subprocess, sys\n\n"
        "def test_leaves():\n"
        "    maker = 'import tempfile; print(tempfile.mkdtemp())'\n"
        "    folder = subprocess.run([sys.executable, '-c', maker], capture_output=True,\n"
        "                            text=True, check=True).stdout.strip()\n"
        f"    with open({str(made)!r}, 'w') as made:\n"
        "        made.write(folder + '\\n')\n"))
    project.runpytest("-p", "no:xdist", "test_leaves.py").assert_outcomes(passed=1)
    (folder,) = made.read_text().splitlines()
    assert not Path(folder).exists()


@pytest.mark.parametrize("ci, raised", [("true", pytest.fail.Exception),
                                        ("", pytest.skip.Exception)])
def test_a_check_this_machine_cannot_run_is_skipped_but_fails_in_ci(monkeypatch, ci, raised):
    monkeypatch.setenv("CI", ci)
    with pytest.raises(raised, match="no Landlock"):
        unavailable("no Landlock here", "the sandbox's tests")


def test_a_sandbox_test_whose_confinement_is_missing_never_passes_in_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    ran = []
    with pytest.raises(pytest.fail.Exception, match="no signal scoping"):
        needs(True, "no signal scoping", "the sandbox's tests")(lambda: ran.append(1))()
    assert ran == []
    assert needs(False, "offered", "the sandbox's tests")(ran.append)(2) is None and ran == [2]


@pytest.mark.slow  # starts a kernel
@pytest.mark.skipif(os.name != "posix", reason="socket files are POSIX's")
def test_nbvals_kernels_talk_through_socket_files_not_tcp_ports():
    """As `build.py run`'s do (tests/test_build.py): a TCP port a kernel picks may be taken
    first by a kernel another worker starts, and the lesson's kernel then dies at its start."""
    kernel = RunningKernel("python3")
    try:
        folder = Path(kernel.km.ip).parent
        sockets = [path for path in folder.iterdir() if path.name.startswith("kernel-")]
        assert kernel.km.transport == "ipc" and sockets
        assert all(stat.S_ISSOCK(path.stat().st_mode) for path in sockets)
        assert folder.is_relative_to(os.environ["TMPDIR"])  # removed with the run's folder
    finally:
        kernel.stop()
