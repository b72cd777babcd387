"""What a build's linter answers its pages: the findings and, for a course with no error, each
lesson's plan items with their answer key. Light, so that the linter's side of a clean build, a
forked copy, loads none of the renderers."""

from dataclasses import dataclass

from checks.findings import Finding


@dataclass(frozen=True)
class ExerciseKey:
    """An exercise as the instructor's answer key gives it."""

    id: str
    kind: str  # its class's name
    question: str
    answer: str  # Python that, pasted as the revealed answer says, passes
    why: str
    answer_html: str  # the answer highlighted as the lesson's code is


@dataclass(frozen=True)
class PredictionKey:
    """A prediction as the instructor's answer key gives it: the right choice, the lesson's
    measurement as its run stored it, and the assumption each wrong choice reveals."""

    id: str
    question: str
    right: str | int | None  # None: not stored (the linter says so)
    # (wrong choice, assumption); for a whole number, ("fewer", ...) and ("more", ...)
    wrong: tuple[tuple[str, str | None], ...]
    whole_number: bool


@dataclass(frozen=True)
class PlanItems:
    """The exercises a lesson checks and the predictions it asks, in its order, with their
    answer key (`publish.plan_items` makes them)."""

    exercises: tuple[ExerciseKey, ...]
    predictions: tuple[PredictionKey, ...]


@dataclass(frozen=True)
class Verdict:
    """The linter's findings; for a course with no error, a list (None on an error): in an
    instructor's build, each lesson's plan items (made where the course is linted, and the
    instructor's pages wait for them), in a public build none."""

    findings: list[Finding]
    plan_items: list[PlanItems] | None
