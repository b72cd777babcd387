"""What the pages show, and what they leave out."""

import datetime
import html as entities
import json
import re
import sys
import tomllib
import unicodedata
from html.parser import HTMLParser
from itertools import groupby
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape

from site_courses import SECOND, course_with_second, read_index, read_search_index
from course_copies import LESSON, ROOT, edit_notebook, source, tagged
from checks.markers import NOTEBOOK_ONLY, WIDGET_VIEW
from publish.inputs import DEFAULTS
from publish.pages import LessonInfo
from publish.site import build_site
from publish.student import GLOSSARY_NAME, student_notebook

PAGE = LESSON.replace(".ipynb", ".html")


class Links(HTMLParser):
    """The ids a page defines and every address it refers to, by tag and attribute."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.references: list[tuple[str, str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        for name, value in attrs:
            if name == "id":
                self.ids.add(value)
            if name in ("href", "src", "action"):
                self.references.append((tag, name, value))


def page_text(html: str) -> str:
    return entities.unescape(re.sub(r"<[^>]+>", "", html))


def lesson_notebook() -> dict:
    return json.loads((ROOT / "lessons" / LESSON).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The `course` fixture's course, unchanged, and its site: built once for the tests that
    only read them."""
    course = course_with_second(tmp_path_factory.mktemp("pages") / "course-copy")
    return course, build_site(course, course.parent / "site").out


def test_index_lists_the_lessons_in_order_with_objectives(built):
    _, out = built
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Kuyruklar ve Arka Plan İşleri" in html and "CC BY-SA 4.0" in html
    assert html.index(f'href="{PAGE}"') < html.index('href="02-ikinci-ders.html"')
    assert "Bir işin yanıtı bekletip bekletmediğini" in html


def test_the_index_numbers_each_lesson_as_its_file_does(built):
    """The files and the prose say lesson 01, 02; the list says so too, not 1., 2."""
    index = (built[1] / "index.html").read_text(encoding="utf-8")
    for page in (PAGE, "02-ikinci-ders.html"):
        assert (f'<li class="numbered">\n    <h3><a href="{page}"><span class="lesson-number">'
                f'{page.split("-")[0]}</span> ') in index


@pytest.mark.parametrize(("page", "number"), [("00-giris.html", "00"), ("7_son.html", "7"),
                                              ("giris.html", None), ("2026.html", None)])
def test_a_lessons_number_is_the_one_its_file_name_starts_with(page, number):
    info = LessonInfo(page, "", "", [], datetime.date(2026, 1, 1), "", None)
    assert info.number == number


def test_lesson_page_shows_front_matter_prose_code_and_outputs(built):
    html = (built[1] / PAGE).read_text(encoding="utf-8")
    assert "<h1>Kuyruklar ve İşler</h1>" in html and html.count("<h1") == 1
    assert '<time datetime="2026-11-30">30 Kasım 2026</time>' in html
    assert '<pre class="highlight"><code><span class="kn">import</span>' in html
    first_print = next("".join(out["text"]) for cell in lesson_notebook()["cells"]
                       for out in cell.get("outputs", []) if out.get("name") == "stdout")
    assert f'<pre class="output stream stdout">{escape(first_print)}' in html
    assert 'href="notebooks/01-kuyruklar-ve-isler.ipynb" download' in html
    assert '<a rel="next" href="02-ikinci-ders.html">' in html


def test_an_updated_date_time_shows_its_day(course, tmp_path):
    def change(notebook):
        front = "".join(notebook["cells"][0]["source"])
        notebook["cells"][0]["source"] = front.replace(
            "updated: '2026-11-30'", "updated: 2026-09-13T05:09:28+00:00")
    edit_notebook(course / "lessons" / LESSON, change)
    html = (build_site(course, tmp_path / "site").out / PAGE).read_text(encoding="utf-8")
    assert '<time datetime="2026-09-13">13 Eylül 2026</time>' in html


def test_claims_are_left_out_and_exercises_carry_a_note(built):
    _, out = built
    html = (out / PAGE).read_text(encoding="utf-8")
    cells = lesson_notebook()["cells"]
    claims = [source(cell) for cell in cells if tagged("claim")(cell)]
    exercises = [cell for cell in cells if tagged("exercise")(cell)]
    shown = [source(cell) for cell in cells if cell["cell_type"] == "code" and not
             cell.get("metadata", {}).get("tags")]
    assert claims and exercises and shown
    text = page_text(html)
    assert all(code in text for code in shown)
    assert not [code for code in claims if code in text]
    assert html.count('<div class="exercise" role="group"') == len(exercises)
    assert html.count("JupyterLab&#39;de defterin içinde çözün") == len(exercises)
    questions = ["".join(out["text"]) for cell in exercises for out in cell["outputs"]
                 if "text" in out]
    assert questions and all(str(escape(question)) in html for question in questions)
    outputs = [out for cell in cells for out in cell.get("outputs", [])]
    widgets = [out for out in outputs if WIDGET_VIEW in out.get("data", {})]
    buttons = [out for out in widgets if out.get("metadata", {}).get(NOTEBOOK_ONLY)]
    assert "VBox(" not in html and "İpucu ve cevap düğmeleri" not in html
    assert html.count('class="output widget note"') == len(widgets) - len(buttons) > 0
    checks = [cell for cell in exercises if "kontrol(" in source(cell)]
    assert len(buttons) == len(checks) > 0  # each check's hint and answer buttons, left out
    predictions = [cell for cell in cells if "tahmin_et(" in source(cell)]  # the question first
    assert html.count('<div class="output markdown question"><p><strong>Tahmin edin.</strong>') \
        == len(predictions) >= 3


def test_the_download_is_the_student_notebook(built):
    course, out = built
    download = (out / "notebooks" / LESSON).read_bytes()
    assert download == student_notebook(nbformat.read(course / "lessons" / LESSON,
                                                      as_version=4))
    cells = json.loads(download)["cells"]
    assert [cell for cell in cells if tagged("claim")(cell) or cell.get("outputs")] == []
    assert (out / "notebooks" / GLOSSARY_NAME).read_bytes() == \
        (course / "course" / "glossary.yaml").read_bytes()


INSTRUCTORS_NOTE = "Eğitmene not: bu hücre öğrenciye gitmez."


def add_instructor_cell(notebook: dict) -> None:
    """A prose cell for instructors only."""
    notebook["cells"].insert(3, {"cell_type": "markdown", "id": "egitmene",
                                 "source": INSTRUCTORS_NOTE,
                                 "metadata": {"tags": ["instructor", "remove-cell"]}})


def test_instructor_notes_are_on_the_instructor_page_not_the_download_or_the_learners(
        course, tmp_path):
    edit_notebook(course / "lessons" / LESSON, add_instructor_cell)
    out = build_site(course, tmp_path / "site", instructor=True).out
    download = json.loads((out / "notebooks" / LESSON).read_text(encoding="utf-8"))
    assert [cell for cell in download["cells"] if tagged("instructor")(cell)] == []
    assert INSTRUCTORS_NOTE not in json.dumps(download, ensure_ascii=False)
    assert INSTRUCTORS_NOTE not in page_text((out / PAGE).read_text(encoding="utf-8"))
    assert len(download["cells"]) == len([cell for cell in lesson_notebook()["cells"]
                                          if not tagged("instructor")(cell)
                                          and not tagged("claim")(cell)])
    instructors = (out / f"instructor-{PAGE}").read_text(encoding="utf-8")
    assert '<div class="instructor-note" role="note"' in instructors
    assert INSTRUCTORS_NOTE in page_text(instructors)


def test_with_a_lite_site_the_note_for_a_form_or_an_explorer_points_to_it(course, tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr("publish.lite.site.lite_files",
                        lambda root, notebooks: {"lite/index.html": b"<p>lite</p>"})
    plain = (build_site(course, tmp_path / "plain").out / PAGE).read_text(encoding="utf-8")
    lite = (build_site(course, tmp_path / "lite", lite=True).out / PAGE).read_text(
        encoding="utf-8")
    notes = plain.count('class="output widget note"')
    assert notes > 0 and lite.count('class="output widget note"') == notes
    pointer = "“Tarayıcıda çalıştır” bağlantısıyla tarayıcıda"
    assert plain.count(pointer) == 0 and lite.count(pointer) == notes
    assert '<p class="download run-needs-server" hidden>' in lite
    assert '<script src="assets/lite-link.js"></script>' in lite
    assert "run-needs-server" not in plain and "lite-link.js" not in plain


NOT_IN_BROWSER = "Gerçek süreçler başlatır (`redis-server`); tarayıcı süreç başlatamaz."


def not_in_browser(notebook: dict) -> None:
    front = source(notebook["cells"][0])
    notebook["cells"][0]["source"] = front.replace(
        "license:", f"not_in_browser: {json.dumps(NOT_IN_BROWSER, ensure_ascii=False)}\nlicense:")


def link_to_second(notebook: dict) -> None:
    """The next step links the second lesson, its title over two lines."""
    cell = next(cell for cell in notebook["cells"] if source(cell).startswith("## Sonraki Adım"))
    cell["source"] = source(cell) + f"\n\nSıradaki ders: [**İkinci\nDers**]({SECOND})."


def test_a_lesson_not_in_the_browser_is_left_out_of_the_lite_site_and_its_page_says_why(
        small_course, tmp_path, monkeypatch):
    edit_notebook(small_course / "lessons" / SECOND, not_in_browser)
    edit_notebook(small_course / "lessons" / LESSON, link_to_second)
    given = {}

    def lite_files(root, notebooks):  # JupyterLite's build, stood in for
        given.update(notebooks)
        return {"lite/index.html": b"<p>lite</p>"}
    monkeypatch.setattr("publish.lite.site.lite_files", lite_files)
    out = build_site(small_course, tmp_path / "lite", lite=True).out
    assert sorted(given) == [LESSON, GLOSSARY_NAME]

    second = (out / SECOND.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert 'href="lite/' not in second and "lite-link.js" not in second
    assert "run-needs-server" not in second and "“Tarayıcıda çalıştır”" not in second
    assert ('<p class="download not-in-browser"><span>Bu ders tarayıcıda çalışmaz:</span> '
            f"{escape(NOT_IN_BROWSER)}</p>") in second
    assert f'href="lite/lab/index.html?path={LESSON}"' in (out / PAGE).read_text(encoding="utf-8")

    lite_prose = "".join(source(cell) for cell in json.loads(given[LESSON])["cells"])
    assert f"]({SECOND}" not in lite_prose
    assert ("Sıradaki ders: **İkinci\nDers** (Bu ders tarayıcıda çalışmaz: Gerçek süreçler "
            "başlatır (\\`redis-server\\`); tarayıcı süreç başlatamaz.).") in lite_prose
    download = (out / "notebooks" / LESSON).read_text(encoding="utf-8")
    assert f"]({SECOND})" in download  # the student's own copy holds the lesson

    plain = build_site(small_course, tmp_path / "plain").out
    assert "not-in-browser" not in (plain / SECOND.replace(".ipynb", ".html")).read_text(
        encoding="utf-8")


def test_table_of_contents_links_resolve_to_headings(built):
    html = (built[1] / PAGE).read_text(encoding="utf-8")
    toc = html[html.index('<nav class="toc"'):html.index("</nav>")]
    targets = re.findall(r'href="#([^"]+)"', toc)
    assert "olcum-cekirdegi" in targets and "kendini-sina" in targets
    assert set(targets) <= Links(html).ids


def test_every_reference_stays_inside_the_site(built):
    _, out = built
    for page in out.glob("*.html"):
        for tag, _attribute, value in Links(page.read_text(encoding="utf-8")).references:
            if value.startswith(("#", "data:")):
                continue
            assert tag == "a" or "://" not in value, (page.name, tag, value)
            if "://" not in value:
                assert (out / value.split("#")[0].split("?")[0]).exists(), (page.name, value)


def test_the_same_input_gives_the_same_bytes(course, tmp_path):
    first = build_site(course, tmp_path / "one").out
    second = build_site(course, tmp_path / "two").out
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_search_index_holds_each_sections_text_and_no_left_out_cell(built):
    course, out = built
    records = read_index(out)
    lessons = tomllib.loads((course / "course" / "course.toml").read_text(encoding="utf-8"))
    assert [record["page"] for record in records] == \
        [name.replace(".ipynb", ".html") for name in lessons["lessons"]] + ["glossary.html"]
    assert SECOND.replace(".ipynb", ".html") in [record["page"] for record in records]
    (record,) = [record for record in records if record["page"] == PAGE]
    sections = {section["id"]: section for section in record["sections"]}
    ids = Links((out / PAGE).read_text(encoding="utf-8")).ids
    assert set(sections) - {""} <= ids
    assert "deque" in sections["modelin-sinirlari-us2"]["text"]
    assert "değildir: yazının küçük resmi üretilmeli" in sections[""]["text"]
    assert "Gunluk" in sections["olcum-cekirdegi"]["text"]  # a code span, read as prose
    imports = "from kernel.olcum import Gunluk, sinifla"
    assert imports in sections["olcum-cekirdegi"]["code"]
    assert imports not in sections["olcum-cekirdegi"]["text"]
    every_text = json.dumps(read_search_index(out), ensure_ascii=False)
    left_out = [source(cell).splitlines()[0] for cell in lesson_notebook()["cells"]
                if tagged("claim")(cell) or tagged("solution")(cell)]
    assert left_out and not [line for line in left_out
                             if json.dumps(line, ensure_ascii=False)[1:-1] in every_text]


def test_the_search_index_maps_words_to_their_turkish_stems(course, tmp_path):
    """Snowball's Turkish stems, folded as the browser folds: suffixed forms meet their stem."""
    def add_forms(notebook: dict) -> None:
        notebook["cells"][1]["source"] = "".join(notebook["cells"][1]["source"]) + \
            "\n\nİş kuyruğa girer; kuyruğu bir işçi boşaltır. KUYRUĞUN sonu."
    edit_notebook(course / "lessons" / LESSON, add_forms)
    stems = read_search_index(build_site(course, tmp_path / "site").out)["stems"]
    assert {word: stems.get(word) for word in ("kuyruga", "kuyrugu", "kuyrugun")} == \
        dict.fromkeys(("kuyruga", "kuyrugu", "kuyrugun"), "kuyruk")
    assert "kuyruk" not in stems  # a word that is its own stem is left out
    assert all(word == word.lower() and "ğ" not in word + stem for word, stem in stems.items())


def test_a_few_turkish_words_have_the_stems_written_here():
    """Suffixes come off down to the root, ğ back to the k it was; capital I is ı, İ is i; a
    word that is its own stem is left out."""
    from publish.stems import word_stems
    text = "İşçiler kuyruğa girdi; KUYRUKLARIN mesajları denemelerde IŞIKLARI ölçümleri kuyruk."
    assert word_stems([text], "tr") == {
        "isciler": "isci", "kuyruga": "kuyruk", "girdi": "gir", "kuyruklarin": "kuyruk",
        "mesajlari": "mesaj", "denemelerde": "deneme", "isiklari": "isik", "olcumleri": "olcum"}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(alphabet="aâbcçdeğgıIiİjkoöpsştuüΣσςΑ \n.,1_²", max_size=40),
                max_size=6))
def test_stemming_all_the_words_at_once_gives_each_words_stem(texts):
    """The index's stems come from one call over all the words per step (lower case, stem,
    fold); each must be what that word alone gives: capital I and İ, marks, a final sigma. The
    words and stems to compare with are this test's own: runs of letters, Snowball's Turkish."""
    import snowballstemmer

    from publish.stems import word_stems
    from checks.folding import fold, turkish_lower
    stemmer = snowballstemmer.stemmer("turkish")
    words = ["".join(run) for text in texts for letter, run in groupby(text, str.isalpha)
             if letter]
    one_by_one: dict[str, str] = {}
    for word in words:
        root = fold(stemmer.stemWord(turkish_lower(word)))
        if root != fold(word):
            one_by_one.setdefault(fold(word), root)
    assert word_stems(texts, "tr") == one_by_one


SEARCH_JS = DEFAULTS / "assets" / "search.js"


def test_the_build_splits_text_into_words_as_the_browsers_search_does():
    """The index's stems are keyed by the build's words and looked up by the browser's: every
    character, in one text, must be split as search.js's `WORD` (a Unicode property, `+`) splits
    it, by Python's Unicode database."""
    from publish.stems import letters
    js = SEARCH_JS.read_text(encoding="utf-8")
    (found,) = re.findall(r"var WORD = /(.*)/gu;", js)
    assert f"var ONE_WORD = /^{found}$/u;" in js  # a query's word is one of them
    shape = re.fullmatch(r"\\p\{(\w+)\}\+", found)
    assert shape is not None, f"search.js's WORD is no longer one property's run: /{found}/"
    assert shape[1] == "L"  # letters: what the stemmer is given
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    runs = ["".join(run) for letter, run in
            groupby(every, lambda c: unicodedata.category(c).startswith(shape[1])) if letter]
    assert letters(every) == runs
    assert letters("n²ler x_y 3iş Ⅻ ½ İÇ") == ["n", "ler", "x", "y", "iş", "İÇ"]


def test_the_c_stemmer_the_build_uses_gives_the_pure_python_stemmers_stems():
    """PyStemmer, a dependency, is what `snowballstemmer.stemmer` returns, for every language;
    its stems must be the pure-Python stemmer's, word for word, on the course's own words."""
    from snowballstemmer.turkish_stemmer import TurkishStemmer

    from checks.folding import turkish_lower
    from publish.stems import STEMMERS, WORD
    assert {type(stemmer).__module__ for stemmer in STEMMERS.values()} == {"Stemmer"}
    stemmer = STEMMERS["tr"]
    text = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "lessons").glob("*.ipynb"))
    words = sorted({turkish_lower(word) for word in WORD.findall(text)})[::8]
    assert len(words) > 300
    assert stemmer.stemWords(words) == TurkishStemmer().stemWords(words)


def tag_cell(starting: str, tag: str):
    """Tag the first cell whose source starts with `starting`."""
    def change(notebook: dict) -> None:
        cell = next(cell for cell in notebook["cells"] if source(cell).startswith(starting))
        cell["metadata"].setdefault("tags", []).append(tag)
    return change


def test_the_site_reads_jupyter_books_tags_as_jupyter_book_does(course, tmp_path):
    """An author's remove-cell, remove-input, remove-output, hide-input and hide-output shape
    the page as they shape a Jupyter Book page."""
    lesson = course / "lessons" / LESSON
    prose = next(source(cell) for cell in lesson_notebook()["cells"][2:]
                 if cell["cell_type"] == "markdown" and not cell["metadata"].get("tags"))
    for change in (tag_cell(prose[:40], "remove-cell"),
                   tag_cell("print(inspect.getsource(YazilarDenetleyicisi))", "remove-input"),
                   tag_cell("print(inspect.getsource(BellekSurucusu))", "remove-output"),
                   tag_cell("for sinif in (Surucu, EszamanliSurucu):", "hide-input"),
                   tag_cell("from kernel.isler import KirilganIs", "hide-output")):
        edit_notebook(lesson, change)
    out = build_site(course, tmp_path / "site").out
    page = (out / PAGE).read_text(encoding="utf-8")
    text = page_text(page)
    assert " ".join(prose.split()[-6:]) not in " ".join(text.split())
    assert "getsource(YazilarDenetleyicisi)" not in text and "class YazilarDenetleyicisi" in text
    assert "getsource(BellekSurucusu)" in text and "class BellekSurucusu(Surucu)" not in text
    assert re.search(r'<details class="folded"><summary>Kodu göster</summary>\s*'
                     r'<pre class="highlight"><code><span class="k">for</span>', page)
    assert re.search(r'<details class="folded"><summary>Çıktıyı göster</summary>\s*'
                     r'<pre[^>]*>class KirilganIs', page)
    [record] = [record for record in read_search_index(out)["lessons"] if record["page"] == PAGE]
    assert "getsource(YazilarDenetleyicisi)" not in json.dumps(record, ensure_ascii=False)
