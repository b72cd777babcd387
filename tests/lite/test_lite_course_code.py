"""The course's code the lite site ships is found from the course, not listed: what its lessons
import from its folders and what that imports in turn, its exercises package (named by the
wheel's entry point, for the kernel, which has no course.toml), and the toolkit's checks."""

import json
import tomllib
import zipfile
from importlib.metadata import distributions
from pathlib import Path

import pytest

from course_copies import ROOT
from publish import SiteError
from publish.lite.course_code import TOOLKIT, course_code, left_out, lesson_imports
from publish.lite.project_wheel import write_project_wheel

COURSE_TOML = """title = "Küçük Kurs"
language = "tr"
license = "CC BY 4.0"
description = "Bir deneme."
exercises = "ornek_alistirmalar"
lessons = ["01-a.ipynb"]
"""
CELLS = ["from paket.alt import f\nimport os, json as j\nf()",
         "%time x = 1\nfrom checks.student.tr import kontrol",
         "def g():\n    import yardimci  # inside a function, imported all the same\n"]
FILES = {"paket/__init__.py": "", "paket/alt.py": "import ikinci.derin\n\n\ndef f(): ...\n",
         "ikinci/__init__.py": '"""\nimport baska  (a docstring, read as an import)\n"""\n',
         "ikinci/derin.py": "import re\n", "yardimci.py": "",
         "baska/__init__.py": "", "hic_kullanilmayan/__init__.py": "",
         "ornek_alistirmalar/__init__.py": "", "ornek_alistirmalar/ders01.py": "EXERCISES = {}\n",
         "ornek_alistirmalar/__pycache__/ders01.cpython-311.pyc": "x"}


@pytest.fixture
def course(tmp_path: Path) -> Path:
    (tmp_path / "course").mkdir()
    (tmp_path / "course" / "course.toml").write_text(COURSE_TOML, encoding="utf-8")
    (tmp_path / "lessons").mkdir()
    cells = [{"cell_type": "code", "source": source} for source in CELLS]
    (tmp_path / "lessons" / "01-a.ipynb").write_text(json.dumps({"cells": cells}),
                                                     encoding="utf-8")
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_lessons_imports_are_their_import_statements_in_order(course):
    assert lesson_imports(course) == ["from paket.alt import f", "import os, json as j",
                                      "from checks.student.tr import kontrol",
                                      "import yardimci"]


def test_what_is_shipped_is_what_the_lessons_reach_the_exercises_and_the_checks(course):
    code = course_code(course)
    assert code.exercises == "ornek_alistirmalar"
    assert code.paths == {"baska": course / "baska", "checks": TOOLKIT,
                          "ikinci": course / "ikinci",
                          "ornek_alistirmalar": course / "ornek_alistirmalar",
                          "paket": course / "paket", "yardimci": course / "yardimci.py"}


def test_the_wheel_names_the_exercises_package_as_the_kernel_looks_for_it(course, tmp_path):
    wheel = write_project_wheel(course, tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "installed")
    assert "ornek_alistirmalar/ders01.py" in names and "yardimci.py" in names
    assert "checks/student/exercise.py" in names and "checks/exercises/kinds.py" in names
    assert not [name for name in names if "hic_kullanilmayan" in name or "__pycache__" in name]
    (dist,) = distributions(path=[str(tmp_path / "installed")])
    assert [(point.group, point.name, point.value) for point in dist.entry_points] == \
        [("kurs.exercises", "kuyruk-kursu", "ornek_alistirmalar")]


WHY = "Gerçek süreçler başlatır; tarayıcı süreç başlatamaz."


@pytest.fixture
def with_a_lesson_not_in_the_browser(course: Path) -> Path:
    """A second lesson, whose front matter says it cannot run in the browser, importing a
    package no other lesson imports."""
    front = {"cell_type": "raw", "metadata": {},
             "source": ["---\n", "title: Gerçek Süreçler\n", f"not_in_browser: {WHY}\n", "---"]}
    cells = [front, {"cell_type": "code", "source": "import surec_paketi\nfrom paket import alt"}]
    (course / "lessons" / "02-b.ipynb").write_text(json.dumps({"cells": cells}),
                                                   encoding="utf-8")
    (course / "surec_paketi").mkdir()
    (course / "surec_paketi" / "__init__.py").write_text("", encoding="utf-8")
    definition = course / "course" / "course.toml"
    definition.write_text(definition.read_text(encoding="utf-8").replace(
        'lessons = ["01-a.ipynb"]', 'lessons = [\n  "01-a.ipynb",\n  "02-b.ipynb",  # süreçler\n]'),
        encoding="utf-8")
    return course


def test_a_lesson_not_in_the_browser_adds_nothing_of_its_own_to_what_is_shipped(
        with_a_lesson_not_in_the_browser):
    course = with_a_lesson_not_in_the_browser
    assert left_out(course) == {"02-b.ipynb": WHY}
    assert "import surec_paketi" not in lesson_imports(course)
    assert "surec_paketi" not in course_code(course).paths
    assert "paket" in course_code(course).paths  # what the other lessons import stays


def test_the_wheels_course_lists_only_the_lessons_the_lite_site_holds(
        with_a_lesson_not_in_the_browser, tmp_path):
    course = with_a_lesson_not_in_the_browser
    with zipfile.ZipFile(write_project_wheel(course, tmp_path)) as archive:
        (definition,) = [name for name in archive.namelist()
                         if name.endswith(".dist-info/course.toml")]
        shipped = tomllib.loads(archive.read(definition).decode())
    assert shipped["lessons"] == ["01-a.ipynb"]
    assert shipped["title"] == "Küçük Kurs" and shipped["exercises"] == "ornek_alistirmalar"


def test_an_exercises_package_the_course_does_not_have_stops_the_build(course, tmp_path):
    for name in ("ders01.py", "__init__.py"):
        (course / "ornek_alistirmalar" / name).unlink()
    with pytest.raises(SiteError, match="names the exercises package 'ornek_alistirmalar', "
                                        "which is not in the course's folder"):
        write_project_wheel(course, tmp_path)


def test_this_courses_wheel_ships_its_code_its_exercises_and_the_checks(tmp_path):
    with zipfile.ZipFile(write_project_wheel(ROOT, tmp_path)) as archive:
        tops = {name.split("/")[0] for name in archive.namelist() if ".dist-info/" not in name}
    assert tops == {"alistirmalar", "checks", "cizim", "kasif", "kernel"}
