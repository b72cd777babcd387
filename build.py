"""The instructor's tool: validate the course and summarise it."""

import argparse
import sys
from pathlib import Path

from checks.course import Course, CourseError, load_course


def summary(course: Course) -> str:
    lines = [f"{course.title} ({course.language}, {course.license}): "
             f"{len(course.lessons)} lesson(s)"]
    for lesson in course.lessons:
        cells = lesson.notebook.cells
        code = [cell for cell in cells if cell.cell_type == "code"]
        claims = [cell for cell in code if "claim" in cell.metadata.get("tags", [])]
        lines.append(f"  {lesson.path.name}: {lesson.front_matter['title']} - {len(cells)} cells, "
                     f"{len(code)} code, {len(claims)} claims, "
                     f"{len(lesson.front_matter['objectives'])} objectives")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path(__file__).parent,
                        help="the course repository (default: this file's folder)")
    args = parser.parse_args(argv)
    try:
        course = load_course(args.root)
    except CourseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(summary(course))
    print("course is valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
