from pathlib import Path

import pytest

from course_copies import copy_course
from kernel.isler import KucukResimIsi
from kernel.olcum import Gunluk


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
