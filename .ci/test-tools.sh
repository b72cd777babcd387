#!/bin/sh
# What the tests need besides Python: Debian's chromium-headless-shell (every browser test), npm, with
# Node.js (the lite build, and Jupyter Book 2's test), and redis-server (lesson 06's real queues,
# tests/test_gercek_surec.py), and pdftoppm and pdftotext (poppler-utils: the handouts' pages drawn and read back,
# tests/test_handout.py). As root with apt-get, install whichever is missing, one at a
# time, so that one that cannot be installed (Debian's npm beside a Node.js from elsewhere) does not stop the
# other. Then say what is still missing and which tests skip for it. Never fails: the tests
# that can run, run.
have() { command -v "$1" >/dev/null 2>&1; }

missing=""
for tool in chromium-headless-shell npm redis-server pdftoppm; do have "$tool" || missing="$missing $tool"; done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq || echo "test-tools: apt-get update failed" >&2
    for tool in $missing; do
        package="$tool"; [ "$tool" = pdftoppm ] && package=poppler-utils
        apt-get install -y -qq "$package" >/dev/null || echo "test-tools: could not install $package" >&2
    done
fi

skip="(in CI, with CI set, they fail instead)"
have chromium-headless-shell || echo "test-tools: no chromium-headless-shell: the browser tests (tests/lab, tests/lite, the browser tests of tests/site) will skip $skip" >&2
have npm || echo "test-tools: no npm: the lite build cannot fetch Pyodide, so tests/lite's browser test will skip $skip" >&2
have redis-server || echo "test-tools: no redis-server: the tests of lesson 06's processes (tests/test_gercek_surec.py) will skip $skip" >&2
have pdftoppm || echo "test-tools: no poppler-utils (pdftoppm, pdftotext): the tests of the handouts' pages (tests/test_handout.py) will skip $skip" >&2
have node || echo "test-tools: no node: Jupyter Book 2 cannot run, so its test in tests/test_peer_tools.py will skip $skip" >&2
exit 0
