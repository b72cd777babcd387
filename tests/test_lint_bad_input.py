"""Bad input is a located finding, never a traceback: a lesson's JSON corrupted in many ways."""

import json
from functools import reduce
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks.findings import ERROR
from checks.glossary import GLOSSARY_FILE
from checks.linter.lint import lint_course
from checks.markers import WIDGET_VIEW
from course_copies import LESSON, ROOT, copy_course, edit_notebook, first_cell, source, tagged

LESSON_PATH = Path("lessons") / LESSON
LESSON_JSON = (ROOT / LESSON_PATH).read_text(encoding="utf-8")
DELETE = object()  # a corruption that removes the key


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A copy of the course with only the lesson a test corrupts: each test lints one lesson."""
    return copy_course(tmp_path, only=(LESSON,))


@pytest.fixture(scope="module")
def course_copy(tmp_path_factory) -> Path:
    """One copy for every example of a property (hypothesis runs them in one test call), of
    the lesson they corrupt alone, so that each example lints one notebook."""
    return copy_course(tmp_path_factory.mktemp("course"), only=(LESSON,))


def only_finding(course: Path):
    (finding,) = lint_course(course)
    assert finding.severity == ERROR and finding.path == LESSON_PATH
    return finding


@pytest.mark.parametrize("minor,words", [
    ("5", "must be a whole number, 0 or more, not '5'"), (5.0, "not 5.0"), (True, "not True"),
    (-1, "not -1"), (DELETE, "'nbformat_minor' is missing"),
])
def test_a_bad_nbformat_minor_is_a_finding(course, minor, words):
    def change(notebook):
        if minor is DELETE:
            del notebook["nbformat_minor"]
        else:
            notebook["nbformat_minor"] = minor
    edit_notebook(course / LESSON_PATH, change)
    finding = only_finding(course)
    assert (finding.rule, finding.cell) == ("invalid-notebook", None) and words in finding.message


def test_a_minor_version_newer_than_nbformats_is_held_to_its_newest_schema(course):
    """nbformat has no schema for 4.6, and its validator for one refuses nothing: a broken
    output would reach nbformat's reader and raise there (found by the corruption test)."""
    def change(notebook):
        notebook["nbformat_minor"] = 6
        cell = next(cell for cell in notebook["cells"] if cell.get("outputs"))
        cell["outputs"][0]["output_type"] = []
    edit_notebook(course / LESSON_PATH, change)
    finding = only_finding(course)
    assert finding.rule == "invalid-notebook" and "'output_type': []" in finding.message


@pytest.mark.parametrize("key,value,words", [
    ("id", ["a"], "at id: ['a'] is not of type 'string'"),
    ("id", {"a": 1}, "at id: {'a': 1} is not of type 'string'"),
    ("id", 7, "at id: 7 is not of type 'string'"),
    ("cell_type", 1, "cell_type is 1, not one of code, markdown, raw"),
    ("source", ["print(1)\n", 5], "at source"),
    ("metadata", [], "at metadata: [] is not of type 'object'"),
    ("outputs", [1], "at outputs/0: 1 is not of type 'object'"),
    ("outputs", [{"output_type": []}], "at outputs/0: {'output_type': []} is not valid"),
    ("execution_count", "2", "at execution_count: '2' is not of type 'integer', 'null'"),
])
def test_a_mistyped_cell_is_a_finding_located_at_the_cell(course, key, value, words):
    claim = first_cell(json.loads(LESSON_JSON), tagged("claim"))
    edit_notebook(course / LESSON_PATH, lambda notebook: notebook["cells"][claim].update(
        {key: value}))
    finding = only_finding(course)
    assert (finding.rule, finding.cell) == ("invalid-notebook", claim)
    assert words in finding.message


@pytest.mark.parametrize("key,shown", [("\n", "\\n"), ("\u2028", "\\u2028")])
def test_a_line_break_in_the_schema_path_is_escaped_in_the_finding(course, key, shown):
    """Hypothesis found the first: an output's mime type that is a line break, holding no
    text. The finding stays one line, `path: cell N: message [rule]`, the break escaped."""
    at = first_cell(json.loads(LESSON_JSON),
                    lambda cell: "data" in next(iter(cell.get("outputs", [])), {}))
    edit_notebook(course / LESSON_PATH,
                  lambda notebook: notebook["cells"][at]["outputs"][0]["data"].update({key: 1}))
    finding = only_finding(course)
    assert (finding.rule, finding.cell) == ("invalid-notebook", at)
    assert finding.message.startswith(f"invalid notebook at outputs/0/data/{shown}: 1 is not")
    assert len(str(finding).splitlines()) == 1


def test_a_cell_of_no_known_type_is_a_finding_though_a_later_schema_allows_it(course):
    def add_cell(notebook):
        notebook["nbformat_minor"] = 6  # nbformat validates a later 4.x leniently
        notebook["cells"].insert(3, {"cell_type": "x", "id": "yeni", "metadata": {}})
    edit_notebook(course / LESSON_PATH, add_cell)
    finding = only_finding(course)
    assert (finding.rule, finding.cell) == ("invalid-notebook", 3)
    assert finding.message == "cell_type is 'x', not one of code, markdown, raw"


@pytest.mark.parametrize("lessons,words", [
    ('"01.ipynb"', "'lessons' must be a list, not '01.ipynb'"),
    ("1", "'lessons' must be a list, not 1"),
    ("[1]", "'lessons' must list file names, not [1]"),
    ('["01.ipynb", 2.5]', "'lessons' must list file names, not ['01.ipynb', 2.5]"),
    ('[""]', "'lessons' must list file names, not ['']"),
    ('["  "]', "'lessons' must list file names, not ['  ']"),
])
def test_lessons_that_are_not_a_list_of_file_names_are_a_finding_in_the_definition(
        course, lessons, words):
    definition = course / "course" / "course.toml"
    text = definition.read_text(encoding="utf-8")
    definition.write_text(text.replace(f'lessons = ["{LESSON}"]', f"lessons = {lessons}"),
                          encoding="utf-8")
    (finding,) = lint_course(course)
    assert (finding.path, finding.rule) == (Path("course") / "course.toml", "course-definition")
    assert finding.message == words


@pytest.mark.parametrize("line,words", [
    ("updated: 2026-13-45", "month must be in 1..12"), ("objectives: !!int x", "invalid literal"),
    ("updated: !!timestamp x", "front matter is not valid YAML"),
    # nested four times deeper than the default recursion limit allows; as a block, not as
    # flow `[[...]]`, which PyYAML's scanner reads in quadratic time
    ("objectives:\n  " + "- " * 2000 + "x", "recursion"),
])
def test_front_matter_that_yaml_cannot_build_is_a_finding(course, line, words):
    edit_notebook(course / LESSON_PATH,
                  lambda notebook: notebook["cells"][0].update(source=f"---\n{line}\n---"))
    finding = only_finding(course)
    assert (finding.rule, finding.cell) == ("front-matter", 0) and words in finding.message


def test_front_matter_keys_that_are_not_text_are_named(course):
    def add_keys(notebook):
        cell = notebook["cells"][0]
        cell["source"] = source(cell).replace("---\n", "---\n1: bir\n2026-01-01: tarih\n", 1)
    edit_notebook(course / LESSON_PATH, add_keys)
    messages = [f.message for f in lint_course(course) if f.rule == "front-matter-field"]
    assert [m.split(" is not")[0] for m in messages] == ["front matter '1'",
                                                          "front matter '2026-01-01'"]


def test_json_nested_too_deep_is_a_finding(course):
    (course / LESSON_PATH).write_text("[" * 100_000, encoding="utf-8")
    assert only_finding(course).rule == "not-json"


def test_code_nested_too_deep_to_parse_is_no_check(course):
    edit_notebook(course / LESSON_PATH,
                  lambda notebook: notebook["cells"][first_cell(notebook, tagged("exercise"))]
                  .update(source="-" * 5000 + "1"))
    (finding,) = [f for f in lint_course(course) if f.rule == "exercise-without-check"]
    assert "calls no check" in finding.message


KEYS = st.sampled_from(["cell_type", "output_type", "id", "tags", "source", "text", "name",
                        "data", "metadata", "outputs", "execution_count", "jupyter",
                        "text/plain", "application/vnd.jupyter.widget-view+json"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["code", "markdown", "raw", "stream", "stdout",
                                              "stderr", "error", "execute_result", "solution",
                                              "claim", "exercise", "print(1)", "---"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS | st.text(max_size=8),
                                                                inner, max_size=3),
    max_leaves=8)

TEXT = st.text(max_size=30) | st.lists(st.text(max_size=12), max_size=3)
MIME_BUNDLE = st.dictionaries(st.sampled_from(["text/plain", "text/html", "image/png"]), TEXT,
                              max_size=2) | st.just({WIDGET_VIEW: {"model_id": "m"},
                                                     "text/plain": "düğme"})
OUTPUT = st.one_of(
    st.fixed_dictionaries({"output_type": st.just("stream"), "text": TEXT,
                           "name": st.sampled_from(["stdout", "stderr"])}),
    st.fixed_dictionaries({"output_type": st.just("display_data"), "data": MIME_BUNDLE,
                           "metadata": st.just({})}),
    st.fixed_dictionaries({"output_type": st.just("execute_result"), "data": MIME_BUNDLE,
                           "metadata": st.just({}), "execution_count": st.integers(0, 99)}),
    st.fixed_dictionaries({"output_type": st.just("error"), "ename": st.text(max_size=8),
                           "evalue": st.text(max_size=8),
                           "traceback": st.lists(st.text(max_size=8), max_size=2)}))
# values the schema may accept, so that the rules, not only the reader, meet odd lessons
PLAUSIBLE = {
    "source": TEXT | st.sampled_from(["print(1)", "def f():\n    print(1)", 'kontrol("01-x", 1)',
                                      'cevabi_goster("01-akibetler")', "%time\n!ls", "\x00"]),
    "text": TEXT, "data": MIME_BUNDLE, "outputs": st.lists(OUTPUT, max_size=2),
    "tags": st.lists(st.sampled_from(["claim", "solution", "exercise", "instructor", "x y"]),
                     max_size=2, unique=True),
    "jupyter": st.fixed_dictionaries({}, optional={"source_hidden": st.booleans(),
                                                   "outputs_hidden": st.booleans()}),
    "execution_count": st.none() | st.integers(0, 99),
    "cell_type": st.sampled_from(["code", "markdown", "raw"]),
    "name": st.sampled_from(["stdout", "stderr"]),
}


def places(notebook: dict) -> list[tuple]:
    """Paths to what a corruption may replace: the notebook's keys, and each cell's keys,
    metadata and outputs, down to each output's keys and mime types."""
    found: list[tuple] = [(key,) for key in ("nbformat_minor", "cells", "metadata")]
    for i, cell in enumerate(notebook["cells"]):
        at = ("cells", i)
        found += [at, *((*at, key) for key in (*cell, "outputs", "execution_count"))]
        found += [(*at, "metadata", key) for key in ("tags", "jupyter")]
        for j, output in enumerate(cell.get("outputs", [])):
            found += [(*at, "outputs", j), *((*at, "outputs", j, key) for key in output)]
            found += [(*at, "outputs", j, "data", mime) for mime in output.get("data", {})]
    return found


PLACES = places(json.loads(LESSON_JSON))


def corrupt(notebook: dict, path: tuple, value: object) -> None:
    *parents, last = path
    try:
        node = reduce(lambda node, key: node[key], parents, notebook)
        if value is DELETE:
            del node[last]
        else:
            node[last] = value
    except (KeyError, IndexError, TypeError):
        pass  # an earlier corruption took this place away


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_corrupted_lesson_gives_findings_never_a_traceback(course_copy, data):
    notebook = json.loads(LESSON_JSON)
    for path in data.draw(st.lists(st.sampled_from(PLACES), min_size=1, max_size=3)):
        corrupt(notebook, path, data.draw(PLAUSIBLE.get(path[-1], JSON) | JSON | st.just(DELETE)))
    (course_copy / LESSON_PATH).write_text(json.dumps(notebook), encoding="utf-8")
    for finding in lint_course(course_copy):  # a corrupted mark leaves its term unmarked
        assert finding.path in (LESSON_PATH, GLOSSARY_FILE) and "\n" not in str(finding)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(KEYS | st.sampled_from(["title", "course", "updated", "objectives"])
                       | st.text(max_size=8), JSON, max_size=6) | st.text(max_size=40))
def test_any_front_matter_gives_findings_never_a_traceback(course_copy, front):
    text = yaml.safe_dump(front, allow_unicode=True) if isinstance(front, dict) else front
    notebook = json.loads(LESSON_JSON)
    notebook["cells"][0]["source"] = f"---\n{text}\n---"
    (course_copy / LESSON_PATH).write_text(json.dumps(notebook), encoding="utf-8")
    for finding in lint_course(course_copy):
        assert finding.path == LESSON_PATH and "\n" not in str(finding)
