"""Fixtures for the site tests: a course copy with two lessons, and the browser to drive."""

import os
from pathlib import Path

import pytest

from course_copies import copy_course
from site_courses import CHROMIUM, CHROMIUM_ARGS, SECOND, add_lesson, browser_missing


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course, with a second lesson so that pages have neighbours."""
    root = copy_course(tmp_path / "course-copy")
    add_lesson(root, SECOND, "İkinci Ders")
    return root


@pytest.fixture(scope="session")
def browser():
    """Headless Debian chromium; skipped where it is missing, but a failure in CI."""
    reason = browser_missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
