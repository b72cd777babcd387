"""The reference pages: the glossary (Turkish order, terms linked both ways), every lesson's key
points, and the instructor's pages, linked from the learner's pages in one place only."""

import re
import tomllib

import pytest

from checks.glossary import read_glossary
from course_copies import LESSON, lessons_in_order
from publish.site import build_site
from publish.strings import STRINGS
from test_site_pages import Links, page_text

PAGE = LESSON.replace(".ipynb", ".html")
# Terms of the course's glossary as a Turkish dictionary orders them, written out: ç after c, ğ
# after g, ı (and I) before i, ö after o, ş after s, ü after u; case, spaces and code marks are
# not read.
TURKISH_ORDER = ("bağlam", "`BakimdaAtla`", "`basarisiz_deneme`", "başarısız işler listesi",
                 "`calistir()`", "çoğaltma", "geri basmak", "geri bırakmak", "geri çağırma",
                 "geri çekilme", "gömülmek", "göndermek", "hız sınırı", "hız sınırlayıcı",
                 "`HizSiniriAsildi`", "`IceAktarmaIsi`", "ileti", "iş", "iş çalma", "işçi",
                 "işleyici", "iş parçacığı", "kısa devre", "kilidin ömrü", "kilit", "olay",
                 "olay döngüsü", "ölü mektup kutusu", "sıralı kuyruk", "silme", "`sonraki`",
                 "standart kuyruk", "sürücü", "tüketici", "uçuştaki ileti", "uyandırıcı",
                 "uzun yoklama", "yönlendirme politikası", "yürütücü", "zaman aşımı")


def built(course, tmp_path, instructor: bool = False):
    return build_site(course, tmp_path / "site", instructor=instructor).out


def test_the_glossary_lists_every_term_in_turkish_order_linked_to_its_lessons(course, tmp_path):
    out = built(course, tmp_path)
    html = (out / "glossary.html").read_text(encoding="utf-8")
    entries = read_glossary(course)
    anchors = re.findall(r'<dt id="([^"]+)">', html)
    by_anchor = {entry.anchor: entry for entry in entries}
    assert sorted(anchors) == sorted(by_anchor)
    terms = [by_anchor[anchor].term for anchor in anchors]
    assert set(TURKISH_ORDER) - set(terms) == set()  # a term written out here left the glossary
    assert [term for term in terms if term in TURKISH_ORDER] == list(TURKISH_ORDER)
    for entry in entries:  # the introducing lesson comes first among its links
        block = html.split(f'<dt id="{entry.anchor}">', 1)[1].split("</dd>", 1)[0]
        first = re.search(r'<a href="([^"]+)">', block)
        assert first is not None and first[1] == entry.lesson.replace(".ipynb", ".html")


def test_a_marked_term_in_a_lesson_links_to_its_entry_on_the_glossary_page(course, tmp_path):
    out = built(course, tmp_path)
    ids = Links((out / "glossary.html").read_text(encoding="utf-8")).ids
    linked = [href for name in lessons_in_order()
              for tag, attr, href in Links((out / name.replace(".ipynb", ".html"))
                                           .read_text(encoding="utf-8")).references
              if href.startswith("glossary.html#")]
    assert len(linked) >= len(read_glossary(course))
    assert [href for href in linked if href.removeprefix("glossary.html#") not in ids] == []
    assert not any("glossary.yaml" in href for name in lessons_in_order()
                   for _, _, href in Links((out / name.replace(".ipynb", ".html"))
                                           .read_text(encoding="utf-8")).references)


def test_the_key_points_page_has_every_lessons_summary_in_course_order(course, tmp_path):
    out = built(course, tmp_path)
    html = (out / "key-points.html").read_text(encoding="utf-8")
    pages = re.findall(r'<h2 id="_\d+"><a href="([^"]+)">', html)
    order = tomllib.loads((course / "course" / "course.toml").read_text(encoding="utf-8"))
    assert pages == [name.replace(".ipynb", ".html") for name in order["lessons"]]
    assert "Özet" not in page_text(html.split("<h2", 1)[1])  # the headings are the lessons'
    assert "ertelendi" in page_text(html)
    assert "Eğitmen notu" not in html  # a summary's instructor note stays on the instructor page
    folds = [fold.split("</details>")[0]
             for fold in html.split('<details class="folded discussion">')[1:]]
    assert len(folds) == len(pages)  # each lesson's summary waits for its predictions
    assert all(f'>{STRINGS["tr"]["show_section"]}</summary>' in fold for fold in folds)
    assert "ertelendi" in page_text(folds[1])


def test_the_instructor_page_lists_timing_exercises_with_kinds_and_predictions(course, tmp_path):
    out = built(course, tmp_path, instructor=True)
    text = page_text((out / "instructor.html").read_text(encoding="utf-8"))
    assert "01-akibetler" in text and "çalışan kodu değiştirme" in text
    assert re.search(r"anlatım \d+ dk, alıştırmalar \d+ dk", text)
    assert "01-" in text and "Tahminler" in text


@pytest.mark.parametrize("instructor", [True, False], ids=["instructor", "public"])
def test_only_a_lessons_foot_links_to_the_instructor_pages(course, tmp_path, instructor):
    """In the instructor's build; the public one has no instructor's page, and no link."""
    out = built(course, tmp_path, instructor)
    assert any(out.glob("instructor*")) == instructor
    for page in sorted(out.glob("*.html")):
        links = [href for _, _, href in Links(page.read_text(encoding="utf-8")).references
                 if href.startswith("instructor")]
        if page.name.startswith("instructor"):
            continue
        expected = [f"instructor-{page.name}"] if instructor and re.match(r"\d\d-",
                                                                            page.name) else []
        assert links == expected, page.name
