"""Every lesson's exercises and predictions, by id ("NN-name", NN being the lesson's number)."""

from checks.exercises import ders00, ders01, ders02, ders03, ders04, ders05
from checks.exercises.kinds import Exercise, Prediction

LESSONS = (ders00, ders01, ders02, ders03, ders04, ders05)
EXERCISES: dict[str, Exercise] = {exercise_id: exercise for lesson in LESSONS
                                  for exercise_id, exercise in lesson.EXERCISES.items()}
PREDICTIONS: dict[str, Prediction] = {prediction_id: prediction for lesson in LESSONS
                                      for prediction_id, prediction in lesson.PREDICTIONS.items()}
