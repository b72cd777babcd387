"""What grading found, as data: each student's lesson, and in it each exercise and prediction.
The gradebook, the CSV export and the feedback pages are written from these."""

from dataclasses import dataclass

# An exercise's verdict, as the gradebook stores it: the course's own check said right, wrong,
# or that there was nothing to check (never answered, or the cell never ran).
RIGHT, WRONG, UNANSWERED = "right", "wrong", "unanswered"
# A prediction is formative: only whether the student made it.
MADE, NOT_MADE = "made", "not made"
EXERCISE, PREDICTION = "exercise", "prediction"


@dataclass(frozen=True)
class ItemGrade:
    """One exercise or prediction of a lesson, for one student."""

    item: str  # its id in the course's registry: "01-akibetler"
    kind: str  # EXERCISE or PREDICTION
    verdict: str  # RIGHT, WRONG or UNANSWERED; MADE or NOT_MADE
    feedback: str = ""  # an exercise's feedback, the text `kontrol` prints for the same answer
    answer: str = ""  # the answer and its reasoning, for a page made --with-answers


@dataclass(frozen=True)
class LessonGrade:
    """One submitted notebook: whose, which lesson, and what each of its items got. A
    submission that could not be graded wholly says why in `failure` (in the course's
    language); whatever was found before it still counts. `flags` name what the instructor
    should look at."""

    student: str
    lesson: str  # the lesson's notebook name without .ipynb: "01-kuyruklar-ve-isler"
    source: str  # the submitted file, as given under SUBMISSIONS
    sha256: str  # of the submitted file's bytes
    items: tuple[ItemGrade, ...] = ()
    failure: str | None = None
    # what the instructor should look at (in the course's language): code that reaches for the
    # grading, an exception in a cell, an observation the check could not read
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unplaced:
    """A submitted file that was not graded, and why (in the course's language)."""

    source: str
    student: str | None  # when its name or folder says
    reason: str
