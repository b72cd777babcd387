"""A course registers its exercises and predictions in the package its course.toml names; the
toolkit finds them there, from the linter and from a student's kernel, and has none of its own."""

import ast
import shutil
import subprocess
import sys
import textwrap
from importlib.metadata import PathDistribution
from pathlib import Path

import pytest

from checks.definition import COURSE_FILE, read_definition
from checks import kernel_course
from checks.exercises import course_registry, load_registry, of_course
from checks.kernel_course import (
    DEFINITION_IN_WHEEL,
    ENTRY_POINTS,
    course_language,
    course_lessons,
    kernel_definition,
)
from checks.findings import ERROR, Finding
from checks.linter.lint import lint_course
from course_copies import ROOT

PREDICTION = 'Prediction("How many?", (), {"az": "fewer", "çok": "more"})'
COURSE = """title = "A tiny course"
language = "en"
license = "CC BY 4.0"
description = "Two modules of exercises and no lesson."
exercises = "{package}"
lessons = []
"""


def tiny_course(root: Path, modules: dict[str, str]) -> str:
    """A course under `root` with no lessons and a package of exercise modules, named after
    the test's folder; returns the package's name."""
    package = f"exercises_{root.name.replace('-', '_')}"
    (root / COURSE_FILE).parent.mkdir(parents=True)
    (root / COURSE_FILE).write_text(COURSE.format(package=package), encoding="utf-8")
    (root / package).mkdir()
    (root / package / "__init__.py").write_text("", encoding="utf-8")
    for name, body in modules.items():
        code = f"from checks.exercises.kinds import Prediction\n\n{textwrap.dedent(body)}"
        (root / package / f"{name}.py").write_text(code, encoding="utf-8")
    return package


def test_this_course_registers_its_exercises_in_its_own_package():
    definition = read_definition(ROOT)
    registry = of_course(definition)
    assert definition.exercises == "alistirmalar"
    assert registry.exercises and registry.predictions
    assert {Path(module).parent.as_posix() for module in registry.modules.values()} \
        == {"alistirmalar"}
    assert all(key[:2] == Path(module).stem[-2:] for key, module in registry.modules.items())


def imported(path: Path) -> set[str]:
    """The top-level packages a module imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
            for alias in node.names} | {
        node.module.split(".")[0] for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level}


def test_the_toolkit_imports_nothing_of_this_course():
    course = {"kernel", "kasif", "cizim", "alistirmalar"}
    toolkit = [path for folder in ("checks", "publish", "grading")
               for path in (ROOT / folder).rglob("*.py")]
    assert toolkit
    assert {path.relative_to(ROOT).as_posix(): sorted(imported(path) & course)
            for path in toolkit if imported(path) & course} == {}


def test_a_course_of_its_own_is_found_under_its_root(tmp_path):
    tiny_course(tmp_path, {"lesson00": f'PREDICTIONS = {{"00-count": {PREDICTION}}}',
                           "lesson01": f'PREDICTIONS = {{"01-count": {PREDICTION}}}'})
    registry = of_course(read_definition(tmp_path))
    assert list(registry.predictions) == ["00-count", "01-count"]
    assert registry.exercises == {}
    package = read_definition(tmp_path).exercises
    assert registry.modules["01-count"] == f"{package}/lesson01.py"
    assert lint_course(tmp_path) == []


def test_two_courses_whose_packages_share_a_name_are_each_read_from_their_own_root(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    package = tiny_course(first, {"lesson00": f'PREDICTIONS = {{"00-count": {PREDICTION}}}'})
    shutil.copytree(first, second)
    (second / package / "lesson00.py").write_text(
        (second / package / "lesson00.py").read_text(encoding="utf-8").replace(
            "00-count", "00-other"), encoding="utf-8")
    registries = [of_course(read_definition(root)) for root in (first, second, first)]
    assert [list(registry.predictions) for registry in registries] \
        == [["00-count"], ["00-other"], ["00-count"]]
    assert {registry.modules[key] for registry in registries for key in registry.modules} \
        == {f"{package}/lesson00.py"}  # each under its own root


def test_an_id_registered_twice_is_an_error_naming_both_modules(tmp_path):
    package = tiny_course(tmp_path, {
        "lesson00": f'PREDICTIONS = {{"00-count": {PREDICTION}}}',
        "lesson01": f'PREDICTIONS = {{"00-count": {PREDICTION}}}'})
    assert lint_course(tmp_path) == [Finding(
        Path(package) / "lesson01.py", None, "exercises-package", ERROR,
        f"'00-count' is registered twice: in {package}/lesson00.py and here")]


def test_an_id_used_by_an_exercise_and_a_prediction_is_registered_twice(tmp_path):
    package = tiny_course(tmp_path, {"lesson00": f'''
        from checks.exercises.kinds import LogPrediction
        PREDICTIONS = {{"00-count": {PREDICTION}}}
        EXERCISES = {{"00-count": LogPrediction("q", "how", "why", "hint", list, (), "x")}}'''})
    [finding] = lint_course(tmp_path)
    assert finding.message == f"'00-count' is registered twice: in {package}/lesson00.py and here"


@pytest.mark.parametrize("body,message", [
    ("PREDICTIONS = []", "PREDICTIONS must be a dict of ids and Predictions"),
    ('PREDICTIONS = {"00-count": "How many?"}',
     "PREDICTIONS must map ids to Predictions; '00-count' maps to a str"),
    ('EXERCISES = {"00-count": Prediction("q", (), {})}',
     "EXERCISES must map ids to Exercises; '00-count' maps to a Prediction"),
])
def test_a_registration_that_is_not_one_is_an_error_in_its_module(tmp_path, body, message):
    package = tiny_course(tmp_path, {"lesson00": body})
    assert lint_course(tmp_path) == [
        Finding(Path(package) / "lesson00.py", None, "exercises-package", ERROR, message)]


def test_a_package_that_cannot_be_imported_is_an_error_in_the_definition(tmp_path):
    package = tiny_course(tmp_path, {"lesson00": "import no_such_module_here"})
    [finding] = lint_course(tmp_path)
    assert (finding.path, finding.rule) == (COURSE_FILE, "exercises-package")
    assert finding.message == (f"'exercises' names the package {package!r}, which cannot be "
                               "imported: ModuleNotFoundError: No module named "
                               "'no_such_module_here'")


def test_a_course_that_names_no_package_has_nothing_registered(tmp_path):
    tiny_course(tmp_path, {})
    definition = COURSE.format(package="x").replace('exercises = "x"\n', "")
    (tmp_path / COURSE_FILE).write_text(definition, encoding="utf-8")
    assert read_definition(tmp_path).exercises is None
    assert of_course(read_definition(tmp_path)) == load_registry(None, tmp_path)
    assert of_course(read_definition(tmp_path)).predictions == {}


@pytest.mark.parametrize("value", ['"no package"', "3", '"1st.package"'])
def test_exercises_must_name_a_package(tmp_path, value):
    tiny_course(tmp_path, {})
    text = (tmp_path / COURSE_FILE).read_text(encoding="utf-8")
    (tmp_path / COURSE_FILE).write_text(
        "\n".join(f"exercises = {value}" if line.startswith("exercises") else line
                  for line in text.splitlines()), encoding="utf-8")
    [finding] = lint_course(tmp_path)
    assert finding.message.startswith("'exercises' must name a Python package, not ")


KERNEL_SCRIPT = ("from checks.exercises import course_registry\n"
                 "print(sorted(course_registry().predictions))")


@pytest.mark.slow  # starts a Python of its own
def test_a_kernel_finds_the_course_above_its_folder(tmp_path):
    """A lesson's kernel works in lessons/, a student's in their copy: course.toml is above."""
    tiny_course(tmp_path, {"lesson00": f'PREDICTIONS = {{"00-count": {PREDICTION}}}'})
    (tmp_path / "lessons").mkdir()
    result = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT], cwd=tmp_path / "lessons",
                            capture_output=True, text=True)
    assert result.stdout == "['00-count']\n", result.stderr


@pytest.mark.slow  # starts a Python of its own
def test_a_kernel_with_no_course_above_it_takes_the_installed_courses(tmp_path):
    """As the lite site's kernel does: this course's package is installed, with its entry point."""
    result = subprocess.run([sys.executable, "-c", KERNEL_SCRIPT], cwd=tmp_path,
                            capture_output=True, text=True)
    assert result.stdout == f"{sorted(course_registry().predictions)}\n", result.stderr


def test_a_kernel_with_no_course_above_it_reads_the_installed_courses_language(tmp_path,
                                                                              monkeypatch):
    """As the lite site's kernel does: its course's wheel carries course.toml in its dist-info."""
    info = tmp_path / "a_course-1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: a-course\nVersion: 1\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\na-course = practice\n")
    (info / DEFINITION_IN_WHEEL).write_text(
        COURSE.format(package="practice").replace("lessons = []", 'lessons = ["00-a.ipynb"]'))
    monkeypatch.setattr(kernel_course, "installed_courses",
                        lambda: list(PathDistribution(info).entry_points))
    monkeypatch.chdir(tmp_path)
    kernel_definition.cache_clear()
    try:
        assert (course_language(), course_lessons()) == ("en", ("00-a.ipynb",))
        (info / DEFINITION_IN_WHEEL).unlink()  # a wheel without it: the toolkit's first language
        kernel_definition.cache_clear()
        assert (course_language(), course_lessons()) == ("tr", ())
    finally:
        kernel_definition.cache_clear()


def test_a_course_without_its_package_is_not_read_with_another_courses(tmp_path):
    """A process that read a course whose `alistirmalar` registers nothing (a new one) then
    reads a course with no such package of its own: the installed one serves, not the first's."""
    from course_copies import LESSON, copy_course
    from publish.new_course import new_course

    new_course(tmp_path / "new", "tr")
    assert load_registry("alistirmalar", tmp_path / "new").exercises == {}
    copy = copy_course(tmp_path / "copy", only=(LESSON,))
    assert not (copy / "alistirmalar").exists()
    assert len(of_course(read_definition(copy)).exercises) > 20
    assert lint_course(copy) == []
