"""The feedback pages (grading/feedback.py): a page per student in the course's language, and the
instructor's index of the class."""

import html
import re
import string

import pytest

from grading.export import LessonOutline
from grading.feedback import (INDEX, FeedbackError, feedback_pages, page_name, page_names,
                              write_feedback)
from grading.results import (EXERCISE, MADE, PREDICTION, RIGHT, UNANSWERED, WRONG, ItemGrade,
                             LessonGrade, Unplaced)
from grading.words import WORDS

FEEDBACK = "✘ Henüz değil.\n  1. satırınız tutmuyor: '<script>alert(1)</script>'\n\nİpucu: say."
OUTLINE = [LessonOutline("00-ders", "Giriş & <ilk> ders", ("00-a", "00-b", "00-c"),
                         ("00-t", "00-u")),
           LessonOutline("01-ders", "Kuyruklar", ("01-a",), ("01-t",))]
ALI = [LessonGrade("ali", "00-ders", "ali/00-ders.ipynb", "aa" * 32, (
    ItemGrade("00-a", EXERCISE, RIGHT, "✔ Doğru.", answer="CEVAP-A = 3"),
    ItemGrade("00-b", EXERCISE, WRONG, FEEDBACK, answer="CEVAP-B <b>kalın</b>"),
    ItemGrade("00-t", PREDICTION, MADE)), failure="Defter 12. hücrede durdu: <TimeoutError>",
    flags=("3. kod hücresi hata verdi: <NameError>", "4. kod hücresi notlamaya uzanıyor: x"))]
AYSE = [LessonGrade("ayşe", "01-ders", "ayşe/01-ders.ipynb", "bb" * 32, (
    ItemGrade("01-a", EXERCISE, UNANSWERED, "… Cevap bekleniyor."),))]
CLASS = {"ali": ALI, "ayşe": AYSE}


def text_of(page: str) -> str:
    """The page's text, as a reader sees it (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_a_students_page_shows_each_verdict_and_the_feedback_verbatim():
    page = feedback_pages(CLASS, OUTLINE, "tr")["ali.html"]
    assert '<html lang="tr">' in page
    assert "Giriş &amp; &lt;ilk&gt; ders" in page
    assert re.search(r'<li class="right"><span class="verdict">✔ doğru</span> <code>00-a</code>',
                     page)
    assert '<li class="wrong"><span class="verdict">✘ yanlış</span> <code>00-b</code>' in page
    assert f'<pre class="feedback">\n{html.escape(FEEDBACK, quote=False)}</pre>' \
        .replace("'", "&#39;") in page
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "Defter 12. hücrede durdu: &lt;TimeoutError&gt;" in page
    assert "1/2 ders gönderildi · 1/4 alıştırma doğru · 1/3 tahmin yapıldı" in text_of(page)


def test_what_the_submission_lacked_shows_as_no_answer_or_not_made():
    page = feedback_pages(CLASS, OUTLINE, "tr")["ali.html"]
    assert '<li class="unanswered"><span class="verdict">… cevap yok</span> <code>00-c</code>' \
        in page
    assert '<li class="made"><span class="verdict">✔ yapıldı</span> <code>00-t</code>' in page
    assert '<li class="not-made"><span class="verdict">… yapılmadı</span> <code>00-u</code>' \
        in page
    assert "Kuyruklar" not in page  # a lesson not submitted has no section


def test_answers_show_only_when_asked_for():
    without = text_of(feedback_pages(CLASS, OUTLINE, "tr")["ali.html"])
    with_answers = feedback_pages(CLASS, OUTLINE, "tr", with_answers=True)["ali.html"]
    assert "CEVAP" not in without
    assert "CEVAP-A = 3" in text_of(with_answers)
    assert "CEVAP-B &lt;b&gt;kalın&lt;/b&gt;" in with_answers


def test_the_pages_speak_english_for_an_english_course():
    pages = feedback_pages(CLASS, OUTLINE, "en")
    assert '<html lang="en">' in pages["ayşe.html"]
    assert "… no answer" in pages["ayşe.html"] and "… Cevap bekleniyor." in pages["ayşe.html"]
    assert "The class's grades" in text_of(pages[INDEX])
    assert not set("çğıöşüÇĞİÖŞÜ") & set("".join(WORDS["en"].values()))


def test_a_course_in_another_language_reads_english_words_and_its_own_titles():
    page = feedback_pages(CLASS, OUTLINE, "de")["ali.html"]
    assert '<html lang="en">' in page and '<h2 lang="de">Giriş' in page


def test_every_language_has_the_same_words_and_format_fields():
    def fields(text: str) -> set[str | None]:
        return {name for _, name, _, _ in string.Formatter().parse(text)}
    first, *others = WORDS
    for language in others:
        assert list(WORDS[language]) == list(WORDS[first])
        for key, text in WORDS[first].items():
            assert fields(WORDS[language][key]) == fields(text), (language, key)


def test_the_index_lists_each_student_with_totals_and_the_unplaced_files():
    unplaced = [Unplaced("kim/notlar.ipynb", None, "Hangi derse ait? <bilinmiyor>")]
    index = feedback_pages(CLASS, OUTLINE, "tr", unplaced)[INDEX]
    assert '<a href="ali.html">ali</a></th><td>1/2</td><td>1/4</td><td>1/3</td><td>1</td>' \
        '<td>2</td>' in index  # one notebook not graded wholly, two things to look at
    assert '<a href="ay%C5%9Fe.html">ayşe</a></th><td>1/2</td><td>0/4</td><td>0/3</td><td>0' \
        '</td><td>0</td>' in index
    assert "Hangi derse ait? &lt;bilinmiyor&gt;" in index


@pytest.mark.parametrize("student, name", [
    ("ali", "ali.html"), ("ayşe.yılmaz@okul", "ayşe.yılmaz@okul.html"),
    ("a/b", "a%2Fb.html"), ("..", "%2E..html"),
    ("../../etc/passwd", "%2E.%2F..%2Fetc%2Fpasswd.html"),
    (".gizli", "%2Egizli.html"), ("index", "%69ndex.html"), ("Index", "%49ndex.html"),
    ("a b\\c%", "a_b%5Cc%25.html"), ("satır\nsonu", "satır%0Asonu.html"),
    ("Çağla Öztürk", "Çağla_Öztürk.html")])
def test_a_students_id_becomes_a_safe_file_name(student, name):
    assert page_name(student) == name


def test_unsafe_ids_are_written_inside_the_folder_and_linked(tmp_path):
    grade = AYSE[0]
    grades = {student: [LessonGrade(student, grade.lesson, grade.source, grade.sha256)]
              for student in ("../dışarı", ".gizli", "index", "a/b")}
    written = write_feedback(tmp_path / "feedback", grades, OUTLINE, "tr")
    assert sorted(path.name for path in (tmp_path / "feedback").iterdir()) == sorted(
        path.name for path in written) == ["%2E.%2Fdışarı.html", "%2Egizli.html", "%69ndex.html",
                                           "a%2Fb.html", INDEX]
    assert [path.name for path in tmp_path.iterdir()] == ["feedback"]
    assert 'href="%2569ndex.html"' in (tmp_path / "feedback" / INDEX).read_text()


@pytest.mark.parametrize("students, message", [
    (("Ali", "ali"), "would have one page, 'ali.html'"),
    (("Çağla Öztürk", "Çağla_Öztürk"), "would have one page, 'Çağla_Öztürk.html'"),
    (("",), "empty"), (("ş" * 200,), "too long")])
def test_ids_that_cannot_name_a_page_write_nothing(tmp_path, students, message):
    grades = {student: AYSE for student in ("zeynep", *students)}
    with pytest.raises(FeedbackError, match=message):
        write_feedback(tmp_path / "feedback", grades, OUTLINE, "tr")
    assert not (tmp_path / "feedback").exists()


def test_different_ids_get_different_names():
    ids = ["a/b", "a%2Fb", "a%2fb", ".x", "%2Ex", "index", "%69ndex", "i", "İ", "x.html"]
    assert len({page_name(student) for student in ids}) == len(ids)
    with pytest.raises(FeedbackError, match="'a%2Fb' and 'a%2fb' would have one page"):
        page_names(ids)


def test_pages_are_replaced_whole(tmp_path):
    folder = tmp_path / "feedback"
    write_feedback(folder, CLASS, OUTLINE, "tr")
    write_feedback(folder, {"ali": ALI}, OUTLINE, "en")
    assert "Feedback: ali" in (folder / "ali.html").read_text()
    assert not [path for path in folder.iterdir() if path.name.startswith(".")]


def test_the_page_is_self_contained():
    page = feedback_pages(CLASS, OUTLINE, "tr")["ali.html"]
    assert "<style>" in page and "--right" in page
    assert not re.search(r'<(link|script|img)\b|src=|@import', page)


def test_a_students_page_lists_what_the_instructor_should_look_at():
    page = text_of(feedback_pages(CLASS, OUTLINE, "tr")["ali.html"])
    assert "Eğitmenin bakması gerekenler:" in page
    assert "3. kod hücresi hata verdi: <NameError>" in page
    assert "Eğitmenin bakması" not in text_of(feedback_pages(CLASS, OUTLINE, "tr")["ayşe.html"])
