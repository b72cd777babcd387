"""Sections and the figures their prose cites, which decide where claim cells are needed."""

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from checks.sections import cited_figures, sections


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
