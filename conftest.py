"""One run of each lesson serves three checks. nbval runs every code cell of a lesson in a fresh
kernel and compares what it prints with the stored outputs; then the lesson's `stored bytes`
test stores that same run as `python build.py run` would (checks.run_lesson.as_stored) and
compares the bytes with the committed file: counts, widget ids, metadata and formatting too;
and, in the same kernel, every exercise's revealed answer is pasted into its cell and passes."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat
import nbval.kernel
import pytest
from jupyter_client.manager import KernelManager
from nbval.kernel import RunningKernel
from nbval.plugin import IPyNbCell, IPyNbFile

from checks.calls import checked_cells
from checks.definition import read_definition
from checks.exercises import of_course
from checks.kernel_course import course_root
from checks.linter.report import in_ci
from checks.run_lesson import as_stored, kernel_config
from checks.words import words_in

STORED_BYTES = "stored bytes"
ANSWERS_PASTED = "revealed answers pass when pasted"
CELL_SECONDS = 120  # for a pasted answer's cell to run
TEMPORARY = pytest.StashKey[tuple[str, str | None]]()  # this run's temporary folder; TMPDIR before
BYTECODE = pytest.StashKey[tuple[bool, str | None]]()  # sys.dont_write_bytecode and the variable
NBVAL_KERNELS = pytest.StashKey[type[KernelManager]]()  # nbval's kernel manager before the run's
# tests/test_build.py runs this file on a notebook of its own, in a pytest of its own
pytest_plugins = ("pytester",)


def as_run(notebook: nbformat.NotebookNode) -> list[dict]:
    """Each code cell's place, count and outputs: where two runs differ, the cell that does."""
    return [{"cell": index, "count": cell.execution_count, "outputs": cell.outputs}
            for index, cell in enumerate(notebook.cells) if cell.cell_type == "code"]


def cells_run(item: pytest.Item, notebook: nbformat.NotebookNode
              ) -> list[tuple[nbformat.NotebookNode, IPyNbCell]]:
    """Each code cell of the lesson `item` belongs to, with nbval's item that ran it; skips
    `item` unless every one of them ran."""
    ran = [other for other in item.session.items
           if isinstance(other, IPyNbCell) and other.parent is item.parent]
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    if len(ran) != len(code) or any(cell.test_outputs is None for cell in ran):
        pytest.skip("not every code cell of the lesson ran")
    return list(zip(code, ran, strict=True))


class StoredBytes(pytest.Item):
    """nbval's run of this lesson, stored as `build.py run` stores a run: the committed bytes."""

    def runtest(self) -> None:
        path = Path(self.parent.path)
        notebook = nbformat.read(path, as_version=4)
        for count, (cell, item) in enumerate(cells_run(self, notebook), start=1):
            cell.execution_count = count
            cell.outputs = [nbformat.from_dict(output) for output in item.test_outputs]
            for output in cell.outputs:  # nbval's kernel keeps no history, so counts no cell
                if output.output_type == "execute_result":
                    output.execution_count = count
        committed = path.read_text(encoding="utf-8")
        assert as_run(nbformat.reads(as_stored(notebook), as_version=4)) == \
            as_run(nbformat.reads(committed, as_version=4))
        assert as_stored(notebook) == committed

    def reportinfo(self):
        return self.path, None, f"{self.path.name}::{STORED_BYTES}"


def shown(kernel: RunningKernel, source: str) -> str:
    """What `source`, run in the kernel, prints, and the error that stops it, if any (not the
    widgets it displays)."""
    request = kernel.execute_cell_input(source, allow_stdin=False)
    parts = []
    while True:
        message = kernel.get_message("iopub", timeout=CELL_SECONDS)
        content = message["content"]
        if message["parent_header"].get("msg_id") != request:
            continue
        if message["msg_type"] == "stream":
            parts.append(content["text"])
        elif message["msg_type"] == "error":
            parts.append(f"{content['ename']}: {content['evalue']}")
        elif message["msg_type"] == "status" and content["execution_state"] == "idle":
            break
    kernel.await_reply(request, timeout=CELL_SECONDS)
    return "".join(parts)


class AnswersPasted(pytest.Item):
    """Every exercise's revealed answer (its "Cevabı göster" text), pasted into its cell where
    the button says and run in the kernel nbval ran the lesson in, passes: as a student pastes
    it into a lesson they have run."""

    def runtest(self) -> None:
        path = Path(self.parent.path)
        notebook = nbformat.read(path, as_version=4)
        cells_run(self, notebook)
        kernel = self.parent.kernel
        if kernel is None or not kernel.is_alive():
            pytest.skip("the lesson's kernel is gone")
        root = course_root(path.parent)  # found as the lesson's kernel finds it
        assert root is not None
        definition = read_definition(root)
        exercises = of_course(definition).exercises
        right = words_in(definition.language)["right"]
        checked = checked_cells(notebook.cells, definition.tools.check)
        registered = sorted(exercise for exercise in exercises if exercise[:2] == path.name[:2])
        assert sorted(checked.values()) == registered  # each once, none left out
        failing = {}
        for index, exercise_id in checked.items():
            said = shown(kernel, exercises[exercise_id].pasted(notebook.cells[index].source,
                                                               definition.tools))
            if not said.startswith(f"{right} "):
                failing[exercise_id] = said
        assert not failing, "\n\n".join(f"{exercise_id}, answer pasted:\n{text}"
                                         for exercise_id, text in failing.items())

    def reportinfo(self):
        return self.path, None, f"{self.path.name}::{ANSWERS_PASTED}"


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which makes `-n` mean `--dist load`
def pytest_cmdline_main(config: pytest.Config) -> None:
    """With -n, a module's tests share a worker and modules start in the order tests/conftest.py
    gives them (`--dist loadscope --no-loadscope-reorder`), and a worker that dies (a test's hang
    ended by tests/conftest.py's limit) is not replaced (`--max-worker-restart 0`): under
    loadscope, xdist 3.8 can wait for ever on a replacement (pytest-xdist issues 1323, 1378), and
    the run ends failed instead. Set here rather than in pyproject.toml's `addopts`, which
    `pytest -p no:xdist` would refuse as unknown options: without xdist, or on one of its workers,
    nothing to set. Another `--dist` mode, `--loadscope-reorder` or `--max-worker-restart` given
    on the command line is kept."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.dist == "no":
        config.option.dist = "loadscope"
    if "--loadscope-reorder" not in config.invocation_params.args:
        config.option.loadscopereorder = False
    if config.option.maxworkerrestart is None:
        config.option.maxworkerrestart = "0"


@pytest.hookimpl(optionalhook=True)  # an xdist hook: known only where xdist is loaded
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto`: a worker more than the cores this process may use. Many tests wait (on a
    browser, a kernel, a broker), and a third worker fills those waits: on a quiet 2-core
    machine the suite took 278 s with three workers against 319 s with two (2026-12-06,
    benchmarks/suite.py). PYTEST_XDIST_AUTO_NUM_WORKERS, when set, decides instead."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1


def set_variable(name: str, value: str | None) -> None:
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value


class SocketFileKernelManager(KernelManager):
    """nbval's kernel manager, talking to its kernel as `build.py run` does
    (checks.run_lesson.kernel_config): through socket files in a folder of its own, not TCP ports,
    which a kernel that another worker starts may take first (the lesson's kernel then dies at its
    start, and nbval waits a minute for it). nbval makes its manager with no configuration and no
    way to give one, so the run puts this class in its place (`pytest_configure`)."""

    def __init__(self, **kwargs) -> None:
        runtime = Path(tempfile.mkdtemp(prefix="kernel-"))  # in the run's temporary folder
        super().__init__(config=kernel_config(runtime), **kwargs)


def pytest_configure(config: pytest.Config) -> None:
    """The run's temporary files, and those of every program it starts (kernels, brokers,
    browsers), go to a folder of its own, removed at its end: a kernel that nbval kills cannot
    remove its own. With -n, each worker's is inside the main process's. nbval's kernels talk
    through socket files there (`SocketFileKernelManager`).

    The run and its programs keep the bytecode they compile (in `__pycache__`, which git
    ignores), even where PYTHONDONTWRITEBYTECODE says not to: every worker, kernel and command
    would otherwise compile the same modules again, and pytest rewrite every test module."""
    config.stash[TEMPORARY] = tempfile.mkdtemp(prefix="kk-test-"), os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = config.stash[TEMPORARY][0]
    tempfile.tempdir = None  # found again, from TMPDIR
    config.stash[BYTECODE] = sys.dont_write_bytecode, os.environ.pop("PYTHONDONTWRITEBYTECODE",
                                                                     None)
    sys.dont_write_bytecode = False
    config.stash[NBVAL_KERNELS] = nbval.kernel.KernelManager
    nbval.kernel.KernelManager = SocketFileKernelManager  # type: ignore[misc]


def pytest_unconfigure(config: pytest.Config) -> None:
    nbval.kernel.KernelManager = config.stash[NBVAL_KERNELS]  # type: ignore[misc]
    folder, before = config.stash[TEMPORARY]
    set_variable("TMPDIR", before)
    tempfile.tempdir = None
    shutil.rmtree(folder, ignore_errors=True)
    sys.dont_write_bytecode, variable = config.stash[BYTECODE]
    set_variable("PYTHONDONTWRITEBYTECODE", variable)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """A hidden notebook is no lesson: pytest skips hidden folders (JupyterLab's
    `.ipynb_checkpoints`) by itself, not hidden files."""
    return True if collection_path.name.startswith(".") else None


# Lessons that start a program of the machine's, by file name: without it, their run is skipped
# with a reason (as the browser tests are without Chromium), and is a failure in CI.
PROGRAMS = {"06-gercek-kuyruklar.ipynb": ("redis-server", "apt-get install -y redis-server")}


def needs_a_program(item: pytest.Item) -> None:
    """Skips (in CI: fails) a cell of a lesson whose program the machine lacks."""
    if isinstance(item.parent, IPyNbFile) and item.parent.path.name in PROGRAMS:
        program, install = PROGRAMS[item.parent.path.name]
        if shutil.which(program) is None:
            reason = f"{program} is not installed ({install})"
            if in_ci():
                pytest.fail(f"{item.parent.path.name} must run in CI: {reason}")
            pytest.skip(reason)


def pytest_runtest_setup(item: pytest.Item) -> None:
    needs_a_program(item)


def has_exercises(lesson: Path) -> bool:
    root = course_root(lesson.parent)
    if root is None:
        return False
    check = read_definition(root).tools.check
    return bool(checked_cells(nbformat.read(lesson, as_version=4).cells, check))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """After each lesson's last cell, its `stored bytes` test, then, for a lesson of a course
    with exercises, its pasted answers' test, on the same worker, while its kernel lives."""
    for index in reversed(range(len(items))):
        item = items[index]
        following = items[index + 1].parent if index + 1 < len(items) else None
        if isinstance(item, IPyNbCell) and isinstance(item.parent, IPyNbFile) \
                and following is not item.parent:
            after = [StoredBytes.from_parent(item.parent, name=STORED_BYTES)]
            if has_exercises(Path(item.parent.path)):
                after.append(AnswersPasted.from_parent(item.parent, name=ANSWERS_PASTED))
            items[index + 1:index + 1] = after
