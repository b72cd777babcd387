"""The exercises and predictions a lesson's code makes, named as the registry names them, with
their answer key: what its instructor's pages show. Read where the course is linted (a clean
build's forked linter), since both load the registry with the kernel and parse every code cell;
an exercise's answer may run the kernel. The answers are highlighted there too, while a clean
build makes its pages: highlighted after them, they kept the build's last step waiting."""

from pathlib import Path

from checks.calls import exercise_ids
from checks.course import Lesson
from checks.definition import CourseDefinition
from checks.exercises import Registry, of_course
from checks.exercises.kinds import Exercise, Prediction
from checks.markers import measurements
from checks.words import words_in
from publish import SiteError
from publish.highlight import highlight_code, notebook_language
from publish.verdict import ExerciseKey, PlanItems, PredictionKey

SIDES = ("fewer", "more")  # a whole number's wrong sides, as the course's words name them


def exercise_key(identifier: str, exercise: Exercise, registry: Registry,
                 definition: CourseDefinition, language: str) -> ExerciseKey:
    """The exercise's answer, in the course's names, highlighted as code in `language`, and
    why; SiteError, at its module, if its answer cannot be made."""
    try:
        answer = exercise.answer_text(definition.tools)
    except Exception as error:  # the course's code: whatever it raises, say where
        raise SiteError(Path(registry.modules[identifier]), f"the answer of {identifier!r} "
                        f"cannot be made: {type(error).__name__}: {error}") from None
    return ExerciseKey(identifier, type(exercise).__name__, exercise.question, answer,
                       exercise.why, highlight_code(answer, language))


def prediction_key(identifier: str, prediction: Prediction, right: str | int | None,
                   language: str) -> PredictionKey:
    """The prediction's right choice, `right`, and each wrong one's assumption: for a whole
    number, a prediction's below and above it, by the words of the course's `language`."""
    said, assumptions = words_in(language), prediction.assumptions
    wrong = tuple((choice, assumptions.get(choice)) for choice in prediction.choices
                  if choice != right) if prediction.choices else \
        tuple((side, assumptions.get(said[side])) for side in SIDES)
    return PredictionKey(identifier, prediction.question, right, wrong, not prediction.choices)


def plan_items(lesson: Lesson, definition: CourseDefinition) -> PlanItems:
    """The exercises of the course the lesson checks and the predictions it asks for, with
    their answer key (a prediction's right choice is what the lesson's run stored)."""
    registry = of_course(definition)
    code = [cell.source for cell in lesson.notebook.cells if cell.cell_type == "code"]
    names = definition.tools
    exercises = dict.fromkeys(exercise for source in code
                              for exercise in exercise_ids(source, names.checks))
    predictions = dict.fromkeys(prediction for source in code
                                for prediction in exercise_ids(source, (names.predict,)))
    measured = measurements(lesson.notebook)
    return PlanItems(
        tuple(exercise_key(exercise, registry.exercises[exercise], registry, definition,
                           notebook_language(lesson.notebook))
              for exercise in exercises if exercise in registry.exercises),
        tuple(prediction_key(prediction, registry.predictions[prediction],
                             measured.get(prediction), definition.language)
              for prediction in predictions if prediction in registry.predictions))
