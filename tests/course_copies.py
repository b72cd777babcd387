"""Copies of the real course for tests to break, and helpers to edit a lesson's JSON."""

import json
import re
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import yaml

from checks.definition import read_definition
from checks.glossary import SAFE_LOADER
from checks.markers import ToolNames, tool_names

ROOT = Path(__file__).parents[1]
LESSON = "01-kuyruklar-ve-isler.ipynb"
NAMES = tool_names(read_definition(ROOT).language)  # the real course's names of the tools
# A link to a lesson's notebook in a lesson's JSON, its text perhaps over lines:
# `[title](NN-name.ipynb#part)` (`lesson-link`)
LESSON_LINK = re.compile(r"\[([^\[\]]*)\]\((\d{2}-[a-z0-9-]+\.ipynb)(?:#[^)\"]*)?\)")
# libyaml's, as the linter reads the glossary: with PyYAML's own, a copy of some lessons took 34
# ms, most of it to read and write the glossary; with libyaml's, 8
SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def lessons_in_order() -> list[str]:
    """The real course's lessons, in course.toml's order."""
    return tomllib.loads((ROOT / "course" / "course.toml").read_text(encoding="utf-8"))["lessons"]


def copy_course(target: Path, only: tuple[str, ...] = ()) -> Path:
    """A copy of the course under `target`; with `only`, of those lessons alone, in that order."""
    shutil.copytree(ROOT / "course", target / "course")
    shutil.copytree(ROOT / "lessons", target / "lessons",
                    ignore=lambda _, names: [n for n in names if only and n not in only])
    if only:
        definition = target / "course" / "course.toml"
        text = definition.read_text(encoding="utf-8")
        listed = re.compile(r"^lessons = \[.*?\]", re.MULTILINE | re.DOTALL)
        definition.write_text(listed.sub(f"lessons = {json.dumps(list(only))}", text),
                              encoding="utf-8")
        for lesson in (target / "lessons").glob("*.ipynb"):  # a link to a lesson left out
            text = lesson.read_text(encoding="utf-8")  # keeps its words, not its target
            kept = LESSON_LINK.sub(lambda link: link[0] if link[2] in only else link[1], text)
            if kept != text:
                lesson.write_text(kept, encoding="utf-8")
        glossary = target / "course" / "glossary.yaml"  # the terms those lessons introduce
        if glossary.exists():
            entries = yaml.load(glossary.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
            glossary.write_text(yaml.dump([entry for entry in entries if entry["lesson"] in only],
                                          Dumper=SAFE_DUMPER, allow_unicode=True,
                                          sort_keys=False),
                                encoding="utf-8")
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


def with_tools(code: str, names: ToolNames, other: ToolNames) -> str:
    """`code` calling the student's tools by the `other` names instead of `names`."""
    renamed = dict(zip(names.calls, other.calls, strict=True))
    code = re.sub(rf"\b({'|'.join(map(re.escape, renamed))})\b", lambda m: renamed[m[0]], code)
    return code.replace(names.module, other.module)


def set_sections(root: Path, titles: tuple[str, str, str], language: str = "tr") -> Path:
    """The course under `root` with its lessons' summary, exercises and next step sections
    titled `titles`, in `language` (in course.toml and the lessons' front matter), its lessons
    calling the student's tools by that language's names."""
    definition = root / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace('\nlanguage = "tr"\n', f'\nlanguage = "{language}"\n', 1),
                          encoding="utf-8")

    def change(notebook: dict) -> None:
        front = notebook["cells"][first_cell(notebook, lambda c: source(c).startswith("---"))]
        front["source"] = source(front).replace("\nlanguage: tr\n", f"\nlanguage: {language}\n")
        renamed = dict(zip(("## Özet", "## Kendini Sına", "## Sonraki Adım"), titles, strict=True))
        for cell in notebook["cells"]:
            heading, rest = source(cell).partition("\n")[::2]
            if heading in renamed:
                cell["source"] = f"## {renamed[heading]}\n{rest}"
            elif cell["cell_type"] == "code":
                cell["source"] = with_tools(source(cell), NAMES, tool_names(language))
    for lesson in (root / "lessons").glob("*.ipynb"):
        edit_notebook(lesson, change)
    return root
