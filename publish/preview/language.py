"""The language the preview's error panel speaks: the site's interface language, as the course
definition names it at the last good build."""

from pathlib import Path

from checks.definition import CourseError, read_definition
from publish import SiteError
from publish.strings import STRINGS, interface_strings

FIRST = next(iter(STRINGS))  # Turkish, the interface's first language


def interface_language(root: Path, last: str = FIRST) -> str:
    """The interface language `root`'s definition names; `last` if it no longer names one the
    site has strings for (the definition changed since that build)."""
    try:
        definition = read_definition(root)
        interface_strings(definition.interface_language, definition.path)
    except (CourseError, SiteError):
        return last
    return definition.interface_language
