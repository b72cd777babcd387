"""Exercise kinds: each checks a student's answer and says, in the course's language
(`checks.words`), what it checked."""

import inspect
import json
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from checks.exercises.observation import NotData, Observation, as_data, plain, revived
from checks.folding import fold
from checks.kernel_course import course_language
from checks.markers import ToolNames, tool_names
from checks.words import words

NO_ANSWER = ...  # an exercise cell starts with `tahmin = ...` (ToolNames.answer)


def named(tools: ToolNames | None) -> ToolNames:
    """A course's `tools`; the kernel's course's when None."""
    return tools or tool_names(course_language())


HEAD_WORDS = {True: "right", False: "not_yet", None: "waiting"}  # keys of checks.words


def head(correct: bool | None) -> str:
    """What a check's feedback opens with, by its verdict: "✔ Doğru.", "✘ Henüz değil." or
    "… Cevap bekleniyor." in Turkish."""
    return words()[HEAD_WORDS[correct]]


def hint_line(hints: tuple[str, ...], step: int) -> str:
    """The `step`th hint of a ladder (the last once the steps run out), numbered ("İpucu 2/3")
    when there is more than one."""
    shown = min(step, len(hints) - 1)
    number = f" {shown + 1}/{len(hints)}" if len(hints) > 1 else ""
    return words()["hint"].format(number=number, hint=hints[shown])


@dataclass(frozen=True)
class Feedback:
    """What a check says. Its hints are a ladder, shown one at a time: the `step`th, or the
    last once the steps run out; numbered ("İpucu 2/3") when there is more than one."""

    correct: bool | None  # None: nothing to check yet
    checked: str  # what was compared, and against what
    details: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    step: int = 0  # wrong tries before this one that got the same hints

    def __str__(self) -> str:
        lines = [f"{head(self.correct)} {self.checked}"]
        lines += [f"  • {detail}" for detail in self.details]
        if self.hints:
            lines.append(hint_line(self.hints, self.step))
        return "\n".join(lines)


@dataclass(frozen=True)
class LogMistake:
    """A typical wrong log, recognised from the student's lines and the right ones."""

    matches: Callable[[list[str], list[str]], bool]
    hint: str


@dataclass(frozen=True)
class CaseMistake:
    """A typical wrong function, recognised from the cases it gets wrong."""

    matches: Callable[[list[tuple]], bool]
    hint: str


@dataclass(frozen=True)
class ChangeMistake:
    """A typical wrong change to a Modify step's code, recognised from what it measures."""

    matches: Callable[[Any], bool]
    hint: str


SURROUNDINGS: list[Callable[[], AbstractContextManager[object]]] = []


def run_checks_in(surrounding: Callable[[], AbstractContextManager[object]]) -> None:
    """Have every check run inside `surrounding()`, a course's own: a fresh state of its model,
    say, that leaves the student's as it was."""
    if surrounding not in SURROUNDINGS:
        SURROUNDINGS.append(surrounding)


@contextmanager
def surrounded() -> Iterator[None]:
    """Inside each surrounding the course asked for (run_checks_in)."""
    with ExitStack() as stack:
        for surrounding in SURROUNDINGS:
            stack.enter_context(surrounding())
        yield


class ShapeError(ValueError):
    """The answer is not of the form the exercise asks for; each argument is one problem."""


class UnreadableObservation(ValueError):
    """An observation that no answer observed by this exercise could have given."""


def python_text(text: str) -> str:
    """A string literal in double quotes, as the lessons write them."""
    return json.dumps(text, ensure_ascii=False)


def ascii_folded(text: str) -> str:
    """`koştu` and `Kostu` alike as `kostu`: how a keyboard without Turkish letters spells it."""
    return fold(text, ascii_only=True)


@dataclass(frozen=True)
class Exercise(ABC):
    """What every kind has: a question, how to answer it, the reasoning that leads to the right
    answer (shown with it, never in the feedback) and the hint for an answer no typical mistake
    explains. `whole_cell` says what a revealed answer replaces when pasted: the whole exercise
    cell, or only the student's part before its `kontrol(` line."""

    question: str
    how_to_answer: str
    why: str  # one or two sentences: why the answer is right, from what the lesson measured
    hint: str  # when no typical mistake is recognised

    whole_cell: ClassVar[bool] = False

    def check(self, answer: Any) -> Feedback:
        """What `kontrol` says of the answer: the judgement of its observation."""
        return self.judge(self.observe(answer))

    def observe(self, answer: Any) -> Observation:
        """What the check needs of the answer, as plain data; run where the answer lives."""
        if answer is NO_ANSWER:
            return {"unanswered": True}
        try:
            with surrounded():
                return {"answer": self._observe(answer)}
        except ShapeError as error:
            return {"shape": [str(problem) for problem in error.args]}

    def judge(self, observation: Observation) -> Feedback:
        """The verdict on an observation, from it alone: the same wherever it is judged.
        Raises UnreadableObservation for data no answer could have given."""
        if not isinstance(observation, dict) or len(observation) != 1:
            raise UnreadableObservation(observation)
        if observation.get("unanswered") is True:
            return self.unanswered()
        shape = observation.get("shape")
        try:
            if shape is None:
                with surrounded():
                    return self._judge(observation["answer"])
        except ShapeError as error:
            shape = [str(problem) for problem in error.args]
        except Exception as error:  # the course's feedback code, on data no answer gave
            raise UnreadableObservation(observation) from error
        if not isinstance(shape, list) or not all(isinstance(line, str) for line in shape):
            raise UnreadableObservation(observation)
        return Feedback(False, words()["wrong_shape"], tuple(shape), (self.how_to_answer,))

    def unanswered(self) -> Feedback:
        """What an exercise cell run as handed out prints: the question and how to answer."""
        return Feedback(None, self.question, hints=(self.how_to_answer,))

    @abstractmethod
    def _observe(self, answer: Any) -> Any:
        """What the verdict needs of the answer, as plain data; raises ShapeError for an
        answer of a wrong form."""

    @abstractmethod
    def _judge(self, observed: Any) -> Feedback:
        """The verdict on what `_observe` gave; raises ShapeError for an answer of a wrong
        form."""

    @abstractmethod
    def answer_text(self, tools: ToolNames | None = None) -> str:
        """The right answer, for a student who asks for it: Python that, pasted in place of
        the student's part of the exercise cell (all before `kontrol(`; the whole cell when
        `whole_cell`), passes; in the names of a course's `tools` (the kernel's course's, by
        default)."""

    def pasted(self, cell: str, tools: ToolNames | None = None) -> str:
        """The exercise cell `cell` once the student has pasted the answer (in the names of a
        course's `tools`) where its button says."""
        if self.whole_cell:
            return self.answer_text(tools)
        check = named(tools).check
        lines = cell.splitlines(keepends=True)
        start = next(number for number, line in enumerate(lines) if line.startswith(f"{check}("))
        return f"{self.answer_text(tools).rstrip()}\n{''.join(lines[start:])}"


@dataclass(frozen=True)
class PartsPrediction(Exercise):
    """Predict one choice per part, e.g. what `sinifla()` returns for each part."""

    expected: Callable[[], dict[str, str]]  # runs the kernel
    choices: tuple[str, ...]
    mistakes: Mapping[tuple[str, str], str]  # (part, wrong choice) -> hint

    def parts(self) -> list[str]:
        with surrounded():
            return list(self.expected())

    def choices_line(self) -> str:
        """The choices as a student writes them in the answer: `Seçenekler: "koştu", ...`."""
        return words()["choices"].format(choices=", ".join(map(python_text, self.choices)))

    def unanswered(self) -> Feedback:
        """The question and how to answer, with the choices before the first try."""
        return replace(super().unanswered(), details=(self.choices_line(),))

    def _observe(self, answer: Any) -> dict:
        """The parts and choices; one that is not plain data, as Python writes it."""
        if not isinstance(answer, Mapping):
            raise ShapeError(words()["not_a_dict"].format(given=type(answer).__name__))
        return {as_data(part): as_data(choice) for part, choice in answer.items()}

    def _read(self, answer: Any, parts: list[str]) -> dict[str, str]:
        said = words()
        if not isinstance(answer, Mapping):
            raise ShapeError(said["not_a_dict"].format(given=type(answer).__name__))
        missing = [part for part in parts if part not in answer]
        extra = [str(part) for part in answer if part not in parts]
        problems = ([said["missing_parts"].format(parts=", ".join(missing))] if missing else []) \
            + ([said["unexpected_parts"].format(parts=", ".join(extra))] if extra else [])
        unknown = [self._unknown_choice(part, choice) for part, choice in answer.items()
                   if part in parts and choice not in self.choices]
        if unknown:
            problems += [*unknown, self.choices_line()]
        if problems:
            raise ShapeError(*problems)
        return dict(answer)

    def _unknown_choice(self, part: str, choice: object) -> str:
        """What is wrong with a choice that is not one, and the spelling meant, if any."""
        said = words()
        problem = said["not_a_choice"].format(part=part, choice=choice)
        meant = [known for known in self.choices
                 if isinstance(choice, str) and ascii_folded(choice) == ascii_folded(known)]
        if meant:
            problem += said["spelled"].format(meant=meant[0])
        return problem

    def _judge(self, observed: Any) -> Feedback:
        expected = self.expected()
        answer = self._read(observed, list(expected))
        wrong = [part for part in expected if answer[part] != expected[part]]
        said = words()
        checked = said["parts_checked"].format(count=len(expected))
        if not wrong:
            return Feedback(True, checked)
        details = (said["parts_right"].format(right=len(expected) - len(wrong),
                                              wrong=", ".join(wrong)),)
        hints = tuple(dict.fromkeys(self.mistakes[part, answer[part]] for part in wrong
                                    if (part, answer[part]) in self.mistakes))
        return Feedback(False, checked, details, hints or (self.hint,))

    def answer_text(self, tools: ToolNames | None = None) -> str:
        """`tahmin = {...}`, a part a line, the choices in one column."""
        with surrounded():
            expected = {python_text(part) + ":": python_text(choice)
                        for part, choice in self.expected().items()}
        width = max(map(len, expected))
        rows = [f"    {part:<{width}} {choice}," for part, choice in expected.items()]
        return "\n".join([f"{named(tools).answer} = {{", *rows, "}"])


@dataclass(frozen=True)
class LogPrediction(Exercise):
    """Predict the lines a run prints, e.g. the worker's log."""

    expected: Callable[[], list[str]]  # runs the kernel
    mistakes: tuple[LogMistake, ...]
    # where the right lines come from, as the sentence "compared ... with it" needs it:
    # "işçiyi ... aldığım günlükle" in Turkish, "the lines the worker logs ..." in English
    compared_with: str

    @staticmethod
    def _read(answer: Any) -> list[str]:
        lines = answer.splitlines() if isinstance(answer, str) else answer
        if not isinstance(lines, (list, tuple)) or not all(isinstance(x, str) for x in lines):
            raise ShapeError(words()["not_lines"])
        return [" ".join(line.split()) for line in lines if line.strip()]

    def _observe(self, answer: Any) -> list[str]:
        return self._read(answer)

    def _judge(self, observed: Any) -> Feedback:
        expected, lines, said = self.expected(), self._read(observed), words()
        checked = said["lines_checked"].format(compared_with=self.compared_with)
        if lines == expected:
            return Feedback(True, checked)
        same = next((i for i, (a, b) in enumerate(zip(lines, expected, strict=False)) if a != b),
                    min(len(lines), len(expected)))
        if same:
            details = [said["first_lines_right"].format(count=same)]
        else:  # "none" only when not one line is in its place
            details = [said["no_line_right"]] if all(
                line != right for line, right in zip(lines, expected, strict=False)) else []
        if same < len(lines):
            details.append(said["line_wrong"].format(number=same + 1, line=lines[same]))
        if len(lines) != len(expected):
            details.append(said["line_count_wrong"])
        hints = tuple(m.hint for m in self.mistakes if m.matches(lines, expected))
        return Feedback(False, checked, tuple(details), hints or (self.hint,))

    def answer_text(self, tools: ToolNames | None = None) -> str:
        """`tahmin = "..."` for one line, else `tahmin = [...]`, a line a row."""
        with surrounded():
            lines = list(map(python_text, self.expected()))
        name = named(tools).answer
        if len(lines) == 1:
            return f"{name} = {lines[0]}"
        return "\n".join([f"{name} = [", *(f"    {line}," for line in lines), "]"])


@dataclass(frozen=True)
class CaseResult:
    """What a student's function did with one case, as a check judges it: the value it
    returned (when plain data), its type's name and how it is shown; or the exception it
    raised, its type's name and message."""

    raised: bool
    type_name: str
    shown: str
    value: Any = None
    plain: bool = False  # `value` is what was returned

    def equals(self, right: Any) -> bool:
        return not self.raised and self.plain and self.value == right

    def data(self) -> tuple:
        if self.raised:
            return ("raised", self.type_name, self.shown)
        return ("returned", self.value) if self.plain else ("other", self.type_name, self.shown)

    @classmethod
    def read(cls, data: Any) -> "CaseResult":
        """An outcome back from its data (`data()`); ValueError for any other."""
        match data:
            case ("returned", value):
                return cls(False, type(value).__name__, reprlib.repr(value), value, True)
            case ("other" | "raised" as how, str(type_name), str(shown)):
                return cls(how == "raised", type_name, shown)
        raise ValueError(f"not an outcome: {data!r}")


def called(function: Callable[..., Any], case: tuple) -> tuple:
    """What the student's function did with the case, as plain data (CaseResult.data)."""
    try:
        result = function(*case)
    except Exception as error:  # the student's code may raise anything
        return CaseResult(True, type(error).__name__, str(error)).data()
    try:
        return CaseResult(False, type(result).__name__, "", plain(result), True).data()
    except NotData:
        return CaseResult(False, type(result).__name__, reprlib.repr(result)).data()


def raised_hint(name: str, case: tuple, error: CaseResult) -> str:
    return words()["raised_hint"].format(error=error.type_name, call=f"{name}{case}")


def wrong_type_hint(type_name: str, right: object) -> str:
    said = words()
    wanted = said["wanted_type"].format(type=type(right).__name__)
    if type_name == "NoneType":
        return said["returned_none"].format(wanted=wanted)
    if type_name == "float" and type(right) is int:
        return said["returned_float"].format(wanted=wanted)
    return said["returned_other_type"].format(wanted=wanted, type=type_name)


@dataclass(frozen=True)
class FunctionTask(Exercise):
    """Write a small function; it is called on every case and compared with the kernel."""

    cases: tuple[tuple, ...]
    reference: Callable[..., Any]  # runs the kernel for one case
    solution: Callable[..., Any]  # a model answer, shown on request
    mistakes: tuple[CaseMistake, ...]
    # how `reference` finds a right result, as "found ... each case's result" needs it:
    # "işçiyi gerçekten çalıştırarak" in Turkish, "by really running the worker" in English
    found_by: str

    def _observe(self, answer: Any) -> dict:
        """The function's name and, case by case, what it returned or raised."""
        said = words()
        if not callable(answer):
            raise ShapeError(said["not_a_function"].format(given=type(answer).__name__))
        name = getattr(answer, "__name__", said["your_function"])
        self._check_parameters(answer, name)
        return {"name": str(name), "cases": [called(answer, case) for case in self.cases]}

    def _judge(self, observed: Any) -> Feedback:
        said, name, outcomes = words(), observed["name"], observed["cases"]
        if not isinstance(name, str) or len(outcomes) != len(self.cases):
            raise ValueError("an observation of other cases")
        results, failing, errors, wrong_types = [], [], [], []
        for case, outcome in zip(self.cases, map(CaseResult.read, outcomes), strict=True):
            if outcome.raised:
                errors.append((case, outcome))
                failing.append(case)
                continue
            results.append(outcome)
            right = self.reference(*case)
            if not outcome.equals(right):
                failing.append(case)
                if outcome.type_name != type(right).__name__:
                    wrong_types.append((case, outcome, right))
        if results and all(result.type_name == "NoneType" for result in results) and not errors:
            return Feedback(None, self.question, (said["returns_nothing"],),
                            (self.how_to_answer,))
        checked = said["cases_checked"].format(count=len(self.cases), found_by=self.found_by)
        if not failing:
            return Feedback(True, checked)
        count = said["cases_right"].format(right=len(self.cases) - len(failing),
                                           count=len(self.cases))
        if errors:  # the exception is what to fix, not a typical mistake
            return Feedback(False, checked, (count, *(
                said["case_raised"].format(call=f"{name}{case}", error=error.type_name,
                                           message=error.shown)
                for case, error in errors[:3])), (raised_hint(name, *errors[0]),))
        hints = tuple(m.hint for m in self.mistakes if m.matches(failing))
        if wrong_types:  # the first wrong result of another type than the right one
            case, result, right = wrong_types[0]
            # No result of the right type at all: the type comes first, whatever else matches.
            type_first = len(wrong_types) == len(failing) == len(self.cases)
            ladder = (wrong_type_hint(result.type_name, right), *hints) \
                if type_first or not hints else hints
            returned = said["case_wrong_type"].format(
                call=f"{name}{case}", result=result.shown, type=result.type_name,
                wanted=type(right).__name__)
            return Feedback(False, checked, (count, returned), tuple(dict.fromkeys(ladder)))
        return Feedback(False, checked, (count, *(said["case_wrong"].format(call=f"{name}{case}")
                                                  for case in failing[:3])), hints or (self.hint,))

    def _check_parameters(self, answer: Callable[..., Any], name: str) -> None:
        """A function that cannot take a case's arguments is told which parameters it needs."""
        try:
            inspect.signature(answer).bind(*self.cases[0])
        except TypeError:
            wanted = f"{self.solution.__name__}{inspect.signature(self.solution)}"
            raise ShapeError(words()["cannot_call"].format(
                signature=f"{name}{inspect.signature(answer)}", wanted=wanted)) from None
        except ValueError:  # no signature to read (a builtin): the calls will tell
            pass

    def answer_text(self, tools: ToolNames | None = None) -> str:
        return inspect.getsource(self.solution)


@dataclass(frozen=True)
class ModifyTask(Exercise):
    """Working code handed over with a goal: the student changes it (a parameter, a line, a
    registration, an order) until what it builds measures as the goal says."""

    measure: Callable[[Any], Any]  # runs the kernel on what the student's cell built
    goal: Any  # what the measurement must give
    describe: Callable[[Any], str]  # a measurement in words: "c başarısız işler listesinde"
    # the whole exercise cell after the change, its `kontrol(` line included; or what writes
    # it when it needs the kernel to measure first, run when asked, so that importing the
    # checks runs no measurement
    solution: str | Callable[[], str]
    build: Callable[[], Any]  # the same change in the kernel: what the solution builds
    given: Callable[[], Any]  # what the cell builds as handed out, before any change
    mistakes: tuple[ChangeMistake, ...] = ()  # typical wrong changes, by what they measure

    whole_cell: ClassVar[bool] = True

    def _observe(self, answer: Any) -> Any:
        """What the student's cell built, measured."""
        try:
            return plain(self.measure(answer))
        except Exception as error:  # the student's object may be anything
            raise ShapeError(words()["not_measurable"].format(error=type(error).__name__,
                                                              message=error)) from None

    def _judge(self, observed: Any) -> Feedback:
        said, measured = words(), revived(observed, self.goal)
        checked = said["goal"].format(goal=self.describe(self.goal))
        if measured == self.goal:
            return Feedback(True, checked)
        now = said["measured_now"].format(measured=self.describe(measured))
        if measured == self.measure(self.given()):  # nothing tried yet: no hint, no answer
            return Feedback(None, checked, (now, said["unchanged"]))
        hints = tuple(m.hint for m in self.mistakes if m.matches(measured))
        return Feedback(False, checked, (now,), hints or (self.hint,))

    def answer_text(self, tools: ToolNames | None = None) -> str:
        return self.solution if isinstance(self.solution, str) else self.solution()


@dataclass(frozen=True)
class Outcome:
    """How a prediction fared against its measurement: what the verdict says, as data (the
    student's progress records it)."""

    held: bool
    predicted: str | int
    shown: str  # the measurement as the verdict shows it: "42 (10–99)" with its range
    assumption: str | None = None  # the one the measurement contradicts, when it missed

    def __str__(self) -> str:
        said = words()
        if self.held:
            return said["prediction_held"].format(shown=self.shown)
        lines = [said["prediction_missed"].format(predicted=self.predicted, shown=self.shown)]
        if self.assumption is not None:
            lines.append(said["contradicted"].format(assumption=self.assumption))
        return "\n".join(lines)


@dataclass(frozen=True)
class Prediction:
    """What a student commits to before a measurement runs: one of `choices`, or a whole number
    when there are none. The measurement then says whether it held and, when not, which
    assumption of the student's it contradicts. With `group`, the choices are ranges and the
    measured count is put into its own before the comparison."""

    question: str
    choices: tuple[str, ...]  # empty: a whole number
    # each choice -> the assumption that leads to it (a wrong one's is what the measurement
    # contradicts); for a number, the course's words for a prediction below and above the
    # measurement: "az" and "çok" in Turkish, "fewer" and "more" in English
    assumptions: Mapping[str, str]
    group: Callable[[int], str] | None = None  # a measured count -> the choice it falls in

    def outcome(self, predicted: str | int, measured: str | int) -> Outcome:
        said = words()
        shown = str(measured)
        if self.group is not None:
            measured = self.group(int(measured))
            shown = f"{shown} ({measured})"
        if self.choices and measured not in self.choices:
            raise ValueError(said["measured_not_a_choice"].format(measured=measured,
                                                                  choices=self.choices))
        if predicted == measured:
            return Outcome(True, predicted, shown)
        if self.choices:
            key = str(predicted)
        else:
            key = said["fewer"] if int(predicted) < int(measured) else said["more"]
        return Outcome(False, predicted, shown, self.assumptions.get(key))

    def verdict(self, predicted: str | int, measured: str | int) -> str:
        return str(self.outcome(predicted, measured))
