"""What a check takes from a student's answer, as plain data: the values a Python literal can
write (None, booleans, numbers, strings, and tuples, lists, sets and dicts of them) and the
course's records (dataclasses and named tuples) made of them. A check observes an answer where
it lives, in the student's kernel, and judges the observation anywhere: a grader judges it in a
process of its own."""

import numbers
import reprlib
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

Observation = dict[str, Any]
SCALARS = (type(None), bool, int, float, str)
COLLECTIONS = (tuple, list, set, frozenset)
RECORD = "__record__"  # the key a record's class, by qualified name, is kept under


class NotData(TypeError):
    """A value plain data cannot hold; its argument names the value's type."""


def plain(value: Any) -> Any:
    """`value` as plain data: a mapping becomes a dict, a whole number an int, a record a dict
    naming its class; NotData for anything else (a function, an object of the student's)."""
    if type(value) in SCALARS:
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    record = _fields(value)
    if record is not None:
        return {RECORD: _name(type(value)), **{key: plain(item) for key, item in record.items()}}
    if type(value) in COLLECTIONS:
        return type(value)(plain(item) for item in value)
    if isinstance(value, Mapping):
        return {plain(key): plain(item) for key, item in value.items()}
    raise NotData(type(value).__name__)


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def _fields(value: Any) -> dict[str, Any] | None:
    """A record's fields by name (a dataclass's or a named tuple's); None for other values."""
    if is_dataclass(value) and not isinstance(value, type):
        return {field.name: getattr(value, field.name) for field in fields(value)}
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return dict(zip(_fields_of(type(value)), value, strict=True))
    return None


def _fields_of(kind: type) -> tuple[str, ...]:
    """A record class's field names."""
    if is_dataclass(kind):
        return tuple(field.name for field in fields(kind))
    return tuple(getattr(kind, "_fields", ()))


def as_data(value: Any) -> Any:
    """`value` as plain data; when it cannot be, as Python writes it, shortened."""
    try:
        return plain(value)
    except NotData:
        return reprlib.repr(value)


def _records(value: Any) -> dict[str, type]:
    """The record classes `value` is made of, by qualified name."""
    record = _fields(value)
    items = list(record.values()) if record is not None else list(value.values()) \
        if isinstance(value, Mapping) else list(value) if type(value) in COLLECTIONS else []
    found = {_name(type(value)): type(value)} if record is not None else {}
    for item in items:
        found.update(_records(item))
    return found


def revived(data: Any, like: Any) -> Any:
    """Plain data back as values: each dict naming a record class that `like` is made of, with
    its fields, becomes one again; any other stays a dict, equal to nothing `like` holds."""
    known = _records(like)

    def back(item: Any) -> Any:
        if isinstance(item, dict):
            values = {key: back(value) for key, value in item.items()}
            name = values.pop(RECORD, None)
            kind = known.get(name) if isinstance(name, str) else None
            if kind is not None and set(values) == set(_fields_of(kind)):
                return kind(**values)
            return values if name is None else {RECORD: name, **values}
        if type(item) in COLLECTIONS:
            return type(item)(back(value) for value in item)
        return item
    return back(data)
