"""What every exercise of every lesson does, whatever its kind: the kernel's own answer passes,
the answer waits for its button and is the code to paste, with a sentence of reasoning, a
prediction's form takes the answer, a typed prediction lists its choices before the first try,
a wrong answer gets one hint at a time, and nothing a student asks for changes their request.
(Each lesson's run under nbval pastes every answer into its exercise cell and runs it: the
root conftest.py's `revealed answers pass when pasted`.)"""

import html
import re
from collections.abc import Callable
from dataclasses import replace

import pytest

from checks.student.tr import form, kontrol
from checks.exercises import course_registry
from checks.exercises.kinds import (
    NO_ANSWER,
    FunctionTask,
    LogPrediction,
    ModifyTask,
    PartsPrediction,
    python_text,
)
from course_copies import ROOT
from kernel.olcum import Gunluk, ayri_istek
from publish.lite.course_code import lesson_cells

EXERCISES = course_registry().exercises  # the one `kontrol` reads

PREDICTIONS = [exercise_id for exercise_id, exercise in EXERCISES.items()
               if isinstance(exercise, PartsPrediction | LogPrediction)]
PARTS_PREDICTIONS = [exercise_id for exercise_id, exercise in EXERCISES.items()
                     if isinstance(exercise, PartsPrediction)]
FUNCTION_TASKS = [exercise_id for exercise_id, exercise in EXERCISES.items()
                  if isinstance(exercise, FunctionTask)]


def right_answer(exercise):
    """The model function, what the modified code builds, or what the scenario gives when the
    kernel runs it."""
    if isinstance(exercise, FunctionTask):
        return exercise.solution
    if isinstance(exercise, ModifyTask):
        return exercise.build()
    with ayri_istek():
        return exercise.expected()


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_the_kernels_own_answer_passes(exercise_id):
    exercise = EXERCISES[exercise_id]
    assert exercise.check(right_answer(exercise)).correct is True


def answer_button(panel):
    """The 'Cevabı göster' button under a checked exercise, and the field the answer shows in."""
    buttons, _, shown = panel.children
    (button,) = [b for b in buttons.children if b.description == "Cevabı göster"]
    return button, shown


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_checking_and_asking_leave_the_students_request_as_it_was(exercise_id):
    exercise = EXERCISES[exercise_id]
    Gunluk.yola("benim")
    Gunluk.kostu("benim")
    exercise.check(NO_ANSWER)
    exercise.check(right_answer(exercise))
    answer_button(kontrol(exercise_id, NO_ANSWER))[0].click()  # the answer runs the kernel
    form(exercise_id)
    assert (Gunluk.yol, Gunluk.kosan, Gunluk.ertelenen) == (["benim"], ["benim"], [])


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_the_answer_and_its_reasoning_show_only_when_its_button_is_pressed(exercise_id, capsys):
    exercise = EXERCISES[exercise_id]
    button, shown = answer_button(kontrol(exercise_id, NO_ANSWER))
    printed = " ".join(capsys.readouterr().out.split())
    assert shown.value == "" and " ".join(exercise.why.split()) not in printed
    button.click()
    assert exercise.answer_text() in html.unescape(shown.value)
    assert exercise.why in html.unescape(shown.value)


SENTENCE_END = re.compile(r"(?<![0-9])[.!?](?=\s)")  # "3. deneme" is an ordinal, not an end


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_every_answer_comes_with_a_sentence_or_two_of_reasoning_not_the_answer_again(
        exercise_id):
    exercise = EXERCISES[exercise_id]
    why = exercise.why
    assert why.strip() == why and why.endswith(".") and "\n" not in why
    assert len(SENTENCE_END.findall(why)) <= 1, "one or two sentences"
    assert exercise.answer_text().strip() not in why
    assert why not in (exercise.question, exercise.how_to_answer, exercise.hint)
    assert why not in exercise.question and exercise.hint not in why


def test_no_two_exercises_give_the_same_reasoning():
    whys = [exercise.why for exercise in EXERCISES.values()]
    assert len(set(whys)) == len(whys)


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_a_modify_steps_answer_is_its_whole_cell_the_others_the_part_before_the_check(
        exercise_id):
    exercise = EXERCISES[exercise_id]
    assert exercise.whole_cell is isinstance(exercise, ModifyTask)
    lines = exercise.answer_text().rstrip().splitlines()
    checks = [line for line in lines if line.startswith("kontrol(")]
    if exercise.whole_cell:
        assert checks == [lines[-1]] and lines[-1].startswith(f'kontrol("{exercise_id}", ')
    else:
        assert checks == []


@pytest.mark.parametrize("exercise_id", PARTS_PREDICTIONS)
def test_a_typed_prediction_lists_its_choices_before_the_first_try(exercise_id, capsys):
    exercise = EXERCISES[exercise_id]
    text = str(exercise.check(NO_ANSWER))
    listed = "Seçenekler: " + ", ".join(map(python_text, exercise.choices)) + "."
    assert text.count("Seçenekler:") == 1 and listed in text
    assert text.index(listed) < text.index("İpucu")  # before how to answer
    kontrol(exercise_id, NO_ANSWER)
    assert listed in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
def test_a_predictions_answer_is_python_that_sets_the_kernels_answer(exercise_id):
    exercise, pasted = EXERCISES[exercise_id], {}
    exec(exercise.answer_text(), pasted)  # our own answer, run as a student pastes it
    assert exercise.check(pasted["tahmin"]).correct is True
    right = right_answer(exercise)
    one_line = isinstance(exercise, LogPrediction) and len(right) == 1
    assert pasted["tahmin"] == (right[0] if one_line else right)


LESSON_CELLS = [code for _, code in lesson_cells(ROOT)]


def handed_out(exercise_id: str) -> str:
    """The code cells of the lessons that name `exercise_id`, as a student gets them."""
    cells = [code for code in LESSON_CELLS if f'"{exercise_id}"' in code]
    assert cells
    return "\n".join(cells)


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
def test_no_example_of_how_to_answer_is_part_of_the_answer(exercise_id):
    """The question, how to answer it and the cell's own comment show the answer's form with
    placeholders, never one of its right parts or lines."""
    exercise = EXERCISES[exercise_id]
    shown = "\n".join([exercise.question, exercise.how_to_answer, handed_out(exercise_id)])
    with ayri_istek():
        right = exercise.expected()
    if isinstance(exercise, PartsPrediction):
        given = [part for part, choice in right.items()
                 if f"{python_text(part)}: {python_text(choice)}" in shown]
    else:
        lines = {line.strip() for line in shown.splitlines()}
        given = [line for line in right if python_text(line) in shown or line in lines]
    assert given == []


@pytest.mark.parametrize("prediction_id", [prediction_id for prediction_id, prediction
                                           in course_registry().predictions.items()
                                           if prediction.choices])
def test_every_choice_has_its_assumption_in_the_choices_order(prediction_id):
    """The right choice's assumption is written too, where its choice stands: the exercises
    package, which a student can open, does not point at it by a missing or a first entry."""
    prediction = course_registry().predictions[prediction_id]
    assert list(prediction.assumptions) == list(prediction.choices)
    assert len(set(prediction.assumptions.values())) == len(prediction.choices)


@pytest.mark.parametrize("exercise_id", PARTS_PREDICTIONS)
def test_a_parts_answer_puts_every_choice_in_one_column(exercise_id):
    rows = EXERCISES[exercise_id].answer_text().splitlines()[1:-1]
    assert len({row.index('"', row.index('":') + 2) for row in rows}) == 1
    assert all(row.startswith('    "') and row.endswith('",') for row in rows)


@pytest.mark.parametrize("exercise_id", sorted(EXERCISES.keys() - PREDICTIONS))
def test_a_task_that_is_not_a_prediction_has_no_form_and_says_how_to_answer(exercise_id, capsys):
    assert form(exercise_id) is None
    assert "kontrol(...) ile denetleyin" in capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
def test_a_predictions_form_takes_the_kernels_answer(exercise_id):
    exercise = EXERCISES[exercise_id]
    widget = form(exercise_id)
    right = right_answer(exercise)
    if isinstance(exercise, LogPrediction):
        widget.children[1].value = "\n".join(right)
    else:
        for field in widget.children:
            if getattr(field, "description", "") in right:
                field.value = right[field.description]
    button, feedback = widget.children[-3:-1]  # the help panel comes last
    button.click()
    assert ">✔ Doğru. " in feedback.value


PARTS = [(exercise_id, part, wrong) for exercise_id, exercise in EXERCISES.items()
         if isinstance(exercise, PartsPrediction)
         for part, right in right_answer(exercise).items()
         for wrong in exercise.choices if wrong != right]


@pytest.mark.parametrize("exercise_id,part,wrong", PARTS)
def test_a_wrong_part_is_named_and_its_right_choice_is_not(exercise_id, part, wrong):
    exercise = EXERCISES[exercise_id]
    right = right_answer(exercise)
    feedback = exercise.check({**right, part: wrong})
    assert feedback.correct is False and feedback.hints
    (details,) = [detail for detail in feedback.details if "tutmayan" in detail]
    assert details.endswith(f"tutmayan: {part}") and right[part] not in details


def every_part_wrong(exercise: PartsPrediction) -> dict[str, str]:
    """Each part's first wrong choice that has a hint of its own, else its first wrong one."""
    right = right_answer(exercise)
    return {part: next((choice for choice in exercise.choices if choice != right[part]
                        and (part, choice) in exercise.mistakes),
                       next(choice for choice in exercise.choices if choice != right[part]))
            for part in right}


@pytest.mark.parametrize("exercise_id", PARTS_PREDICTIONS)
def test_hints_come_one_at_a_time_however_many_parts_are_wrong(exercise_id):
    feedback = EXERCISES[exercise_id].check(every_part_wrong(EXERCISES[exercise_id]))
    for step, hint in enumerate(feedback.hints):
        text = str(replace(feedback, step=step))
        assert text.count("İpucu") == 1 and hint in text
        assert [other in text for other in feedback.hints].count(True) == 1
    last = len(feedback.hints) - 1
    assert str(replace(feedback, step=last + 1)) == str(replace(feedback, step=last))


def other_value(right: object, step: int = 1) -> object:
    """A value of `right`'s type that is not `right`, another for each step (a bool has one)."""
    match right:
        case bool():
            assert step == 1, "a bool has one other value"
            return not right
        case int():
            return right + step
        case str():
            return right + "?" * step
        case list():
            return [*right, *["?"] * step]
    raise AssertionError(f"no other value known for a {type(right).__name__}: add one here")


def wrong_on(exercise: FunctionTask, cases: list[tuple], wrong) -> Callable[..., object]:
    """The model function, except that it returns `wrong(right result)` for `cases`."""
    def cevap(*args):
        right = exercise.solution(*args)
        return wrong(right) if args in cases else right
    return cevap


@pytest.mark.parametrize("exercise_id", FUNCTION_TASKS)
def test_a_function_returning_none_for_some_cases_is_not_right(exercise_id):
    exercise = EXERCISES[exercise_id]
    first, *rest = exercise.cases
    for cases in ([first], [rest[-1]], rest):
        feedback = exercise.check(wrong_on(exercise, cases, lambda right: None))
        assert feedback.correct is False, f"None for {len(cases)} case(s) was accepted"
        right_count = len(exercise.cases) - len(cases)
        assert feedback.details[0] == f"{right_count}/{len(exercise.cases)} durum doğru"
        assert " None döndürdü (türü NoneType)" in feedback.details[1]


def every_other_case(exercise: FunctionTask) -> list[tuple]:
    return list(exercise.cases[::2])


@pytest.mark.parametrize("exercise_id", FUNCTION_TASKS)
def test_a_failing_cases_line_names_the_call_and_never_its_right_result(exercise_id):
    exercise, failing = EXERCISES[exercise_id], every_other_case(EXERCISES[exercise_id])
    feedback = exercise.check(wrong_on(exercise, failing, other_value))
    assert feedback.correct is False
    named = {}
    for case in failing:
        call = f"cevap{case}"
        for line in feedback.details:
            if call in line:
                named[case] = line.split(call, 1)[1]
    assert named, "no detail line names a failing case"
    for case, rest in named.items():
        right = exercise.reference(*case)
        assert repr(right) not in rest and str(right) not in rest, (case, rest)


def returns_bool(exercise_id: str) -> bool:
    exercise = EXERCISES[exercise_id]
    assert isinstance(exercise, FunctionTask)
    return isinstance(exercise.solution(*exercise.cases[0]), bool)


# a bool has no third value to be right instead: the line test above covers those
@pytest.mark.parametrize("exercise_id,answer", [
    *((exercise_id, "same type") for exercise_id in FUNCTION_TASKS
      if not returns_bool(exercise_id)),
    *((exercise_id, "another type") for exercise_id in FUNCTION_TASKS)])
def test_feedback_is_the_same_whatever_the_failing_cases_right_results(exercise_id, answer):
    """Two exercises that differ only in the right results of the cases a student gets wrong
    say the same words: nothing in the feedback gives a right result away."""
    exercise = EXERCISES[exercise_id]
    failing = every_other_case(exercise)
    if answer == "same type":
        student, others = wrong_on(exercise, failing, other_value), 2
    else:
        student = wrong_on(exercise, failing, lambda right: 0 if isinstance(right, str) else "?")
        others = 1
    reference = exercise.reference

    def other_reference(*case):
        right = reference(*case)
        return other_value(right, others) if case in failing else right
    with_others = replace(exercise, reference=other_reference)
    feedback = exercise.check(student)
    assert feedback.correct is False
    assert str(with_others.check(student)) == str(feedback)
