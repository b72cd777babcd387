"""The example Jupyter Book 2 (MyST) book of the lessons, course/jupyter-book/myst.yml, is made
from course.toml by course/jupyter-book/book.py: its lessons are the course's, in order."""

import importlib.util
import tomllib

import yaml

from course_copies import ROOT

SCRIPT = ROOT / "course" / "jupyter-book" / "book.py"
REGENERATE = f"python {SCRIPT.relative_to(ROOT)}"


def book_script():
    spec = importlib.util.spec_from_file_location("jupyter_book_example", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_book_is_what_its_script_makes_of_course_toml():
    script = book_script()
    assert script.BOOK.read_text(encoding="utf-8") == script.book(script.read_course()), \
        f"{script.BOOK.relative_to(ROOT)} is not course.toml's lessons in order: {REGENERATE}"


def test_the_example_books_lessons_title_and_description_are_the_courses():
    book = yaml.safe_load((ROOT / "course" / "jupyter-book" / "myst.yml").read_text(
        encoding="utf-8"))["project"]
    course = tomllib.loads((ROOT / "course" / "course.toml").read_text(encoding="utf-8"))
    assert [entry["file"] for entry in book["toc"]] == \
        [f"lessons/{name}" for name in course["lessons"]]
    assert book["title"] == course["title"]
    assert book["description"] == course["description"]
    assert book["license"] == "CC-BY-SA-4.0"  # SPDX's name for CC BY-SA 4.0


def test_the_script_writes_any_course_as_yaml_reads_it_back():
    script = book_script()
    course = {"title": "Kurs: iki # nokta", "description": " Uzun  " + "kelime " * 40,
              "license": "CC0 1.0", "lessons": ["01-a.ipynb", "02-b.ipynb", "01-a.ipynb"]}
    project = yaml.safe_load(script.book(course))["project"]
    assert project["title"] == course["title"]
    assert project["description"] == " ".join(course["description"].split())
    assert project["license"] == "CC0-1.0"
    assert project["toc"] == [{"file": "lessons/01-a.ipynb"}, {"file": "lessons/02-b.ipynb"}]
    assert max(map(len, script.book(course).splitlines())) <= script.WIDTH
