"""What a course's site is made from, relative to the course's root."""

from pathlib import Path

TEMPLATES, ASSETS = Path("course") / "templates", Path("course") / "assets"
# The inputs besides the templates and assets: a change in any of them may change a page.
COURSE_INPUTS = (Path("course") / "course.toml", Path("lessons"), Path("kernel"))
