"""The course a kernel works in: its definition, found from the kernel's folder (a lesson's, or
the student's copy's) or, in the lite site, in the wheel of the course installed there; its
language and its lessons. Reads no lesson and imports none of the course's code, so that the
student tools' words (checks.words) can ask for the language from anywhere."""

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from checks.definition import COURSE_FILE, CourseDefinition, read_definition

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

# Where an installed course names its package: how the lite site's kernel, which has no
# course.toml, finds it (the value is the package's name).
ENTRY_POINTS = "kurs.exercises"
DEFINITION_IN_WHEEL = "course.toml"  # the course's course.toml, in its wheel's dist-info
FIRST_LANGUAGE = "tr"


def course_root(folder: Path) -> Path | None:
    """The folder, or the nearest above it, holding course/course.toml."""
    return next((path for path in (folder, *folder.parents) if (path / COURSE_FILE).is_file()),
                None)


def installed_courses() -> list["EntryPoint"]:
    """The installed courses' entry points, by name (importlib.metadata, imported only here,
    took a twentieth of a clean build)."""
    from importlib.metadata import entry_points
    return sorted(entry_points(group=ENTRY_POINTS), key=lambda point: point.name)


@cache
def kernel_definition() -> CourseDefinition | None:
    """The definition of the course a kernel works in: the course/course.toml in its folder or
    above it (a lesson's, or the student's copy's); else, in the lite site, the one its
    installed course's wheel carries (DEFINITION_IN_WHEEL); None when there is neither."""
    root = course_root(Path.cwd())
    if root is not None:
        return read_definition(root)
    carried = (point.dist.read_text(DEFINITION_IN_WHEEL) if point.dist else None
               for point in installed_courses())
    text = next((text for text in carried if text is not None), None)
    return None if text is None else read_definition(Path.cwd(), lambda _: text)


def course_language() -> str:
    """The language of the course a kernel works in; the toolkit's first without a definition."""
    definition = kernel_definition()
    return definition.language if definition else FIRST_LANGUAGE


def course_lessons() -> tuple[str, ...]:
    """The lessons' file names, in course order, of the course a kernel works in."""
    definition = kernel_definition()
    return tuple(dict.fromkeys(definition.lessons)) if definition else ()
