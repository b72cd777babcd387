"""A new lesson's skeleton: its notebook and the module registering the exercise and the
prediction its cells check. Every part an author still has to write says so, with a `TODO:`
(checks/linter/rules_placeholders.py), so that `check` names what is left to do."""

import datetime
import json
import textwrap
from dataclasses import dataclass

import nbformat
import yaml

from checks.course import FRONT_MATTER_MIMETYPE
from checks.definition import CourseDefinition
from checks.markers import CLAIM, DISCUSSION, EXERCISE, IMPLIED_PEER_TAGS, INSTRUCTOR
from checks.linter.rules_placeholders import MARK


@dataclass(frozen=True)
class Words:
    """The few words of the skeleton in a course's language; the placeholders, for the author,
    are English, as the toolkit's messages are."""

    module: str  # the registration module's name before the lesson's number: ders06
    note: str  # an instructor's note's bold label
    measured: str  # the measurement's variable
    label: str  # what the measurement prints before its value, and the exercise's part
    exercise: str  # the ids of the exercise and the prediction, after "NN-"
    prediction: str


WORDS = {"tr": Words("ders", "Eğitmen notu: oturumun planı", "olcum", "ölçüm", "ilk-alistirma",
                     "ilk-tahmin"),
         "en": Words("lesson", "Instructor's note: the session's plan", "measured", "measured",
                     "first-exercise", "first-prediction")}
MEASURED = "sum(range(4))"  # the stub's measurement, and its value: what the claim asserts
VALUE = 6
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def words(language: str) -> Words:
    return WORDS.get(language, WORDS["en"])


def todo(what: str) -> str:
    return f"{MARK}: {what}"


def front_matter(definition: CourseDefinition, title: str, today: datetime.date) -> str:
    """The front matter's YAML: the course's keys filled in, objectives and timing to write."""
    known = yaml.safe_dump({"title": title, "course": definition.title,
                            "language": definition.language, "updated": today.isoformat(),
                            "license": definition.license},
                           allow_unicode=True, sort_keys=False, width=1000)
    objective = json.dumps(todo("what a student can do after the lesson, one sentence an "
                                "objective"), ensure_ascii=False)
    return (f"---\n{known}objectives:\n  - {objective}\n"
            f"timing:\n  teaching: 1  # {todo('minutes to read and run the lesson with a class')}"
            f"\n  exercises: 1  # {todo('minutes for the exercises')}\n---")


def tagged(cell: nbformat.NotebookNode, tag: str) -> nbformat.NotebookNode:
    """The cell with a course tag and the standard tag it implies (`run` would add it)."""
    cell.metadata["tags"] = [tag, *([IMPLIED_PEER_TAGS[tag]] if tag in IMPLIED_PEER_TAGS else [])]
    return cell


def ids(number: str, language: str) -> tuple[str, str]:
    """The ids of the skeleton's exercise and prediction."""
    said = words(language)
    return f"{number}-{said.exercise}", f"{number}-{said.prediction}"


def notebook(definition: CourseDefinition, number: str, title: str,
             today: datetime.date) -> str:
    """The lesson's notebook, as nbformat writes it."""
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    said, sections, tools = words(definition.language), definition.sections, definition.tools
    exercise, prediction = ids(number, definition.language)
    raw = nbformat.v4.new_raw_cell(front_matter(definition, title, today))
    raw.metadata["raw_mimetype"] = FRONT_MATTER_MIMETYPE
    note = tagged(md(f"**{said.note}**\n\n" + todo(
        "the session's plan in minutes, part by part; the mistakes students typically make at "
        "the prediction, and what to ask them.")), INSTRUCTOR)
    note.metadata["jupyter"] = {"source_hidden": True}
    cells = [
        raw,
        md(f"# {title}\n\n" + todo("the question this lesson answers, in a sentence or two.")),
        note,
        md(f"## {todo('the measurement')}\n\n" + todo(
            "what the cells below measure; ask for a prediction before the measurement, and "
            "explain the result after its output, not before.")),
        code(f"{tools.import_line(tools.predict, tools.verdict)}\n\n"
             f"{tools.predict}({json.dumps(prediction)})"),
        code(f"{said.measured} = {MEASURED}  # {todo('measure with the course model')}\n"
             f"print({json.dumps(said.label + ':', ensure_ascii=False)}, {said.measured})\n"
             f"{tools.verdict}({json.dumps(prediction)}, {said.measured})"),
        tagged(md(todo("what the output shows, a discussion kept folded until the prediction is "
                       "made; the claim cell below asserts each figure the prose cites.")),
               DISCUSSION),
        tagged(code(f"assert {said.measured} == {VALUE}"), CLAIM),
        tagged(md(f"## {sections.summary}\n\n- " + todo(
            "what the measurements showed, in a few bullets that read on their own (folded, "
            "like a discussion, until the student runs the lesson).")), DISCUSSION),
        md(f"## {sections.exercises}\n\n" + todo("the exercises, each under a ### heading.")),
        code(tools.import_line(tools.check)),
        md(f"### {todo('the first exercise')}\n\n" + todo("what the student does, in the "
                                                          "lesson's words.")),
        tagged(code(f"{tools.answer} = ...\n{tools.check}({json.dumps(exercise)}, {tools.answer})"),
               EXERCISE),
        md(f"## {sections.next_step}\n\n" + todo(
            "the question that leads to the next lesson, and a link to its notebook by the "
            "file name course.toml lists.")),
        # the student's progress, at the end of every lesson (nothing recorded in `lessons/`)
        code(f"{tools.import_line(tools.progress)}\n\n{tools.progress}()"),
    ]
    lesson = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": KERNELSPEC})
    text = nbformat.writes(lesson)
    return text if text.endswith("\n") else text + "\n"


def registrations(definition: CourseDefinition, number: str, title: str) -> str:
    """The module registering the skeleton's exercise and prediction, with what to write."""
    said, answer = words(definition.language), definition.tools.answer
    exercise, prediction = ids(number, definition.language)
    part = json.dumps(said.label, ensure_ascii=False)
    choices = ", ".join(json.dumps(str(VALUE + step)) for step in (-1, 0, 1))
    about = textwrap.fill(f"Exercises and predictions of lesson {number}, "
                          f"{json.dumps(title, ensure_ascii=False)}: every right answer comes "
                          "from the course's model.", width=96)
    return f'''"""{about}"""

from checks.exercises.kinds import PartsPrediction, Prediction


def {said.measured}() -> int:
    """{todo("run the course's model, as the lesson's measurement does.")}"""
    return {MEASURED}


EXERCISES = {{
    {json.dumps(exercise)}: PartsPrediction(
        question="{todo("the question the exercise asks, in the lesson's words.")}",
        how_to_answer='{todo(f"how to write the answer: {answer} = {{{part}: ...}}")}',
        why="{todo("one or two sentences of reasoning that lead to the right answer.")}",
        hint="{todo("the hint for an answer no typical mistake explains.")}",
        expected=lambda: {{{part}: str({said.measured}())}},
        choices=({choices}),
        mistakes={{}},  # {todo("(part, wrong choice): the hint for that mistake")}
    ),
}}

PREDICTIONS = {{
    {json.dumps(prediction)}: Prediction(
        question="{todo("what the student predicts before the measurement.")}",
        choices=(),  # a whole number; or the outcomes a student might believe
        assumptions={{}},  # {todo("a wrong choice: the assumption the measurement refutes")}
    ),
}}
'''


def package_init(definition: CourseDefinition) -> str:
    """The exercises package's `__init__.py`, for a course that has none yet."""
    title = json.dumps(definition.title, ensure_ascii=False)
    return textwrap.fill(f'"""The exercises and predictions of {title}, one module a lesson."""',
                         width=96) + "\n"
