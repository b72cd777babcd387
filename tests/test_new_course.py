"""`init DIR`: a new course in a folder that holds none, every key of course.toml written with
what it does, that checks clean and builds at once; refused, writing nothing, where a course or
any of its files is already."""

import re
import tomllib
from pathlib import Path

import pytest

from checks.definition import COURSE_FILE, Minimums, Sections, read_definition
from checks.glossary import read_glossary
from checks.linter.lint import lint_course
from publish import cli
from publish.handout.builder import HANDOUTS
from publish.lite.inputs import CACHE
from publish.new_course import NewCourseError, new_course, project_name, title_of
from publish.site import PUBLIC, build_site
from publish.slides.command import FOLDER

# Every key course.toml may hold (checks/definition.py reads them), by where it stands.
TOP_KEYS = {"title", "language", "interface_language", "license", "description",
            "command", "glossary_intro", "exercises", "show_answers", "lessons"}
TABLES = {"minimums": set(Minimums.__annotations__), "sections": set(Sections.__annotations__),
          "assignments.first-week": {"lessons", "exercises"}}


def files_of(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes()
            for path in sorted(root.rglob("*")) if path.is_file()}


def keys_written(text: str) -> dict[str, set[str]]:
    """The keys of course.toml's text, set or shown commented out, by table ("" the top)."""
    found: dict[str, set[str]] = {"": set()}
    table = ""
    for line in text.splitlines():
        line = line.removeprefix("# ")
        if heading := re.fullmatch(r"\[([\w.-]+)\]", line.strip()):
            table = heading[1]
            found.setdefault(table, set())
        elif key := re.match(r"(\w+) = ", line):
            found[table].add(key[1])
    return found


def test_a_new_course_checks_clean_and_builds_at_once(tmp_path):
    folder = tmp_path / "counting-work"
    written = new_course(folder)
    assert [path.as_posix() for path in written] == [
        "course/course.toml", "course/glossary.yaml", "exercises/__init__.py",
        "models/__init__.py", "README.md", "pyproject.toml", ".gitignore"]
    definition = read_definition(folder)
    assert (definition.title, definition.language, definition.exercises,
            definition.lessons) == ("Counting work", "en", "exercises", [])
    assert read_glossary(folder) == []
    assert lint_course(folder) == []
    site = build_site(folder, tmp_path / "site").out
    assert "Counting work" in (site / "index.html").read_text(encoding="utf-8")


def test_course_toml_holds_every_key_with_what_it_does(tmp_path):
    new_course(tmp_path / "course")
    text = (tmp_path / "course" / COURSE_FILE).read_text(encoding="utf-8")
    assert keys_written(text) == {"": TOP_KEYS, **TABLES}
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if re.match(r"(# )?\w+ = ", line) and "  # " not in line:
            assert lines[number - 1].startswith("# "), f"{line!r} says nothing of itself"
    tomllib.loads(text)  # what is set is valid TOML


def test_a_turkish_course_gets_its_packages_and_readme_in_turkish(tmp_path):
    folder = tmp_path / "önbellek"
    written = new_course(folder, "tr", "Önbellek  Dersleri")
    assert {path.parts[0] for path in written} >= {"alistirmalar", "modeller"}
    definition = read_definition(folder)
    assert (definition.title, definition.language, definition.sections.exercises) == (
        "Önbellek Dersleri", "tr", "Kendini Sına")
    assert "Etkileşimli bir kurs" in (folder / "README.md").read_text(encoding="utf-8")
    assert tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["name"] == "onbellek"
    assert lint_course(folder) == []


def test_a_course_in_a_language_without_site_words_builds_with_english_ones(tmp_path):
    new_course(tmp_path / "kurs", "de", "Warteschlangen")
    definition = read_definition(tmp_path / "kurs")
    assert (definition.language, definition.interface_language) == ("de", "en")
    assert lint_course(tmp_path / "kurs") == []
    build_site(tmp_path / "kurs", tmp_path / "site")


@pytest.mark.parametrize("folder, title", [("counting-work", "Counting work"),
                                           ("my_first course", "My first course")])
def test_the_title_comes_from_the_folder_by_default(tmp_path, folder, title):
    assert title_of(tmp_path / folder) == title
    assert project_name(tmp_path / folder) == folder.replace("_", "-").replace(" ", "-")


def test_a_folder_holding_a_course_is_refused_and_left_as_it_was(tmp_path):
    new_course(tmp_path)
    before = files_of(tmp_path)
    with pytest.raises(NewCourseError, match="holds a course already"):
        new_course(tmp_path, "tr")
    assert files_of(tmp_path) == before


def test_a_file_in_the_way_is_refused_and_nothing_is_written(tmp_path):
    (tmp_path / "README.md").write_text("mine\n", encoding="utf-8")
    with pytest.raises(NewCourseError, match="README.md exists"):
        new_course(tmp_path)
    assert files_of(tmp_path) == {"README.md": b"mine\n"}


def test_a_write_that_fails_half_way_leaves_no_folder_behind(tmp_path, monkeypatch):
    original = Path.write_text

    def failing(path: Path, *args, **kwargs):
        if path.name.startswith(".README"):
            raise OSError(28, "No space left on device", str(path))
        return original(path, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", failing)
    with pytest.raises(NewCourseError, match="nothing was written"):
        new_course(tmp_path / "new")
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("language", ["english", "EN", "", "e n"])
def test_a_language_that_is_no_code_is_refused(tmp_path, language):
    with pytest.raises(NewCourseError, match="is not a language's code"):
        new_course(tmp_path / "c", language)
    assert not (tmp_path / "c").exists()


def test_the_command_says_what_it_wrote_and_what_comes_next(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["init", "course", "--language", "en", "--title", "Counting Work"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "wrote course/course/course.toml"
    assert out[-1].startswith("next: in course, `kurs new 00-first-lesson")
    assert read_definition(tmp_path / "course").title == "Counting Work"
    assert cli.main(["init", "course"]) == 1
    assert capsys.readouterr().err == ("error: course holds a course already "
                                       "(course/course.toml); `kurs new` adds lessons to it\n")


@pytest.mark.parametrize("args, said", [
    (["init"], "'init' takes the new course's folder: init DIR"),
    (["init", "a", "b"], "'init' takes the new course's folder: init DIR"),
    (["init", "a", "--root", "."], "'init' takes the new course's folder, not --root"),
    (["check", "--language", "en"], "--language goes with 'init'"),
    (["--title", "T"], "--title goes with 'init'"),
])
def test_init_takes_one_folder_and_its_own_options(tmp_path, monkeypatch, capsys, args, said):
    new_course(tmp_path)  # the default --root, for the commands that need one
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit:
        cli.main(args)
    assert exit.value.code == 2
    assert said in capsys.readouterr().err


def test_outside_a_course_init_is_the_one_command_that_works(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        cli.main(["check"])
    assert "argument --root: . is not a course's repository" in capsys.readouterr().err
    assert cli.main(["init", "."]) == 0
    assert cli.main(["check"]) == 0


def test_a_new_courses_gitignore_holds_every_folder_the_toolkit_writes_in_it(tmp_path):
    new_course(tmp_path / "course")
    ignored = (tmp_path / "course" / ".gitignore").read_text(encoding="utf-8").split()
    assert {f"{folder}/" for folder in (PUBLIC, CACHE, FOLDER, HANDOUTS)} <= set(ignored)
