import faulthandler
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from browsers import CHROMIUM, CHROMIUM_ARGS, browser_missing
from checks.student.exercise import LADDERS
from checks.student.prediction import DRAFTS, SAVED
from course_copies import copy_course
from kernel.isler import KucukResimIsi
from kernel.olcum import Gunluk
from unavailable import unavailable

# Property tests check what happens, never how fast: a loaded CI machine must not fail them.
# Fifty examples a property in every run (their failures are kept in .hypothesis/ and tried
# first next time); HYPOTHESIS_PROFILE=derin looks twenty times as far. Tests that set their own
# max_examples keep it.
for name, examples in (("kurs", 50), ("derin", 1000)):
    settings.register_profile(name, max_examples=examples, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "kurs"))

# How `pytest -n auto` shares the tests out (`--dist loadscope --no-loadscope-reorder`, set by
# the root conftest.py): a module's tests stay on one worker, so that its module-scoped fixtures are
# made once, and modules start in the order of `items`. The two longest, the lite site's lessons
# and JupyterLab's, go first, one a worker; then the modules whose tests wait on something of
# their own (the lessons nbval runs, lesson 06's real queues among them, Chromium, slow programs);
# the many short ones last, to fill in around them, so that no long module starts near the end.
FIRST = ("tests/lite/test_lite_browser.py", "tests/lab/test_lessons_in_jupyterlab.py")


def drives_chromium(item: pytest.Item) -> bool:
    return bool({"playwright_driver", "student_lab"} & set(getattr(item, "fixturenames", ())))


def waits(item: pytest.Item) -> bool:
    """Whether the test waits on a kernel, a browser or a program that takes a second or more."""
    return ".ipynb::" in item.nodeid or drives_chromium(item) \
        or item.get_closest_marker("slow") is not None


def rank(item: pytest.Item) -> int:
    first = [n for n, module in enumerate(FIRST) if item.nodeid.startswith(module)]
    return first[0] if first else len(FIRST) + (not waits(item))


def module(item: pytest.Item) -> str:
    return item.nodeid.partition("::")[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules by rank, each at its most waiting test's (its tests stay together); every test
    that drives Chromium marked `browser`, so that `pytest -m "not browser"` is the authors'
    quick subset."""
    ranks: dict[str, int] = {}
    for item in items:
        ranks[module(item)] = min(ranks.get(module(item), len(FIRST) + 1), rank(item))
    items.sort(key=lambda item: ranks[module(item)])
    for item in items:
        if drives_chromium(item):
            item.add_marker(pytest.mark.browser)

HANG_LIMIT = 300  # seconds: several times the slowest test here, a lesson run in JupyterLab


@pytest.fixture(autouse=True)
def no_hang():
    """A test that hangs (a task never woken, a browser waiting forever) ends the run with
    every thread's traceback instead of blocking CI."""
    faulthandler.dump_traceback_later(HANG_LIMIT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture(autouse=True)
def fresh_state():
    """The kernel keeps class-level state, as the seed does, and the exercise tools keep a
    student's tries and saved predictions; every test starts clean."""
    Gunluk.yeni_istek()
    KucukResimIsi.uretilen.clear()
    LADDERS.clear()
    SAVED.clear()
    DRAFTS.clear()
    yield


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course to break (tests/site overrides it with two lessons)."""
    return copy_course(tmp_path)


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright, for Debian's chromium; skipped where either is missing, but a failure in CI."""
    reason = browser_missing()
    if reason:
        unavailable(reason, "the browser tests")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """Headless Debian chromium, shared by the tests of a worker."""
    chromium = playwright_driver.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()
