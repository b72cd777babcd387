"""Turkish folding, one function for exercise feedback, search and heading ids."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks.exercises.kinds import ascii_folded
from checks.folding import fold, turkish_lower, turkish_sort_key
from publish import stems
from checks.folding import slugify


@pytest.mark.parametrize("text,folded", [
    ("Küçük", "kucuk"), ("KÜÇÜK", "kucuk"), ("kucuk", "kucuk"), ("IŞIK", "isik"),
    ("İstanbul", "istanbul"), ("bağlanmadı", "baglanmadi"), ("Kâtip", "katip"),
    ("çöğüşıİ", "cogusii"), ("e\u0301", "e"),  # a mark written apart from its letter
])
def test_turkish_letters_fold_as_a_keyboard_without_them_spells_them(text, folded):
    assert fold(text) == fold(text, ascii_only=True) == folded


def test_turkish_lower_case_keeps_the_dots_as_turkish_writes_them():
    assert turkish_lower("IŞIK İĞNE") == "ışık iğne"


def test_the_sort_key_reads_capitals_turkish_and_puts_digits_and_other_letters_after_z():
    """I is ı's capital and İ is i's; a digit, or a letter Turkish does not write (q, w, x),
    comes after z, by the character."""
    words = ["XML", "İş", "zaman", "ılık", "web", "Işık", "2 kuyruk", "iç", "quota", "ip", "ya"]
    assert sorted(words, key=turkish_sort_key) == [
        "ılık", "Işık", "iç", "ip", "İş", "ya", "zaman", "2 kuyruk", "quota", "web", "XML"]
    assert turkish_sort_key("IŞIK İĞNE") == turkish_sort_key("ışık iğne")


@pytest.mark.parametrize("text,kept,ascii_only", [
    ("a→b", "a→b", "ab"), ("ﬁkir", "ﬁkir", "fikir"), ("m²", "m²", "m2"),
    ("ᴬ", "ᴬ", "a"), ("Straße", "straße", "strae"), ("Яблоко", "яблоко", ""),
])
def test_other_characters_are_kept_unless_only_ascii_is_wanted(text, kept, ascii_only):
    assert fold(text) == kept
    assert fold(text, ascii_only=True) == ascii_only


@given(st.text())
def test_a_fold_is_ascii_when_asked_and_folding_again_changes_nothing(text):
    ascii_text = fold(text, ascii_only=True)
    assert ascii_text.isascii() and fold(ascii_text, ascii_only=True) == ascii_text
    assert fold(fold(text)) == fold(text)


@given(st.text(alphabet="abcçdefgğhıijklmnoöprsştuüvyzâîûABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ 0-9"))
def test_on_turkish_text_both_folds_agree(text):
    assert fold(text) == fold(text, ascii_only=True)


@given(st.text())
def test_exercise_feedback_search_and_heading_ids_fold_with_the_one_function(text):
    assert ascii_folded(text) == fold(text, ascii_only=True)
    assert stems.fold is fold
    assert slugify(text) == "-".join(
        "".join(c if c.isascii() and c.isalnum() else " " for c in fold(text, ascii_only=True))
        .split())


def test_heading_ids_and_search_stems_are_the_folded_words():
    assert slugify("Kuyruğa Konan İş: Özet") == "kuyruga-konan-is-ozet"
    assert stems.word_stems(["Kuyruğa"]) == {"kuyruga": "kuyruk"}
