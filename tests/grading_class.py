"""A test class for `build.py grade`: students' notebooks of two lessons, made from the student's
copy of each lesson as a student fills it in (right, wrong, partly, not at all), and every bad
submission the grader must survive. Each student's expected verdicts go with the class."""

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path

import ipywidgets as widgets
import nbformat

from checks.calls import checked_cells
from checks.course import read_lesson
from checks.exercises import course_registry
from checks.exercises.kinds import FunctionTask, LogPrediction, ModifyTask, PartsPrediction
from checks.markers import WIDGET_VIEW
from checks.linter.rules_structure import exercise_ids
from course_copies import NAMES, ROOT
from grading.predictions import WIDGET_STATE
from grading.results import MADE, NOT_MADE, RIGHT, UNANSWERED, WRONG
from publish.student import student_notebook
from test_exercises_every import right_answer

EXERCISES = course_registry().exercises
FIRST, SECOND = "00-olcum-cekirdegi", "01-kuyruklar-ve-isler"
CHECK = "kontrol"


def copy_of(lesson: str) -> nbformat.NotebookNode:
    """The lesson as a student gets it: no outputs, no claims, no instructor's notes."""
    notebook = read_lesson(ROOT / "lessons" / f"{lesson}.ipynb").notebook
    return nbformat.reads(student_notebook(notebook).decode(), as_version=4)


def exercise_cells(notebook: nbformat.NotebookNode) -> dict[str, int]:
    """The index of each exercise's `kontrol(` cell, by id."""
    return {exercise_id: index
            for index, exercise_id in checked_cells(notebook.cells, NAMES.check).items()}


def wrong_answer(exercise_id: str) -> object:
    """An answer of the right form that the check calls wrong; None for a function or a Modify
    step (a wrong function is written out; a Modify step's cell is left as handed out)."""
    exercise = EXERCISES[exercise_id]
    right = right_answer(exercise)
    if isinstance(exercise, PartsPrediction):
        first = next(iter(right))
        return {**right, first: next(c for c in exercise.choices if c != right[first])}
    if isinstance(exercise, LogPrediction):
        return list(reversed(right))
    return None


def answered_wrong(source: str, exercise_id: str) -> str:
    """The cell with its answer's name bound to a wrong answer, before its `kontrol(` line; a
    Modify step's cell as handed out."""
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, ModifyTask):
        return source
    lines = source.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith(f"{CHECK}("))
    name = ast.unparse(ast.parse(lines[at]).body[0].value.args[1])  # type: ignore[attr-defined]
    if isinstance(exercise, FunctionTask):
        wrong = f"def {name}(*arguments):\n    return -1"
    else:
        wrong = f"{name} = {wrong_answer(exercise_id)!r}"
    return "\n".join([wrong, *lines[at:]])


def filled(lesson: str, answers: dict[str, str]) -> nbformat.NotebookNode:
    """The student's copy with each named exercise answered "right" or "wrong"."""
    notebook = copy_of(lesson)
    for exercise_id, index in exercise_cells(notebook).items():
        how = answers.get(exercise_id)
        cell = notebook.cells[index]
        if how == RIGHT:
            cell.source = EXERCISES[exercise_id].pasted(cell.source)
        elif how == WRONG:
            cell.source = answered_wrong(cell.source, exercise_id)
    return notebook


def shown(notebook: nbformat.NotebookNode, call: str, panel: widgets.Widget) -> None:
    """The cell making `call` as JupyterLab saves it once it showed `panel`: its output names
    the widget, whose state (every widget's, as they are now) is saved with the notebook."""
    cell = next(cell for cell in notebook.cells
                if cell.cell_type == "code" and call in cell.source)
    cell.outputs = [nbformat.v4.new_output("display_data", {
        "text/plain": "…", WIDGET_VIEW: {"version_major": 2, "version_minor": 0,
                                         "model_id": panel.model_id}})]
    notebook.metadata["widgets"] = {WIDGET_STATE: widgets.Widget.get_manager_state()}


def with_saved_prediction(notebook: nbformat.NotebookNode, prediction: str) -> None:
    """The notebook as JupyterLab saves it after the student saved `prediction` in its form:
    the form's output names its widget, whose state, saved with the notebook, is locked."""
    from checks.student.tr import tahmin_et
    panel = tahmin_et(prediction)
    assert panel is not None
    field_, button = panel.children[1], panel.children[2]
    field_.value = field_.options[1] if isinstance(field_, widgets.Dropdown) else "3"
    button.click()
    shown(notebook, f'tahmin_et("{prediction}")', panel)


def with_form_answers(notebook: nbformat.NotebookNode, exercise_ids_: list[str]) -> None:
    """The notebook as JupyterLab saves it after the student answered these exercises right in
    their forms, never running a `kontrol(` cell."""
    from checks.student.tr import form
    for exercise_id in exercise_ids_:
        panel = form(exercise_id)
        assert panel is not None
        right = right_answer(EXERCISES[exercise_id])
        for child in panel.children:
            if isinstance(child, widgets.Dropdown):
                child.value = right[child.description]
            elif isinstance(child, widgets.Textarea):
                child.value = "\n".join(right)
        shown(notebook, f'form("{exercise_id}")', panel)


def small(lesson: str, *cells: str) -> nbformat.NotebookNode:
    """The lesson's front matter, then `cells`: a short notebook for a bad case."""
    notebook = copy_of(lesson)
    notebook.cells = [notebook.cells[0], *(nbformat.v4.new_code_cell(c) for c in cells)]
    return notebook


def retitled(notebook: nbformat.NotebookNode, title: str) -> nbformat.NotebookNode:
    """The notebook with front matter naming a lesson by `title`."""
    notebook.cells[0] = nbformat.v4.new_raw_cell(f"---\ntitle: {title}\n---")
    return notebook


def first_right() -> str:
    """The first exercise of the first lesson answered right: a cell with no import."""
    exercise_id = next(iter(exercise_cells(copy_of(FIRST))))
    return f"tahmin = {right_answer(EXERCISES[exercise_id])!r}\n{CHECK}({exercise_id!r}, tahmin)"


FIRST_ID = next(iter(exercise_cells(copy_of(FIRST))))
TAMPERING = ("deniz", "nur", "oya", "pelin", "rana", "sibel")  # whose code reaches for the grading
TRYING_ALL = "tarik"  # whose loop checks every possible answer


def right_observation() -> str:
    """What the capture publishes for the first exercise answered right."""
    exercise = EXERCISES[FIRST_ID]
    return repr({"id": FIRST_ID, "observation": exercise.observe(right_answer(exercise))})


@dataclass
class Student:
    """What one student submits, and what each item of theirs should get."""

    files: dict[str, bytes | nbformat.NotebookNode] = field(default_factory=dict)
    expected: dict[tuple[str, str], str] = field(default_factory=dict)  # (lesson, item) -> verdict
    failure: dict[str, str] = field(default_factory=dict)  # lesson -> a word its reason holds
    named: bool = False  # files named STUDENT__name at the top, not in a folder of the student's


def every(lesson: str, verdict: str) -> dict[tuple[str, str], str]:
    return {(lesson, item): verdict for item in exercise_cells(copy_of(lesson))}


def the_class(submissions: Path, sentinel: Path) -> dict[str, Student]:
    """The students, by id, whose files go under `submissions`. `sentinel` is a file outside
    every submission: a bad submission tries to read and delete it, and another's notebook."""
    first, second = exercise_cells(copy_of(FIRST)), exercise_cells(copy_of(SECOND))
    half = list(second)[:len(second) // 2]
    ayse_first = filled(FIRST, dict.fromkeys(first, RIGHT))
    prediction = next(i for c in ayse_first.cells if c.cell_type == "code"
                      for i in exercise_ids(c.source, ("tahmin_et",)))
    with_saved_prediction(ayse_first, prediction)
    tamper = [
        "def kontrol(*arguments):\n    print('✔ Doğru.')",
        "print('✔ Doğru. Bütün alıştırmalar doğru.')",
        "import checks.exercises.kinds as k\n"
        "k.Exercise.observe = lambda self, a: {'answer': a}\n"
        "k.Exercise.judge = lambda self, o: k.Feedback(True, '')\n"
        "k.PartsPrediction._observe = lambda self, a: {p: c for p, c in a.items()}\n"
        "import checks.exercises as e\n"
        "e.course_registry().exercises.clear()",
        f"{CHECK}({FIRST_ID!r}, {{}})",
    ]
    # the capture found in the kernel's names, its message type read from its closure, and a
    # right observation published under it: without the grader's reading of the code, right
    forge = ("capture = next(v for k, v in globals().items() if k.startswith('_kontrol_'))\n"
             "mime = next(c.cell_contents for c in capture.__closure__\n"
             "            if str(c.cell_contents).startswith('text/'))\n"
             "from IPython.display import publish_display_data\n"
             f"publish_display_data({{mime: {right_observation()!r}}})")
    patch = ("import checks.exercises.kinds as k\n"
             "setattr(k.Exercise, 'judge', lambda self, o: k.Feedback(True, ''))\n"
             f"{CHECK}({FIRST_ID!r}, {{}})")
    own_check = f"from builtins import print as {CHECK}\n{first_right()}"
    # the capture found through the kernel's module and its message type through inspect, then
    # shown raw; or both found by the garbage collector and sent through the display publisher
    main_module = ("import sys, inspect\n"
                   "ns = sys.modules['__main__'].__dict__\n"
                   "cap = next(v for k, v in ns.items() if k.startswith('_kon' + 'trol_'))\n"
                   "mime = next(v for v in inspect.getclosurevars(cap).nonlocals.values()\n"
                   "            if isinstance(v, str) and v.startswith('text/x-'))\n"
                   "from IPython.display import display\n"
                   f"display({{mime: {right_observation()!r}}}, raw=True)")
    collected = ("import gc\n"
                 "cap = next(o for o in gc.get_objects()\n"
                 "           if getattr(o, '__qualname__', '') == 'install.<locals>.capture')\n"
                 "mime = next(c for r in gc.get_referents(cap) if isinstance(r, tuple)\n"
                 "            for cell in r for c in gc.get_referents(cell)\n"
                 "            if isinstance(c, str) and c.startswith('text/x-'))\n"
                 f"get_ipython().display_pub.publish({{mime: {right_observation()!r}}})")
    parts = EXERCISES[FIRST_ID]
    assert isinstance(parts, PartsPrediction)
    trying_all = ("import itertools\n"
                  f"for tahmin in itertools.product({list(parts.choices)!r}, "
                  f"repeat={len(right_answer(parts))}):\n"
                  f"    {CHECK}({FIRST_ID!r}, dict(zip({list(right_answer(parts))!r}, tahmin)))")
    escape = [
        f"import os\nos.remove({str(sentinel)!r})",
        f"open({str(sentinel)!r}).read()",
        f"import shutil\nshutil.rmtree({str(sentinel.parent)!r})",
        f"print(open({str(submissions / 'ayse' / f'{FIRST}.ipynb')!r}).read())",
        f"import shutil\nshutil.rmtree({str(submissions / 'ayse')!r})",
    ]
    in_forms = [item for item in second
                if isinstance(EXERCISES[item], PartsPrediction | LogPrediction)]
    mert = copy_of(SECOND)
    with_form_answers(mert, in_forms)
    return {
        "mert": Student({f"{SECOND}.ipynb": mert},
                        {**every(SECOND, UNANSWERED), **{(SECOND, i): RIGHT for i in in_forms}}),
        "ayse": Student({f"{FIRST}.ipynb": ayse_first,
                         f"{SECOND}.ipynb": filled(SECOND, dict.fromkeys(second, RIGHT))},
                        {**every(FIRST, RIGHT), **every(SECOND, RIGHT),
                         (FIRST, prediction): MADE}),
        "burak": Student({"lesson-one.ipynb": filled(FIRST, dict.fromkeys(first, WRONG)),
                          f"{SECOND}.ipynb": filled(SECOND, dict.fromkeys(half, RIGHT))},
                         {**{(FIRST, item): WRONG if wrong_answer(item) is not None
                             or isinstance(EXERCISES[item], FunctionTask) else UNANSWERED
                             for item in first},
                          **every(SECOND, UNANSWERED), **{(SECOND, i): RIGHT for i in half},
                          (FIRST, prediction): NOT_MADE}),
        "cem": Student({f"{FIRST}.ipynb": copy_of(FIRST)}, every(FIRST, UNANSWERED)),
        "deniz": Student({"00.ipynb": small(FIRST, *tamper)}, {(FIRST, FIRST_ID): WRONG}),
        "nur": Student({"00.ipynb": small(FIRST, forge)}, {(FIRST, FIRST_ID): WRONG}),
        "oya": Student({"00.ipynb": small(FIRST, patch)}, {(FIRST, FIRST_ID): WRONG}),
        "pelin": Student({"00.ipynb": small(FIRST, own_check)}, {(FIRST, FIRST_ID): WRONG}),
        "rana": Student({"00.ipynb": small(FIRST, main_module)}, {(FIRST, FIRST_ID): WRONG}),
        "sibel": Student({"00.ipynb": small(FIRST, collected)}, {(FIRST, FIRST_ID): WRONG}),
        TRYING_ALL: Student({"00.ipynb": small(FIRST, trying_all)}, {(FIRST, FIRST_ID): WRONG}),
        "gul": Student({"00.ipynb": small(FIRST, first_right(), "while True:\n    pass",
                                          f"{CHECK}({FIRST_ID!r}, {{}})")},
                       {(FIRST, FIRST_ID): RIGHT}, {FIRST: "süre"}),
        "hakan": Student({"00.ipynb": small(FIRST, "print('x' * 10**7)\nfor i in range(10**4):"
                                                   "\n    print(i)", first_right())},
                         {(FIRST, FIRST_ID): RIGHT}),
        "ilker": Student({"00.ipynb": small(FIRST, "import sys\nsys.exit(1)", first_right(),
                                            "import os\nos._exit(3)")},
                         {(FIRST, FIRST_ID): RIGHT}, {FIRST: "os._exit"}),
        "jale": Student({"00.ipynb": small(FIRST, first_right(),
                                           "import ctypes\nctypes.string_at(0)")},
                        {(FIRST, FIRST_ID): RIGHT}, {FIRST: "çökme"}),
        "kaan": Student({"00.ipynb": small(FIRST, *escape, first_right())},
                        {(FIRST, FIRST_ID): RIGHT}),
        "fatma": Student({"odev.ipynb": small(FIRST, first_right())}, {(FIRST, FIRST_ID): RIGHT},
                         named=True),
        "leyla": Student({"notes.txt": b"cevaplarim", "kesik.ipynb": b'{"cells": [',
                          "baska.ipynb": retitled(small(FIRST, first_right()),
                                                  "Başka Bir Ders")}),
    }


def write_class(folder: Path, students: dict[str, Student]) -> None:
    """Each student's files in a folder of their own; one file at the top, named for no one."""
    for student, submitted in students.items():
        for name, content in submitted.files.items():
            data = content if isinstance(content, bytes) else nbformat.writes(content).encode()
            path = folder / f"{student}__{name}" if submitted.named else folder / student / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    (folder / "kimsenin.ipynb").write_text(json.dumps({}), encoding="utf-8")
