"""A check observes an answer where it lives and judges the observation anywhere: written as a
Python literal and read back, every exercise's observation of any answer is judged as the
answer itself is checked. This is what lets a grader judge in a process of its own."""

import ast
from dataclasses import dataclass
from typing import NamedTuple

import pytest

from checks.exercises import course_registry
from checks.exercises.kinds import (
    NO_ANSWER,
    FunctionTask,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    UnreadableObservation,
)
from checks.exercises.observation import NotData, as_data, plain, revived
from test_exercises_every import right_answer

EXERCISES = course_registry().exercises


class Opaque:
    """An object of the student's, which plain data cannot hold."""

    def __repr__(self) -> str:
        return "Opaque()"


def raising(*_):
    raise RuntimeError("boş kuyruk")


def answers(exercise):
    """The right answer, some wrong ones and answers of a wrong form, for its kind."""
    right = right_answer(exercise)
    common = [right, NO_ANSWER, 42, Opaque()]
    if isinstance(exercise, PartsPrediction):
        first = next(iter(right))
        wrong = next(choice for choice in exercise.choices if choice != right[first])
        return common + [{**right, first: wrong}, {first: right[first]}, {**right, first: Opaque()}]
    if isinstance(exercise, LogPrediction):
        return common + [list(reversed(right)), "\n".join(right[:1]), [1, 2]]
    if isinstance(exercise, FunctionTask):
        return common + [lambda *_: None, raising, lambda *_: Opaque(), lambda: 0]
    assert isinstance(exercise, ModifyTask)
    return common + [exercise.given()]


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_an_observation_read_back_from_its_literal_is_judged_as_the_answer_is_checked(
        exercise_id):
    exercise = EXERCISES[exercise_id]
    # each side its own answers: a built answer (coroutines, a queue) may be used up by a run
    for observed_answer, checked_answer in zip(answers(exercise), answers(exercise), strict=True):
        observed = ast.literal_eval(repr(exercise.observe(observed_answer)))
        assert exercise.judge(observed) == exercise.check(checked_answer), checked_answer


@pytest.mark.parametrize("observation", [
    "not a dict", {}, {"answer": 1, "shape": []}, {"shape": "not a list"}, {"other": 1}])
def test_an_observation_no_answer_could_give_is_unreadable(observation):
    exercise = next(iter(EXERCISES.values()))
    with pytest.raises(UnreadableObservation):
        exercise.judge(observation)


def test_a_function_tasks_observation_of_other_cases_is_unreadable():
    exercise = next(e for e in EXERCISES.values() if isinstance(e, FunctionTask))
    observed = exercise.observe(right_answer(exercise))
    observed["answer"]["cases"].pop()
    with pytest.raises(UnreadableObservation):
        exercise.judge(observed)
    observed["answer"]["cases"].append(("returned", 1, 2))
    with pytest.raises(UnreadableObservation):
        exercise.judge(observed)


@dataclass(frozen=True)
class Measured:
    count: int
    fates: tuple[tuple[str, str], ...]


class Pair(NamedTuple):
    left: Measured
    right: list[int]


def test_records_made_of_plain_data_come_back_as_themselves():
    value = Pair(Measured(2, (("a", "koştu"),)), [1, 2])
    assert revived(ast.literal_eval(repr(plain(value))), value) == value


def test_a_record_the_comparison_does_not_know_stays_a_dict_equal_to_nothing_it_holds():
    value = Measured(2, ())
    data = plain(value) | {"__record__": "elsewhere.Measured"}
    assert revived(data, value) == data != value


def test_what_plain_data_cannot_hold_is_named_or_written_as_python_writes_it():
    with pytest.raises(NotData, match="function"):
        plain(lambda: 0)
    assert as_data({1: Opaque()}) == "{1: Opaque()}"
    assert as_data(True) is True and plain((1, {2})) == (1, {2})


def test_a_forged_observation_the_courses_feedback_code_chokes_on_is_unreadable():
    """Data no answer gave, such as a string where a Modify step's measurement should be, makes
    the course's own describing code raise (AttributeError here): the judgement says it cannot
    read it, so a grader skips it and goes on with the class."""
    with pytest.raises(UnreadableObservation):
        EXERCISES["01-hak-ayari"].judge({"answer": "x"})
