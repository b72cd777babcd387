"""The course linter: the real course is clean; each fault a new author makes is caught."""

import hashlib
import json
import shutil
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from checks import markers
from checks.linter import rules_cells
from checks.course import Course, Lesson
from checks.definition import read_definition
from checks.exercises import course_registry, of_course
from checks.exercises.kinds import FunctionTask, ModifyTask, Prediction
from checks.findings import ERROR, WARNING, Finding
from checks.linter.lint import LESSON_RULES, lint, lint_course
from checks.linter.report import format_findings, in_ci
from checks.linter.rules_structure import exercise_ids, uncited_assertions
from publish.student import student_notebook
from course_copies import LESSON, ROOT, copy_course, edit_notebook, first_cell, source, tagged

EXERCISES = course_registry().exercises  # the one `kontrol` reads

LESSON_PATH = Path("lessons") / LESSON
COURSE_PATH = Path("course") / "course.toml"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the course with only the lesson these tests break, so that each test lints
    one lesson, not every lesson (the real course is linted whole, once, below)."""
    return copy_course(tmp_path, only=(LESSON,))


@dataclass(frozen=True)
class RealCourseLint:
    findings: list[Finding]
    course: Course | None
    digests: tuple[dict[Path, str], dict[Path, str]]  # of the course's files, before and after


def digest() -> dict[Path, str]:
    return {path: hashlib.sha256(path.read_bytes()).hexdigest()
            for folder in ("course", "lessons") for path in (ROOT / folder).rglob("*")
            if path.is_file()}


@pytest.fixture(scope="module")
def real_course() -> RealCourseLint:
    """The real course, linted once for every test that reads it."""
    before = digest()
    findings, course = lint(ROOT)
    return RealCourseLint(findings, course, (before, digest()))


def findings_of(root: Path, rule: str):
    return [finding for finding in lint_course(root) if finding.rule == rule]


def test_the_real_course_has_no_findings(real_course):
    assert real_course.findings == []
    assert real_course.course is not None and len(real_course.course.lessons) > 1


def test_linting_changes_no_file(real_course):
    before, after = real_course.digests
    assert before and after == before


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
                  objectives="[Bir şey öğretir]", timing="{teaching: 40, exercises: 30}")


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


def edit_claim(old, new):
    """The claim cell holding `old`, with `new` in its place."""
    def change(notebook):
        cell = notebook["cells"][first_cell(notebook, lambda c: tagged("claim")(c)
                                            and old in source(c))]
        cell["source"] = source(cell).replace(old, new)
    return change


def edit_code(marker, old, new):
    """The first code cell whose source holds `marker`, with `old` replaced by `new`."""
    def change(notebook):
        cell = notebook["cells"][first_cell(notebook, lambda c: is_code(c)
                                            and marker in source(c))]
        cell["source"] = source(cell).replace(old, new)
    return change


def without_verdict(notebook):
    """The first measurement cell that gives a verdict, without its tahmin_sonucu line."""
    cell = notebook["cells"][first_cell(notebook, lambda c: "tahmin_sonucu(" in source(c))]
    cell["source"] = "\n".join(line for line in source(cell).splitlines()
                               if "tahmin_sonucu(" not in line)


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
    "objective with markup": (front_matter(**{**GOOD_FRONT, "objectives":
                                              "['Bir şey öğretir', '`isle()` çağrısını açıklar']"}),
                              "objective-markup", 0, "objective 2 holds markdown ('`')"),
    "date not iso": (front_matter(**{**GOOD_FRONT, "updated": "30.11.2026"}), "updated-not-iso",
                     0, "'30.11.2026'"),
    "unknown license": (front_matter(**{**GOOD_FRONT, "license": "CC-BY-SA"}), "unknown-license",
                        0, "unknown license 'CC-BY-SA'"),
    "unknown language": (front_matter(**{**GOOD_FRONT, "language": "xx"}), "unknown-language", 0,
                         "unknown language code 'xx'"),
    "misspelt key": (front_matter(**GOOD_FRONT, objective="[a]"), "front-matter-field", 0,
                     "'objective' is not a front matter key"),
    "not_in_browser empty": (front_matter(**GOOD_FRONT, not_in_browser="' '"),
                             "front-matter-field", 0, "front matter 'not_in_browser' is empty"),
    "not_in_browser not a sentence": (front_matter(**GOOD_FRONT, not_in_browser="[süreç]"),
                                      "front-matter-field", 0,
                                      "front matter 'not_in_browser' has the wrong type (list)"),
    "not_in_browser without a value": (front_matter(**GOOD_FRONT, not_in_browser=""),
                                       "front-matter-field", 0, "front matter 'not_in_browser' "
                                       "has the wrong type (NoneType)"),
    "other course": (front_matter(**{**GOOD_FRONT, "course": "Başka"}), "not-this-course", 0,
                     "front matter 'course' is 'Başka'"),
    "front matter not marked as yaml": (lambda nb: nb["cells"][0].update(metadata={}),
                                        "front-matter-mimetype", 0, "the front matter's raw "
                                        "cell has the raw_mimetype none, not 'text/x-yaml'"),
    "front matter marked as markdown": (lambda nb: nb["cells"][0]["metadata"].update(
        raw_mimetype="text/markdown"), "front-matter-mimetype", 0, "the front matter's raw cell "
        "has the raw_mimetype 'text/markdown', not 'text/x-yaml'"),
    "never run": (set_cell(prints("kuyruk -> 201"), execution_count=None, outputs=[]),
                  "not-executed", "isci_gunlugu = kuyruk.isle()", "never run"),
    "counts cleared": (set_cell(prints("kuyruk -> 201"), execution_count=None),
                       "not-executed", "kuyruk -> 201", "stored outputs but no execution count: "
                       "a tool cleared the counts (nbstripout keeps them only with --keep-count)"),
    "counts out of order": (set_cell(prints("kuyruk -> 201"), execution_count=99),
                            "execution-order", "kuyruk -> 201", "execution count is 99"),
    "count lower than expected": (set_cell(prints("kuyruk -> 201"), execution_count=2),
                                  "execution-order", "kuyruk -> 201", "execution count is 2"),
    "outputs deleted": (set_cell(prints("kuyruk -> 201"), outputs=[]), "outputs-missing",
                        "isci_gunlugu = kuyruk.isle()", "code cell calls print() but stores no "
                        f"output, though it was run: its outputs were deleted; store a fresh run "
                        f"(python build.py run {LESSON_PATH})"),
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
    "clock time": (replace_output(prints("kuyruk -> 201"), "başladı: 09:15:02\n"),
                   "unstable-output", "09:15:02", "a clock time: '09:15:02'"),
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
                                 "checks '01-yok', which no module of the package "
                                 "'alistirmalar' registers in its EXERCISES"),
    "claim without remove-cell": (set_cell(tagged("claim"), metadata={"tags": ["claim"]}),
                                  "peer-tag-missing", '"claim"', "a cell tagged 'claim' also "
                                  "needs the tag 'remove-cell', so that Jupyter Book and MyST "
                                  "leave it out"),
    "instructor's note without remove-cell": (set_cell(tagged("instructor"), metadata={
        "tags": ["instructor"]}), "peer-tag-missing", "Eğitmen notu: oturumun planı",
        "a cell tagged 'instructor' also needs the tag 'remove-cell'"),
    "claim prints": (set_cell(tagged("claim"), outputs=[
        {"output_type": "stream", "name": "stdout", "text": "tamam\n"}]), "claim-prints",
        "tamam", "claim cell has outputs"),
    "too few exercises": (drop_cells(tagged("exercise")), "too-few-exercises", None,
                          "checks 0 exercise(s)"),
    "claims missing": (drop_cells(lambda c: tagged("claim")(c) and "isci_gunlugu" in source(c)),
                       "claims-missing", "Önce bellek sürücüsünün satırları",
                       "section 'Kuyruğa konan iş' cites the figure 0"),
    "no measurement": (drop_cells(lambda c: is_code(c) and "print" in source(c)),
                       "no-measurement", None, "no code cell prints anything"),
    "tautological claim": (edit_claim('isci_gunlugu == ["kucukResim deneme 1: koştu"]',
                                      "isci_gunlugu == isci_gunlugu"), "claim-without-literal",
                           "isci_gunlugu == isci_gunlugu",
                           "claim cell asserts 'isci_gunlugu == isci_gunlugu', which compares "
                           "an expression with itself: a claim compares a printed figure with "
                           "the literal the prose cites"),
    "verdict before its form": (edit_code("tahmin_et(", "tahmin_et(", "print("),
                                "predictions-missing", "tahmin_sonucu(",
                                "gives the verdict on '01-"),
    "prediction not registered": (edit_code("tahmin_et(", 'tahmin_et("01-', 'tahmin_et("01-yok'),
                                  "predictions-missing", "01-yok", "which no module of the "
                                  "package 'alistirmalar' registers in its PREDICTIONS"),
    "prediction with no verdict": (without_verdict, "predictions-missing", "tahmin_et(",
                                   "but no later cell calls tahmin_sonucu("),
    "too few predictions": (drop_cells(lambda c: "tahmin_" in source(c)), "predictions-missing",
                            None, "asks for 0 prediction(s) before its measurements; it needs "
                            "at least 3"),
    "no modify step": (drop_cells(lambda c: tagged("exercise")(c) and isinstance(
        EXERCISES.get(next(iter(exercise_ids(source(c), ("kontrol",))), "")), ModifyTask)),
        "modify-missing", None, "0 exercise(s) ask to modify working code, and the course's "
        "minimum is 1"),
    "claim comparing names": (edit_claim("isciden_sonra == 1", "isciden_sonra == bekleyen_is"),
                              "claim-without-literal", "isciden_sonra == bekleyen_is",
                              "asserts 'isciden_sonra == bekleyen_is', which compares names "
                              "only, with no literal"),
}


def test_a_lesson_that_says_why_it_cannot_run_in_the_browser_passes(course):
    edit_notebook(course / LESSON_PATH, front_matter(
        **GOOD_FRONT, not_in_browser="Gerçek süreçler başlatır; tarayıcı süreç başlatamaz."))
    assert [f for f in lint_course(course) if f.cell == 0] == []


def test_a_source_that_is_not_text_is_named_once_as_a_mistyped_key(course):
    edit_notebook(course / LESSON_PATH, front_matter(**GOOD_FRONT, source="5"))
    assert [(f.rule, f.message) for f in lint_course(course) if f.cell == 0] == [
        ("front-matter-field", "front matter 'source' has the wrong type (int)")]


def printing(text: str) -> Lesson:
    """A lesson of one code cell that printed `text`."""
    return Lesson(LESSON_PATH, {}, new_notebook(cells=[new_code_cell(
        "print(sure)", execution_count=1, outputs=[new_output("stream", name="stdout",
                                                              text=text)])]))


@pytest.mark.parametrize("text,duration", [
    ("süre: 0.0132 s\n", "0.0132 s"), ("12.5 ms", "12.5 ms"), ("3.25µs", "3.25µs"),
    ("4.0 us, 2.5 ns", "4.0 us"), ("iş 0.25 sn sürdü\n", "0.25 sn"),
    ("süre: 1.5 saniye\n", "1.5 saniye"), ("2.75sn", "2.75sn"),
    # virtual seconds are whole numbers; a unit must end where the word ends
    ("t=30: rapor bitti, 30 sn\n", None), ("1.5 sayfa, 0.5 snapshot\n", None),
])
def test_a_measured_duration_is_found_in_english_and_turkish_units(text, duration):
    found = [fields for _, fields in rules_cells.unstable_output(printing(text), None)]
    assert found == ([{"what": "a measured duration", "text": duration,
                       "instead": "count steps or attempts instead of timing"}]
                     if duration else [])


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


@pytest.mark.parametrize("code,found", [
    ("assert x == x", [("x == x", "compares an expression with itself")]),
    ("assert len(iz) == 3 and iz[0] == iz[0]", [("iz[0] == iz[0]",
                                                 "compares an expression with itself")]),
    ("assert a < b < a", [("a < b < a", "compares an expression with itself")]),
    ("assert gorunen == ucusta", [("gorunen == ucusta", "compares names only, with no literal")]),
    ("assert kutu.tasinan != kutu.kutuda", [("kutu.tasinan != kutu.kutuda",
                                             "compares names only, with no literal")]),
    ("assert not (a is b)", [("not (a is b)", "compares names only, with no literal")]),
    ("if hazir:\n    assert a in b", [("a in b", "compares names only, with no literal")]),
    ("%time\nassert a == 3 and b == c", [("b == c", "compares names only, with no literal")]),
    # a literal, an f-string, a figure built from literals or a truth the prose says in words
    ('assert kuyrukla["yanit"] == (201, "kaydedildi")', []),
    ("assert hiz[:5] == [f\"t=0 hız-{n}\" for n in range(1, 6)]", []),
    ("assert satir[30].olu == AZAMI * 30 == 150", []), ("assert a == b == 3", []),
    ("assert disaridan == {} and not is_parcacigi_var()", []), ("assert x is None", []),
    ("assert dort_senaryo == list(SINIFLAR)", []), ("assert dagitici.duyurulanlar == [OLAY]", []),
    ("assert all(s.olu == AZAMI * T for T, s in satir.items())", []),
    ("assert cekirdegin_dongusu.is_running()", []), ("assert bitti", []),
    ("assert (", []), ("assert " + "-" * 600 + "1 == 1", []),
    ("assert " + "-" * 600 + "x == " + "-" * 600 + "x",
     [("-" * 600 + "x == " + "-" * 600 + "x", "compares an expression with itself")]),
    ("assert " + "-" * 1000 + "x == " + "-" * 1000 + "x", []),  # too deep to compare
    ("assert (\n    kutu.tasinan\n    == kutu.kutuda)", [("kutu.tasinan == kutu.kutuda",
                                                         "compares names only, with no literal")]),
])
def test_a_claim_asserting_what_no_printed_figure_can_break_is_found(code, found):
    assert list(uncited_assertions(code)) == found


def test_every_claim_cell_of_every_lesson_compares_with_a_literal(real_course):
    assert real_course.course is not None
    claims = {lesson.path.name: [cell.source for cell in lesson.notebook.cells
                                 if markers.CLAIM in markers.tags(cell)]
              for lesson in real_course.course.lessons}
    assert all(claims.values()) and all("assert " in claim for claim in sum(claims.values(), []))
    assert {name: [found for claim in sources for found in uncited_assertions(claim)]
            for name, sources in claims.items()} == {name: [] for name in claims}


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
    assert text.count(f'"{LESSON}"') == 1
    definition.write_text(text.replace(f'"{LESSON}"', f'"{LESSON}", "{LESSON}", '
                                                     '"03-yok.ipynb", "Ders Dört.ipynb"'),
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
    assert "'interface_language' must be a str, not 1" in lint_course(course)[0].message


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


@pytest.mark.parametrize("key,value,rule,words", [
    ("language", "xx", "course-language", "unknown course language code 'xx'"),
    ("license", "CC-BY-SA", "course-license", "unknown course license 'CC-BY-SA'"),
])
def test_the_course_language_and_license_must_be_known(course, key, value, rule, words):
    definition = course / COURSE_PATH
    assert findings_of(course, rule) == []
    text = definition.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith(f"{key} = "))
    definition.write_text(text.replace(line, f'{key} = "{value}"'), encoding="utf-8")
    assert findings_of(course, rule) == [Finding(COURSE_PATH, None, rule, ERROR, words)]


def index_of(course, predicate):
    return first_cell(json.loads((course / LESSON_PATH).read_text(encoding="utf-8")), predicate)


def test_a_cell_writing_to_stderr_is_a_warning(course):
    assert findings_of(course, "stderr-output") == []
    edit_notebook(course / LESSON_PATH, set_cell(prints("kuyruk -> 201"), outputs=[
        {"output_type": "stream", "name": "stdout", "text": "kuyruk -> 201\n"},
        {"output_type": "stream", "name": "stderr", "text": "DeprecationWarning: ...\n"}]))
    (finding,) = findings_of(course, "stderr-output")
    assert finding.cell == index_of(course, prints("DeprecationWarning"))
    assert finding.severity == WARNING and finding.message == "code cell writes to stderr"


def replace_source(predicate, code):
    return set_cell(predicate, source=code, outputs=[])


@pytest.mark.parametrize("code,call", [
    ('print("bir")', "print"), ("for i in range(2):\n    display(i)", "display"),
    ('kontrol("01-akibetler", ...)', "kontrol"), ('form("01-akibetler")', "form"),
    ("[print(i) for i in range(2)]", "print"),
])
def test_a_run_cell_that_prints_but_stores_no_output_is_an_error(course, code, call):
    edit_notebook(course / LESSON_PATH, replace_source(prints("kuyruk -> 201"), code))
    (finding,) = findings_of(course, "outputs-missing")
    assert finding.cell == index_of(course, lambda cell: source(cell) == code)
    assert finding.message.startswith(f"code cell calls {call}() but stores no output")


@pytest.mark.parametrize("code", [
    'def f():\n    print("bir")', 'class A:\n    def f(self):\n        display(1)',
    'f = lambda: kontrol("01-akibetler", 1)', 'async def g():\n    form("01-akibetler")',
    "x = 1",
])
def test_a_cell_that_only_defines_what_prints_needs_no_output(course, code):
    edit_notebook(course / LESSON_PATH, replace_source(prints("kuyruk -> 201"), code))
    assert findings_of(course, "outputs-missing") == []


def test_a_cell_never_run_is_not_also_missing_outputs(course):
    edit_notebook(course / LESSON_PATH,
                  set_cell(prints("kuyruk -> 201"), execution_count=None, outputs=[]))
    assert findings_of(course, "outputs-missing") == []
    assert findings_of(course, "not-executed")


NOT_RUN = (f"the lesson was never run: no code cell has an execution count or a stored output; "
           f"run python build.py run {LESSON_PATH} first, then check what is left")


def never_run(notebook):
    """The lesson as a new author leaves it before `build.py run`: no code cell run, no
    standard tag beside the course's, the front matter not marked as YAML."""
    for cell in notebook["cells"]:
        if is_code(cell):
            cell.update(execution_count=None, outputs=[])
        tags = cell.get("metadata", {}).get("tags")
        if tags:
            cell["metadata"]["tags"] = [tag for tag in tags if tag != "remove-cell"]
    notebook["cells"][0]["metadata"] = {}


def test_a_lesson_never_run_is_one_finding_that_says_to_run_it_first(course):
    """Not one finding a cell: what `run` settles (every cell's run, the standard tags, the
    front matter's mimetype, a measurement that prints) waits for the run."""
    edit_notebook(course / LESSON_PATH, never_run)
    assert lint_course(course) == [Finding(LESSON_PATH, None, "not-run", ERROR, NOT_RUN)]


def test_what_running_would_not_mend_is_still_reported_in_a_lesson_never_run(course):
    edit_notebook(course / LESSON_PATH, never_run)
    edit_notebook(course / LESSON_PATH, drop_cells(heading("Özet")))
    edit_notebook(course / LESSON_PATH, without("objectives"))
    assert [(f.rule, f.message) for f in lint_course(course)] == [
        ("front-matter-field", "front matter 'objectives' is missing"), ("not-run", NOT_RUN),
        ("missing-section", "required section '## Özet' is missing")]


def test_the_students_notebook_in_place_of_a_lesson_says_once_to_run_it(course):
    lesson = course / LESSON_PATH
    lesson.write_bytes(student_notebook(nbformat.read(lesson, as_version=4)))
    found = [finding for finding in lint_course(course) if finding.path == LESSON_PATH]
    assert [f.message for f in found if f.rule == "not-run"] == [NOT_RUN]
    settled = {rule.id for rule in LESSON_RULES if rule.settled_by_run}
    assert settled and {f.rule for f in found} & settled == set()
    # what it lacks besides a run, the claims, is reported: running would not bring them back
    assert "claims-missing" in {f.rule for f in found}


def run_only(kept):
    """The lesson with every code cell's run cleared but the first one's `kept` fields."""
    def change(notebook):
        code = [cell for cell in notebook["cells"] if is_code(cell) and source(cell).strip()]
        for cell in code[1:]:
            cell.update(execution_count=None, outputs=[])
        first = code[0]
        first.update({"execution_count": None, "outputs": [],
                      **{key: value for key, value in {
                          "execution_count": 1,
                          "outputs": [new_output("stream", name="stdout", text="bir\n")]
                      }.items() if key in kept}})
    return change


@pytest.mark.parametrize("kept", [("execution_count", "outputs"), ("execution_count",),
                                  ("outputs",)])
def test_a_lesson_of_which_one_cell_ran_names_every_cell_left(course, kept):
    edit_notebook(course / LESSON_PATH, run_only(kept))
    cells = json.loads((course / LESSON_PATH).read_text(encoding="utf-8"))["cells"]
    left = [index for index, cell in enumerate(cells) if is_code(cell) and source(cell).strip()
            and cell["execution_count"] is None]
    assert findings_of(course, "not-run") == []
    assert [f.cell for f in findings_of(course, "not-executed")] == left and len(left) > 20


def test_a_lesson_with_no_code_is_not_a_lesson_never_run():
    """Running it would change nothing: its findings (no measurement) stand."""
    assert not rules_cells.unrun(Lesson(LESSON_PATH, {}, new_notebook(cells=[
        new_code_cell("\n"), new_markdown_cell("Yalnızca düzyazı.")])))


@pytest.mark.parametrize("code", [
    'kontrol("01-akibetler", ...)\nprint("sonra")', 'sonuc = kontrol("01-akibetler", ...)',
    'if True:\n    kontrol("01-akibetler", ...)', 'tahmin = ...\nkontrol("01-akibetler", tahmin);',
])
def test_an_exercise_cell_ends_with_its_check_which_shows_the_buttons(course, code):
    edit_notebook(course / LESSON_PATH, set_cell(tagged("exercise"), source=code))
    [finding] = findings_of(course, "exercise-without-check")
    assert finding.cell == index_of(course, tagged("exercise"))
    assert "does not end with its check" in finding.message


def test_a_cell_tagged_solution_as_the_format_once_had_it_is_refused(course):
    """The answer button is the check's own now: a cell of its own would only repeat it."""
    edit_notebook(course / LESSON_PATH, set_cell(tagged("exercise"), metadata={
        "tags": ["solution", "remove-cell"]}))
    [finding] = findings_of(course, "unknown-tag")
    assert "'solution'" in finding.message


TASKS = ("01-gorev-a", "01-gorev-b", "01-gorev-c")


@pytest.mark.parametrize("ids,messages", [
    (TASKS, ["the lesson checks 3 exercise(s), 0 of them predicting an output (PartsPrediction "
             "or LogPrediction); it needs at least 3, one of them predicting an output "
             "(course.toml's [minimums] exercises)"]),
    ((*TASKS[:2], "01-akibetler"), []),
])
def test_three_exercises_need_a_prediction_among_them(course, monkeypatch, ids, messages):
    task = EXERCISES["01-basarisiz-mi"]
    assert isinstance(task, FunctionTask)
    registered = of_course(read_definition(course)).exercises  # the one the linter reads
    for exercise in TASKS:
        monkeypatch.setitem(registered, exercise, task)

    def point_exercises_at_ids(notebook):
        for number, cell in enumerate(filter(tagged("exercise"), notebook["cells"])):
            cell["source"] = f'kontrol("{ids[number % len(ids)]}", ...)'
    edit_notebook(course / LESSON_PATH, point_exercises_at_ids)
    assert [f.message for f in findings_of(course, "too-few-exercises")] == messages


def test_the_count_tells_errors_from_warnings():
    findings = [Finding(LESSON_PATH, 1, "error-output", ERROR, "e"),
                Finding(LESSON_PATH, 2, "long-cell", WARNING, "w"),
                Finding(LESSON_PATH, None, "prose-without-code", WARNING, "w")]
    assert format_findings(findings, github=False).splitlines()[-1] == "1 error(s), 2 warning(s)"


@pytest.mark.parametrize("tag", ["remove-cell", "remove-input", "remove-output", "hide-input",
                                 "hide-output", "parameters", "injected-parameters",
                                 "raises-exception"])
def test_the_tags_of_jupyter_book_papermill_and_nbval_are_known(course, tag):
    edit_notebook(course / LESSON_PATH, set_cell(prints("kuyruk -> 201"),
                                                 metadata={"tags": [tag]}))
    assert findings_of(course, "unknown-tag") == []


def test_an_unknown_tag_is_named_with_the_courses_and_the_other_tools_tags(course):
    edit_notebook(course / LESSON_PATH, set_cell(prints("kuyruk -> 201"),
                                                 metadata={"tags": ["remove_cell"]}))
    [finding] = findings_of(course, "unknown-tag")
    assert "'remove_cell'" in finding.message and "remove-cell" in finding.message \
        and "claim" in finding.message


def test_a_cell_that_raises_on_purpose_may_store_its_error(course):
    error = {"output_type": "error", "ename": "ValueError", "evalue": "bilerek",
             "traceback": []}
    edit_notebook(course / LESSON_PATH, set_cell(prints("kuyruk -> 201"), outputs=[error]))
    assert findings_of(course, "error-output")
    edit_notebook(course / LESSON_PATH, set_cell(
        lambda cell: "ValueError" in json.dumps(cell.get("outputs", [])),
        metadata={"tags": ["raises-exception"]}))
    assert findings_of(course, "error-output") == []


def test_run_gives_each_cell_the_standard_tags_its_course_tags_imply():
    from checks.run_lesson import add_peer_tags
    notebook = new_notebook(cells=[new_code_cell("assert True", metadata={"tags": ["claim"]}),
                                   new_code_cell("x", metadata={"tags": ["instructor"]}),
                                   new_code_cell("x", metadata={"tags": ["instructor",
                                                                         "remove-cell"]}),
                                   new_code_cell("x", metadata={"tags": ["claim",
                                                                         "instructor"]}),
                                   new_code_cell("print(1)")])
    add_peer_tags(notebook)
    add_peer_tags(notebook)  # once is enough
    assert [cell.metadata.get("tags") for cell in notebook.cells] == [
        ["claim", "remove-cell"], ["instructor", "remove-cell"], ["instructor", "remove-cell"],
        ["claim", "instructor", "remove-cell"], None]


def test_a_cell_with_two_course_tags_that_imply_one_tag_is_named_by_the_first(course):
    """One finding, naming the course tag that comes first in the course's order (a claim
    before an instructor's note), whatever the cell's order."""
    edit_notebook(course / LESSON_PATH, set_cell(tagged("claim"), metadata={
        "tags": ["instructor", "claim"]}))
    [finding] = findings_of(course, "peer-tag-missing")
    assert finding.message.startswith("a cell tagged 'claim' also needs the tag 'remove-cell'")


def inject_parameters(notebook: dict) -> None:
    """What `papermill -p` does to a notebook with no parameters cell: a cell of the given
    parameters at the top, run first."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and cell["execution_count"] is not None:
            cell["execution_count"] += 1
    notebook["cells"].insert(0, {
        "cell_type": "code", "id": "papermill-parametreler", "execution_count": 1,
        "metadata": {"tags": ["injected-parameters"]}, "outputs": [],
        "source": "# Parameters\nkisi = 3\n"})


def test_papermills_parameters_may_stand_before_the_front_matter(course):
    edit_notebook(course / LESSON_PATH, inject_parameters)
    assert lint_course(course) == []
    edit_notebook(course / LESSON_PATH, lambda notebook: notebook["cells"][1].update(
        source="---\ntitle: [\n---"))
    [finding] = lint_course(course)
    assert (finding.rule, finding.cell) == ("front-matter", 1)



def with_minimums(course: Path, **minimums: int) -> None:
    """The copy's course.toml with a [minimums] table."""
    definition = course / COURSE_PATH
    table = "".join(f"{key} = {value}\n" for key, value in minimums.items())
    definition.write_text(definition.read_text(encoding="utf-8") + f"\n[minimums]\n{table}",
                          encoding="utf-8")


def is_modify_cell(cell) -> bool:
    checked = next(iter(exercise_ids(source(cell), ("kontrol",))), "")
    return tagged("exercise")(cell) and isinstance(EXERCISES.get(checked), ModifyTask)


@pytest.mark.parametrize("minimum,rule,dropped", [
    ("exercises", "too-few-exercises", tagged("exercise")),
    ("predictions", "predictions-missing", lambda cell: "tahmin_" in source(cell)),
    ("modify", "modify-missing", is_modify_cell),
])
def test_a_minimum_of_zero_switches_its_rule_off(course, minimum, rule, dropped):
    edit_notebook(course / LESSON_PATH, drop_cells(dropped))
    assert [f.cell for f in findings_of(course, rule)] == [None]
    with_minimums(course, **{minimum: 0})
    assert findings_of(course, rule) == []


def test_a_course_may_ask_for_more_than_the_defaults(course):
    assert findings_of(course, "predictions-missing") == []
    with_minimums(course, predictions=9, modify=2)
    [predictions] = findings_of(course, "predictions-missing")
    assert predictions.message.startswith("the lesson asks for 3 prediction(s) before its "
                                          "measurements; it needs at least 9 (course.toml's "
                                          "[minimums] predictions)")
    [modify] = findings_of(course, "modify-missing")
    assert modify.message.startswith("1 exercise(s) ask to modify working code, and the "
                                     "course's minimum is 2 (course.toml's [minimums] modify)")


@pytest.mark.parametrize("table,words", [
    ("[minimums]\nexercises = -1",
     "'minimums.exercises' must be a whole number, 0 or more, not -1"),
    ("[minimums]\nexercises = true", "'minimums.exercises' must be a whole number, 0 or more"),
    ("[minimums]\nlabs = 2", "'minimums.labs' is not one of exercises, predictions, modify"),
    ("minimums = 3", "'minimums' must be a table ([minimums])"),
    ("[sections]\nsummary = \"  \"", "'sections.summary' must be a title, not '  '"),
    ("show_answers = \"no\"", "'show_answers' must be true or false, not 'no'"),
    ("glossary_intro = 3", "'glossary_intro' must be a sentence or two, not 3"),
    ("glossary_intro = \" \"", "'glossary_intro' must be a sentence or two, not ' '"),
])
def test_a_bad_convention_is_an_error_in_the_definition(course, table, words):
    definition = course / COURSE_PATH
    text = definition.read_text(encoding="utf-8")  # its glossary_intro out: a table sets it
    text = "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("glossary_intro ="))
    definition.write_text(text + f"\n{table}\n", encoding="utf-8")
    [finding] = lint_course(course)
    assert (finding.path, finding.rule) == (COURSE_PATH, "course-definition")
    assert finding.message.startswith(words)


# The answer key: each prediction's right choice, as the lesson's run stored it

ASKED = ("01-uc-istek", "01-hata-nerede", "01-hakki-biten")  # LESSON's predictions, in order


def asks(prediction: str):
    return lambda cell: is_code(cell) and f'tahmin_et("{prediction}")' in source(cell)


def store_measured(identifier: str, value: object):
    def change(notebook):
        notebook["metadata"][markers.MEASUREMENTS][identifier] = value
    return change


def test_a_prediction_whose_measurement_is_not_stored_is_named_with_the_command(course):
    edit_notebook(course / LESSON_PATH, lambda notebook: notebook["metadata"].pop(
        markers.MEASUREMENTS))
    found = findings_of(course, "measurement-not-stored")
    assert [(f.cell, f.severity) for f in found] == [(index_of(course, asks(prediction)), ERROR)
                                                     for prediction in ASKED]
    assert str(found[0]) == (
        f"{LESSON_PATH}: cell {found[0].cell}: asks for the prediction '01-uc-istek', but no "
        "measurement of it is stored: its right choice on the instructor's page is what the "
        f"lesson's run measured; run python build.py run {LESSON_PATH} "
        "[measurement-not-stored]")


def test_a_stored_measurement_must_be_one_of_the_predictions_choices(course):
    assert findings_of(course, "measurement-not-stored") == []
    edit_notebook(course / LESSON_PATH, store_measured("01-hata-nerede", "hiç"))
    [finding] = findings_of(course, "measurement-not-stored")
    choices = ", ".join(of_course(read_definition(course)).predictions["01-hata-nerede"].choices)
    assert finding.cell == index_of(course, asks("01-hata-nerede"))
    assert (f"asks for the prediction '01-hata-nerede', but its stored measurement, 'hiç', is "
            f"not one of its choices ({choices}): ") in finding.message


@pytest.mark.parametrize("value, wanted", [(3, []), ("3", ["a whole number"]),
                                           (True, ["a whole number"])])
def test_a_whole_number_predictions_stored_measurement_is_an_integer(course, monkeypatch,
                                                                      value, wanted):
    registered = of_course(read_definition(course)).predictions  # the one the linter reads
    monkeypatch.setitem(registered, "01-hakki-biten", Prediction("Kaç?", (), {}))
    edit_notebook(course / LESSON_PATH, store_measured("01-hakki-biten", value))
    found = findings_of(course, "measurement-not-stored")
    assert [f.message.split(", is not ")[1].split(":")[0] for f in found] == wanted


def discussed(prediction: str):
    """The first prose after the verdict of `prediction` in LESSON, found by its id."""
    notebook = json.loads((ROOT / LESSON_PATH).read_text(encoding="utf-8"))
    verdict = first_cell(notebook, lambda c: is_code(c)
                         and f'tahmin_sonucu("{prediction}"' in source(c))
    after = next(c for c in notebook["cells"][verdict + 1:] if c["cell_type"] == "markdown"
                 and markers.INSTRUCTOR not in c["metadata"].get("tags", []))
    return lambda cell: cell.get("id") == after["id"]


def test_a_discussion_left_untagged_is_named_at_its_cell_with_its_prediction(course):
    assert findings_of(course, "discussion-missing") == []
    edit_notebook(course / LESSON_PATH, set_cell(discussed("01-hata-nerede"),
                                                 metadata={"tags": []}))
    [found] = findings_of(course, "discussion-missing")
    assert found.cell == index_of(course, discussed("01-hata-nerede")) and found.severity == ERROR
    assert "after the verdict of '01-hata-nerede' discusses its result: tag it 'discussion'" \
        in found.message


def test_a_heading_after_a_verdict_opens_something_new_and_needs_no_tag(course):
    edit_notebook(course / LESSON_PATH, set_cell(discussed("01-hata-nerede"),
                                                 metadata={"tags": []},
                                                 source="## Yeni bir bölüm\n\nBaşka bir şey."))
    assert findings_of(course, "discussion-missing") == []


def summary_cell(cell) -> bool:
    return cell["cell_type"] == "markdown" and source(cell).startswith("## Özet\n")


def test_an_untagged_summary_of_a_lesson_that_asks_for_predictions_is_named(course):
    assert findings_of(course, "summary-unfolded") == []
    edit_notebook(course / LESSON_PATH, set_cell(summary_cell, metadata={"tags": []}))
    [found] = findings_of(course, "summary-unfolded")
    assert found.cell == index_of(course, summary_cell) and found.severity == ERROR
    assert "the section 'Özet' sums up what the predictions measured: tag its prose " \
        "'discussion'" in found.message


def test_a_lesson_that_asks_for_no_prediction_may_leave_its_summary_open(course):
    def unasked(notebook):
        for cell in notebook["cells"]:
            if is_code(cell) and "tahmin_et(" in source(cell):
                cell["source"] = "pass"
    edit_notebook(course / LESSON_PATH, set_cell(summary_cell, metadata={"tags": []}))
    edit_notebook(course / LESSON_PATH, unasked)
    assert findings_of(course, "summary-unfolded") == []
