import faulthandler
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from browsers import CHROMIUM, CHROMIUM_ARGS, browser_missing
from checks.report import in_ci
from course_copies import copy_course
from kernel.isler import KucukResimIsi
from kernel.olcum import Gunluk

# Property tests check what happens, never how fast: a loaded CI machine must not fail them.
settings.register_profile("kurs", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kurs")

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
    """The kernel keeps class-level state, as the seed does; every test starts clean."""
    Gunluk.yeni_istek()
    KucukResimIsi.uretilen.clear()
    yield


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course to break (tests/site overrides it with two lessons)."""
    return copy_course(tmp_path)


@pytest.fixture(scope="session")
def browser():
    """Headless Debian chromium; skipped where it is missing, but a failure in CI."""
    reason = browser_missing()
    if reason:
        if in_ci():
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
