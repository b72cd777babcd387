"""`new NN-name "Title"`: a lesson's skeleton, its registrations and its place in the course's
order, written all together or not at all; the linter then names what is still to write."""

import datetime
import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from checks import findings
from checks.linter.lint import lint_course
from checks.linter.rules_placeholders import placeholders_in
from course_copies import LESSON, ROOT, copy_course
from publish import cli
from publish.new_lesson import NewLessonError, course_order, new_lesson, split_name

TODAY = datetime.date(2026, 12, 2)
# What a skeleton leaves to write, and nothing else: the minimums of exercises, predictions and
# Modify steps, and the placeholders.
STILL_TO_WRITE = {"too-few-exercises", "predictions-missing", "modify-missing", "placeholder"}
COURSE_TOML = """# A course of its own, in a repository of its own
title = "Deneme Kursu"
language = "{language}"
license = "CC BY 4.0"
description = "Bir deneme."
exercises = "{package}"  # each lesson's module registers its exercises
lessons = [
    "01-ilk.ipynb",  # the first
    "03-ucuncu.ipynb",
]
"""
PACKAGES = itertools.count()


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A course with two lessons listed and none written yet, whose exercises package has a name
    of its own: Python imports a package once a process, and this one is new."""
    return a_course(tmp_path, "tr")


def a_course(folder: Path, language: str) -> Path:
    (folder / "course").mkdir()
    package = f"deneme_{os.getpid()}_{next(PACKAGES)}"
    (folder / "course" / "course.toml").write_text(
        COURSE_TOML.format(language=language, package=package), encoding="utf-8")
    return folder


def files_of(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()
            and "__pycache__" not in path.parts}


def test_a_lesson_is_started_with_its_registrations_and_its_place_in_the_order(course):
    written = new_lesson(course, "02-ikinci-ders", "İkinci  Ders: Kuyruklar", TODAY)
    package = next(path.parent for path in written if path.name == "__init__.py")
    assert written == [Path("lessons/02-ikinci-ders.ipynb"), package / "__init__.py",
                       package / "ders02.py", Path("course/course.toml")]
    toml = (course / "course" / "course.toml").read_text(encoding="utf-8")
    assert '    "01-ilk.ipynb",  # the first\n    "02-ikinci-ders.ipynb",\n    "03-ucuncu' in toml
    assert toml.startswith("# A course of its own")
    notebook = nbformat.read(course / written[0], as_version=nbformat.NO_CONVERT)
    nbformat.validate(notebook)
    assert (notebook.nbformat, notebook.nbformat_minor) == (4, 5)
    front = notebook.cells[0]
    assert front.cell_type == "raw" and front.metadata["raw_mimetype"] == "text/x-yaml"
    assert "title: 'İkinci Ders: Kuyruklar'\ncourse: Deneme Kursu\nlanguage: tr\n" \
           "updated: '2026-12-02'\nlicense: CC BY 4.0\nobjectives:\n" in front.source
    sources = [cell.source for cell in notebook.cells]
    for section in ("## Özet", "## Kendini Sına", "## Sonraki Adım"):
        assert any(source.startswith(section) for source in sources), section
    tags = [cell.metadata.get("tags", []) for cell in notebook.cells]
    assert ["instructor", "remove-cell"] in tags and ["claim", "remove-cell"] in tags
    assert 'kontrol("02-ilk-alistirma", tahmin)' in sources[tags.index(["exercise"])]
    module = (course / written[2]).read_text(encoding="utf-8")
    assert '"02-ilk-alistirma": PartsPrediction(' in module
    assert '"02-ilk-tahmin": Prediction(' in module


def test_a_lesson_never_run_is_the_run_it_needs_and_what_is_still_to_write(course):
    new_lesson(course, "02-ikinci-ders", "İkinci Ders", TODAY)
    found = [finding for finding in lint_course(course)
             if finding.path == Path("lessons/02-ikinci-ders.ipynb")]
    assert {finding.rule for finding in found} == STILL_TO_WRITE | {"not-run"}
    said = [finding.message for finding in found if finding.rule == "placeholder"]
    assert "a placeholder (TODO) is still to write: the question this lesson answers, in a " \
           "sentence or two." in said
    assert any("in the why of 02-ilk-alistirma (" in message for message in said)


def test_a_placeholder_in_a_registration_is_named_once_at_the_first_cell_checking_it(course):
    lesson = course / new_lesson(course, "02-ikinci-ders", "İkinci Ders", TODAY)[0]
    notebook = nbformat.read(lesson, as_version=nbformat.NO_CONVERT)
    checking = next(cell for cell in notebook.cells if "exercise" in cell.metadata.get("tags", []))
    notebook.cells.append(nbformat.v4.new_code_cell(checking.source))  # checks it again
    nbformat.write(notebook, lesson)
    cells = [finding.cell for finding in lint_course(course) if finding.rule == "placeholder"
             and " of 02-ilk-alistirma (" in finding.message]
    assert cells and set(cells) == {notebook.cells.index(checking)}


def test_an_english_course_gets_its_sections_and_module_name(tmp_path):
    course = a_course(tmp_path, "en")
    written = new_lesson(course, "02-second", "Second", TODAY)
    assert written[2].name == "lesson02.py"
    sources = [cell.source for cell in
               nbformat.read(course / written[0], as_version=nbformat.NO_CONVERT).cells]
    assert "**Instructor's note: the session's plan**" in sources[2]
    for section in ("## Summary", "## Check Yourself", "## Next Step"):
        assert any(source.startswith(section) for source in sources), section


@pytest.mark.parametrize("name,problem", [
    ("01-baska", "cannot start 01-baska: the number 01 is taken by the lesson 01-ilk.ipynb "
                 "(course/course.toml lists it)"),
    ("05-ucuncu", "cannot start 05-ucuncu: the name ucuncu is taken by the lesson "
                  "03-ucuncu.ipynb (course/course.toml lists it)"),
    ("7-yedi", "'7-yedi' is not a lesson's name"),
    ("07-Yedi", "'07-Yedi' is not a lesson's name"),
    ("07_yedi", "'07_yedi' is not a lesson's name"),
    ("07-", "'07-' is not a lesson's name"),
    ("../07-yedi", "'../07-yedi' is not a lesson's name"),
])
def test_a_name_in_use_or_malformed_is_refused_and_nothing_is_written(course, name, problem):
    before = files_of(course)
    with pytest.raises(NewLessonError) as refused:
        new_lesson(course, name, "Başlık", TODAY)
    assert str(refused.value).startswith(problem)
    assert files_of(course) == before


def test_a_lesson_in_the_folder_but_not_in_the_order_holds_its_number_too(course):
    (course / "lessons").mkdir()
    (course / "lessons" / "04-taslak.ipynb").write_text("{}", encoding="utf-8")
    with pytest.raises(NewLessonError, match="the number 04 is taken by the lesson "
                                             r"04-taslak.ipynb \(it is in lessons/\)"):
        new_lesson(course, "04-baska", "Başka", TODAY)


def test_a_registration_module_in_the_way_is_refused(course):
    new_lesson(course, "02-ikinci", "İkinci", TODAY)
    (course / "lessons" / "02-ikinci.ipynb").unlink()
    toml = course / "course" / "course.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"02-ikinci.ipynb",\n', ""),
                    encoding="utf-8")
    before = files_of(course)
    with pytest.raises(NewLessonError, match=r"cannot start 02-yeniden: .*/ders02.py exists"):
        new_lesson(course, "02-yeniden", "Yeniden", TODAY)
    assert files_of(course) == before


def test_an_empty_title_and_a_course_with_no_exercises_package_are_refused(course):
    with pytest.raises(NewLessonError, match="the lesson's title is empty"):
        new_lesson(course, "02-ikinci", " \t", TODAY)
    toml = course / "course" / "course.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text("\n".join(line for line in text.splitlines()
                              if not line.startswith("exercises")), encoding="utf-8")
    before = files_of(course)
    with pytest.raises(NewLessonError, match="names no package for the exercises"):
        new_lesson(course, "02-ikinci", "İkinci", TODAY)
    assert files_of(course) == before


def test_a_write_that_fails_half_way_leaves_nothing_behind(course, monkeypatch):
    before = files_of(course)
    replace = os.replace
    calls = []

    def fails_on_the_third(source, target):
        calls.append(target)
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(target))
        replace(source, target)
    monkeypatch.setattr(os, "replace", fails_on_the_third)
    with pytest.raises(NewLessonError, match="nothing was written: .*No space left on device"):
        new_lesson(course, "02-ikinci", "İkinci", TODAY)
    assert files_of(course) == before
    assert sorted(path.name for path in course.iterdir()) == ["course"]


@pytest.mark.parametrize("text,after", [
    ('lessons = ["01-a.ipynb"]\n', 'lessons = ["01-a.ipynb", "02-b.ipynb"]\n'),
    ('lessons = []\n', 'lessons = ["02-b.ipynb"]\n'),
    ('lessons = ["03-c.ipynb", "01-a.ipynb"]  # kept\n',
     'lessons = ["02-b.ipynb", "03-c.ipynb", "01-a.ipynb"]  # kept\n'),
    ('lessons = [\n  "01-a.ipynb",  # one\n  # between\n  "04-d.ipynb",\n]\nx = 1\n',
     'lessons = [\n  "01-a.ipynb",  # one\n  # between\n  "02-b.ipynb",\n  "04-d.ipynb",\n]\n'
     'x = 1\n'),
])
def test_the_lesson_goes_before_the_first_of_a_greater_number_the_file_as_it_was(text, after):
    assert course_order(text, "02-b.ipynb") == after


def test_a_name_is_split_into_its_number_and_words():
    assert split_name("06-yeni-ders") == ("06", "yeni-ders")
    assert split_name("06-yeni-ders.ipynb") == ("06", "yeni-ders")


@pytest.mark.parametrize("text,said", [
    ("TODO: yaz", ["yaz"]), ("x = 1  # TODO: ölç", ["ölç"]),
    ("**TODO**", ["(it does not say what)"]), ("TODOS and todo and MASTODON", []),
    ("- TODO the summary", ["the summary"]),
])
def test_a_placeholder_is_a_todo_and_what_follows_it(text, said):
    assert list(placeholders_in(text)) == said


def test_the_command_line_names_itself_in_what_it_suggests(course, capsys, monkeypatch):
    program = cli.Program("kurs", "kurs", str(course), "the current folder")
    monkeypatch.chdir(course)
    assert cli.main(["new", "02-ikinci", "İkinci Ders"], program) == 0
    assert findings.COMMAND == "python build.py"  # as it was before: this repository's
    said = capsys.readouterr().out
    assert said.startswith("wrote lessons/02-ikinci.ipynb\n")
    assert said.endswith("added the lesson to course/course.toml\nnext: write the lesson (`kurs "
                         "check` names each TODO left), `kurs run lessons/02-ikinci.ipynb`, then "
                         "`kurs check`\n")
    monkeypatch.setattr(findings, "COMMAND", "kurs")  # as main() sets it while it runs
    not_run = [finding.message for finding in lint_course(course) if finding.rule == "not-run"]
    assert not_run == ["the lesson was never run: no code cell has an execution count or a "
                       "stored output; run kurs run lessons/02-ikinci.ipynb first, then check "
                       "what is left"]


@pytest.mark.parametrize("args", [["new"], ["new", "02-x"], ["new", "02-x", "X", "Y"]])
def test_new_takes_a_name_and_a_title(args, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.parse_arguments(args, cli.KURS)
    assert exited.value.code == 2
    assert capsys.readouterr().err == ("kurs: error: 'new' takes the lesson's name and title: "
                                       'new NN-name "Title"; see kurs --help\n')


def test_a_refusal_is_one_line_and_exit_status_1(course, capsys):
    program = cli.Program("build.py", "python build.py", str(course), "this file's folder")
    assert cli.main(["new", "01-yine", "Yine"], program) == 1
    assert capsys.readouterr().err == ("error: cannot start 01-yine: the number 01 is taken by "
                                       "the lesson 01-ilk.ipynb (course/course.toml lists it)\n")


@pytest.mark.slow
@pytest.mark.parametrize("entry", ["build.py", "kurs"])
def test_a_new_lesson_run_in_this_course_leaves_only_what_is_still_to_write(tmp_path, entry):
    """In a copy of this course, as an author types it, by `python build.py --root` or by the
    installed `kurs` in the course's folder: `new`, `run`, then `check` finds in the new lesson
    only what its author has still to write."""
    course = copy_course(tmp_path / "course", only=(LESSON,))
    if not (course / "alistirmalar").exists():
        shutil.copytree(ROOT / "alistirmalar", course / "alistirmalar",
                        ignore=shutil.ignore_patterns("__pycache__"))
    kurs = Path(sys.executable).parent / "kurs"
    if entry == "kurs" and not kurs.is_file():
        pytest.skip(f"{kurs} is not installed (pip install -e . installs it)")
    command = [sys.executable, str(ROOT / "build.py"), "--root", str(course)] \
        if entry == "build.py" else [str(kurs)]

    def build(*args: str) -> subprocess.CompletedProcess:
        # outside CI, where each finding's line has a GitHub annotation beside it
        quiet = {name: value for name, value in os.environ.items() if name != "CI"}
        return subprocess.run([*command, *args], capture_output=True, text=True, cwd=course,
                              env=quiet)

    started = build("new", "07-yeni-ders", "Yeni Ders")
    assert started.returncode == 0, started.stderr
    assert started.stdout.startswith("wrote lessons/07-yeni-ders.ipynb\n"
                                     "wrote alistirmalar/ders07.py\n")
    ran = build("run", "lessons/07-yeni-ders.ipynb")
    assert ran.stdout.startswith("ran lessons/07-yeni-ders.ipynb\n"), ran.stderr
    checked = build("check")
    lines = checked.stderr.splitlines()
    assert lines[-1].endswith(" error(s), 0 warning(s)")
    assert all(line.startswith("lessons/07-yeni-ders.ipynb: ") for line in lines[:-1]), lines
    assert {line.rsplit(" [", 1)[1].rstrip("]") for line in lines[:-1]} == STILL_TO_WRITE, lines
