"""The build reads and writes notebooks without importing nbformat (checks/notebook_nodes.py):
what it reads is what nbformat reads, and what it writes is the text nbformat writes, for every
lesson and for made-up notebooks; its nodes read and write their keys as attributes."""

import copy
import json
import pickle
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, strategies as st

from checks.notebook_nodes import NotebookNode, from_dict, to_notebook, writes

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_a_lesson_reads_and_writes_as_with_nbformat(path):
    text = path.read_text(encoding="utf-8")
    theirs = nbformat.reads(text, as_version=4)
    ours = to_notebook(json.loads(text))
    assert ours == theirs
    assert writes(ours) == nbformat.writes(theirs) == text.removesuffix("\n")


texts = st.text(st.sampled_from("ab \nç\r"), max_size=12)
lines = st.lists(st.text(st.sampled_from("ab ç"), max_size=4).map(lambda line: line + "\n"),
                 max_size=3)
text_or_lines = st.one_of(texts, lines)
bundles = st.dictionaries(
    st.sampled_from(["text/plain", "text/html", "image/svg+xml", "application/javascript",
                     "application/json", "application/vnd.x+json", "image/png"]),
    st.one_of(text_or_lines, st.lists(st.integers(0, 3), min_size=1, max_size=2),
              st.dictionaries(st.sampled_from("xy"), texts, max_size=2)),
    max_size=4)
metadata = st.dictionaries(st.sampled_from(["tags", "trusted", "collapsed", "x"]),
                           st.one_of(st.booleans(), st.lists(texts, max_size=2)), max_size=3)
outputs = st.one_of(
    st.fixed_dictionaries({"output_type": st.just("stream"), "name": st.just("stdout"),
                           "text": text_or_lines}),
    st.fixed_dictionaries({"output_type": st.sampled_from(["display_data", "execute_result"]),
                           "data": bundles, "metadata": st.just({})}),
    st.fixed_dictionaries({"output_type": st.just("error"), "ename": texts, "evalue": texts,
                           "traceback": st.lists(texts, max_size=2)}))
cells = st.one_of(
    st.fixed_dictionaries({"cell_type": st.just("code"), "source": text_or_lines,
                           "metadata": metadata, "outputs": st.lists(outputs, max_size=3),
                           "execution_count": st.none() | st.integers(1, 9)}),
    st.fixed_dictionaries({"cell_type": st.sampled_from(["markdown", "raw"]),
                           "source": text_or_lines, "metadata": metadata},
                          optional={"attachments": st.dictionaries(
                              st.sampled_from(["a.png", "b.svg"]), bundles, max_size=2)}))
notebooks = st.fixed_dictionaries({
    "cells": st.lists(cells, max_size=4), "nbformat": st.just(4), "nbformat_minor": st.just(5),
    "metadata": st.dictionaries(st.sampled_from(["orig_nbformat", "signature", "kernelspec"]),
                                st.one_of(st.integers(0, 4), texts), max_size=3)})


@given(notebooks)
def test_a_made_up_notebook_reads_and_writes_as_with_nbformat(data):
    theirs = nbformat.v4.to_notebook_json(copy.deepcopy(data))
    ours = to_notebook(copy.deepcopy(data))
    assert ours == theirs
    assert writes(ours) == nbformat.v4.writes_json(theirs)
    assert to_notebook(data) == ours  # writing changed nothing in it
    # nodes made otherwise than by reading a file: their transient keys are left out too
    assert writes(from_dict(copy.deepcopy(data))) == nbformat.v4.writes_json(
        nbformat.from_dict(copy.deepcopy(data)))


def test_a_node_reads_and_writes_its_keys_as_attributes():
    node = to_notebook({"cells": [], "metadata": {"kernelspec": {"name": "python3"}}})
    assert node.metadata.kernelspec.name == "python3"
    node.metadata.language_info = {"name": "python"}
    node["widgets"] = {"state": {}}
    assert node.metadata.language_info.name == "python" and node.widgets.state == {}
    with pytest.raises(AttributeError):
        node.missing  # noqa: B018
    copied = pickle.loads(pickle.dumps(node))  # as a forked copy hands it back
    assert copied == node and type(copied.metadata) is NotebookNode
