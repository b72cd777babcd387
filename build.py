"""The instructor's tool: lint the course and summarise it (default), lint only (`check`),
or run lessons in a fresh kernel to store their outputs (`run LESSON...`)."""

import argparse
import os
import sys
from pathlib import Path

from checks.course import Course, CourseError, load_course
from checks.findings import has_errors
from checks.lint import lint_course
from checks.markers import CLAIM, EXERCISE, tags
from checks.report import format_findings
from checks.run_lesson import run_lesson


def summary(course: Course) -> str:
    definition = course.definition
    lines = [f"{definition.title} ({definition.language}, {definition.license}): "
             f"{len(course.lessons)} lesson(s)"]
    for lesson in course.lessons:
        cells = lesson.notebook.cells
        count = {tag: sum(tag in tags(cell) for cell in cells) for tag in (CLAIM, EXERCISE)}
        lines.append(f"  {lesson.path.name}: {lesson.front_matter['title']} - {len(cells)} cells, "
                     f"{count[CLAIM]} claims, {count[EXERCISE]} exercise cells, "
                     f"{len(lesson.front_matter['objectives'])} objectives")
    return "\n".join(lines)


def check(root: Path) -> bool:
    """Lint the course and print the findings; True when there are no errors."""
    findings = lint_course(root)
    print(format_findings(findings, github=bool(os.environ.get("CI"))),
          file=sys.stderr if has_errors(findings) else sys.stdout)
    return not has_errors(findings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path(__file__).parent,
                        help="the course repository (default: this file's folder)")
    parser.add_argument("command", nargs="?", choices=["check", "run"],
                        help="check: only lint the course, changing nothing; "
                             "run: execute the given lessons and store their outputs")
    parser.add_argument("lessons", nargs="*", type=Path, help="with run: lesson notebooks")
    args = parser.parse_args(argv)
    if (args.command == "run") != bool(args.lessons):
        parser.error("lesson paths go with 'run', and 'run' needs at least one")
    for lesson in args.lessons:
        try:
            run_lesson(lesson)
        except CourseError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"ran {lesson}")
    if not check(args.root):
        return 1
    if args.command is None:
        print(summary(load_course(args.root)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
