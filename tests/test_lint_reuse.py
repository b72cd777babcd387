"""A lesson linted again with the same bytes under the same definition is not read again (the
preview lints after every save); any change to either lints it anew."""

from pathlib import Path

import pytest

from checks.linter.lint import lint
from course_copies import LESSON, copy_course, edit_notebook


@pytest.fixture
def course(tmp_path: Path) -> Path:
    return copy_course(tmp_path, only=(LESSON,))


def rules(findings) -> list[str]:
    return [finding.rule for finding in findings]


def test_an_unchanged_lesson_is_reused_and_a_changed_one_linted_anew(course):
    findings, first = lint(course)
    _, again = lint(course)
    assert findings == [] and first is not None and again is not None
    assert again.lessons[0] is first.lessons[0]
    edit_notebook(course / "lessons" / LESSON, lambda nb: nb["cells"].pop(0))
    findings, _ = lint(course)
    assert "front-matter" in rules(findings)


def test_a_lesson_is_linted_anew_when_the_definition_changes(course):
    lint(course)
    definition = course / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace('title = "', 'title = "Başka ', 1), encoding="utf-8")
    findings, _ = lint(course)
    assert "not-this-course" in rules(findings)
    definition.write_text(text, encoding="utf-8")
    assert lint(course)[0] == []


def test_only_the_last_course_linted_is_kept(course, tmp_path):
    """A process that lints many courses (the tests) holds one course's lessons, not all."""
    from checks.linter import lint as linter
    other = copy_course(tmp_path / "other", only=(LESSON,))
    lint(course)
    lint(other)
    assert set(linter._LINTED) == {other / "lessons" / LESSON}
