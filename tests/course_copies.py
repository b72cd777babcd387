"""Copies of the real course for tests to break, and helpers to edit a lesson's JSON."""

import json
import shutil
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).parents[1]
LESSON = "01-kuyruklar-ve-isler.ipynb"


def copy_course(target: Path) -> Path:
    shutil.copytree(ROOT / "course", target / "course")
    shutil.copytree(ROOT / "lessons", target / "lessons")
    return target


def edit_notebook(path: Path, change: Callable[[dict], object]) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    change(notebook)
    path.write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")


def first_cell(notebook: dict, predicate: Callable[[dict], bool]) -> int:
    return next(i for i, cell in enumerate(notebook["cells"]) if predicate(cell))


def source(cell: dict) -> str:
    return "".join(cell["source"])


def tagged(tag: str) -> Callable[[dict], bool]:
    return lambda cell: tag in cell.get("metadata", {}).get("tags", [])
