import pytest

from kernel.isler import KucukResimIsi
from kernel.olcum import Gunluk


@pytest.fixture(autouse=True)
def fresh_state():
    """The kernel keeps class-level state, as the seed does; every test starts clean."""
    Gunluk.yeni_istek()
    KucukResimIsi.uretilen.clear()
    yield
