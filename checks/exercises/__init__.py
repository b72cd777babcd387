"""Every lesson's exercises, by id ("NN-name", NN being the lesson's number)."""

from checks.exercises import ders01
from checks.exercises.kinds import Exercise

EXERCISES: dict[str, Exercise] = {**ders01.EXERCISES}
