"""The benchmarks' command lines: a count of runs below one is refused before anything is timed."""

import subprocess
import sys

import pytest

from course_copies import ROOT


@pytest.mark.parametrize("runs", ["0", "-3", "iki"])
@pytest.mark.parametrize("benchmark", ["site.py", "explorers.py", "hizmet.py", "preview.py"])
def test_a_benchmark_refuses_fewer_than_one_run_before_it_starts(benchmark, runs):
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / benchmark),
                             "--runs", runs], capture_output=True, text=True, timeout=60,
                            cwd=ROOT)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines()[-1] == (f"{benchmark}: error: argument --runs: must be a "
                                              f"whole number, at least 1 (not {runs})")
