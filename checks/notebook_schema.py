"""A notebook held to nbformat's schema. First the fast check nbformat itself makes,
fastjsonschema's code for the schema, which is compiled once a machine (checks.code_cache):
writing and compiling that code took more than a fifth of a lint. Only a notebook it refuses is
checked again by jsonschema, whose errors say where and why. nbformat is imported only then:
its schemas are read from its folder."""

import hashlib
import importlib.util
import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import fastjsonschema

from checks.code_cache import cached_code


def _schemas() -> dict[int, Path]:
    """nbformat's schemas of version 4, by minor version, from its installed folder."""
    spec = importlib.util.find_spec("nbformat")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("nbformat is not installed", name="nbformat")
    folder = Path(spec.submodule_search_locations[0]) / "v4"
    return {int(found["minor"]): path for path in folder.glob("nbformat.v4.*.schema.json")
            if (found := re.fullmatch(r"nbformat\.v4\.(?P<minor>\d+)\.schema\.json",
                                      path.name))}


SCHEMAS = _schemas()
NEWEST_MINOR = max(SCHEMAS)  # a newer notebook is held to this one


@cache
def fast_check(minor: int) -> Callable[[dict], object]:
    """fastjsonschema's check of the 4.`minor` schema, as nbformat's fast validator makes it;
    it raises `fastjsonschema.JsonSchemaException` for a notebook the schema refuses."""
    path = SCHEMAS[minor]
    text = path.read_text(encoding="utf-8")
    checksum = hashlib.sha256(f"{fastjsonschema.VERSION}\n{text}".encode()).hexdigest()
    code = cached_code(f"nbformat-v4.{minor}-schema", checksum, lambda: compile(
        fastjsonschema.compile_to_code(json.loads(text)), str(path), "exec"))
    namespace: dict = {}
    exec(code, namespace)  # the code fastjsonschema wrote: its `validate` and what that uses
    return namespace["validate"]


def schema_error(data: dict, minor: int) -> tuple[list[str | int], str] | None:
    """Where and how the notebook breaks its nbformat schema, if it does; for a cell or an
    output that fits none of its kinds, how it breaks the kind it names."""
    try:
        fast_check(minor)(data)
        return None
    except fastjsonschema.JsonSchemaException:
        pass
    from nbformat.validator import get_validator  # with jsonschema: a tenth of a build
    error = next(iter(get_validator(4, minor, name="jsonschema").iter_errors(data)), None)
    while error is not None and error.validator == "oneOf" and isinstance(error.instance, dict):
        named = {f"#/definitions/{error.instance.get('cell_type')}_cell",
                 f"#/definitions/{error.instance.get('output_type')}"}
        kinds = [kind.get("$ref") for kind in error.schema["oneOf"]]
        inner = next((inner for inner in error.context or []
                      if kinds[inner.relative_schema_path[0]] in named), None)
        if inner is None:
            break
        error = inner
    return None if error is None else (list(error.absolute_path), error.message)
