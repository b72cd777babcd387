"""The student tools' words (checks/words.py): one table a language, the same keys and format
fields in each, looked up in the language of the course the kernel works in."""

import string

import pytest

from checks import kernel_course
from checks.exercises.kinds import Feedback, Prediction, hint_line
from checks.words import FALLBACK, WORDS, words, words_in


def fields(text: str) -> set[tuple[str, str | None]]:
    """A template's format fields, each with its conversion (`!r`)."""
    return {(name, conversion) for _, name, _, conversion in string.Formatter().parse(text)
            if name is not None}


def test_every_language_has_the_same_keys_and_format_fields():
    first, *others = WORDS
    for language in others:
        assert list(WORDS[language]) == list(WORDS[first]), language
        for key, text in WORDS[first].items():
            assert fields(WORDS[language][key]) == fields(text), (language, key)


def test_the_words_that_tell_outcomes_apart_differ():
    for table in WORDS.values():
        assert len({table["right"], table["not_yet"], table["waiting"]}) == 3
        assert table["fewer"] != table["more"]  # a whole number's two assumptions
        assert table["show_answer"] != table["hide_answer"]


def test_the_english_words_hold_no_turkish_letter():
    turkish = set("çğıöşüÇĞİÖŞÜ")
    assert [key for key, text in WORDS["en"].items() if turkish & set(text)] == []


def test_a_language_without_words_takes_the_fallback():
    assert words_in("de") is WORDS[FALLBACK] == WORDS["en"]
    assert words_in("tr") is WORDS["tr"]


@pytest.fixture
def english(monkeypatch):
    """A kernel whose course is in English."""
    monkeypatch.setattr(kernel_course, "course_language", lambda: "en")


def test_this_courses_kernel_speaks_turkish():
    assert words() is WORDS["tr"]


def test_the_words_are_looked_up_when_the_tools_speak(english):
    assert words() is WORDS["en"]
    assert str(Feedback(True, "Compared.")) == "✔ Right. Compared."
    assert hint_line(("Look at the list.", "Count."), 1) == "Hint 2/2: Count."


@pytest.mark.parametrize("predicted, key", [(1, "fewer"), (9, "more")])
def test_a_whole_numbers_assumptions_are_keyed_in_the_courses_words(english, predicted, key):
    counted = Prediction("How many?", (), {"fewer": "Too few.", "more": "Too many."})
    assumption = counted.assumptions[key]
    assert counted.verdict(predicted, 4) == (f"✘ Your prediction: {predicted}. Measured: 4.\n"
                                             f"The assumption the measurement contradicts: "
                                             f"{assumption}")
    assert counted.verdict(4, 4) == "✔ Your prediction held: measured 4."


def test_turkish_keeps_az_and_cok():
    counted = Prediction("Kaç?", (), {"az": "Az.", "çok": "Çok."})
    assert counted.verdict(1, 4).endswith("Ölçümün çürüttüğü varsayım: Az.")
    assert counted.verdict(9, 4).endswith("Ölçümün çürüttüğü varsayım: Çok.")
