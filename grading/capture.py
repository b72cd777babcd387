"""What runs in a submission's kernel before the student's code: a capture function that
observes each answer given to `kontrol` and publishes the observation to the grader, never a
verdict. Its name and its message's type each carry a secret made for the run, so the
student's code, written before it, cannot spell them; the name is in the cells as run (IPython's
`In`), the type is not. Code that looks them up in the kernel (its names, the function's
closure) can, and the grader's reading of the code (grading/tamper.py) flags it. Every call
publishes once, whatever its answer does, so an observation more than the calls written is
seen. The observers are taken before the student's code runs, so what that code changes in the
course's modules reaches none of them. The grader judges each observation in its own
process."""

import os
import secrets
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from checks.exercises.kinds import Exercise

CAPTURE_PREFIX = "_kontrol_"
MIMETYPE_PREFIX = "text/x-kurs-observation-"  # its data a Python literal's text
MAX_CAPTURE = 256 * 1024  # characters of one observation's text: a longer one is not judged


@dataclass(frozen=True)
class Capture:
    """The names one run's capture goes by."""

    function: str  # what each `kontrol(` call of the submission is renamed to
    mimetype: str  # of the display data it publishes

    @classmethod
    def made(cls) -> "Capture":
        return cls(f"{CAPTURE_PREFIX}{secrets.token_hex(16)}",
                   f"{MIMETYPE_PREFIX}{secrets.token_hex(16)}")

    def setup(self, package: str, root: str, own: tuple[str, ...] = ()) -> str:
        """The code the kernel runs first: it makes the course's `own` packages (folders of
        its root) importable and registers the capture function."""
        return (f"import grading.capture\n"
                f"grading.capture.install({self.function!r}, {self.mimetype!r}, "
                f"{package!r}, {root!r}, {own!r})\n")


class CoursePackages(MetaPathFinder):
    """Finds the course's own packages in their folders of the course's root, by name, without
    listing the root, which a confined kernel may not read: a course that is not installed is
    graded as one that is."""

    def __init__(self, root: str, names: tuple[str, ...]) -> None:
        self.root, self.names = root, names

    def find_spec(self, name: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if name not in self.names:
            return None
        folder = os.path.join(self.root, name)
        return spec_from_file_location(name, os.path.join(folder, "__init__.py"),
                                       submodule_search_locations=[folder])


def pinned(exercise: "Exercise") -> "Exercise":
    """A copy of the exercise whose class holds every method as it is now: what the student's
    code later puts in the exercise's classes reaches no method of the copy."""
    kind = type(exercise)
    methods = {name: value for klass in reversed(kind.__mro__)
               for name, value in vars(klass).items() if callable(value)}
    copy: Exercise = object.__new__(type(f"Pinned{kind.__name__}", (kind,), methods))
    copy.__dict__.update(vars(exercise))
    return copy


def install(function: str, mimetype: str, package: str, root: str,
            own: tuple[str, ...] = ()) -> None:
    """Make the course's `own` packages importable; define the capture function in the
    kernel's namespace, with its observers and the means to publish taken now, before any of
    the student's code runs."""
    import sys
    from pathlib import Path

    from IPython import get_ipython
    from IPython.display import publish_display_data

    from checks.exercises import load_registry

    if own:
        sys.meta_path.insert(0, CoursePackages(root, own))
    exercises = load_registry(package, Path(root)).exercises
    observers = {key: pinned(exercise).observe for key, exercise in exercises.items()}
    publish, text_of = publish_display_data, repr

    def capture(key: object, answer: object = None) -> None:
        observe = observers.get(key) if isinstance(key, str) else None
        try:
            found = {"id": key, "observation": observe(answer)} if observe else {"id": str(key)}
        except Exception as error:  # an answer whose observation fails is told as such
            found = {"id": key, "failed": type(error).__name__}
        except BaseException as error:  # told too, then the cell stops as it would
            publish({mimetype: text_of({"id": key, "failed": type(error).__name__})})
            raise
        publish({mimetype: text_of(found)})

    get_ipython().user_ns[function] = capture
