"""The lessons as the usual Jupyter tools read them: nbconvert and nbviewer leave the front
matter out of a page and a script, and `build.py run` restores what a tool took from it."""

import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import nbformat
import papermill
import pytest
import yaml
from jupytext.cli import jupytext
from nbconvert import HTMLExporter, ScriptExporter
from nbstripout._nbstripout import main as nbstripout

from checks.course import FRONT_MATTER_MIMETYPE, read_front_matter
from checks.definition import lesson_notebooks
from checks.findings import WARNING
from checks.linter.git_filters import KEEP, stripping_filters
from checks.linter.lint import lint_course
from checks.linter.rules_cells import STRIPPED_COUNTS
from checks.run_lesson import as_stored, restore_front_matter, tidy
from course_copies import LESSON, ROOT, copy_course
from unavailable import unavailable

pytestmark = pytest.mark.slow  # starts programs of its own: not in the quick subset

LESSONS = [path.name for path in lesson_notebooks(ROOT / "lessons")]


def run_tool(main: Callable[[], object], *arguments: str) -> None:
    """A tool's command line, run by its own entry point in this process: each tool starts once
    for the module, not once a test (a start costs a second or two)."""
    saved = sys.argv, sys.stdin, sys.stdout
    # a stream of its own to write to (nbstripout rewraps and then closes the one it finds)
    sys.argv, sys.stdin = [main.__name__, *arguments], io.TextIOWrapper(io.BytesIO())
    sys.stdout = io.TextIOWrapper(io.BytesIO())
    try:
        main()
    except SystemExit as stopped:
        assert stopped.code in (0, None), f"{main.__name__} {' '.join(arguments)}: {stopped}"
    finally:
        sys.argv, sys.stdin, sys.stdout = saved


def lesson(name: str = LESSON) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "lessons" / name, as_version=nbformat.NO_CONVERT)


def test_nbconverts_page_shows_no_front_matter():
    """nbviewer renders with nbconvert: the YAML would be one run-on paragraph at the top."""
    notebook = lesson()
    page, _ = HTMLExporter().from_notebook_node(notebook)
    front = read_front_matter(ROOT / "lessons" / LESSON, notebook)
    assert front["course"] not in page and "objectives" not in page
    assert front["objectives"][0] not in page


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_exported_as_a_script_is_python(name):
    script, _ = ScriptExporter().from_notebook_node(lesson(name))
    compile(script, name, "exec")  # the front matter's `---` would not parse


def escaped(notebook: nbformat.NotebookNode) -> None:
    """What jupytext's MyST format did to the front matter: letters escaped, the mimetype
    gone."""
    cell = notebook.cells[0]
    body = cell.source.strip().splitlines()[1:-1]
    data = yaml.safe_load("\n".join(body))
    cell.source = f"---\n{yaml.safe_dump(data, allow_unicode=False, sort_keys=False)}---"
    del cell.metadata["raw_mimetype"]


def test_run_restores_a_front_matter_that_a_tool_escaped():
    notebook = lesson()
    front = read_front_matter(ROOT / "lessons" / LESSON, notebook)
    escaped(notebook)
    assert "\\u0130" in notebook.cells[0].source
    restore_front_matter(notebook)
    assert notebook.cells[0].metadata["raw_mimetype"] == FRONT_MATTER_MIMETYPE
    assert "\\u" not in notebook.cells[0].source and front["title"] in notebook.cells[0].source
    assert read_front_matter(ROOT / "lessons" / LESSON, notebook) == front


def test_run_leaves_a_readable_front_matter_as_it_was():
    notebook = lesson()
    before = notebook.cells[0].source
    del notebook.cells[0].metadata["raw_mimetype"]
    restore_front_matter(notebook)
    assert notebook.cells[0].source == before
    assert notebook.cells[0].metadata["raw_mimetype"] == FRONT_MATTER_MIMETYPE


def in_git(course, filter_command: str | None) -> None:
    """The course as a git repository whose notebooks pass through `filter_command` when they
    are committed, as `nbstripout --install` leaves it."""
    def git(*arguments: str) -> None:
        subprocess.run(["git", "-C", str(course), *arguments], check=True, capture_output=True)
    git("init", "-q")
    if filter_command is not None:
        (course / ".gitattributes").write_text("*.ipynb filter=nbstripout\n", encoding="utf-8")
        git("config", "filter.nbstripout.clean", filter_command)


@pytest.mark.parametrize("command,warned", [
    ('"/usr/bin/python3" -m nbstripout', True),
    ('"/usr/bin/python3" -m nbstripout --keep-output', True),  # the counts go: not-executed
    ("jupyter nbconvert --ClearOutputPreprocessor.enabled=True --to notebook --stdout", True),
    ('"/usr/bin/python3" -m nbstripout --keep-output --keep-count --keep-id', False),
    (None, False),
])
def test_check_warns_of_a_git_filter_that_would_strip_the_lessons(tmp_path, command, warned):
    course = copy_course(tmp_path / "course", only=(LESSON,))
    in_git(course, command)
    found = [finding for finding in lint_course(course)
             if finding.rule == "output-stripping-filter"]
    assert [(finding.path, finding.severity) for finding in found] == \
        ([(Path("lessons") / LESSON, WARNING)] if warned else [])
    if warned:
        assert "nbstripout" in found[0].message and "--keep-count" in found[0].message


def test_a_lesson_path_with_a_colon_is_read_whole_from_gits_answer(tmp_path):
    """git answers `path: filter: value`; the path is what stands before the last two colons."""
    command = '"/usr/bin/python3" -m nbstripout'
    in_git(tmp_path, command)
    lesson = Path("lessons") / "01-saat:12.ipynb"
    assert list(stripping_filters(tmp_path, [lesson])) == [(lesson, "nbstripout", command)]


def test_a_course_outside_git_is_not_warned(tmp_path):
    course = copy_course(tmp_path / "course", only=(LESSON,))
    assert lint_course(course) == []


def stripped(tmp_path: Path, *options: str) -> Path:
    """A copy of the course whose lesson went through nbstripout with `options`."""
    course = copy_course(tmp_path / "course", only=(LESSON,))
    run_tool(nbstripout, *options, str(course / "lessons" / LESSON))
    return course


def test_nbstripout_keeping_outputs_counts_and_ids_leaves_every_lesson_as_it_was(tmp_path):
    copies = [tmp_path / name for name in LESSONS]
    for copy in copies:
        copy.write_bytes((ROOT / "lessons" / copy.name).read_bytes())
    run_tool(nbstripout, *KEEP, *map(str, copies))
    assert [copy.name for copy in copies
            if copy.read_bytes() != (ROOT / "lessons" / copy.name).read_bytes()] == []


NEVER_RUN = "code cell has no stored outputs: it was never run"


def test_a_lesson_nbstripout_stripped_whole_is_one_finding(tmp_path):
    """No output and no count left: the lesson reads as never run, said once."""
    course = stripped(tmp_path)
    assert [(finding.rule, finding.path) for finding in lint_course(course)] == \
        [("not-run", Path("lessons") / LESSON)]


def test_what_nbstripout_strips_of_the_counts_alone_is_named_by_check(tmp_path):
    course = stripped(tmp_path, "--keep-output")
    found = {finding.cell: finding.message for finding in lint_course(course)
             if finding.rule == "not-executed"}
    # a cell that showed nothing cannot be told from one never run; one with outputs can
    stripped_counts = STRIPPED_COUNTS.format(command="python build.py")
    assert set(found.values()) == {stripped_counts, NEVER_RUN}
    cells = nbformat.read(course / "lessons" / LESSON, as_version=4).cells
    assert all(message == (stripped_counts if cells[cell].outputs else NEVER_RUN)
               for cell, message in found.items())


def stored_as_run_would(path: Path) -> None:
    """What `build.py run` writes, less the run itself (nbval and the stored-bytes test show
    that a run stores the same outputs)."""
    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    tidy(notebook)
    path.write_text(as_stored(notebook), encoding="utf-8")


def code_cells(notebook: nbformat.NotebookNode) -> list[tuple[str, object, list]]:
    """Each code cell's id, count and outputs: what a round trip must keep."""
    return [(cell.id, cell.execution_count, cell.outputs) for cell in notebook.cells
            if cell.cell_type == "code"]


@pytest.mark.parametrize("mimetype", ["kept", "dropped"])
@pytest.mark.parametrize("fmt,suffix", [("py:percent", ".py"), ("md:myst", ".md")])
def test_a_jupytext_round_trip_checks_clean_once_run_mends_the_front_matter(tmp_path, fmt,
                                                                            suffix, mimetype):
    """Paired with a text file and updated from it, a lesson keeps its outputs, counts and ids,
    and after `run` checks clean with its front matter as it was. Whether jupytext keeps the
    front matter's mimetype depends on its version (1.19 keeps it, older releases dropped it):
    both are made here, and each gets the finding it deserves before `run`."""
    course = copy_course(tmp_path / "course", only=(LESSON,))
    lesson_path, text = course / "lessons" / LESSON, tmp_path / f"ders{suffix}"
    copied = lesson_path.read_bytes()

    run_tool(jupytext, "--quiet", "--to", fmt, str(lesson_path), "-o", str(text))
    run_tool(jupytext, "--quiet", "--to", "ipynb", "--update", str(text), "-o", str(lesson_path))
    round_tripped = nbformat.read(lesson_path, as_version=nbformat.NO_CONVERT)
    if mimetype == "dropped":
        round_tripped.cells[0].metadata.pop("raw_mimetype", None)
    else:
        round_tripped.cells[0].metadata["raw_mimetype"] = FRONT_MATTER_MIMETYPE
    nbformat.write(round_tripped, lesson_path)
    assert [finding.rule for finding in lint_course(course)] == \
        (["front-matter-mimetype"] if mimetype == "dropped" else [])

    stored_as_run_would(lesson_path)
    assert lint_course(course) == []
    mended = nbformat.read(lesson_path, as_version=nbformat.NO_CONVERT)
    original = lesson()
    assert code_cells(mended) == code_cells(original)
    assert read_front_matter(lesson_path, mended) == read_front_matter(lesson_path, original)
    if fmt == "py:percent":  # MyST's YAML comes back readable, though not in the same layout
        assert lesson_path.read_bytes() == copied


def test_a_lesson_papermill_ran_with_a_parameter_checks_clean(tmp_path):
    """`papermill -p` runs the lesson with a cell of its parameters at the top, before the front
    matter; every output of that run must still pass the linter."""
    course = copy_course(tmp_path / "course", only=(LESSON,))
    lesson = course / "lessons" / LESSON
    papermill.execute_notebook(lesson, lesson, parameters={"kisi": 3}, cwd=lesson.parent,
                               progress_bar=False)  # what `papermill ... -p kisi 3` runs
    cells = nbformat.read(lesson, as_version=nbformat.NO_CONVERT).cells
    assert "injected-parameters" in cells[0].metadata["tags"]
    assert lint_course(course) == []


EXAMPLE_BOOK = ROOT / "course" / "jupyter-book" / "myst.yml"


def longest_line(cell) -> str:
    return max(cell.source.splitlines(), key=len).strip()


def test_the_example_book_leaves_out_claims_and_notes(tmp_path):
    """Jupyter Book 2 (mystmd) exported as markdown, offline: its HTML site fetches its theme
    from the network. The front matter shows as a YAML block; no claim or instructor's note
    does."""
    if shutil.which("node") is None:
        unavailable("Jupyter Book 2 needs Node.js (sh .ci/test-tools.sh installs npm with it)",
                    "the Jupyter Book test")
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons")
    shutil.copy(EXAMPLE_BOOK, tmp_path / "myst.yml")
    subprocess.run(["jupyter-book", "build", "--md", "--force",
                    *sorted(f"lessons/{name}" for name in LESSONS)], cwd=tmp_path, check=True,
                   capture_output=True, timeout=600,
                   env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
                                              f"{os.environ['PATH']}"})
    book = " ".join(path.read_text(encoding="utf-8")
                    for path in (tmp_path / "_build" / "exports").glob("*.md"))
    hidden, shown = [], []
    for name in LESSONS:
        notebook = lesson(name)
        shown.append(read_front_matter(ROOT / "lessons" / name, notebook)["objectives"][0])
        hidden.append([longest_line(cell) for cell in notebook.cells
                       if {"claim", "instructor"} & set(cell.metadata.get("tags", []))])
    assert [line for line in shown if line not in book] == []
    assert all(hidden)  # every lesson has claims and notes to leave out
    assert [line for lines in hidden for line in lines if line in book] == []
