"""Every lesson's exercises, by id ("NN-name", NN being the lesson's number)."""

from checks.exercises import ders00, ders01, ders02
from checks.exercises.kinds import Exercise

EXERCISES: dict[str, Exercise] = {**ders00.EXERCISES, **ders01.EXERCISES, **ders02.EXERCISES}
