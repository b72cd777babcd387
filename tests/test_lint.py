"""The course linter: the real course is clean; each fault a new author makes is caught."""

import hashlib
import json
import shutil
import unicodedata
from pathlib import Path

import pytest

from checks.findings import ERROR, WARNING
from checks.lint import lint_course
from checks.report import in_ci
from course_copies import LESSON, ROOT, edit_notebook, first_cell, source, tagged

LESSON_PATH = Path("lessons") / LESSON
COURSE_PATH = Path("course") / "course.toml"


def findings_of(root: Path, rule: str):
    return [finding for finding in lint_course(root) if finding.rule == rule]


def test_the_real_course_has_no_findings():
    assert lint_course(ROOT) == []


def test_linting_changes_no_file():
    def digest() -> dict[Path, str]:
        return {path: hashlib.sha256(path.read_bytes()).hexdigest()
                for folder in ("course", "lessons") for path in (ROOT / folder).rglob("*")
                if path.is_file()}
    before = digest()
    lint_course(ROOT)
    assert digest() == before


def set_cell(predicate, **changes):
    def change(notebook):
        notebook["cells"][first_cell(notebook, predicate)].update(changes)
    return change


def front_matter(**fields):
    def change(notebook):
        lines = ["---"] + [f"{key}: {value}" for key, value in fields.items()] + ["---"]
        notebook["cells"][0]["source"] = "\n".join(lines)
    return change


GOOD_FRONT = dict(title="Kuyruklar ve İşler", course="Kuyruklar ve Arka Plan İşleri",
                  language="tr", updated="'2026-11-30'", license="CC BY-SA 4.0",
                  objectives="[Bir şey öğretir]")


def without(key, **overrides):
    return front_matter(**{k: v for k, v in {**GOOD_FRONT, **overrides}.items() if k != key})


def is_code(cell):
    return cell["cell_type"] == "code"


def prints(text):
    return lambda cell: is_code(cell) and any(text in "".join(out.get("text", ""))
                                              for out in cell["outputs"])


def heading(title):
    return lambda cell: cell["cell_type"] == "markdown" and source(cell).startswith(f"## {title}")


def drop_cells(predicate):
    def change(notebook):
        notebook["cells"] = [cell for cell in notebook["cells"] if not predicate(cell)]
    return change


def replace_output(predicate, text):
    return set_cell(predicate, outputs=[{"output_type": "stream", "name": "stdout", "text": text}])


# name: (how the lesson is broken, rule, cell or None, words of the message)
FAULTS = {
    "front matter missing": (drop_cells(lambda c: c["cell_type"] == "raw"), "front-matter", 0,
                             "front matter missing"),
    "front matter not yaml": (lambda nb: nb["cells"][0].update(source="---\ntitle: [\n---"),
                              "front-matter", 0, "not valid YAML"),
    "no objectives": (without("objectives"), "front-matter-field", 0,
                      "front matter 'objectives' is missing"),
    "objectives not a list": (front_matter(**{**GOOD_FRONT, "objectives": "bir"}),
                              "front-matter-field", 0, "'objectives' has the wrong type (str)"),
    "empty objectives": (front_matter(**{**GOOD_FRONT, "objectives": "[]"}), "bad-objectives", 0,
                         "non-empty list"),
    "date not iso": (front_matter(**{**GOOD_FRONT, "updated": "30.11.2026"}), "updated-not-iso",
                     0, "'30.11.2026'"),
    "unknown license": (front_matter(**{**GOOD_FRONT, "license": "CC-BY-SA"}), "unknown-license",
                        0, "unknown license 'CC-BY-SA'"),
    "unknown language": (front_matter(**{**GOOD_FRONT, "language": "xx"}), "unknown-language", 0,
                         "unknown language code 'xx'"),
    "misspelt key": (front_matter(**GOOD_FRONT, objective="[a]"), "front-matter-field", 0,
                     "'objective' is not a front matter key"),
    "other course": (front_matter(**{**GOOD_FRONT, "course": "Başka"}), "not-this-course", 0,
                     "front matter 'course' is 'Başka'"),
    "never run": (set_cell(prints("kuyruk -> 201"), execution_count=None, outputs=[]),
                  "not-executed", "isci_gunlugu = kuyruk.isle()", "never run"),
    "counts out of order": (set_cell(prints("kuyruk -> 201"), execution_count=99),
                            "execution-order", "kuyruk -> 201", "execution count is 99"),
    "error output": (set_cell(prints("kuyruk -> 201"), outputs=[{
        "output_type": "error", "ename": "NameError", "evalue": "name 'x' is not defined",
        "traceback": []}]), "error-output", "NameError",
        "stored output is an error: NameError"),
    "memory address": (replace_output(prints("kuyruk -> 201"), "<IsSinifi at 0x7f3a2b1c9d40>\n"),
                       "unstable-output", "0x7f3a",
                       "a memory address: '0x7f3a2b1c9d40'; print names, not objects"),
    "absolute path": (replace_output(prints("kuyruk -> 201"), "/home/ogrenci/ders/kuyruk.db\n"),
                      "unstable-output", "/home/ogrenci", "an absolute path"),
    "time": (replace_output(prints("kuyruk -> 201"), "başladı: 2026-11-30 09:15:02\n"),
             "unstable-output", "2026-11-30 09:15", "a date and time"),
    "duration": (replace_output(prints("kuyruk -> 201"), "süre: 0.0132 s\n"), "unstable-output",
                 "0.0132 s", "a measured duration"),
    "unknown tag": (set_cell(tagged("claim"), metadata={"tags": ["claims"]}), "unknown-tag",
                    "claims", "unknown cell tag 'claims'"),
    "no summary": (drop_cells(heading("Özet")), "missing-section", None, "'## Özet' is missing"),
    "no next step": (drop_cells(heading("Sonraki Adım")), "missing-section", None,
                     "'## Sonraki Adım'"),
    "no exercises": (drop_cells(heading("Kendini Sına")), "missing-section", None,
                     "'## Kendini Sına'"),
    "exercise without check": (set_cell(tagged("exercise"), source="tahmin = ..."),
                               "exercise-without-check", "tahmin = ...", "calls no check"),
    "exercise with unknown id": (set_cell(tagged("exercise"), source='kontrol("01-yok", 1)'),
                                 "exercise-without-check", "01-yok",
                                 "checks '01-yok', which is not registered"),
    "claim prints": (set_cell(tagged("claim"), outputs=[
        {"output_type": "stream", "name": "stdout", "text": "tamam\n"}]), "claim-prints",
        "tamam", "claim cell has outputs"),
    "too few exercises": (drop_cells(tagged("exercise")), "too-few-exercises", None,
                          "checks 0 exercise(s)"),
    "claims missing": (drop_cells(lambda c: tagged("claim")(c) and "isci_gunlugu" in source(c)),
                       "claims-missing", "Önce kuyruk sürücüsünün satırları",
                       "section 'Kuyruğa konan iş' cites the figure 0"),
    "no measurement": (drop_cells(lambda c: is_code(c) and "print" in source(c)),
                       "no-measurement", None, "no code cell prints anything"),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_each_fault_is_an_error_naming_file_and_cell(course, fault):
    breakage, rule, locator, words = FAULTS[fault]
    lesson = course / LESSON_PATH
    edit_notebook(lesson, breakage)
    found = findings_of(course, rule)
    assert found, f"{rule} not reported"
    finding = found[0]
    assert finding.severity == ERROR and finding.path == LESSON_PATH
    assert words in finding.message
    if isinstance(locator, str):
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        text = json.dumps(cells[finding.cell], ensure_ascii=False)
        assert locator in text, f"cell {finding.cell} is not the broken one"
    else:
        assert finding.cell == locator


def test_file_level_faults(course):
    lesson = course / LESSON_PATH
    lesson.write_text("{not json", encoding="utf-8")
    assert [(f.rule, f.path) for f in lint_course(course)] == [("not-json", LESSON_PATH)]
    lesson.write_text(json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": []}),
                      encoding="utf-8")
    assert [f.rule for f in lint_course(course)] == ["not-nbformat-v4"]
    shutil.copy(ROOT / LESSON_PATH, lesson)
    edit_notebook(lesson, lambda nb: nb["cells"][1].pop("source"))
    assert [f.rule for f in lint_course(course)] == ["invalid-notebook"]


def test_course_order_faults(course):
    definition = course / COURSE_PATH
    text = definition.read_text(encoding="utf-8")
    shutil.copy(course / LESSON_PATH, course / "lessons" / "02-yeni.ipynb")
    definition.write_text(text.replace(f'"{LESSON}",', f'"{LESSON}", "{LESSON}", '
                                                      '"03-yok.ipynb", "Ders Dört.ipynb",'),
                          encoding="utf-8")
    found = {(f.rule, str(f.path)) for f in lint_course(course)}
    assert ("not-in-order", "lessons/02-yeni.ipynb") in found
    assert ("duplicate-lesson", str(COURSE_PATH)) in found
    assert ("missing-lesson", str(COURSE_PATH)) in found
    assert ("lesson-name", str(COURSE_PATH)) in found


def test_course_definition_faults(course):
    definition = course / COURSE_PATH
    definition.write_bytes(b'title = "\xff"')
    assert [(f.rule, f.path) for f in lint_course(course)] == [("course-definition", COURSE_PATH)]
    definition.write_text("title = ", encoding="utf-8")
    assert [(f.rule, f.path) for f in lint_course(course)] == [("course-definition", COURSE_PATH)]
    definition.write_text('title = "T"\nlanguage = "tr"\nlicense = "MIT"\nlessons = []\n',
                          encoding="utf-8")
    assert "'description' is missing" in lint_course(course)[0].message
    definition.write_text('title = "T"\nlanguage = "tr"\nlicense = "MIT"\ndescription = "D"\n'
                          'lessons = []\ninterface_language = 1\n', encoding="utf-8")
    assert "'interface_language' must be a str" in lint_course(course)[0].message


def test_style_problems_are_warnings_only(course):
    def lengthen(notebook):
        code = first_cell(notebook, prints("kuyruk -> 201"))
        notebook["cells"][code]["source"] += "\n" * 20 + "pass"
        first = first_cell(notebook, heading("Modelin sınırları"))
        notebook["cells"][first]["source"] += "\n\n" + "uzun bir paragraf " * 120
    edit_notebook(course / LESSON_PATH, lengthen)
    found = lint_course(course)
    assert {f.rule for f in found} == {"long-cell", "prose-without-code"}
    assert all(f.severity == WARNING for f in found)


@pytest.mark.parametrize("updated", ["'2026-11-30'", "2026-11-30", "'2026-09-13T05:09:28+00:00'",
                                     "2026-09-13T05:09:28+00:00"])
def test_updated_may_be_a_date_or_date_time_quoted_or_not(course, updated):
    edit_notebook(course / LESSON_PATH, front_matter(**{**GOOD_FRONT, "updated": updated}))
    assert lint_course(course) == []


def test_an_empty_code_cell_needs_no_run(course):
    edit_notebook(course / LESSON_PATH, lambda nb: nb["cells"].append(
        {"cell_type": "code", "id": "bos", "execution_count": None, "metadata": {},
         "outputs": [], "source": "\n"}))
    assert lint_course(course) == []


def test_a_folder_where_a_lesson_should_be(course):
    (course / LESSON_PATH).unlink()
    (course / LESSON_PATH).mkdir()
    (finding,) = findings_of(course, "missing-lesson")
    assert finding.message.endswith(f"{LESSON_PATH} is not a file")


def test_a_yaml_error_is_one_line_with_its_place(course):
    edit_notebook(course / LESSON_PATH,
                  lambda nb: nb["cells"][0].update(source="---\ntitle: T\nkurs: [açık\n---"))
    (finding,) = lint_course(course)
    assert "\n" not in finding.message and "(front matter line 2)" in finding.message


def test_an_empty_title_is_refused(course):
    edit_notebook(course / LESSON_PATH, front_matter(**{**GOOD_FRONT, "title": "''"}))
    assert [f.message for f in lint_course(course)] == ["front matter 'title' is empty"]


def test_headings_are_compared_as_text_whatever_their_unicode_form(course):
    def decompose(notebook):
        cell = notebook["cells"][first_cell(notebook, heading("Özet"))]
        cell["source"] = unicodedata.normalize("NFD", source(cell))
    edit_notebook(course / LESSON_PATH, decompose)
    assert lint_course(course) == []


def test_magics_in_an_exercise_cell_do_not_hide_its_check(course):
    def add_magic(notebook):
        cell = notebook["cells"][first_cell(notebook, tagged("exercise"))]
        cell["source"] = "%load_ext autoreload\n" + source(cell)
    edit_notebook(course / LESSON_PATH, add_magic)
    assert lint_course(course) == []


@pytest.mark.parametrize("change,words", [
    (lambda cells: cells[2].update(id=cells[1]["id"]), "cell repeats the id"),
    (lambda cells: cells[2].pop("id"), "cell has no id"),
])
def test_cell_ids_must_be_there_and_unique(course, change, words):
    edit_notebook(course / LESSON_PATH, lambda nb: change(nb["cells"]))
    (finding,) = lint_course(course)
    assert (finding.rule, finding.cell) == ("invalid-notebook", 2) and words in finding.message


@pytest.mark.parametrize("value,expected", [("true", True), ("1", True), ("false", False),
                                            ("0", False), ("", False)])
def test_ci_is_told_by_the_value_of_ci(monkeypatch, value, expected):
    monkeypatch.setenv("CI", value)
    assert in_ci() is expected
