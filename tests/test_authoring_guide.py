"""The two authoring guides: the toolkit's, `AUTHORING.md`, for any course, documents every rule the
linter can report, every command and every key; the course's, `course/AUTHORING.md`, holds this
course's conventions. Each has every section the toolkit's messages, the README and the other
guide send an author to, and each section says whom it holds for."""

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from checks.definition import SECTIONS, CourseDefinition, Minimums, Sections
from checks.linter.lint import COURSE_RULES, LESSON_RULES
from checks.markers import PEER_TAGS, TAGS
from checks.linter.rules_front_matter import KNOWN_LICENSES

ROOT = Path(__file__).parents[1]
TOOLKIT, COURSE = "AUTHORING.md", "course/AUTHORING.md"  # the toolkit's guide, the course's
GUIDES = {name: (ROOT / name).read_text(encoding="utf-8") for name in (TOOLKIT, COURSE)}
GUIDE = GUIDES[TOOLKIT]  # the lesson format, the commands and the rules, for any course
COURSE_GUIDE = GUIDES[COURSE]  # this course's conventions
FILE_RULES = ("course-definition", "lesson-file", "not-json", "not-nbformat-v4", "invalid-notebook",
              "front-matter")


@pytest.mark.parametrize("rule", [r.id for r in COURSE_RULES + LESSON_RULES] + list(FILE_RULES))
def test_every_rule_id_is_in_the_guide(rule):
    assert f"`{rule}`" in GUIDE


@pytest.mark.parametrize("term", [*TAGS, *PEER_TAGS, *vars(SECTIONS["en"]).values(),
                                  *KNOWN_LICENSES])
def test_every_tag_section_and_license_is_in_the_guide(term):
    assert term in GUIDE


@pytest.mark.parametrize("title", vars(SECTIONS["tr"]).values())
def test_the_course_guide_names_this_courses_sections(title):
    assert f"## {title}" in COURSE_GUIDE


def test_the_guide_names_in_not_runs_row_what_a_run_settles():
    """The one finding of a lesson never run stands for these rules: the guide says which."""
    row = next(line for line in GUIDE.splitlines() if line.startswith("| `not-run` |"))
    ids = {rule.id for rule in COURSE_RULES + LESSON_RULES}
    settled = {rule.id for rule in LESSON_RULES if rule.settled_by_run}
    named = set(re.findall(r"`([a-z-]+)`", row)) & ids
    assert settled and named - {"not-run"} == settled


# A guide's numbered sections, from its headings ("## 8b. Keeping lessons with ...")
def numbered(text: str) -> set[str]:
    return set(re.findall(r"^#{2,} (\d+[a-z]?)\. ", text, re.MULTILINE))


SECTIONS_OF = {name: numbered(text) for name, text in GUIDES.items()}
NUMBERS = r"sections? (\d+[a-z]?(?:(?:, | and | or )\d+[a-z]?)*)"
# "AUTHORING.md, section 8b", "the toolkit's AUTHORING.md, section 3",
# "[`course/AUTHORING.md`](course/AUTHORING.md), section 2",
# "[`AUTHORING.md`](../AUTHORING.md), sections 6 and 6b": `course/` names the course's guide,
# anything else (`../` from the course's folder, nothing from the root) the toolkit's
CITED = re.compile(r"((?:\.\./|course/)?)AUTHORING\.md.{0,30}?\b" + NUMBERS)
CODE = sorted([*(ROOT / "checks").rglob("*.py"), *(ROOT / "publish").rglob("*.py"),
               *(ROOT / "grading").rglob("*.py"), ROOT / "build.py"])


def texts(path: Path) -> Iterator[str]:
    """A module's strings, each as Python reads it (a message's literals written over lines
    joined into one), and its comments."""
    code = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            yield token.string


def cited(text: str, here: str | None = None) -> list[tuple[str, str]]:
    """(guide, section) for each section `text` sends a reader to, its lines joined: those it
    names a guide for, and, when `text` is the guide `here`, its own sections it cites bare."""
    joined = " ".join(text.split())
    found = [(COURSE if prefix == "course/" else TOOLKIT, number)
             for prefix, numbers in CITED.findall(joined)
             for number in re.findall(r"\d+[a-z]?", numbers)]
    if here is not None:
        found += [(here, number) for numbers in re.findall(r"\b" + NUMBERS,
                                                           CITED.sub("", joined))
                  for number in re.findall(r"\d+[a-z]?", numbers)]
    return found


def missing(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(guide, number) for guide, number in found if number not in SECTIONS_OF[guide]]


def test_the_guides_sections_are_read_from_their_headings():
    assert {"1", "1c", "3", "6b", "8b", "9"} <= SECTIONS_OF[TOOLKIT]
    assert {"1", "2", "3", "4c", "5"} <= SECTIONS_OF[COURSE]
    assert "10" not in SECTIONS_OF[TOOLKIT] | SECTIONS_OF[COURSE]


def test_every_section_of_the_guide_the_toolkit_cites_is_one_it_has():
    found = {str(path.relative_to(ROOT)): cited(text) for path in CODE for text in texts(path)
             if cited(text)}
    assert (TOOLKIT, "8b") in found["checks/linter/lint.py"]  # the output-stripping-filter message
    assert all(guide == TOOLKIT for where in found.values() for guide, _ in where), \
        "the toolkit serves any course: its messages cite the toolkit's guide"
    assert [(where, cite) for where, cites in found.items() for cite in missing(cites)] == []


def test_every_section_the_guides_and_the_readme_cite_is_one_they_have():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = {"README.md": cited(readme), **{name: cited(text, name)
                                            for name, text in GUIDES.items()}}
    assert (TOOLKIT, "6b") in found["README.md"] and (COURSE, "2") in found[TOOLKIT]
    assert (TOOLKIT, "8b") in found[TOOLKIT] and (TOOLKIT, "6") in found[COURSE]
    assert (COURSE, "4") in found[COURSE]
    assert [(where, cite) for where, cites in found.items() for cite in missing(cites)] == []


# Each `##` section of either guide says, on its first line, whom it holds for
SCOPES = {TOOLKIT: re.compile(r"\*Holds for any course\.\*"),
          COURSE: re.compile(r"\*Holds for this course only; .*\]\(\.\./AUTHORING\.md\).*\*")}


def sections_of(text: str) -> list[tuple[str, str]]:
    """Each `##` section's heading and its first line of text."""
    parts = re.split(r"^## (.*)$", text, flags=re.MULTILINE)[1:]
    return [(heading, next((line for line in body.splitlines() if line.strip()), ""))
            for heading, body in zip(parts[::2], parts[1::2], strict=True)]


@pytest.mark.parametrize("guide", [TOOLKIT, COURSE])
def test_every_section_says_whom_it_holds_for(guide):
    sections = sections_of(GUIDES[guide])
    assert len(sections) >= 8
    assert [heading for heading, first in sections if not SCOPES[guide].fullmatch(first)] == []


def test_the_toolkits_guide_names_every_command():
    from publish.cli import COMMANDS, OPTIONS
    commands = guide_section("1b")
    assert [command for command in COMMANDS if f"`kurs {command}" not in commands] == []
    assert "| `kurs` |" in commands  # no command: the site
    init = [option for option, (given, _) in OPTIONS.items() if "init" in given]
    assert init and all(option in guide_section("1") for option in init)


def test_the_toolkits_guide_names_every_key_of_course_toml():
    rows = [row[0] for row in tables(guide_section("1c"))[0]]
    keys = {re.sub(r"[`\[\]]|\.NAME", "", row) for row in rows}
    fields = set(CourseDefinition.__dataclass_fields__) - {"path"}
    assert keys == fields
    said = guide_section("1c")
    for table in (Minimums, Sections):
        assert all(f"`{name}`" in said for name in table.__dataclass_fields__), table


def test_the_toolkits_guide_names_every_key_of_a_glossary_entry():
    from checks.glossary import KEYS
    rows = [row[0].strip("`") for row in tables(guide_section("7"))[0]]
    assert rows == list(KEYS)


# The course guide's checklist (section 2), held against lesson 05, the newest: its
# placeholders filled in.
EXAMPLE = {"NN-name": "05-yurutuculer", "dersNN": "ders05", "<model>": "yurutucu"}
EXAMPLE_NAMES = (EXAMPLE["NN-name"], EXAMPLE["dersNN"])  # how a file names the lesson by hand
PREVIOUS = "the lesson before it"


def guide_section(number: str, guide: str = TOOLKIT) -> str:
    """A numbered section of a guide, from its heading to the next `##` heading."""
    text = GUIDES[guide]
    start = text.find(f"\n## {number}. ")
    if start < 0:
        return ""
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else None]


def tables(text: str) -> list[list[list[str]]]:
    """Each markdown table in `text`, in order: its body's rows, each row's cells stripped."""
    found: list[list[list[str]]] = []
    before = ""
    for line in text.splitlines():
        if line.startswith("|"):
            if not before.startswith("|"):
                found.append([])
            found[-1].append([cell.strip() for cell in line.strip().strip("|").split("|")])
        before = line
    return [rows[2:] for rows in found]  # the heading and the rule under it left out


def checklist() -> list[tuple[str, str]]:
    """(file, new or edited) for each row of the course guide's file table, lesson 05's files."""
    found = tables(guide_section("2", COURSE))
    assert found, "the course guide's section 2 has no table of a new lesson's files"
    filled = []
    rows = found[0]
    for first, kind, _ in rows:
        path = first.strip("`")
        for placeholder, value in EXAMPLE.items():
            path = path.replace(placeholder, value)
        filled.append((path, kind))
    return filled


def example_previous_lesson() -> str:
    import tomllib
    lessons = tomllib.loads((ROOT / "course" / "course.toml").read_text(encoding="utf-8"))
    order = lessons["lessons"]
    return f"lessons/{order[order.index(EXAMPLE['NN-name'] + '.ipynb') - 1]}"


def test_the_checklists_files_are_there_for_lesson_05_and_the_edited_ones_name_it():
    rows = checklist()
    assert ("lessons/05-yurutuculer.ipynb", "new") in rows and (PREVIOUS, "edited") in rows
    for path, kind in rows:
        path = example_previous_lesson() if path == PREVIOUS else path
        found = sorted(ROOT.glob(path))
        assert found, f"{path}: in the checklist, not in the repository"
        if kind == "edited":
            text = found[0].read_text(encoding="utf-8")
            assert any(name in text for name in (*EXAMPLE_NAMES, EXAMPLE["<model>"])), path
        else:
            assert kind == "new", f"{path}: {kind!r} is neither new nor edited"


def names_the_example(path: Path) -> bool:
    """Whether a file names lesson 05 by hand: in its path, or in its text (where a test names
    its modules, `dersNN`: a test may name any lesson's notebook or page it tests)."""
    relative = path.relative_to(ROOT).as_posix()
    if any(name in relative for name in EXAMPLE_NAMES):
        return True
    if relative in (COURSE, "tests/test_authoring_guide.py"):  # its example
        return False
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return False
    names = EXAMPLE_NAMES[1:] if relative.startswith("tests/") else EXAMPLE_NAMES
    return any(name in text for name in names)


def test_no_file_but_the_checklists_names_lesson_05_by_hand():
    """A list of the lessons kept by hand somewhere else is a step the checklist leaves out."""
    places = [ROOT / name for name in ("README.md", "build.py", "pyproject.toml", TOOLKIT)] + [
        path for folder in ("alistirmalar", "benchmarks", "checks", "cizim", "course", "kasif",
                            "kernel", "lessons", "publish", "tests", ".ci")
        if (ROOT / folder).exists()
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
        and not any(part.startswith(".") for part in path.relative_to(ROOT / folder).parts)]
    listed = {example_previous_lesson() if path == PREVIOUS else path for path, _ in checklist()}
    covered = {found.relative_to(ROOT).as_posix() for path in listed for found in ROOT.glob(path)}
    naming = {path.relative_to(ROOT).as_posix() for path in places if names_the_example(path)}
    assert {"alistirmalar/ders05.py"} <= naming
    assert sorted(naming - covered) == []


def test_every_lesson_tests_its_exercises_in_the_one_place_the_guide_names():
    from checks.exercises import course_registry
    assert "`tests/test_exercises_dersNN.py`" in guide_section("2", COURSE)
    assert "`tests/test_exercises_dersNN.py`" in guide_section("5", COURSE)
    modules = {Path(module).stem for module in course_registry().modules.values()}
    assert modules
    for module in modules:
        assert (ROOT / "tests" / f"test_exercises_{module}.py").is_file(), module


def test_the_minimums_the_guide_states_are_the_linters():
    found = tables(guide_section("1d"))
    assert len(found) == 2, "section 1d has no table of the minimums after the files'"
    rows = {rule: needed for rule, needed in found[1]}
    assert set(rows) == {"`too-few-exercises`", "`predictions-missing`", "`modify-missing`"}
    for rule, (name, value) in zip(rows, vars(Minimums()).items(), strict=True):
        assert rows[rule].startswith(f"`{name}` = {value} "), rule


def test_the_next_assumption_label_the_guide_gives_is_the_next_free_one():
    import json
    labels = []
    for lesson in sorted((ROOT / "lessons").glob("*.ipynb")):
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        labels += [int(number) for cell in cells if cell["cell_type"] == "markdown"
                   for heading in re.findall(r"^## Modelin sınırları \((.*)\)$",
                                             "".join(cell["source"]), re.MULTILINE)
                   for number in re.findall(r"\bUS(\d+)\b", heading)]
    assert sorted(labels) == list(range(1, max(labels) + 1))  # US1, US2, ... none skipped
    assert f"the next is US{max(labels) + 1}." in " ".join(guide_section("3", COURSE).split())


# The helpers a figure or an explorer calls, as the course guide's section 4c names them
def helpers_listed() -> list[str]:
    helpers = guide_section("4c", COURSE).partition("**The helpers")[2]
    return [row[0].strip("`") for row in (tables(helpers) or [[]])[0]]


HELPERS = helpers_listed()


@pytest.mark.parametrize("helper", HELPERS)
def test_every_helper_the_guide_lists_is_there(helper):
    import importlib
    parts = helper.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for name in parts[split:]:
            found = getattr(found, name)
        return
    pytest.fail(f"{helper}: no module of it imports")


def test_the_guide_lists_the_helpers_an_author_calls():
    assert {"Cizelge", "olay", "gosterge", "kasif_paneli"} <= {h.rsplit(".")[-1] for h in HELPERS}
