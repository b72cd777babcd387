"""No module of the toolkit or the course imports itself back, directly or through others: an
import circle makes a module's names depend on which of its circle is imported first, and is
hidden easily inside a function. Every import statement counts, wherever it is written."""

from pathlib import Path

from import_graph import Circle, circles, import_graph, module_files, reachable

ROOT = Path(__file__).resolve().parent.parent
# the toolkit's packages, the course's, and the program that builds it
PACKAGES = ("checks", "publish", "grading", "kernel", "kasif", "cizim", "alistirmalar")
SCRIPTS = ("build.py",)


def test_no_module_imports_itself_back():
    graph = import_graph(module_files(ROOT, PACKAGES, SCRIPTS))
    assert "checks.student.progress" in graph["checks.student.prediction"]
    assert "publish.cli" in graph["build"]
    found = circles(graph)
    assert not found, f"{len(found)} import circle(s):\n" + "\n".join(map(str, found))


def test_the_linter_and_the_students_tools_never_import_each_other():
    """A student's kernel imports the tools and never the linter; the linter runs no tool."""
    graph = import_graph(module_files(ROOT, PACKAGES, SCRIPTS))
    parts = {part: [module for module in graph if module.startswith(f"checks.{part}")]
             for part in ("student", "linter")}
    assert len(parts["student"]) > 5 and len(parts["linter"]) > 5
    for part, other in (("student", "linter"), ("linter", "student")):
        for module in parts[part]:
            reached = [found for found in reachable(graph, module) if found in parts[other]]
            assert not reached, f"{module} imports {', '.join(sorted(reached))}"


def test_a_circle_is_found_through_every_kind_of_import(tmp_path):
    """A made-up package whose circle runs through a relative import, an import inside a
    function and `from package import submodule`; a module outside the circle imports into it."""
    package = tmp_path / "pkg"
    package.mkdir()
    for name, source in {"__init__": "import os\n",
                         "a": "from . import b\n",
                         "b": "def f():\n    from pkg.c import g\n    return g\n",
                         "c": "from pkg import a\nimport pkg\n\ng = 1\n",
                         "d": "import pkg.a\nfrom .b import f\n"}.items():
        (package / f"{name}.py").write_text(source)
    graph = import_graph(module_files(tmp_path, ["pkg"]))
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"},
                     "pkg.c": {"pkg.a", "pkg"}, "pkg.d": {"pkg.a", "pkg.b"}}
    assert circles(graph) == [Circle(frozenset({"pkg.a", "pkg.b", "pkg.c"}),
                                     ("pkg.a", "pkg.b", "pkg.c", "pkg.a"))]
    assert str(circles(graph)[0]) == "pkg.a → pkg.b → pkg.c → pkg.a"


def test_a_circle_names_its_modules_off_the_chain():
    graph = {"a": {"b"}, "b": {"a", "c"}, "c": {"b", "d"}, "d": set()}
    assert [str(circle) for circle in circles(graph)] == ["a → b → a (in the same circle: c)"]
