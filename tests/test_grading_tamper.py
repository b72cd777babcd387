"""Reading a submission's code for reaches at the grading itself (grading/tamper.py): the
course's own code and every revealed answer reach for nothing; each plain way of reaching is
found, with its cell."""

import nbformat
import pytest

from checks.exercises import course_registry
from checks.calls import checked_cells
from course_copies import NAMES, ROOT, lessons_in_order
from grading.tamper import Reach, reaches

PACKAGE = "alistirmalar"


@pytest.mark.parametrize("name", lessons_in_order())
def test_a_lesson_and_its_revealed_answers_reach_for_nothing(name):
    notebook = nbformat.read(ROOT / "lessons" / name, as_version=4)
    exercises = course_registry().exercises
    for index, exercise_id in checked_cells(notebook.cells, NAMES.check).items():
        notebook.cells[index].source = exercises[exercise_id].pasted(notebook.cells[index].source)
    assert reaches([cell.source for cell in notebook.cells if cell.cell_type == "code"],
                   PACKAGE, NAMES.check) == []


@pytest.mark.parametrize("source, what", [
    ("def kontrol(*a):\n    print('✔')", "kontrol redefined"),
    ("kontrol = print", "kontrol redefined"),
    ("from builtins import print as kontrol", "kontrol bound to builtins.print"),
    ("import json as kontrol", "kontrol bound to json"),
    ("import checks.exercises.kinds as k\nk.Exercise.judge = None", "k.Exercise.judge changed"),
    ("from checks.exercises import kinds\nsetattr(kinds.Exercise, 'judge', None)",
     "kinds.Exercise changed"),
    ("import alistirmalar.ders01 as d\ndel d.EXERCISES['01-akibetler']",
     "d.EXERCISES['01-akibetler'] changed"),
    ("f = next(v for k, v in globals().items() if k.startswith('_kontrol_'))", "'_kontrol_'"),
    ("mime = f.__closure__[0].cell_contents", "__closure__"),
    ("from IPython.display import publish_display_data", "publish_display_data"),
    ("import IPython\nIPython.display.publish_display_data({})", "publish_display_data"),
    ("get_ipython().user_ns['x'] = 1", "user_ns"),
    ("%time print(1)\nkontrol = None", "kontrol redefined"),
    ("exec(bytes.fromhex('6b6f6e74726f6c203d2031').decode())", "exec()"),
    ("eval('1')", "eval()"),
    ("ns = globals()", "globals()"),
    ("import importlib\nimportlib.import_module('che' + 'cks')", "import_module()"),
    ("import sys\nns = sys.modules", "sys.modules"),
    ("from sys import modules", "sys.modules"),
    ("import __main__", "__main__"),
    ("m = lookup('__main__')", "'__main__'"),
    ("names = module.__dict__", "__dict__"),
    ("import inspect\ninspect.getclosurevars(f)", "getclosurevars()"),
    ("import gc\nfound = gc.get_objects()", "get_objects()"),
    ("import gc\ngc.get_referents(f)", "get_referents()"),
    ("import sys\nframe = sys._getframe(0)", "_getframe()"),
    ("frame = here.f_back", "f_back"),
    ("get_ipython().display_pub.publish({})", "display_pub"),
    ("display({'text/plain': 'x'}, raw=True)", "display(raw=...)"),
    ("run = getattr(__builtins__, 'ex' + 'ec')", "__builtins__"),
    ("import builtins", "builtins"),
    ("get_ipython().run_cell('x = 1')", "run_cell()"),
    ("cells = In", "In"),
    ("last = _i3", "_i3"),
    ("class S:\n    def _repr_mimebundle_(self, **k):\n        return {}", "_repr_mimebundle_"),
])
def test_each_plain_reach_is_found_in_its_cell(source, what):
    assert Reach(2, what) in reaches(["x = 1", source], PACKAGE, NAMES.check)


def test_names_bound_in_one_cell_stay_bound_in_the_next():
    assert reaches(["import checks.student.tr as a", "a.kontrol = print"],
                   PACKAGE, NAMES.check) == [
        Reach(2, "a.kontrol changed")]


@pytest.mark.parametrize("source", [
    "from checks.student.tr import form, kontrol\nkontrol('01-x', 3)",
    "from kernel.isler import BellekSurucusu\nkuyruk = BellekSurucusu()\nkuyruk.deneme_hakki = 5",
    "class Kuyruk:\n    pass\nk = Kuyruk()\nk.judge = 1",
    "def f(x):\n    return x.__class__",
    "getattr(Gunluk, yontem)(ad)",
    "print(getattr(kayit, 'ad', None))",
    "display(tablo)",
    "Int = 3\n_id = 4\nprint(Int, _id)",
    "this is not python (",
])
def test_ordinary_code_reaches_for_nothing(source):
    assert reaches([source], PACKAGE, NAMES.check) == []
