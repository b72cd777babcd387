"""The full build: read and lint the course, then write each output anew or reuse it by its
content hash (`publish.render`)."""

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from checks.course import Course, Lesson, read_lesson
from checks.definition import LESSONS_DIR, Read, read_definition, read_file
from checks.findings import has_errors
from checks.glossary import read_glossary
from checks.sections import parse_markdown
from publish import LintFailed
from publish.forked import Forked, can_fork
from publish.result import BuildResult
from publish.student import student_notebook
from publish.verdict import Verdict

if TYPE_CHECKING:
    from publish.cells import Highlight


def read_ahead(root: Path, read: Read) -> Course | None:
    """The course as its pages need it, the lessons read without their schema check (the linter
    makes it beside); None if any part of it cannot be read (the linter then says why)."""
    try:
        definition = read_definition(root, read)
        lessons = [read_lesson(root / LESSONS_DIR / name, read, validate=False)
                   for name in dict.fromkeys(definition.lessons)]
        for lesson in lessons:  # parsed now, the linter's copy finds them parsed (`parse`)
            parse_markdown(lesson.notebook)
        return Course(definition, lessons, read_glossary(root, read))
    except Exception:  # an unchecked notebook may fail anywhere; the linter, first, says where
        return None


def lint_and_plan(root: Path, read: Read, instructor: bool,
                  course: Course | None = None) -> tuple[Verdict, Course | None]:
    """The verdict on the course under `root`, and the course the linter read. `course`, when
    given, was read for its pages from the same texts, without the schema check: the linter
    checks its lessons instead of reading them again, and the plan items are theirs. Only an
    `instructor` build's pages show plan items: a public build's verdict has none."""
    # The linter's rules load the exercises and the kernel: a build that lints in a forked
    # copy never loads them itself.
    from checks.linter.lint import lint
    unchecked = {lesson.path: lesson for lesson in course.lessons} if course else None
    findings, read_course = lint(root, read, unchecked)
    planned = course or read_course
    if has_errors(findings) or planned is None:
        return Verdict(findings, None), read_course
    if not instructor:
        return Verdict(findings, []), read_course
    from publish.plan_items import plan_items
    return Verdict(findings, [plan_items(lesson, planned.definition)
                              for lesson in planned.lessons]), read_course


def student_copy(lesson: Lesson) -> bytes:
    """The lesson's notebook as a student downloads it."""
    return student_notebook(lesson.notebook)


class Checked(NamedTuple):
    """What a clean build's forked copy hands back: the linter's verdict and, for a course it
    passes, each lesson's notebook as a student downloads it (by its file's name), which needs
    none of the renderers: the copy, done linting before the pages are, makes them instead."""
    verdict: Verdict
    students: dict[str, bytes]


def check_and_copy(root: Path, read: Read, instructor: bool, course: Course) -> Checked:
    """The forked copy's work: `lint_and_plan` on `course`, then its students' notebooks."""
    verdict = lint_and_plan(root, read, instructor, course)[0]
    return Checked(verdict, {} if verdict.plan_items is None else {
        lesson.path.name: student_copy(lesson) for lesson in course.lessons})


def build(root: Path, out: Path, builder: str, fingerprint: str, previous: dict, clean: bool,
          lite: bool, instructor: bool, highlight: "Highlight") -> BuildResult:
    """Everything `publish.site.build_site` does once it knows some input changed; `clean`: no
    page of the last build is there to reuse.

    A clean build, with a processor free, is linted by a forked copy of this process while this
    one makes the pages, from the same texts of the same files: the pages are committed only
    when the linter finds no error, and its errors come first if both fail."""
    read = functools.cache(read_file)  # each file read once, by the pages and the linter
    make = functools.partial(_render_site, root, out, builder, fingerprint, previous, lite,
                             instructor, highlight)
    ahead = read_ahead(root, read) if clean and can_fork() else None
    if ahead is None:
        verdict, course = lint_and_plan(root, read, instructor)
        if verdict.plan_items is None or course is None:
            raise LintFailed(verdict.findings)
        return make(course, lambda: verdict, student_copy)
    checked = Forked(lambda: check_and_copy(root, read, instructor, ahead))
    try:
        return make(ahead, lambda: checked.result().verdict,
                    lambda lesson: checked.result().students[lesson.path.name])
    except LintFailed:
        raise
    except Exception:  # the pages of a course with errors may fail anywhere: errors first
        if checked.result().verdict.plan_items is None:
            raise LintFailed(checked.result().verdict.findings) from None
        raise
    finally:
        checked.close()


def _render_site(*arguments: Any) -> BuildResult:
    """`publish.render.render_site(*arguments)`, imported only now: a clean build has forked its
    linter by then, and the copy needs none of the renderers, which this process loads while the
    copy lints."""
    from publish.render import render_site
    return render_site(*arguments)
