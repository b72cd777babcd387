"""What the lessons import runs in the lite site's Pyodide kernel, which has the course's
modules and ipywidgets but none of the tools that build and check the course."""

import subprocess
import sys

from course_copies import ROOT

NOT_IN_THE_LITE_SITE = ("nbformat", "nbclient", "jinja2", "markdown_it", "yaml", "Stemmer")
LESSON_IMPORTS = ("checks.alistirma", "kasif.ders00", "kasif.ders01", "kasif.ders02",
                  "kasif.ders03", "kasif.ders04", "kasif.ders05", "kernel.hizmet",
                  "kernel.ara_katman", "kernel.yurutucu")


def test_what_a_lesson_imports_needs_no_tool_the_lite_site_leaves_out():
    code = (f"import sys; sys.modules.update(dict.fromkeys({NOT_IN_THE_LITE_SITE!r}))\n"
            + "".join(f"import {module}\n" for module in LESSON_IMPORTS))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
