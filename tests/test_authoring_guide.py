"""The authoring guide documents every rule the linter can report."""

from pathlib import Path

import pytest

from checks.lint import COURSE_RULES, LESSON_RULES
from checks.markers import PEER_TAGS, REQUIRED_SECTIONS, TAGS
from checks.rules_front_matter import KNOWN_LICENSES

GUIDE = (Path(__file__).parents[1] / "course" / "AUTHORING.md").read_text(encoding="utf-8")
FILE_RULES = ("course-definition", "lesson-file", "not-json", "not-nbformat-v4", "invalid-notebook",
              "front-matter")


@pytest.mark.parametrize("rule", [r.id for r in COURSE_RULES + LESSON_RULES] + list(FILE_RULES))
def test_every_rule_id_is_in_the_guide(rule):
    assert f"`{rule}`" in GUIDE


@pytest.mark.parametrize("term", [*TAGS, *PEER_TAGS, *REQUIRED_SECTIONS, *KNOWN_LICENSES])
def test_every_tag_section_and_license_is_in_the_guide(term):
    assert term in GUIDE
