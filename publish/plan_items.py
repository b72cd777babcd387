"""The exercises and predictions a lesson's code makes, named as the registry names them: what
its instructor's page lists. Read where the course is linted (a clean build's forked linter),
since both load the registry with the kernel and parse every code cell."""

from checks.calls import exercise_ids
from checks.course import Lesson
from checks.exercises import Registry
from checks.markers import CHECK_CALLS, PREDICT_CALL
from publish.reference import PlanItems


def plan_items(lesson: Lesson, registry: Registry) -> PlanItems:
    """The exercises of `registry` the lesson checks and the predictions it asks for."""
    code = [cell.source for cell in lesson.notebook.cells if cell.cell_type == "code"]
    exercises = dict.fromkeys(exercise for source in code
                              for exercise in exercise_ids(source, CHECK_CALLS))
    predictions = dict.fromkeys(prediction for source in code
                                for prediction in exercise_ids(source, (PREDICT_CALL,)))
    return (tuple((exercise, type(registry.exercises[exercise]).__name__)
                  for exercise in exercises if exercise in registry.exercises),
            tuple((prediction, registry.predictions[prediction].question)
                  for prediction in predictions if prediction in registry.predictions))
