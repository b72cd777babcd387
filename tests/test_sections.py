"""Sections and the figures their prose cites, which decide where claim cells are needed; the
sections every lesson has, titled as its course says."""

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from checks.linter.lint import lint_course
from checks.sections import cited_figures, sections
from course_copies import LESSON, copy_course, set_sections


def notebook(*cells):
    return new_notebook(cells=list(cells))


def test_level_two_headings_start_sections_and_code_belongs_to_the_open_one():
    found = sections(notebook(
        new_markdown_cell("# Başlık\n\nGiriş."),
        new_markdown_cell("## Ölçüm\n\nMetin.\n\n### Alt başlık\n\nDaha."),
        new_code_cell("print(1)"),
        new_markdown_cell("## Özet"),
    ))
    assert [(s.title, s.cell, s.code_cells) for s in found] == [
        ("", 0, []), ("Ölçüm", 1, [2]), ("Özet", 3, [])]


def test_figures_are_numbers_in_prose_but_not_in_code_headings_or_labels():
    (_, section) = sections(notebook(new_markdown_cell(
        "## Ölçüm 2\n\nYanıt anında 0 üretildi, kuyrukta 1'dir; `201` ve US2, M08/K04 sayılmaz.\n\n"
        "```\nprint(3)\n```\n\n| a | b |\n|---|---|\n| 7 | x |")))
    assert [figure for _, figure in cited_figures(section)] == ["0", "1", "7"]


ENGLISH = ("Summary", "Check Yourself", "Next Step")
STRUCTURE = ("missing-section", "claims-missing")  # the rules that read the sections' titles


def findings(root) -> list[str]:
    return [finding.message for finding in lint_course(root) if finding.rule in STRUCTURE]


def test_an_english_course_requires_the_english_section_titles(tmp_path):
    """Lesson 03's exercises cite figures, which the exercises section, and it alone, may
    cite with no claim cell: it is known by its English title too."""
    course = set_sections(copy_course(tmp_path, only=("03-ara-katman.ipynb",)),
                          ("Özet", "Kendini Sına", "Sonraki Adım"), language="en")
    found = findings(course)
    assert found[:3] == [f"required section '## {title}' is missing" for title in ENGLISH]
    assert len(found) == 4 and found[3].startswith("section 'Kendini Sına' cites the figure")
    set_sections(course, ENGLISH, language="en")
    assert findings(course) == []


def test_a_course_in_a_language_the_toolkit_has_no_titles_for_requires_the_english_ones(
        tmp_path):
    course = set_sections(copy_course(tmp_path, only=(LESSON,)),
                          ("Özet", "Kendini Sına", "Sonraki Adım"), language="de")
    assert findings(course) == [f"required section '## {title}' is missing" for title in ENGLISH]


def test_a_sections_table_in_course_toml_sets_the_titles_over_the_languages(tmp_path):
    course = copy_course(tmp_path, only=(LESSON,))
    definition = course / "course" / "course.toml"
    definition.write_text(definition.read_text(encoding="utf-8")
                          + '\n[sections]\nnext_step = "Sırada Ne Var"\n', encoding="utf-8")
    assert findings(course) == ["required section '## Sırada Ne Var' is missing"]
    set_sections(course, ("Özet", "Kendini Sına", "Sırada Ne Var"))
    assert lint_course(course) == []
