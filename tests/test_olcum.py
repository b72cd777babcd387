from itertools import product

import pytest
from hypothesis import given, strategies as st

from kernel.olcum import SINIFLAR, Gunluk, sinifla

RECORDERS = {"kosan": Gunluk.kostu, "ertelenen": Gunluk.ertele, "yol": Gunluk.yola}


def expected_class(in_kosan: bool, in_ertelenen: bool, in_yol: bool) -> str:
    if in_kosan:
        return "koştu"
    if in_ertelenen:
        return "ertelendi"
    return "atlandı" if in_yol else "bağlanmadı"


@pytest.mark.parametrize("in_kosan,in_ertelenen,in_yol", list(product([False, True], repeat=3)))
def test_every_overlap_of_lists_gets_first_class_in_decision_order(in_kosan, in_ertelenen, in_yol):
    for in_list, record in zip((in_kosan, in_ertelenen, in_yol), RECORDERS.values(), strict=True):
        if in_list:
            record("parca")
    assert sinifla("parca") == expected_class(in_kosan, in_ertelenen, in_yol)


def test_each_class_in_one_request():
    Gunluk.yola("a")
    Gunluk.yola("b")
    Gunluk.yola("c")
    Gunluk.kostu("a")
    Gunluk.ertele("b")
    assert [sinifla(p) for p in "abcd"] == list(SINIFLAR)


def test_new_request_forgets_the_previous_one():
    Gunluk.yola("kaydet")
    Gunluk.kostu("kaydet")
    Gunluk.ertele("kucukResim")
    Gunluk.yeni_istek()
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == ([], [], [])
    assert sinifla("kaydet") == sinifla("kucukResim") == "bağlanmadı"


def test_parts_are_matched_by_exact_name():
    Gunluk.kostu("kucukResim")
    assert sinifla("kucukresim") == "bağlanmadı"
    assert sinifla("kucukResim ") == "bağlanmadı"


@given(st.lists(st.tuples(st.sampled_from(sorted(RECORDERS)), st.sampled_from("abc"))))
def test_classification_depends_only_on_membership(records):
    Gunluk.yeni_istek()
    for list_name, part in records:
        RECORDERS[list_name](part)
    for part in "abcd":
        lists = {name for name, p in records if p == part}
        assert sinifla(part) == expected_class(*(name in lists for name in RECORDERS))
