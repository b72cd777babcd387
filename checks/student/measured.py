"""What each prediction's measurement gave in this kernel: the right choice of the instructor's
answer key. `tahmin_sonucu` notes it; `build.py run` asks its kernel for them and stores them in
the lesson's metadata (markers.MEASUREMENTS). Run anywhere else where nothing is recorded (nbval,
the instructor's JupyterLab in `lessons/`), a lesson that measures another right choice than the
one stored fails, so that the key never goes stale unseen."""

import json
import os
from pathlib import Path

from checks.definition import LESSONS_DIR
from checks.exercises.kinds import Prediction
from checks.findings import command
from checks.student.progress import progress_path
from checks.kernel_course import course_lessons
from checks.markers import STORING, measurements

MEASURED: dict[str, str | int] = {}  # by prediction id, what its last measurement here gave


class StaleKey(RuntimeError):
    """A lesson measured another right choice than the answer key stored with it."""


def right_choice(prediction: Prediction, measured: str | int) -> str | int:
    """The choice a measurement falls in (its range, with `group`), or the whole number."""
    if prediction.group is not None:
        return prediction.group(int(measured))
    return measured if prediction.choices else int(measured)


def _running_a_notebook() -> bool:
    """Whether this is a notebook's Jupyter kernel, not a program (a test) calling the tools."""
    from IPython import get_ipython  # ipykernel's, there
    return getattr(get_ipython(), "kernel", None) is not None


def _stored_lesson(identifier: str) -> Path | None:
    """The notebook of the prediction's lesson (the lesson its id's `NN` numbers) in this
    kernel's folder, where the instructor's lessons are."""
    number = identifier.partition("-")[0]
    return next((Path(name) for name in course_lessons()
                 if name.partition("-")[0] == number and Path(name).is_file()), None)


def check_stored(identifier: str, choice: str | int) -> None:
    """Raise StaleKey when the lesson beside this notebook's kernel stores another right choice
    for the prediction than `choice`; nothing in a student's copy or the lite course, where
    progress is kept, in `run`'s kernel, about to store it anew, or outside a notebook."""
    if os.environ.get(STORING) or progress_path() is not None or not _running_a_notebook():
        return
    path = _stored_lesson(identifier)
    try:
        stored = measurements(json.loads(path.read_text(encoding="utf-8"))) if path else {}
    except (OSError, ValueError):
        return  # the linter says what is wrong with the file
    if identifier in stored and stored[identifier] != choice:
        raise StaleKey(f"{path} stores {stored[identifier]!r} as the right choice of "
                       f"{identifier!r}, and this run measured {choice!r}: store the new "
                       f"answer key with {command()} run {LESSONS_DIR / str(path)}")


def note(identifier: str, prediction: Prediction, measured: str | int) -> None:
    """Keep what the measurement gave the prediction, after checking it against the key."""
    choice = right_choice(prediction, measured)
    check_stored(identifier, choice)
    MEASURED[identifier] = choice
