"""Fixtures for the site tests: a course copy with two lessons (the browser is tests/conftest's)."""

from pathlib import Path

import pytest

from course_copies import copy_course
from site_courses import SECOND, add_lesson


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the real course, with a second lesson so that pages have neighbours."""
    root = copy_course(tmp_path / "course-copy")
    add_lesson(root, SECOND, "İkinci Ders")
    return root
