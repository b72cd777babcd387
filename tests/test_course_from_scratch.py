"""A new instructor's course from an empty folder, with nothing of it installed: `kurs init`, two
`kurs new`, every placeholder written as an author would (the lessons measure with a model module
of the course's own), `run`, `check`, the site, the student's copy, and one submission graded."""

import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from checks.markers import TOOL_NAMES
from checks.definition import COURSE_FILE, read_definition
from checks.exercises import of_course
from publish import cli, study
from publish.strings import STRINGS

LESSONS = ("00-first-steps", "01-second-steps")
MODEL = '''"""The course's model: what a counter counts."""


def total(up_to: int) -> int:
    """The sum of 0, 1, ..., up_to - 1."""
    return sum(range(up_to))
'''
MEASUREMENT = ("from models.counter import total\n\nmeasured = total(4)\n"
               'print("measured:", measured)')



def written(text: str) -> str:
    """The text with each placeholder written: what follows `TODO: ` stands as the text."""
    text = re.sub(r"(\d+)  # TODO: [^\n]*", r"\1", text)  # the front matter's minutes
    text = re.sub(r"\s*# TODO: [^\n]*", "", text)  # a comment saying what to write
    return re.sub(r"TODO: (\w)", lambda letter: letter[1].upper(), text)


def write_lesson(root: Path, name: str, following: str | None) -> None:
    path = root / "lessons" / f"{name}.ipynb"
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code" and "measured = sum(range(4))" in cell.source:
            cell.source = MEASUREMENT + "\n" + cell.source.split("\n", 2)[2]
        cell.source = written(cell.source)
        if cell.source.startswith("## Next Step"):
            cell.source += (f" [The next lesson]({following}.ipynb)" if following
                            else " The course ends here.")
    nbformat.write(notebook, path)
    module = root / "exercises" / f"lesson{name[:2]}.py"
    module.write_text(written(module.read_text(encoding="utf-8")), encoding="utf-8")


TURKISH_LETTERS = set("çğıöşüÇĞİÖŞÜ")
ONLY_TURKISH = sorted(set(TOOL_NAMES["tr"].calls) - set(TOOL_NAMES["en"].calls))
TURKISH_WORDS = re.compile(r"\b(" + "|".join(ONLY_TURKISH)
                           + r"|tahmin|calisma|alistirma|checks\.student\.tr)\b")


def turkish(text: str) -> list[str]:
    """The Turkish a text holds: its Turkish letters, and the Turkish course's tool names."""
    return sorted(TURKISH_LETTERS & set(text)) + TURKISH_WORDS.findall(text)


def kurs(*args: str) -> int:
    return cli.main(list(args))


@pytest.mark.slow  # runs two lessons and grades one submission, each in kernels of their own
def test_a_course_from_an_empty_folder_runs_checks_builds_is_studied_and_graded(
        tmp_path, monkeypatch, capsys):
    root = tmp_path / "counting-work"
    monkeypatch.chdir(tmp_path)
    assert kurs("init", "counting-work", "--title", "Counting Work") == 0
    monkeypatch.chdir(root)
    for name in LESSONS:
        assert kurs("new", name, name[3:].replace("-", " ").title()) == 0
    definition = root / COURSE_FILE
    definition.write_text(re.sub(r"(exercises|predictions|modify) = \d", lambda key: {
        "exercises": "exercises = 1", "predictions": "predictions = 1",
        "modify": "modify = 0"}[key[1]], definition.read_text(encoding="utf-8")),
        encoding="utf-8")
    (root / "models" / "counter.py").write_text(MODEL, encoding="utf-8")
    for name, following in zip(LESSONS, (*LESSONS[1:], None), strict=True):
        write_lesson(root, name, following)
    capsys.readouterr()

    assert kurs("run", *(f"lessons/{name}.ipynb" for name in LESSONS)) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "0 error(s), 0 warning(s)"
    measured = nbformat.read(root / "lessons" / f"{LESSONS[0]}.ipynb", as_version=4).cells[5]
    assert measured.outputs[0]["text"] == "measured: 6\n"  # from the course's own model

    assert kurs("--out", str(tmp_path / "site")) == 0
    assert (tmp_path / "site" / f"{LESSONS[1]}.html").is_file()
    pages = [*(tmp_path / "site").rglob("*.html"), *(tmp_path / "site").rglob("*.ipynb")]
    assert len(pages) > len(LESSONS) * 2
    for page in pages:  # not a word of Turkish on an English course's pages
        assert not turkish(page.read_text(encoding="utf-8")), page

    copy = study.copy_folder(root, STRINGS["en"])
    assert copy.name == "study"
    study.prepare(root, copy, STRINGS["en"])
    startup = (copy / study.IPYTHON_DIR / study.STARTUP).read_text(encoding="utf-8")
    assert startup == "from checks.student.en import check, form, predict, prediction_result, " \
        "progress\n"
    assert sorted(path.name for path in copy.glob("*.ipynb")) == [f"{n}.ipynb" for n in LESSONS]
    started: dict[str, str] = {}
    monkeypatch.setattr(study.os, "execve", lambda program, argv, env: started.update(env))
    study.open_lab(copy, root, "en", [])
    program = "import models.counter as model; print(model.total(5))"
    environment = {**os.environ, "PYTHONPATH": started["PYTHONPATH"]}
    imported = subprocess.run([sys.executable, "-c", program], cwd=copy, env=environment,
                              capture_output=True, text=True, check=True)
    assert imported.stdout == "10\n"  # what the copy's kernels import: the course's own package

    answered = nbformat.read(tmp_path / "site" / "notebooks" / f"{LESSONS[0]}.ipynb",
                             as_version=4)
    exercise = of_course(read_definition(root)).exercises[f"{LESSONS[0][:2]}-first-exercise"]
    for cell in answered.cells:
        if cell.cell_type == "code" and "first-exercise" in cell.source:
            cell.source = exercise.pasted(cell.source, TOOL_NAMES["en"])
    (tmp_path / "handed-in" / "ada").mkdir(parents=True)
    nbformat.write(answered, tmp_path / "handed-in" / "ada" / f"{LESSONS[0]}.ipynb")
    assert kurs("grade", str(tmp_path / "handed-in"), "--out", str(tmp_path / "grades"),
                "--csv") == 0
    with open(tmp_path / "grades" / "gradebook.csv", encoding="utf-8-sig") as table:
        [row] = list(csv.DictReader(table))
    assert (row["student"], row["exercises_right"]) == ("ada", "1")
