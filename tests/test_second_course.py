"""The toolkit serves another instructor's course (issue 33): `tests/english_course/`, "Counting
Work", is in English, has two lessons, its own exercises package (`practice`), no model package,
no templates or assets of its own, and smaller minimums than the defaults. It passes `check`,
reruns to its stored bytes under nbval, its student tools speak English, and it builds an English
site; its lite site is built and checked once, in tests/lite/test_lite_not_in_browser.py.

Every test works on a copy of it, so that the repository stays as it is."""

import os
import json
import re
import shutil
from html import unescape
from pathlib import Path

import nbformat
import pytest

from checks.student.en import check
from checks.markers import TOOL_NAMES
from checks.definition import read_definition
from checks.exercises import course_registry, of_course
from checks.glossary import in_glossary_order, read_glossary
from checks.kernel_course import kernel_definition
from checks.linter.lint import lint_course
from checks.student.en import predict, prediction_result
from checks.words import WORDS
from course_copies import ROOT
from publish.search import GLOBAL_NAME
from publish.site import build_site
from publish.strings import STRINGS

COURSE = Path(__file__).parent / "english_course"
LESSONS = ("00-work-in-the-request", "01-draining-the-queue")
EN, TR = STRINGS["en"], STRINGS["tr"]
# What the folder holds for this repository's tests, not for the course: copies leave it out.
NOT_THE_COURSE = shutil.ignore_patterns("conftest.py", "__pycache__")


def copy_of_course(target: Path) -> Path:
    shutil.copytree(COURSE, target, ignore=NOT_THE_COURSE)
    return target


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """One copy for the module's tests, which only read it."""
    return copy_of_course(tmp_path_factory.mktemp("second") / "counting-work")


@pytest.fixture(scope="module")
def site(course, tmp_path_factory) -> Path:
    """The course's instructor's build: every page the toolkit makes."""
    return build_site(course, tmp_path_factory.mktemp("second-site") / "site",
                      instructor=True).out


def page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


def test_the_course_is_what_the_toolkit_serves_without_its_own_templates(course):
    definition = read_definition(course)
    assert (definition.language, definition.interface_language) == ("en", "en")
    assert definition.exercises == "practice"
    assert (definition.minimums.exercises, definition.minimums.predictions,
            definition.minimums.modify) == (1, 1, 0)
    assert [name.removesuffix(".ipynb") for name in definition.lessons] == list(LESSONS)
    assert not (course / "course" / "templates").exists()
    assert not (course / "course" / "assets").exists()
    assert not (course / "kernel").exists()


def test_check_finds_nothing(course):
    assert lint_course(course) == []


def test_the_practice_package_registers_each_lessons_exercise_and_prediction(course):
    registry = of_course(read_definition(course))
    assert sorted(registry.exercises) == ["00-two-signups", "01-two-users-log"]
    assert sorted(registry.predictions) == ["00-run-before-response", "01-attempts"]
    assert set(registry.modules.values()) == {"practice/lesson00.py", "practice/lesson01.py"}


def test_each_revealed_answer_passes_and_a_wrong_one_gets_its_hint(course: Path) -> None:
    exercises = of_course(read_definition(course)).exercises
    for exercise in exercises.values():
        answer: dict = {}
        exec(exercise.answer_text(TOOL_NAMES["en"]), answer)  # what the "show the answer" shows
        assert exercise.check(answer["prediction"]).correct is True
    wrong = exercises["00-two-signups"].check({"run in the requests": "2",
                                               "waiting on the queue": "4"})
    assert wrong.correct is False and "does not call its function" in str(wrong)
    retried_at_once = ["done send_welcome_email ada", "retry make_thumbnail ada",
                       "done make_thumbnail ada", "done send_welcome_email grace",
                       "done make_thumbnail grace"]
    wrong = exercises["01-two-users-log"].check(retried_at_once)
    assert wrong.correct is False and "goes back at the end of the queue" in str(wrong)


@pytest.fixture
def kernel_in_course(course, monkeypatch):
    """This process as a kernel started in the copy's lessons: the course it finds, and the
    language its tools speak, are the copy's (found afresh, and again once it is done)."""
    monkeypatch.chdir(course / "lessons")
    kernel_definition.cache_clear()
    course_registry.cache_clear()
    yield
    kernel_definition.cache_clear()
    course_registry.cache_clear()


def test_the_student_tools_speak_the_courses_language(kernel_in_course, capsys):
    said = WORDS["en"]
    panel = check("00-two-signups", {"run in the requests": "2", "waiting on the queue": "4"})
    printed = " ".join(capsys.readouterr().out.split())
    assert printed.startswith(f"{said['not_yet']} I compared your prediction for each part")
    assert "Hint: Appending a job to the list does not call its function" in printed
    assert panel is not None
    (hint, answer), _, answer_area = panel.children[0].children, *panel.children[1:]
    assert (hint.description, answer.description) == (said["give_hint"], said["show_answer"])
    answer.click()
    shown = unescape(answer_area.value)
    assert "Why? The queued handler" in shown and said["paste_before_check"] in shown
    assert "prediction = {" in shown and "tahmin" not in shown  # the course's own names
    form = predict("01-attempts")
    assert form is not None
    _, field, save, _ = form.children
    assert (field.description, save.description) == (said["prediction"], said["save"])
    field.value = "4"
    save.click()
    prediction_result("01-attempts", "3")
    assert capsys.readouterr().out.startswith("✘ Your prediction: 4. Measured: 3.\n"
                                              "The assumption the measurement contradicts: ")


@pytest.mark.slow
def test_a_fresh_run_stores_the_lessons_bytes(pytester):
    """nbval reruns each lesson in a fresh kernel, in the lessons' folder of a copy, where the
    kernel finds the course's exercises by its course.toml; the repository's conftest.py then
    stores that run as `build.py run` would and compares the bytes with the lesson's, and
    pastes each of the course's revealed answers into its cell, in English."""
    copy_of_course(pytester.path / "counting-work")
    pytester.makeconftest((ROOT / "conftest.py").read_text(encoding="utf-8"))
    lessons = pytester.path / "counting-work" / "lessons"
    code_cells = sum(cell.cell_type == "code" for path in lessons.glob("*.ipynb")
                     for cell in nbformat.read(path, as_version=4).cells)
    result = pytester.runpytest_subprocess("--nbval", "--nbval-current-env",
                                           "-p", "no:cacheprovider", str(lessons))
    result.assert_outcomes(passed=code_cells + 2 * len(LESSONS))  # and the two tests of each


def test_every_page_is_english(site):
    pages = sorted(site.glob("*.html"))
    assert {path.stem for path in pages} >= {*LESSONS, "index", "glossary", "key-points",
                                             "instructor", "search", "404"}
    for path in pages:
        assert page(site, path.name).startswith('<!doctype html>\n<html lang="en">'), path.name


def test_the_pages_speak_the_english_interface_and_no_turkish_one(site):
    first, last = (page(site, f"{lesson}.html") for lesson in LESSONS)
    for key in ("skip", "objectives", "contents", "download", "exercise", "exercise_note",
                "show_result", "widget"):
        assert EN[key] in first and EN[key] in last, key
    assert EN["next"] in first and EN["previous"] in last
    assert "December 2, 2026" in first  # the front matter's date, as English writes it
    instructor = page(site, f"instructor-{LESSONS[1]}.html")
    assert EN["instructor_note"] in instructor and EN["learner_view"] in instructor
    plan = page(site, "instructor.html")
    assert EN["kind_PartsPrediction"] in plan and EN["kind_LogPrediction"] in plan
    assert EN["timing_teaching"].format(n=20) in plan
    assert EN["not_found_title"] in page(site, "404.html")
    # the toolkit's command as this course runs it (course.toml's default), not this repository's
    assert "“kurs study”" in first and "build.py" not in first
    turkish = [text for text in TR.values() if "{" not in text and len(text) > 3
               and text not in EN.values()]
    for path in site.glob("*.html"):
        html = page(site, path.name)
        assert [text for text in turkish if text in html] == [], path.name


def test_each_lesson_has_the_english_sections_and_the_key_points_gather_its_summary(site):
    for lesson in LESSONS:
        html = page(site, f"{lesson}.html")
        for title, anchor in (("Summary", "summary"), ("Check Yourself", "check-yourself"),
                              ("Next Step", "next-step")):
            assert f'<h2 id="{anchor}">{title}</h2>' in html, (lesson, title)
    key_points = page(site, "key-points.html")
    assert key_points.index("Run inline, every chore runs") \
        < key_points.index("A worker takes the job at the front of the queue")


def test_the_glossary_is_in_case_folded_order(course, site):
    entries = read_glossary(course)
    shown = re.findall(r'<dt id="([^"]+)">', page(site, "glossary.html"))
    assert shown == [entry.anchor for entry in in_glossary_order(entries, "en")] \
        == ["attempt", "fifo", "job", "queue", "worker"]
    # the order a code point sort would give puts the capitals first: the fold is what decides
    assert [entry.anchor for entry in sorted(entries, key=lambda entry: entry.term)] != shown


def test_search_finds_english_words_by_their_english_stems(site):
    text = page(site, "assets/search-index.js")
    prefix = f"window.{GLOBAL_NAME} = "
    assert text.startswith(prefix) and text.endswith(";\n")
    index = json.loads(text[len(prefix):-2])
    stems = index["stems"]
    assert (stems["jobs"], stems["attempts"], stems["queued"], stems["draining"]) == \
        ("job", "attempt", "queu", "drain")
    titles = {section["title"] for record in index["lessons"] for section in record["sections"]}
    assert {"Summary", "Check Yourself", "Next Step", "FIFO (first in, first out)"} <= titles


def test_the_downloads_are_the_students_notebooks(site):
    assert sorted(path.name for path in (site / "notebooks").iterdir()) == \
        [*(f"{lesson}.ipynb" for lesson in LESSONS), "glossary.yaml"]
    for lesson in LESSONS:
        notebook = nbformat.read(site / "notebooks" / f"{lesson}.ipynb", as_version=4)
        cells = notebook.cells
        assert not any(cell.get("outputs") for cell in cells)
        assert not any({"claim", "instructor"} & set(cell.metadata.get("tags", []))
                       for cell in cells)


TURKISH_LETTERS = re.compile(r"[çğıöşüÇĞİÖŞÜ]")  # none of them in this course's own text


def test_no_turkish_reaches_an_english_page(site):
    """What the student tools print and show (the prediction form's question, a check's
    feedback, its buttons' stand-in) is in the course's language (issue 33), and the stored
    outputs carry it onto the pages and into the search index."""
    for path in [*site.glob("*.html"), site / "assets" / "search-index.js"]:
        found = TURKISH_LETTERS.search(page(site, str(path.relative_to(site))))
        assert found is None, path.name


@pytest.mark.slow  # starts kernels
def test_a_course_that_is_not_installed_is_graded_in_its_own_words(course, tmp_path):
    """The copy is no installed package: its exercises package (`practice`) is found in its
    folder, by the grader and in the confined kernel, and the kernel's tools work in this
    course, not in the one installed beside it."""
    from grading.command import Request, grade_class
    from grading.gradebook import GRADEBOOK, Gradebook

    exercises = of_course(read_definition(course)).exercises
    notebook = nbformat.read(course / "lessons" / f"{LESSONS[0]}.ipynb", as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if "check(" in cell.source and "00-two-signups" in cell.source:
            cell.source = exercises["00-two-signups"].pasted(cell.source, TOOL_NAMES["en"])
    (tmp_path / "handed-in" / "ada").mkdir(parents=True)
    nbformat.write(notebook, tmp_path / "handed-in" / "ada" / "lesson.ipynb")
    assert grade_class(Request(course, tmp_path / "handed-in", tmp_path / "grades")) == 0
    with Gradebook(tmp_path / "grades" / GRADEBOOK) as book:
        [grade] = book.grades_of("ada")
    assert {item.item: item.verdict for item in grade.items if item.kind == "exercise"} == {
        "00-two-signups": "right"}
    assert grade.flags == () and grade.failure is None


@pytest.mark.slow  # starts a kernel
def test_run_imports_the_courses_own_packages_and_says_a_failure_plainly(tmp_path):
    """A package of the course's root (here `sayac`, no installed package) imports in the
    kernel `run` starts; a cell that fails is told without the terminal's colour codes."""
    from checks.definition import CourseError
    from checks.run_lesson import run_lesson

    root = copy_of_course(tmp_path / "counting-work")
    (root / "sayac").mkdir()
    (root / "sayac" / "__init__.py").write_text("N = 3\n", encoding="utf-8")
    path = root / "lessons" / f"{LESSONS[0]}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(1, nbformat.v4.new_code_cell("import sayac\nprint(sayac.N)"))
    nbformat.write(notebook, path)
    run_lesson(path)
    assert nbformat.read(path, as_version=4).cells[1].outputs[0]["text"] == "3\n"
    notebook.cells.insert(1, nbformat.v4.new_code_cell("import yok_boyle_bir_paket"))
    nbformat.write(notebook, path)
    with pytest.raises(CourseError, match="ModuleNotFoundError") as failed:
        run_lesson(path)
    assert "\x1b[" not in failed.value.message


def test_the_students_jupyterlab_imports_the_courses_own_packages(tmp_path, monkeypatch):
    from publish import study

    root = copy_of_course(tmp_path / "counting-work")
    folder = study.copy_folder(root, EN)
    folder.mkdir()
    started = {}
    monkeypatch.setattr(study.os, "execve", lambda program, argv, env: started.update(env))
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    study.open_lab(folder, root, "en", [])
    assert started["PYTHONPATH"].split(os.pathsep) == [str(root.resolve()), "/elsewhere"]
