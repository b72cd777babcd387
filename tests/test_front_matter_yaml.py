"""A lesson's front matter is read by libyaml where PyYAML has it, and read as PyYAML's own reader
reads it: the same data, and where libyaml refuses the text, PyYAML's reader and its words."""

import datetime
import json

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from checks.front_matter import read_front_matter
from course_copies import ROOT, lessons_in_order

pytestmark = pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML without libyaml")


def as_notebook(text: str) -> dict:
    return {"cells": [{"cell_type": "raw", "metadata": {}, "source": f"---\n{text}\n---"}]}


@pytest.mark.parametrize("name", lessons_in_order())
def test_each_lessons_front_matter_reads_as_pyyamls_reader_reads_it(name, monkeypatch):
    notebook = json.loads((ROOT / "lessons" / name).read_text(encoding="utf-8"))
    source = "".join(notebook["cells"][0]["source"])
    expected = yaml.safe_load(source.strip().removeprefix("---").removesuffix("---"))
    with monkeypatch.context() as patched:
        patched.setattr(yaml, "safe_load", None)  # libyaml's reader alone
        assert read_front_matter(ROOT / "lessons" / name, notebook) == expected


plain = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30)
values = st.recursive(
    st.none() | st.booleans() | st.integers() | plain | st.dates(datetime.date(1900, 1, 1)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(plain, inner, max_size=4),
    max_leaves=12)


@given(st.dictionaries(plain, values, min_size=1, max_size=6))
def test_any_mapping_written_as_yaml_reads_as_pyyamls_reader_reads_it(front):
    text = yaml.safe_dump(front, allow_unicode=True, sort_keys=False)
    assert read_front_matter(ROOT, as_notebook(text)) == yaml.safe_load(text)


def test_what_libyaml_refuses_pyyamls_reader_reads_again(monkeypatch):
    """Its error, or the data where it accepts what libyaml does not."""
    read: list[str] = []
    real = yaml.safe_load
    monkeypatch.setattr(yaml, "safe_load", lambda text: read.append(text) or real(text))

    class Refusing(yaml.CSafeLoader):
        def get_single_data(self):
            raise yaml.YAMLError("refused")
    monkeypatch.setattr(yaml, "CSafeLoader", Refusing)
    assert read_front_matter(ROOT, as_notebook("title: Ders")) == {"title": "Ders"}
    assert read == ["title: Ders"]
