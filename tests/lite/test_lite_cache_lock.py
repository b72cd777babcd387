"""Two lite builds of one course fill its download cache one after the other: the second waits,
says why, and goes on once the first is done."""

import subprocess
import sys

from course_copies import ROOT
from publish.lite.cache_lock import filling

SECOND_BUILD = """import sys
from pathlib import Path
from publish.lite.cache_lock import filling
with filling(Path(sys.argv[1])):
    print("filling")
"""


def test_a_build_waits_while_another_fills_the_cache_and_says_so(tmp_path):
    cache = tmp_path / "_lite_cache"
    with filling(cache):
        second = subprocess.Popen([sys.executable, "-c", SECOND_BUILD, str(cache)], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert second.stderr is not None
        # it says so only when it finds the cache held: had it taken it, it would say nothing
        said = second.stderr.readline()
    out, rest = second.communicate(timeout=60)
    assert (said, out, rest) == (
        f"waiting for another build to finish filling {cache}\n", "filling\n", "")
    assert second.returncode == 0


def test_a_build_alone_fills_the_cache_without_a_word(tmp_path, capsys):
    with filling(tmp_path / "_lite_cache"):
        pass
    with filling(tmp_path / "_lite_cache"):  # once released, the next takes it at once
        pass
    assert capsys.readouterr() == ("", "")
