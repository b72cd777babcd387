"""Grade a class's submissions: run each in a confined kernel of its own (on this machine's
cores, or on a Dask cluster), then judge every observation it published with the course's own
checks, here, where the student's code never ran."""

import ast
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from checks.calls import exercise_ids
from checks.definition import COURSE_FILE, read_definition
from checks.course import Lesson
from checks.exercises import Registry
from checks.exercises.kinds import Exercise, Feedback, UnreadableObservation
from checks.markers import ToolNames
from grading.capture import MAX_CAPTURE, Capture
from grading.predictions import form_answers, predictions_made
from grading.results import (
    EXERCISE,
    MADE,
    NOT_MADE,
    PREDICTION,
    RIGHT,
    UNANSWERED,
    WRONG,
    ItemGrade,
    LessonGrade,
)
from grading.rewrite import graded_source
from grading.sandbox import Limits, Run, run_cells
from grading.submissions import Submission
from grading.tamper import Reach, reaches

VERDICTS = {True: RIGHT, False: WRONG, None: UNANSWERED}
RANK = {RIGHT: 2, WRONG: 1, UNANSWERED: 0}  # of two answers to one exercise, the better counts


@dataclass(frozen=True)
class Job:
    """What a worker needs to run one submission: plain data, sent to a Dask worker as is."""

    cells: tuple[str, ...]  # the submission's code cells, their checks going to the capture
    setup: str  # what the kernel runs first: the capture made for this submission
    mimetype: str  # the capture's
    notebook: bytes
    packages: tuple[str, ...]  # the Python packages the kernel may read (a course's own: folders)
    limits: Limits
    definition: bytes = b""  # the course's course.toml, which the kernel works in


def run_job(job: Job) -> Run:
    return run_cells(job.cells, setup=job.setup, capture_mimetype=job.mimetype,
                     notebook=job.notebook, limits=job.limits, packages=job.packages,
                     definition=job.definition)


def lesson_items(lesson: Lesson, calls: tuple[str, ...]) -> list[str]:
    """The ids the course's own lesson gives to the named calls, in its order."""
    return list(dict.fromkeys(item for _, cell in lesson.code_cells
                              for item in exercise_ids(cell.source, calls)))


def payloads(run: Run) -> Iterator[dict]:
    """Each capture the run published, read, in order; what no capture could have published
    is skipped."""
    for payload in run.captured:
        if not isinstance(payload, str) or len(payload) > MAX_CAPTURE:
            continue
        try:
            found = ast.literal_eval(payload)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(found, dict) and isinstance(found.get("id"), str):
            yield found


def judged(exercise: Exercise, observation: object) -> Feedback | None:
    """The course's verdict on one observation; None for one no answer could have given."""
    try:
        return exercise.judge(observation)  # type: ignore[arg-type]
    except UnreadableObservation:
        return None


@dataclass
class Doubts:
    """The exercises of one notebook whose observations earned nothing, each for the instructor
    to look at."""

    unreadable: list[str] = field(default_factory=list)  # the check cannot read (forged?)
    repeated: list[str] = field(default_factory=list)  # checked more often than written


def written_checks(submission: Submission, check: str) -> Counter[str]:
    """How many times each exercise's `kontrol(` call is written at the top of a code cell:
    as often as it runs when the notebook runs from top to bottom."""
    return Counter(item for _, cell in submission.submitted.code_cells
                   for item in exercise_ids(cell.source, (check,)))


def exercise_grades(submission: Submission, run: Run, registry: Registry, tools: ToolNames,
                    words: dict[str, str], with_answers: bool, doubts: Doubts) -> list[ItemGrade]:
    """Each exercise of the lesson with the best verdict its observations got: those of its
    `kontrol(` calls, run, and those of its form, as the notebook was saved. An observation
    the check cannot read (no answer gives it: malformed, or forged) earns nothing; so does an
    exercise checked more often than its calls are written (in a loop trying every answer, or
    by a forged capture); `doubts` gets their ids."""
    wanted = [item for item in lesson_items(submission.lesson, (tools.check,))
              if item in registry.exercises]
    published = list(payloads(run))
    run_observations = [(found["id"], found["observation"]) for found in published
                        if found["id"] in wanted and "observation" in found]
    checked = Counter(found["id"] for found in published)  # a failed observation too
    written = written_checks(submission, tools.check)
    doubts.repeated += [item for item in wanted if checked[item] > written[item]]
    best: dict[str, Feedback] = {}
    answered = [(item, registry.exercises[item].observe(answer))  # plain data: no code runs
                for item, answer in form_answers(submission.submitted.notebook, tools)
                if item in wanted]
    for item, observation in [*run_observations, *answered]:
        if item in doubts.repeated:
            continue
        feedback = judged(registry.exercises[item], observation)
        if feedback is None:
            doubts.unreadable.append(item)
        elif (item not in best or RANK[VERDICTS[feedback.correct]]
                                     > RANK[VERDICTS[best[item].correct]]):
            best[item] = feedback
    grades = []
    for item in wanted:
        exercise = registry.exercises[item]
        feedback = best.get(item)
        answer = (f"{exercise.why}\n\n{exercise.answer_text(tools)}" if with_answers else "")
        verdict = WRONG if item in doubts.repeated else \
            VERDICTS[feedback.correct] if feedback else UNANSWERED
        said = words["repeated"] if item in doubts.repeated else \
            str(feedback) if feedback else not_run(submission, run, item, tools.check, words)
        grades.append(ItemGrade(item, EXERCISE, verdict, said, answer))
    return grades


def checking_cell(submission: Submission, item: str, check: str) -> int | None:
    """The index, among the cells run, of the submitted code cell that checks `item` with a
    call of `check`, found by its text (a cell with a syntax error does not parse)."""
    return next((number for number, (_, cell) in enumerate(submission.submitted.code_cells)
                 if f"{check}(" in cell.source
                 and any(f"{quote}{item}{quote}" in cell.source for quote in "\"'")), None)


def not_run(submission: Submission, run: Run, item: str, check: str,
            words: dict[str, str]) -> str:
    """Why `item` got no verdict: the exception its cell raised, when it did."""
    cell, errors = checking_cell(submission, item, check), dict(run.errors)
    if cell is not None and cell in errors:
        return words["not_run_error"].format(cell=cell + 1, error=errors[cell])
    return words["not_run"]


def tampered(grades: list[ItemGrade], reach: list[Reach], words: dict[str, str]
             ) -> list[ItemGrade]:
    """The exercises of a notebook whose code reaches for the grading: each earns nothing,
    its feedback saying why."""
    said = words["tampered"].format(cell=reach[0].cell, what=reach[0].what)
    return [ItemGrade(grade.item, grade.kind, WRONG, said, grade.answer) for grade in grades]


def flags(reach: list[Reach], run: Run, doubts: Doubts,
          words: dict[str, str]) -> tuple[str, ...]:
    """What the instructor should look at in one notebook, in the course's words."""
    return tuple([*(words["flag_reach"].format(cell=found.cell, what=found.what)
                    for found in reach),
                  *(words["flag_error"].format(cell=cell + 1, error=error)
                    for cell, error in run.errors),
                  *(words["flag_unreadable"].format(item=item)
                    for item in dict.fromkeys(doubts.unreadable)),
                  *(words["flag_repeated"].format(item=item) for item in doubts.repeated)])


def prediction_grades(submission: Submission, tools: ToolNames) -> list[ItemGrade]:
    """Each prediction of the lesson, made or not in the submitted notebook."""
    made = predictions_made(submission.submitted.notebook, tools)
    return [ItemGrade(item, PREDICTION, MADE if item in made else NOT_MADE)
            for item in lesson_items(submission.lesson, (tools.predict,))]


def failure_reason(run: Run, words: dict[str, str]) -> str | None:
    """Why a run stopped before the end, in the course's words; None when it did not."""
    if run.failure is None:
        return None
    cell = "?" if run.failed_cell is None else str(run.failed_cell + 1)
    return words[f"failure_{run.failure.replace('-', '_')}"].format(cell=cell,
                                                                      detail=run.detail)


@dataclass(frozen=True)
class KernelCourse:
    """What every kernel of a class is given of the course, found once for the class."""

    package: str  # the course's exercises package
    root: str
    own: tuple[str, ...]  # the course's own packages, by name: folders of its root
    readable: tuple[str, ...]  # the packages a kernel may read (the course's own as folders)
    definition: bytes  # its course.toml, which the kernel works in
    tools: ToolNames  # the names its lessons call the student's tools by


def readable_packages(root: str, packages: tuple[str, ...]
                      ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The course's own packages among `packages` (folders of `root` holding an __init__.py),
    by name, and the packages a kernel may read: those as their folders, the others by name
    (found as Python imports them)."""
    root = os.path.abspath(root)
    own = tuple(name for name in packages
                if os.path.isfile(os.path.join(root, name, "__init__.py")))
    return own, tuple(os.path.join(root, name) if name in own else name for name in packages)


def kernel_course(package: str, root: str, packages: tuple[str, ...]) -> KernelCourse:
    own, readable = readable_packages(root, packages)
    return KernelCourse(package, root, own, readable, (Path(root) / COURSE_FILE).read_bytes(),
                        read_definition(Path(root)).tools)


def job_of(submission: Submission, course: KernelCourse, limits: Limits) -> Job:
    """The submission's run, its checks going to a capture made for it. Every cell is parsed
    here, in the grader's own thread: CPython 3.11's `ast` counts its depth once for all
    threads, and two threads parsing at once can fail with a SystemError."""
    capture = Capture.made()
    cells = tuple(graded_source(cell.source, capture.function, course.tools.check)
                  for _, cell in submission.submitted.code_cells)
    return Job(cells, capture.setup(course.package, course.root, course.own), capture.mimetype,
               submission.data, course.readable, limits, course.definition)


Runner = Callable[[list[Job]], Iterable[Run]]


def on_this_machine(workers: int | None = None) -> Runner:
    """Run jobs over this machine's cores (each waits mostly on its own kernel)."""
    def run(jobs: list[Job]) -> Iterable[Run]:
        with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            yield from pool.map(run_job, jobs)
    return run


def on_dask(address: str) -> Runner:
    """Run jobs on the Dask cluster whose scheduler is at `address`."""
    def run(jobs: list[Job]) -> Iterable[Run]:
        from distributed import Client
        with Client(address) as client:
            yield from client.gather(client.map(run_job, jobs, pure=False))
    return run


def grade(submissions: list[Submission], registry: Registry, runner: Runner, *,
          package: str, root: str, packages: tuple[str, ...], limits: Limits,
          words: dict[str, str], with_answers: bool) -> list[LessonGrade]:
    """Every submission graded: run where `runner` runs jobs, judged here."""
    course = kernel_course(package, root, packages)
    jobs = [job_of(submission, course, limits) for submission in submissions]
    graded = []
    for submission, run in zip(submissions, runner(jobs), strict=True):
        reach = reaches([cell.source for _, cell in submission.submitted.code_cells], package,
                        course.tools.check)
        doubts = Doubts()
        exercises = exercise_grades(submission, run, registry, course.tools, words, with_answers,
                                    doubts)
        graded.append(LessonGrade(
            submission.student, submission.lesson.path.stem, submission.source,
            submission.sha256,
            tuple((tampered(exercises, reach, words) if reach else exercises)
                  + prediction_grades(submission, course.tools)),
            failure_reason(run, words), flags(reach, run, doubts, words)))
    return graded
