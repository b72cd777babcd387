"""Lesson 02's explorer prompts: each change they ask the student to predict changes what
the explorer shows, and what it shows then is what the kernel says."""

import json
from pathlib import Path

import pytest

from kasif.ders02 import DINLEYICILER, dinleyici_kasifi
from test_kasif import controls, tables

LESSON = Path(__file__).parent.parent / "lessons" / "02-olaylar-ve-dinleyiciler.ipynb"


def shown_after(changes: dict[str, str]) -> tuple[dict[str, str], list[str], list[str]]:
    """The classes, the effects and the check's rows after the prompt's changes."""
    panel = dinleyici_kasifi()
    for dropdown in controls(panel):
        dropdown.value = changes.get(dropdown.description, dropdown.value)
    classes, effects, check = tables(panel)
    return ({row[0]: row[1] for row in classes[1:]}, [row[0] for row in effects[1:]],
            [row[0] for row in check[1:]])


def test_the_prompts_name_the_explorers_listeners_and_ask_before_trying():
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    (prompt,) = ["".join(c["source"]) for c in cells
                 if "".join(c["source"]).startswith("## Kaşif:")]
    assert "Her denemeden önce" in prompt and prompt.count("?") >= 3
    assert all(f"`{name}`" in prompt for name in DINLEYICILER)


@pytest.mark.parametrize("changes,expected", [
    ({"arama": "durduran"},  # eposta's class, the effects the worker writes
     lambda classes, effects, _: classes["eposta"] == "atlandı" and effects == ["arama: yazı 7"]),
    ({"eposta": "durduran"},  # rapor stopped, arama before it untouched
     lambda classes, _, __: classes["rapor"] == "atlandı" and classes["arama"] == "koştu"),
    ({"bildirim": "eşzamanlı"},  # the check empties
     lambda _, __, check: check == ["—"]),
    ({"rapor": "yanlış adla"},  # rapor's effect lost, the check shows it
     lambda _, effects, check: "rapor: yazı 7" not in effects
     and any(row.startswith("rapor ← ") for row in check)),
])
def test_each_prompted_change_changes_what_the_prompt_asks_about(changes, expected):
    before, after = shown_after({}), shown_after(changes)
    assert after != before and expected(*after)
    assert not expected(*before)
