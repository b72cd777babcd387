"""In the student's copy, every tool a lesson calls (tahmin_et, tahmin_sonucu, form, kontrol,
ilerleme) is there in any cell after a restart, whatever order the student runs the cells in:
each lesson's cells that call one, run in a shuffled order in a fresh kernel of the copy, meet
no NameError for a tool (a lesson's own names may be missing; those cells come later in it)."""

import random
import re
from pathlib import Path

import nbformat
import pytest

from course_copies import NAMES, copy_course, lessons_in_order
from publish import study
from publish.strings import STRINGS

pytestmark = pytest.mark.slow  # a kernel a lesson

TOOLS = NAMES.calls
CALLS_A_TOOL = re.compile(rf"\b({'|'.join(TOOLS)})\(")
# Lesson 06 starts Redis, Celery and Huey in most of its cells; its kernels start with the same
# startup file as the others', which the lessons before it show.
IN_PROCESS = [name for name in lessons_in_order() if not name.startswith("06-")]


@pytest.fixture(scope="module")
def environment(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The copy of the whole course, and the environment its JupyterLab gives its kernels."""
    course = copy_course(tmp_path_factory.mktemp("sirasiz") / "kurs")
    folder = study.copy_folder(course, STRINGS["tr"])
    study.prepare(course, folder, STRINGS["tr"])
    started: dict[str, str] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(study.os, "execve", lambda program, argv, env: started.update(env))
        study.open_lab(folder, course, "tr", [])
    return folder, started


@pytest.mark.parametrize("name", IN_PROCESS)
def test_a_lessons_cells_run_in_any_order_after_a_restart_find_every_tool(environment, name):
    from jupyter_client.manager import start_new_kernel

    folder, env = environment
    notebook = nbformat.reads((folder / name).read_text(encoding="utf-8"), as_version=4)
    cells = [cell.source for cell in notebook.cells
             if cell.cell_type == "code" and CALLS_A_TOOL.search(cell.source)]
    assert cells, f"{name} calls none of the tools"
    random.Random(name).shuffle(cells)
    missing: list[str] = []
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(folder))
    try:
        for source in cells:
            reply = client.execute_interactive(source, output_hook=lambda message: None,
                                               timeout=120)
            content = reply["content"]
            if content["status"] == "error" and content["ename"] == "NameError":
                missing += [tool for tool in TOOLS if f"'{tool}'" in content["evalue"]]
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert missing == []
