"""A student's progress across the course, kept on their own machine: every saved prediction
and its verdict, every exercise checked (right or not) and every answer revealed, one line each
in `ilerleme.jsonl` (`checks.student.progress_file`). It is kept only where a student works: in
their copy of the course (the folder the study command prepares and marks with STUDY_MARKER) and in
the lite course, whose files the browser keeps. Anywhere else (`lessons/`, run by nbval or
`build.py run`) nothing is recorded, and `progress()` prints one sentence that never changes.

A file that cannot be read or written never stops a check or a prediction: the student reads
one sentence, once a kernel, and what cannot be written is kept in the kernel's memory."""

import html
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from checks.student import progress_file
from checks.student.display import Panel, text_html, wrap_text
from checks.exercises import course_registry
from checks.exercises.kinds import Outcome
from checks.kernel_course import course_lessons
from checks.student.progress_file import PROGRESS_FILE, STUDY_MARKER, Record
from checks.words import words

UNSAVED: list[Record] = []  # what this kernel recorded but could not write
SAID: set[str] = set()  # the sentences about the file this kernel has said, by their words' key
# How to empty what else the kernel holds of the student's progress, handed in by the tools
# that hold it (the prediction forms, checks.student.prediction): a reset forgets it with the file.
FORGET: list[Callable[[], None]] = [UNSAVED.clear]


def forget_on_reset(*forget: Callable[[], None]) -> None:
    """Have a reset of the progress call each of `forget` too: a tool that keeps some of the
    student's progress in the kernel's memory hands in how to empty it."""
    FORGET.extend(call for call in forget if call not in FORGET)


def progress_path() -> Path | None:
    """Where this kernel records: in the student's copy of the course or the lite course (its
    kernel, in the browser, works among the course's files); None anywhere else."""
    try:
        here = Path.cwd()
        if sys.platform == "emscripten" or (here / STUDY_MARKER).is_file():
            return here / PROGRESS_FILE
    except OSError:  # a working folder gone, or not ours to look into
        pass
    return None


def _once(key: str, **fields: object) -> str | None:
    """The sentence `key` the first time this kernel says it; None after."""
    if key in SAID:
        return None
    SAID.add(key)
    return words()[key].format(file=PROGRESS_FILE, **fields)


def _joined(*sentences: str | None) -> str | None:
    said = [sentence for sentence in sentences if sentence]
    return "\n".join(said) if said else None


def record(kind: str, **fields: Any) -> str | None:
    """Record one thing the student did (a kind of `progress_file.KINDS`); returns what to tell
    them when it could not be written, the first time. Records nothing where nothing is kept."""
    path = progress_path()
    if path is None:
        return None
    UNSAVED.append({"kind": kind, **fields,
                    "time": datetime.now(UTC).isoformat(timespec="seconds")})
    try:
        progress_file.append(path, UNSAVED)
    except OSError:
        return _once("progress_unusable")
    UNSAVED.clear()
    return None


def records() -> tuple[list[Record], str | None]:
    """What the student did, in order (what could not be written last), and what to tell them
    about the file, the first time."""
    path = progress_path()
    if path is None:
        return [], None
    reading = progress_file.read(path)
    if reading.unreadable:
        return reading.records + UNSAVED, _once("progress_unusable")
    # each reading that skips lines says so: they are new since the last (the file was mended)
    sentence = words()["progress_kept" if reading.kept else "progress_skipped"].format(
        file=PROGRESS_FILE, count=reading.skipped, kept=progress_file.SKIPPED_FILE) \
        if reading.skipped else None
    return reading.records + UNSAVED, sentence


def _last(found: list[Record], kind: str, identifier: str) -> Record | None:
    return next((entry for entry in reversed(found)
                 if entry["kind"] == kind and entry["id"] == identifier), None)


def saved_prediction(identifier: str) -> tuple[str | int | None, str | None]:
    """The prediction the student saved last for `identifier`, if any, and what to tell them
    about the file."""
    found, sentence = records()
    saved = _last(found, "prediction", identifier)
    return (saved["value"] if saved else None), sentence  # type: ignore[return-value]


def record_verdict(identifier: str, outcome: Outcome) -> str | None:
    """Record a measurement's verdict, unless it is the one recorded last (a lesson run again)."""
    found, sentence = records()
    fields = {"value": outcome.predicted, "measured": outcome.shown, "held": outcome.held,
              "assumption": outcome.assumption}
    last = _last(found, "verdict", identifier)
    if last is not None and all(last[name] == value for name, value in fields.items()):
        return sentence
    return _joined(sentence, record("verdict", id=identifier, **fields))


def record_check(identifier: str, passed: bool, given: str) -> str | None:
    """Record an exercise checked, unless its last check was of the same answer (`given`, a
    fingerprint): a cell run again, as Run All does, is no new try."""
    found, sentence = records()
    last = _last(found, "check", identifier)
    if last is not None and last.get("given") == given:
        return sentence
    return _joined(sentence, record("check", id=identifier, passed=passed, given=given))


@dataclass(frozen=True)
class Step:
    """One thing to do in a lesson, a prediction or an exercise, and how far the student is."""

    lesson: str
    identifier: str
    is_prediction: bool
    done: bool
    state: str  # in words: "✔ tuttu (ölçülen 4)", "✘ denendi (2 deneme)"...


def _prediction_step(lesson: str, identifier: str, found: list[Record]) -> Step:
    said = words()
    verdict = _last(found, "verdict", identifier)
    if verdict is not None:
        if verdict["held"]:
            state = said["progress_held"].format(shown=verdict["measured"])
        else:
            state = said["progress_missed"].format(predicted=verdict["value"],
                                                   shown=verdict["measured"])
            if verdict["assumption"] is not None:
                state += "; " + said["progress_assumption"].format(
                    assumption=verdict["assumption"])
        return Step(lesson, identifier, True, True, state)
    saved = _last(found, "prediction", identifier)
    state = said["progress_measure"].format(value=saved["value"]) if saved else \
        said["progress_predict"]
    return Step(lesson, identifier, True, False, state)


def _exercise_step(lesson: str, identifier: str, found: list[Record]) -> Step:
    said = words()
    checks = [entry for entry in found if entry["kind"] == "check" and entry["id"] == identifier]
    passed = any(entry["passed"] for entry in checks)
    key = "progress_passed" if passed else "progress_tried" if checks else "progress_untried"
    state = said[key].format(tries=len(checks))
    if _last(found, "answer", identifier) is not None:
        state += "; " + said["progress_answer_shown"]
    return Step(lesson, identifier, False, passed, state)


def _number(name: str) -> str:
    """A lesson's number, as its file and its exercises' ids begin: "01"."""
    return name.partition("-")[0]


def steps(found: list[Record]) -> list[Step]:
    """Every prediction and exercise of the course, in course order (a lesson's predictions,
    asked in its body, before its exercises, at its end), each with the student's progress."""
    registry = course_registry()
    return [make(lesson, identifier, found)
            for lesson in course_lessons()
            for registered, make in ((registry.predictions, _prediction_step),
                                     (registry.exercises, _exercise_step))
            for identifier in registered if _number(identifier) == _number(lesson)]


def _share(part: list[Step]) -> dict[str, int]:
    done = sum(step.done for step in part)
    return {"done": done, "total": len(part), "percent": round(100 * done / len(part))}


LINK = "\0"  # where the next step's sentence takes its lesson's link


SESSION_NAME = "JPY_SESSION_NAME"  # the notebook a JupyterLab kernel was started for


def this_lesson(lessons: list[str]) -> str | None:
    """The lesson of the notebook this kernel runs, of `lessons`, if the kernel knows it:
    JupyterLab names the notebook to the kernels it starts (JPY_SESSION_NAME); a copy of a
    lesson (`01-ders.yeni.ipynb`) counts as it, by its number."""
    name = Path(os.environ.get(SESSION_NAME, "")).name
    return next((lesson for lesson in lessons if name and _number(name) == _number(lesson)),
                None)


class Summary:
    """What `progress()` shows: the share done in the course, then one lesson's predictions and
    exercises, or with `all_lessons` every lesson's, and the next step, linked to its lesson; as
    text, and as HTML in a notebook. The one lesson is the notebook's own, where the kernel
    knows it, else that of the next step."""

    def __init__(self, all_steps: list[Step], all_lessons: bool = False) -> None:
        self.steps, self.all_lessons = all_steps, all_lessons
        self.next = next((step for step in all_steps if not step.done), None)

    def _lessons(self) -> dict[str, list[Step]]:
        """The lessons shown, each with its steps."""
        lessons: dict[str, list[Step]] = {}
        for step in self.steps:
            lessons.setdefault(step.lesson, []).append(step)
        if self.all_lessons:
            return lessons
        shown = this_lesson(list(lessons)) or (self.next.lesson if self.next else None)
        return {shown: lessons[shown]} if shown in lessons else {}

    def _next_step(self, lesson: str) -> str:
        said = words()
        if self.next is None:
            return said["progress_all_done"]
        kind = "progress_next_prediction" if self.next.is_prediction else "progress_next_exercise"
        return said["progress_next"].format(lesson=lesson,
                                            what=said[kind].format(id=self.next.identifier))

    def _parts(self) -> list[tuple[str, list[tuple[str, list[Step]]]]]:
        """Each lesson shown: its heading, and its predictions and exercises under theirs."""
        said = words()
        return [(said["progress_lesson"].format(lesson=Path(lesson).stem, **_share(part)),
                 [(said[title], shown) for is_prediction, title in (
                     (True, "progress_predictions"), (False, "progress_exercises"))
                  if (shown := [step for step in part if step.is_prediction is is_prediction])])
                for lesson, part in self._lessons().items()]

    def _whole(self) -> list[str]:
        """Where the whole table is, when this shows one lesson of several."""
        many = len({step.lesson for step in self.steps}) > 1
        return [words()["progress_whole"]] if many and not self.all_lessons else []

    def __str__(self) -> str:
        said = words()
        lines = [said["progress_title"].format(**_share(self.steps))] if self.steps else []
        for heading, groups in self._parts():
            lines.append(heading)
            for title, shown in groups:
                lines.append(f"  {title}:")
                lines += [f"  • {step.identifier}: {step.state}" for step in shown]
        lines.append(self._next_step(Path(self.next.lesson).stem if self.next else ""))
        return wrap_text("\n".join(lines + self._whole()))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        said, escape = words(), html.escape
        parts = [f"<p><strong>{escape(said['progress_title'].format(**_share(self.steps)))}"
                 "</strong></p>"] if self.steps else []
        for heading, groups in self._parts():
            parts.append(f"<p><strong>{escape(heading)}</strong></p><ul>")
            for title, shown in groups:
                items = "".join(f"<li><code>{escape(step.identifier)}</code>: "
                                f"{escape(step.state)}</li>" for step in shown)
                parts.append(f"<li>{escape(title)}<ul>{items}</ul></li>")
            parts.append("</ul>")
        link = "" if self.next is None else (f'<a href="{escape(self.next.lesson)}">'
                                             f"{escape(Path(self.next.lesson).stem)}</a>")
        parts.append(f"<p>{escape(self._next_step(LINK)).replace(LINK, link)}</p>")
        parts += [f"<p>{escape(line)}</p>" for line in self._whole()]
        return f'<div class="kurs-ilerleme">{"".join(parts)}</div>'


def forget_in_memory() -> None:
    """What the kernel holds of the student's progress besides the file: the records it could
    not write, and what the tools handed in (`forget_on_reset`): the predictions saved in it."""
    for forget in FORGET:
        forget()


def _reset(path: Path) -> Panel:
    """A confirmation: the record is deleted only when its button is pressed."""
    said = words()
    found, sentence = records()
    question = widgets.HTML(text_html("\n".join(
        [said["reset_question"].format(count=len(found)), *([sentence] if sentence else [])])))
    button = widgets.Button(description=said["reset_button"], button_style="danger",
                            icon="trash")
    status = widgets.HTML()

    def confirmed(_: widgets.Button) -> None:
        try:
            progress_file.clear(path)
        except OSError:
            status.value = text_html(said["progress_unusable"].format(file=PROGRESS_FILE))
            return
        forget_in_memory()
        button.disabled = True
        status.value = text_html(said["reset_done"])

    button.on_click(confirmed)
    return Panel([question, button, status], said["reset_unrun"], notebook_only=True)


def progress(reset: bool = False, all_lessons: bool = False) -> Summary | Panel | None:
    """Your progress: the share done in the course, this lesson's predictions (held, missed
    with the assumption the measurement contradicted, not yet) and exercises (passed, tried,
    not yet), and the next step; `all_lessons=True`: every lesson's. `reset=True` asks before
    deleting the record."""
    path = progress_path()
    if path is None:
        print(wrap_text(words()["progress_not_here"]))
        return None
    if reset:
        return _reset(path)
    found, sentence = records()
    if sentence:
        print(wrap_text(sentence))
    return Summary(steps(found), all_lessons)
