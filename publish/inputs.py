"""What a course's site is made from, relative to the course's root."""

from pathlib import Path

TEMPLATES, ASSETS = Path("course") / "templates", Path("course") / "assets"
DEFINITION = Path("course") / "course.toml"  # what makes a folder a course's root
GLOSSARY = Path("course") / "glossary.yaml"
# The inputs besides the templates and assets: a change in any of them may change a page.
COURSE_INPUTS = (DEFINITION, GLOSSARY, Path("lessons"), Path("kernel"))
