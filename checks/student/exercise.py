"""The student's exercise tools: check an answer, or answer in a form; under each check a
hint when asked for, and the answer with its reason when asked for. In the student's own copy
every check (passed or not) and every answer revealed is recorded in their progress
(checks.student.progress). Every word the student reads comes from checks.words, in the
course's language."""

import hashlib
from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets

from checks.exercises import course_registry
from checks.exercises.kinds import (
    Exercise,
    Feedback,
    LogPrediction,
    PartsPrediction,
    hint_line,
)
from checks.kernel_course import kernel_definition
from checks.student import progress
from checks.student.display import Panel, text_html, wrap_text
from checks.words import words

NO_CHOICE = "—"


def unknown(identifier: str) -> str:
    """For a mistyped id, a sentence that lists the known ones."""
    known = ", ".join(course_registry().exercises)
    return words()["unknown_exercise"].format(id=identifier, known=known)


class HintLadder:
    """An exercise's hints, one at a time. A wrong try sees the next of its answer's hints:
    each try that gets the same hints as the wrong one before climbs a rung (staying on the
    last); a right answer, or other hints, start the ladder again. A hint asked for with the
    button climbs a rung too; on an exercise never tried it gives the exercise's general
    hint."""

    def __init__(self, general: str) -> None:
        self.general = general
        self.hints: tuple[str, ...] = (general,)
        self.rung, self.right = -1, False

    def climb(self, feedback: Feedback) -> Feedback:
        """A check's feedback, with the hint of its place on the ladder."""
        self.right = feedback.correct is True
        if feedback.correct is not False:
            self.hints, self.rung = (self.general,), -1
            return feedback
        same = feedback.hints == self.hints
        self.rung, self.hints = self.rung + 1 if same else 0, feedback.hints
        return replace(feedback, step=self.rung)

    def has_hint(self) -> bool:
        """Whether there is a hint the student has not seen yet."""
        return not self.right and self.rung < len(self.hints) - 1

    def next_hint(self) -> str:
        """The first hint not seen, with its number."""
        self.rung += 1
        return hint_line(self.hints, self.rung)


LADDERS: dict[str, HintLadder] = {}  # check()'s, by exercise; a form keeps its own


def ladder_of(identifier: str, exercise: Exercise) -> HintLadder:
    return LADDERS.setdefault(identifier, HintLadder(exercise.hint))


def revealed_answer(exercise: Exercise) -> str:
    """The answer shown: its reason, where to paste it, and the code that passes when pasted."""
    said = words()
    where = said["paste_whole_cell" if exercise.whole_cell else "paste_before_check"]
    return (text_html(said["why"].format(why=exercise.why) + "\n\n" + where)
            + text_html(exercise.answer_text(), boxed=True))


def answers_shown() -> bool:
    """Whether the course's course.toml shows answers (`show_answers`; yes in a kernel with no
    course)."""
    definition = kernel_definition()
    return definition is None or definition.show_answers


def judged(exercise: Exercise, identifier: str, answer: object) -> tuple[Feedback, str | None]:
    """The answer's feedback and, when it is right or wrong, what to say about the file the try
    is recorded in. A cell with no answer is no try; nor is the same answer run again (Run
    All): the fingerprint of its observation is the one before's."""
    observation = exercise.observe(answer)
    feedback = exercise.judge(observation)
    if feedback.correct is None:
        return feedback, None
    fingerprint = hashlib.sha256(repr(observation).encode()).hexdigest()[:16]
    return feedback, progress.record_check(identifier, feedback.correct, fingerprint)


class Help:
    """The two buttons under an exercise: give a hint, and show the answer. The hint button is
    disabled while there is no new hint to show; the answer is made when its button is pressed
    (and that it was shown is recorded in the student's progress). In a graded course
    (`show_answers = false`) the answer button is disabled and says the answer is not shown."""

    def __init__(self, identifier: str, exercise: Exercise, ladder: HintLadder) -> None:
        self.ladder, said = ladder, words()
        self.hint_button = widgets.Button(description=said["give_hint"], icon="lightbulb-o")
        self.answer_button = widgets.Button(description=said["show_answer"], icon="eye")
        self.hint_area, self.answer_area = widgets.HTML(), widgets.HTML()

        def give_hint(_: widgets.Button) -> None:
            self.hint_area.value = text_html(self.ladder.next_hint())
            self.refresh()

        def show_answer(_: widgets.Button) -> None:
            showing = not self.answer_area.value
            sentence = progress.record("answer", id=identifier) if showing else None
            self.answer_area.value = (revealed_answer(exercise)
                                      + (text_html(sentence) if sentence else "")
                                      if showing else "")
            self.answer_button.description = said["hide_answer" if showing else "show_answer"]

        self.hint_button.on_click(give_hint)
        self.answer_button.on_click(show_answer)
        if not answers_shown():  # a graded course: disabled, saying why
            self.answer_button.description, self.answer_button.tooltip = said["answers_hidden"], \
                said["answers_hidden_why"]
            self.answer_button.disabled = True
        self.refresh()

    def refresh(self) -> None:
        """The hint button is enabled while the ladder holds a hint not seen."""
        self.hint_button.disabled = not self.ladder.has_hint()
        why = "no_hint_right" if self.ladder.right else "no_hint_left"
        self.hint_button.tooltip = words()[why] if self.hint_button.disabled else ""

    def panel(self) -> Panel:
        return Panel([widgets.HBox([self.hint_button, self.answer_button]), self.hint_area,
                      self.answer_area], words()["buttons_unrun"], notebook_only=True)


def _find(identifier: str) -> Exercise | None:
    """The id's exercise; says so when there is none."""
    exercise = course_registry().exercises.get(identifier)
    if exercise is None:
        print(wrap_text(unknown(identifier)))
    return exercise


def check(identifier: str, answer: object) -> Panel | None:
    """Checks the answer and prints its feedback (never the right answer); returns the hint and
    answer buttons to show under it."""
    exercise = _find(identifier)
    if exercise is None:
        return None
    ladder = ladder_of(identifier, exercise)
    feedback, sentence = judged(exercise, identifier, answer)
    print(wrap_text(str(ladder.climb(feedback))))
    if sentence:
        print(wrap_text(sentence))
    return Help(identifier, exercise, ladder).panel()


Fields = tuple[list[widgets.Widget], Callable[[], object], str]  # fields, reader, warning


def choice_width(choices: tuple[str, ...],
                 label: str = "var(--jp-widgets-inline-label-width, 80px)") -> widgets.Layout:
    """A dropdown as wide as its longest choice beside its name of width `label` (with room for
    the arrow and borders)."""
    return widgets.Layout(width=f"calc({label} + {max(map(len, choices)) + 6}ch)")


def _choice_fields(exercise: PartsPrediction) -> Fields:
    """A dropdown for each part; with one left empty there is no answer."""
    parts = exercise.parts()
    label = f"{max(map(len, parts)) + 2}ch"  # the boxes line up
    choices = (NO_CHOICE, *exercise.choices)
    selects = {part: widgets.Dropdown(options=choices, description=part,
                                      style={"description_width": label},
                                      layout=choice_width(choices, label))
                for part in parts}

    def chosen() -> object:
        answer = {part: select.value for part, select in selects.items()}
        return None if NO_CHOICE in answer.values() else answer
    return list(selects.values()), chosen, words()["choose_every_row"]


def _lines_field(_: LogPrediction) -> Fields:
    """A text area to write line by line."""
    said = words()
    text = widgets.Textarea(placeholder=said["lines_placeholder"],
                            layout=widgets.Layout(width="40em", height="8em"))
    return [text], lambda: text.value if text.value.strip() else None, said["lines_first"]


def form(identifier: str) -> Panel | None:
    """A form for a prediction exercise: choose, press the check button; the hint and answer
    buttons under it."""
    exercise = _find(identifier)
    if exercise is None:
        return None
    if isinstance(exercise, PartsPrediction):
        fields, answer, missing = _choice_fields(exercise)
    elif isinstance(exercise, LogPrediction):
        fields, answer, missing = _lines_field(exercise)
    else:
        print(words()["no_form"].format(id=identifier))
        return None
    button, result = widgets.Button(description=words()["check"]), widgets.HTML()
    helper = Help(identifier, exercise, HintLadder(exercise.hint))  # the form's own tries

    def clicked(_: widgets.Button) -> None:
        given = answer()
        if given is None:
            result.value = text_html(missing)
        else:
            feedback, sentence = judged(exercise, identifier, given)
            result.value = text_html("\n".join([str(helper.ladder.climb(feedback)),
                                                *([sentence] if sentence else [])]))
        helper.refresh()

    button.on_click(clicked)
    question = widgets.HTML(text_html(exercise.question, code=True))  # aligned lines stay aligned
    return Panel([question, *fields, button, result, helper.panel()], words()["form_unrun"])
