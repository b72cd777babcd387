"""A link in a lesson's prose to another lesson's notebook goes, on the site, to that lesson's
page: JupyterLab and the lite site open the notebook, the site its page."""

import re

import pytest

from checks.linter.lint import LESSON_NAME
from course_copies import LESSON, edit_notebook, lessons_in_order, source
from publish.prose import Outline, render_markdown
from publish.site import build_site
from site_courses import SECOND

PAGE = LESSON.replace(".ipynb", ".html")


def hrefs(markdown: str) -> list[str]:
    return re.findall(r'<a href="([^"]*)"', render_markdown(markdown, Outline()))


@pytest.mark.parametrize("lesson", lessons_in_order())
def test_a_link_to_each_lesson_of_the_course_goes_to_its_page(lesson):
    page = lesson.removesuffix(".ipynb") + ".html"
    assert hrefs(f"[Sonraki ders]({lesson})") == [page]
    assert hrefs(f"[Sonraki ders]({lesson}#kendini-sina)") == [f"{page}#kendini-sina"]


@pytest.mark.parametrize("target", [
    "https://example.org/01-kuyruklar-ve-isler.ipynb",  # elsewhere: left as it is
    "notlar.ipynb", "taslak/01-kuyruklar-ve-isler.ipynb", "../01-kuyruklar-ve-isler.ipynb",
    "01-kuyruklar-ve-isler.ipynb?v=2", "01-kuyruklar-ve-isler.md", "01-Kuyruklar.ipynb",
])
def test_a_link_to_anything_but_a_lessons_notebook_is_left_alone(target):
    assert hrefs(f"[bağlantı]({target})") == [target]


def test_a_fragment_keeps_its_letters_as_the_link_wrote_them():
    """markdown-it escapes a fragment's Turkish letters; the browser reads them back."""
    [href] = hrefs("[bak](01-kuyruklar-ve-isler.ipynb#Modelin-sınırları)")
    assert href == "01-kuyruklar-ve-isler.html#Modelin-s%C4%B1n%C4%B1rlar%C4%B1"


@pytest.mark.parametrize("name", [*lessons_in_order(), "00-a.ipynb", "1-a.ipynb",
                                  "01-A.ipynb", "01-a-.ipynb", "01-a_b.ipynb", "01-.ipynb"])
def test_the_site_takes_for_a_lesson_what_the_linter_names_a_lesson(name):
    assert (hrefs(f"[x]({name})") != [name]) == bool(LESSON_NAME.match(name))


def link_the_next_lesson(notebook: dict) -> None:
    cell = next(cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"
                and source(cell).startswith("## Sonraki Adım"))
    cell["source"] = source(cell) + f"\n\nSıradaki ders: [İkinci Ders]({SECOND}#kendini-sina)."


def test_the_built_page_links_the_next_lessons_page_and_its_section(course, tmp_path):
    edit_notebook(course / "lessons" / LESSON, link_the_next_lesson)
    out = build_site(course, tmp_path / "site").out
    html = (out / PAGE).read_text(encoding="utf-8")
    target = SECOND.replace(".ipynb", ".html")
    assert re.search(rf'<a href="{target}#kendini-sina"[^>]*>İkinci Ders</a>', html)
    assert SECOND not in html
    assert 'id="kendini-sina"' in (out / target).read_text(encoding="utf-8")
