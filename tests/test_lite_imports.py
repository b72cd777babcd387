"""What the lessons import runs in the lite site's Pyodide kernel, which has the course's
modules and ipywidgets but none of the tools that build and check the course: every import
statement of the lessons' code cells, as they write it, and every module of the course's
exercises package, which the kernel's checks import."""

import subprocess
import sys

from checks.definition import read_definition
from course_copies import ROOT
from publish.lite.course_code import lesson_imports

NOT_IN_THE_LITE_SITE = ("nbformat", "nbclient", "jinja2", "markdown_it", "yaml", "Stemmer")


def test_the_lessons_imports_are_read_from_the_lessons():
    statements = lesson_imports(ROOT)
    assert "from checks.student.tr import form, kontrol" in statements
    assert len(statements) == len(set(statements))


def test_what_a_lesson_imports_needs_no_tool_the_lite_site_leaves_out():
    package = read_definition(ROOT).exercises
    code = "\n".join([f"import sys; sys.modules.update(dict.fromkeys({NOT_IN_THE_LITE_SITE!r}))",
                      *lesson_imports(ROOT), "import importlib, pkgutil",
                      f"found = importlib.import_module({package!r})",
                      "for module in pkgutil.iter_modules(found.__path__):",
                      f"    importlib.import_module(f'{package}.{{module.name}}')", ""])
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
