"""Turkish folding, one function for exercise feedback, search and heading ids."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checks.exercises.kinds import ascii_folded
from checks.folding import COMBINING_MARKS, fold, turkish_lower, turkish_sort_key
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
    assert stems.word_stems(["Kuyruğa"], "tr") == {"kuyruga": "kuyruk"}


def test_an_english_courses_stems_are_englishs_of_its_words_in_english_lower_case():
    """`INDEXING` in Turkish lower case is `ındexıng`, which no English stemmer shortens."""
    assert stems.word_stems(["INDEXING queues"], "en") == {"indexing": "index",
                                                          "queues": "queue"}
    assert stems.word_stems(["kuyruğa"], "xx") == {}  # no stemmer: each word is its own stem


@given(st.text())
def test_turkish_folding_folds_any_language_as_its_own_lower_case_would(text):
    """With ı read as i, Turkish lower case folds as Unicode's does: one fold, search.js's too,
    serves a course in any language."""
    plain = COMBINING_MARKS.sub("", unicodedata.normalize("NFD", text.lower().replace("ı", "i")))
    assert fold(text) == plain
