"""What lesson 06's experiments report is read from what the run recorded, the marks its tasks
left on the channel: the same reading of other marks reports something else (a literal would
not change)."""

import os

import pytest

from kernel.gercek.deneyler import kostugu_yer, sonu
from kernel.gercek.isaret import IsaretKanali

Isaret = tuple[str, str, int]  # a mark: its kind, its task's name, its process


def kayitli(isaretler: list[Isaret]) -> IsaretKanali:
    """A channel that has read these marks, as a task's process writes them."""
    kanal = IsaretKanali()
    for tur, ad, pid in isaretler:
        kanal.not_et(tur, ad=ad, pid=pid)
    return kanal


@pytest.mark.parametrize(("isaretler", "yer"), [
    ([], "hiçbir yerde"),
    ([("basladi", "kucukResim", os.getpid())], "istek süreci"),
    ([("basladi", "kucukResim", os.getpid() + 1)], "işçi süreci"),
    ([("basladi", "baska", os.getpid() + 1)], "hiçbir yerde"),
])
def test_where_a_task_ran_is_read_from_its_start_mark(isaretler, yer):
    assert kostugu_yer(kayitli(isaretler), "kucukResim") == yer


@pytest.mark.parametrize(("isaretler", "son"), [
    ([("basladi", "kirilgan", 1)] * 3, "başarısız"),
    ([("basladi", "kirilgan", 1), ("bitti", "kirilgan", 1)], "başardı"),
    ([("bitti", "baska", 1)], "başarısız"),
])
def test_how_a_task_ended_is_read_from_its_marks(isaretler, son):
    assert sonu(kayitli(isaretler), "kirilgan") == son
