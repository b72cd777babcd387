"""Fixtures for the site tests: course copies to build (the browser is tests/conftest's)."""

from pathlib import Path

import pytest

from course_copies import copy_course
from publish.site import build_site
from site_courses import course_with_second, two_lesson_course


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course, with a second lesson so that pages have neighbours."""
    return course_with_second(tmp_path / "course-copy")


@pytest.fixture
def small_course(tmp_path: Path) -> Path:
    """The first lesson and a second one: for tests of how the site is built, not of what the
    real lessons' pages show."""
    return two_lesson_course(tmp_path / "course-copy")


@pytest.fixture(scope="session")
def whole_course_site(tmp_path_factory) -> Path:
    """The whole real course's site, built once for the tests that only read it."""
    root = copy_course(tmp_path_factory.mktemp("whole-course") / "course")
    return build_site(root, root.parent / "site").out
