"""The course's own code that the browser needs, found from the course rather than listed: what
its lessons import from the folders at its root (but the lessons the lite site leaves out, whose
front matter says `not_in_browser`), what that code imports from them in turn, and the package
its course.toml names for the exercises; and the toolkit's `checks`, from which the lessons'
checks, forms and predictions come."""

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import checks
from checks.calls import parsed
from checks.definition import LESSONS_DIR, CourseError, read_definition
from checks.front_matter import not_in_browser, read_front_matter
from publish.cache import skipped

TOOLKIT = Path(checks.__file__).parent  # shipped whole, wherever it is installed


@dataclass(frozen=True)
class CourseCode:
    """The top-level packages and modules shipped, by name, each with its file or folder; and
    the exercises package, which the lite kernel finds by an entry point."""

    paths: dict[str, Path]
    exercises: str | None


def imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every absolute import statement in a syntax tree."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) or isinstance(node, ast.ImportFrom) and not node.level:
            yield node


def lesson_notebooks(root: Path) -> Iterator[tuple[Path, dict]]:
    """(path, JSON) of every lesson the course lists, in order; a lesson that cannot be read is
    passed by (the linter names it)."""
    try:
        lessons = read_definition(root).lessons
    except CourseError:
        return
    for name in dict.fromkeys(lessons):
        path = root / LESSONS_DIR / name
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        if isinstance(notebook, dict) and isinstance(notebook.get("cells"), list):
            yield path, notebook


def why_left_out(path: Path, notebook: dict) -> str | None:
    """Why the lite site leaves the lesson out (its front matter's `not_in_browser`), if it
    does."""
    try:
        return not_in_browser(read_front_matter(path, notebook))
    except Exception:  # an unchecked notebook may fail anywhere; the linter says where
        return None


def left_out(root: Path) -> dict[str, str]:
    """The lessons the lite site leaves out, by file name, each with why."""
    return {path.name: why for path, notebook in lesson_notebooks(root)
            if (why := why_left_out(path, notebook)) is not None}


def lesson_cells(root: Path, in_browser: bool = False) -> Iterator[tuple[str, str]]:
    """(lesson, code) of every code cell of every lesson the course lists, in order; with
    `in_browser`, of the lessons the lite site holds only."""
    for path, notebook in lesson_notebooks(root):
        if in_browser and why_left_out(path, notebook) is not None:
            continue
        for cell in notebook["cells"]:
            if isinstance(cell, dict) and cell.get("cell_type") == "code":
                source = cell.get("source", "")
                yield path.name, "".join(source) if isinstance(source, list) else str(source)


def lesson_sources(root: Path) -> Iterator[str]:
    """The code of every code cell of every lesson the lite site holds, in order."""
    return (source for _, source in lesson_cells(root, in_browser=True))


def lesson_import_statements(root: Path) -> Iterator[ast.Import | ast.ImportFrom]:
    for source in lesson_sources(root):
        tree = parsed(source)
        if tree is not None:
            yield from imports(tree)


def lesson_imports(root: Path) -> list[str]:
    """Each import statement of the code cells of the lessons the lite site holds, as Python
    writes it, once, in order."""
    return list(dict.fromkeys(map(ast.unparse, lesson_import_statements(root))))


def at_root(root: Path, name: str) -> Path | None:
    """The course's own top-level package or module `name`, if it has one."""
    folder, module = root / name, root / f"{name}.py"
    if folder.is_dir() and any(folder.glob("*.py")):
        return folder
    return module if module.is_file() else None


# An import statement's first line, read without parsing (a build asks for the fingerprint of
# the course's code before anything else, and parsing it all took a tenth of a second)
IMPORT_LINE = re.compile(r"^[ \t]*(?:from[ \t]+(?P<source>[\w.]+)[ \t]+import\b|"
                         r"import[ \t]+(?P<modules>[\w. \t,]+))", re.MULTILINE)


def top_level_imports(code: str) -> Iterator[str]:
    """The top-level names of the modules `code` imports, absolute imports only; a line of a
    docstring that reads like an import counts too, which at worst ships a module more."""
    for line in IMPORT_LINE.finditer(code):
        for module in (line["source"],) if line["source"] else line["modules"].split(","):
            name = module.split()[0].split(".")[0] if module.split() else ""
            if name:
                yield name


def python_files(path: Path) -> list[Path]:
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [file for file in files if not skipped(file.relative_to(path.parent))]


def course_code(root: Path) -> CourseCode:
    """What of the course's own code the browser needs, with the toolkit's `checks`."""
    try:
        exercises = read_definition(root).exercises
    except CourseError:
        exercises = None
    wanted = [TOOLKIT.name, *(exercises.split(".")[:1] if exercises else [])]
    wanted += [name for source in lesson_sources(root) for name in top_level_imports(source)]
    paths: dict[str, Path] = {}
    while wanted:
        name = wanted.pop()
        path = TOOLKIT if name == TOOLKIT.name else at_root(root, name)
        if name in paths or path is None:
            continue
        paths[name] = path
        if path != TOOLKIT:  # the toolkit imports no course's code
            wanted += [name for file in python_files(path)
                       for name in top_level_imports(file.read_text(encoding="utf-8"))]
    return CourseCode({name: paths[name] for name in sorted(paths)}, exercises)
