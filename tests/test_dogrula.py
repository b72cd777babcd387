"""The constructors' shared checks: each refusal names the parameter and what it accepts."""

import pytest

from kernel.dogrula import eksi_degil, fonksiyon, tam_sayi


def test_a_whole_number_is_held_between_its_bounds():
    assert tam_sayi("ileti", 10, 1, en_cok=10) == 10
    with pytest.raises(ValueError, match=r"^ileti en çok 10 olabilir; verilen: 11$"):
        tam_sayi("ileti", 11, 1, en_cok=10)
    with pytest.raises(ValueError, match=r"^ileti en az 1 olmalı; verilen: 0$"):
        tam_sayi("ileti", 0, 1, en_cok=10)
    with pytest.raises(TypeError, match=r"^ileti bir tam sayı olmalı; verilen: True \(bool\)$"):
        tam_sayi("ileti", True, 1)


def test_a_huge_whole_number_is_a_number_not_an_overflow():
    assert eksi_degil("sure", 10**400) == 10**400
    with pytest.raises(ValueError, match="sonlu bir sayı olmalı"):
        eksi_degil("sure", float("inf"))


def test_a_function_is_asked_for_by_name():
    assert fonksiyon("ilgi", len) is len
    with pytest.raises(TypeError, match=r"^ilgi bir fonksiyon olmalı; verilen: 3 \(int\)$"):
        fonksiyon("ilgi", 3)
