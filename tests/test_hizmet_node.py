"""Other seeds, sizes, caps and timeouts against node running the seed's own programs.

The kernel's tables keep the Turkish letters the programs' ASCII words leave out; with those
letters folded (`harfsiz`) they must be node's output byte for byte, but for a mean over no
crashed message, which node prints as NaN and the kernel as a dash.

The programs are cut out of the seed document at test time into a temporary folder; they are
never stored in this repository. Without node, or without the seed beside the repository
(`../shared/seeds/`), these tests skip and say which is missing.
"""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from kernel.hizmet import fanout, gorunurluk
from kernel.hizmet.jsayi import KESIN_SINIR, metin, tam_yuvarla
from test_hizmet_tablolar import harfsiz

SEED = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "002_0401412d5fc9efef.txt"
NODE = shutil.which("node")

pytestmark = [
    pytest.mark.slow,  # starts node, once a test: not in the quick subset
    pytest.mark.skipif(NODE is None, reason="node is not installed: the seed's programs can't "
                       "run; install Node.js"),
    pytest.mark.skipif(not SEED.is_file(), reason=f"the seed document {SEED.name} is missing: "
                       "put the seed documents beside the repository, as ../shared/seeds/ "
                       f"({SEED.parent})"),
]


def program(name: str) -> str:
    """The seed's `name` program: from its opening comment to the command that runs it."""
    text = SEED.read_text(encoding="utf-8")
    start = text.index(f"// {name}")
    return text[start:text.index(f"node {name}", start)]


def with_values(source: str, replacements: dict[str, str]) -> str:
    for anchor, value in replacements.items():
        assert source.count(anchor) == 1, f"the seed's program changed: {anchor!r}"
        source = source.replace(anchor, value)
    return source


def run_node(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    done = subprocess.run([str(NODE), str(path)], capture_output=True, text=True, check=True,
                          timeout=60)
    return done.stdout.removesuffix("\n")


def js_list(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def sweep_cases() -> list[tuple[int, int, int, list[int]]]:
    rnd = random.Random(20260518)
    cases = [(20260518, 400, 5, list(gorunurluk.SURELER)),  # the lesson's own
             (0, 1, 1, [1]),  # no crashed message: node's NaN, the kernel's dash
             (KESIN_SINIR - 1, 404, 5, [60, 7]),  # the first poison message that also crashes
             (20260518, 1000, 5, list(gorunurluk.SURELER)),  # 58.5 rounds up to 59
             (3, 2500, 9, [1, 2, 3])]
    for _ in range(20):
        cases.append((rnd.randrange(KESIN_SINIR), rnd.randrange(1, 3000), rnd.randrange(1, 10),
                      [rnd.randrange(1, 200) for _ in range(rnd.randrange(1, 7))]))
    return cases


@pytest.mark.parametrize("tohum,ileti,azami,sureler", sweep_cases())
def test_the_sweep_matches_node_for_any_seed_size_cap_and_timeouts(
        tmp_path, tohum, ileti, azami, sureler):
    source = with_values(program("gorunurluk.mjs"), {
        "const TOHUM = 20260518;": f"const TOHUM = {tohum};",
        "const N = 400, AZAMI = 5;": f"const N = {ileti}, AZAMI = {azami};",
        "[5, 10, 20, 30, 60, 120]": js_list(sureler)})
    expected = run_node(tmp_path, "gorunurluk.mjs", source).replace("NaN", "  —")
    assert harfsiz(gorunurluk.tablo(tohum, ileti, azami, sureler)) == expected


@pytest.mark.parametrize("ileti,tuketiciler", [
    (400, [1, 2, 3, 4]), (1, [4]), (7, [4, 1, 3]), (401, [2, 4]), (10**6, [3, 4])])
def test_the_fanout_matches_node_for_other_sizes(tmp_path, ileti, tuketiciler):
    # the seed's closing line is written for four consumers, so every list here ends at four
    source = with_values(program("fanout.mjs"), {
        "const N = 400;": f"const N = {ileti};", "[1, 2, 3, 4]": js_list(tuketiciler)})
    assert harfsiz(fanout.tablo(ileti, tuketiciler)) == run_node(tmp_path, "fanout.mjs", source)


def number_cases() -> list[float]:
    rnd = random.Random(7)
    values = [0.0, 0.5, 1.5, 2.5, 58.5, 0.49999999999999994, 1e-6, 1e-7, 9.99e-7, 1e21, 1e20,
              2.0**53, 400 / 3, 7 / 12, 1 / 10**8]
    values += [rnd.randrange(1, 10**6) / rnd.randrange(1, 10**4) for _ in range(300)]
    values += [rnd.randrange(0, 10**6) + 0.5 for _ in range(50)]
    values += [rnd.random() * 10.0 ** rnd.randrange(-12, 22) for _ in range(300)]
    return values


def test_string_and_to_fixed_match_node(tmp_path):
    values = number_cases()
    script = ("const xs = JSON.parse(process.argv[2]);\n"
              "console.log(JSON.stringify(xs.map((x) => [String(x), x.toFixed(0)])));\n")
    (tmp_path / "sayilar.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run([str(NODE), str(tmp_path / "sayilar.mjs"), json.dumps(values)],
                          capture_output=True, text=True, check=True, timeout=60)
    for x, (string, fixed) in zip(values, json.loads(done.stdout), strict=True):
        assert metin(x) == string, x
        if x < 1e21:
            assert tam_yuvarla(x) == fixed, x
