"""`build.py grade SUBMISSIONS --out DIR`: place every submitted file, grade the notebooks,
record them in the gradebook, and write each student's feedback page (and the CSV)."""

import hashlib
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from checks.course import Lesson, read_lesson
from checks.definition import (COURSE_FILE, LESSONS_DIR, Assignment, CourseError,
                               read_definition)
from checks.exercises import load_registry
from grading.export import CSV, LessonOutline, write_csv
from checks.markers import ToolNames
from grading.feedback import FEEDBACK, FeedbackError, write_feedback
from grading.gradebook import GRADEBOOK, Gradebook, GradebookError
from grading.grader import (Runner, grade, lesson_items, on_dask, on_this_machine,
                            readable_packages)
from grading.kernel_launch import package_folders
from grading.sandbox import Limits
from grading.results import Unplaced
from grading.submissions import Submission, place
from grading.words import WORDS, words_language

TOOLKIT = ("checks", "grading")  # what a submission's kernel imports of the toolkit


@dataclass(frozen=True)
class Request:
    """What the instructor asked for."""

    root: Path
    submissions: Path
    out: Path
    csv: bool = False
    with_answers: bool = False
    scheduler: str | None = None
    workers: int | None = None
    limits: Limits = Limits()
    assignment: str | None = None  # the name of an [assignments.NAME] of course.toml
    force: bool = False  # grade again what is recorded as graded from the same bytes


def kernel_packages(root: Path) -> tuple[str, ...]:
    """The packages a submission's kernel may read: the toolkit's and the course's own (each
    folder of the course's holding an __init__.py)."""
    return tuple(dict.fromkeys([*TOOLKIT, *(folder.name for folder in sorted(root.iterdir())
                                            if (folder / "__init__.py").is_file())]))


def grading_fingerprint(request: Request, packages: tuple[str, ...]) -> str:
    """What a verdict depends on besides the notebook: course.toml, every file of the packages
    the kernels read (the course's and the toolkit's: the checks, the models they measure, the
    grader) and the options that change a recorded grade. Grading again runs a notebook whose
    bytes and fingerprint are both unchanged only with --force."""
    digest = hashlib.sha256(repr((request.with_answers, request.limits)).encode())
    files = [(COURSE_FILE.as_posix(), request.root / COURSE_FILE)]
    _, readable = readable_packages(str(request.root), packages)
    for found in map(Path, package_folders(readable)):  # as the kernels find them
        files += [(f"{found.name}/{path.relative_to(found).as_posix()}", path)
                  for path in (found.rglob("*") if found.is_dir() else [found])
                  if path.is_file() and "__pycache__" not in path.parts]
    for name, path in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _outline(lessons: list[Lesson], tools: ToolNames) -> list[LessonOutline]:
    return [LessonOutline(lesson.path.stem, str(lesson.front_matter.get("title", "")),
                          tuple(lesson_items(lesson, (tools.check,))),
                          tuple(lesson_items(lesson, (tools.predict,))))
            for lesson in lessons]


def assignment_outline(outline: list[LessonOutline], assignment: Assignment, name: str,
                       path: Path) -> list[LessonOutline]:
    """The lessons `assignment` covers, each with only its exercises when it names some; a
    CourseError at `path` (course.toml) for an exercise none of its lessons has."""
    covered = [lesson for lesson in outline
               if f"{lesson.lesson}.ipynb" in assignment.lessons]
    if not assignment.exercises:
        return covered
    known = {item for lesson in covered for item in lesson.exercises}
    if strangers := [item for item in assignment.exercises if item not in known]:
        raise CourseError(path, f"'assignments.{name}.exercises' names {strangers[0]!r}, an "
                          "exercise of none of its lessons", rule="course-definition")
    return [LessonOutline(lesson.lesson, lesson.title,
                          tuple(item for item in lesson.exercises
                                if item in assignment.exercises), lesson.predictions)
            for lesson in covered]


def in_assignment(placed: list[Submission], outline: list[LessonOutline], name: str,
                  words: dict[str, str]) -> tuple[list[Submission], list[Unplaced]]:
    """The submissions of the assignment's lessons; the others, not graded, saying why."""
    covered = {lesson.lesson for lesson in outline}
    return ([submission for submission in placed if submission.lesson.path.stem in covered],
            [Unplaced(submission.source, submission.student,
                      words["not_in_assignment"].format(assignment=name))
             for submission in placed if submission.lesson.path.stem not in covered])


def grade_class(request: Request) -> int:
    """Grade what SUBMISSIONS holds; 0 once all is written, 1 (said why) when it cannot be."""
    try:
        definition = read_definition(request.root)
        lessons = [read_lesson(request.root / LESSONS_DIR / name)
                   for name in dict.fromkeys(definition.lessons)]
        registry = load_registry(definition.exercises, request.root)
        outline = _outline(lessons, definition.tools)
        if request.assignment is not None:
            assignment = definition.assignments.get(request.assignment)
            if assignment is None:
                raise CourseError(definition.path, f"no assignment {request.assignment!r} "
                                  "([assignments] has: "
                                  f"{', '.join(definition.assignments) or 'none'})")
            outline = assignment_outline(outline, assignment, request.assignment,
                                         definition.path)
    except CourseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if not request.submissions.is_dir():
        print(f"error: {request.submissions}: not a folder of submissions", file=sys.stderr)
        return 1
    words = WORDS[words_language(definition.language)]
    by_title = {str(lesson.front_matter.get("title")): lesson for lesson in lessons}
    placed, unplaced = place(request.submissions, by_title, words)
    if request.assignment is not None:
        placed, outside = in_assignment(placed, outline, request.assignment, words)
        unplaced += outside
    packages = kernel_packages(request.root)
    graded_with = grading_fingerprint(request, packages)
    if (request.out / GRADEBOOK).exists():  # one that cannot be read stops the class first
        try:
            with Gradebook(request.out / GRADEBOOK) as book:
                unchanged = [] if request.force else [
                    submission for submission in placed if book.graded_already(
                        submission.student, submission.lesson.path.stem, submission.sha256,
                        graded_with)]
        except (GradebookError, OSError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        skipped = {submission.source for submission in unchanged}
        placed = [submission for submission in placed if submission.source not in skipped]
    else:
        unchanged = []
    runner: Runner = on_dask(request.scheduler) if request.scheduler \
        else on_this_machine(request.workers)
    graded = grade(placed, registry, runner, package=definition.exercises or "",
                   root=str(request.root.resolve()), packages=packages,
                   limits=request.limits, words=words, with_answers=request.with_answers)
    now = datetime.now(UTC)
    try:
        with Gradebook(request.out / GRADEBOOK) as book:
            for lesson_grade in graded:
                book.record(lesson_grade, now, graded_with)
            for file in unplaced:
                book.record_unplaced(file, now)
            everyone, not_graded = book.class_grades(), book.unplaced()
        write_feedback(request.out / FEEDBACK, everyone, outline, definition.language,
                       not_graded, request.with_answers)
        if request.csv:
            write_csv(request.out / CSV, everyone, outline, definition.language, not_graded)
    except (GradebookError, FeedbackError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(words["graded"].format(notebooks=len(graded), unplaced=len(unplaced),
                                 out=request.out))
    if unchanged:
        print(words["unchanged"].format(notebooks=len(unchanged)))
    return 0
