"""The notebook schema's fast check is compiled once a machine (checks/notebook_schema.py): it
refuses what nbformat's own fast validator refuses, whether its code was compiled now or loaded,
it is compiled again when the schema or fastjsonschema changes, and a cache that cannot be made
costs the check nothing but the compiling."""

import copy
import json
import tempfile
from pathlib import Path

import fastjsonschema
import pytest
from nbformat.validator import get_validator

from checks import notebook_schema

ROOT = Path(__file__).resolve().parent.parent
LESSON = json.loads((ROOT / "lessons" / "00-olcum-cekirdegi.ipynb").read_text(encoding="utf-8"))


def broken(change) -> dict:
    notebook = copy.deepcopy(LESSON)
    change(notebook)
    return notebook


NOTEBOOKS = {
    "a lesson": LESSON,
    "an unknown key in a cell": broken(lambda nb: nb["cells"][1].update(colour="red")),
    "a cell of no known type": broken(lambda nb: nb["cells"][1].update(cell_type="slide")),
    "an output of no known type": broken(lambda nb: next(
        cell for cell in nb["cells"] if cell.get("outputs"))["outputs"][0].update(
            output_type="picture")),
    "metadata that is a list": broken(lambda nb: nb.update(metadata=[])),
    "no cells": broken(lambda nb: nb.pop("cells")),
}


@pytest.fixture
def temporary(tmp_path, monkeypatch) -> Path:
    """A temporary folder of the test's own, where the cache's folder is made, and no check
    compiled yet in this process."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    notebook_schema.fast_check.cache_clear()
    yield folder
    notebook_schema.fast_check.cache_clear()


def refused(check, notebook: dict) -> bool:
    try:
        check(notebook)
    except fastjsonschema.JsonSchemaException:
        return True
    return False


def nbformats_verdicts() -> dict[str, bool]:
    validator = get_validator(4, 5, name="fastjsonschema")
    return {name: bool(list(validator.iter_errors(notebook)))
            for name, notebook in NOTEBOOKS.items()}


def verdicts() -> dict[str, bool]:
    return {name: refused(notebook_schema.fast_check(5), notebook)
            for name, notebook in NOTEBOOKS.items()}


def stored(temporary: Path) -> list[Path]:
    return sorted(temporary.rglob("*nbformat*.cache"))


def test_the_check_compiled_and_the_check_loaded_refuse_what_nbformat_refuses(temporary,
                                                                               monkeypatch):
    expected = nbformats_verdicts()
    assert sum(expected.values()) == len(NOTEBOOKS) - 1  # the lesson passes, the others fail
    assert verdicts() == expected
    assert len(stored(temporary)) == 1
    notebook_schema.fast_check.cache_clear()

    def not_again(*arguments, **options):
        raise AssertionError("the schema's code was written again")
    monkeypatch.setattr(fastjsonschema, "compile_to_code", not_again)
    assert verdicts() == expected


def test_another_fastjsonschema_compiles_the_check_again(temporary, monkeypatch):
    verdicts()
    written: list[dict] = []
    write = fastjsonschema.compile_to_code
    monkeypatch.setattr(fastjsonschema, "compile_to_code",
                        lambda schema: (written.append(schema), write(schema))[1])
    monkeypatch.setattr(fastjsonschema, "VERSION", "0-another")
    notebook_schema.fast_check.cache_clear()
    assert verdicts() == nbformats_verdicts()
    assert len(written) == 1


def test_without_a_cache_folder_the_check_is_compiled_each_time(temporary, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(temporary / "gone"))
    assert verdicts() == nbformats_verdicts()
    assert stored(temporary) == []


def test_an_invalid_lesson_is_told_where_by_jsonschema(temporary):
    where, message = notebook_schema.schema_error(NOTEBOOKS["an unknown key in a cell"], 5)
    assert where == ["cells", 1] and "colour" in message  # the key the schema refuses
    assert notebook_schema.schema_error(LESSON, 5) is None
