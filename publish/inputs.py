"""What a course's site is made from, relative to the course's root; and the toolkit's own
templates and assets, used for each file the course does not bring."""

from collections.abc import Sequence
from pathlib import Path

from checks.definition import CourseDefinition, CourseError, read_definition
from publish import SiteError
from publish.lite.course_code import at_root

TEMPLATES, ASSETS = Path("course") / "templates", Path("course") / "assets"
DEFAULTS = Path(__file__).parent / "defaults"  # the toolkit's templates/ and assets/
DEFINITION = Path("course") / "course.toml"  # what makes a folder a course's root
GLOSSARY = Path("course") / "glossary.yaml"
# The inputs besides the templates and assets: a change in any of them may change a page.
COURSE_INPUTS = (DEFINITION, GLOSSARY, Path("lessons"), Path("kernel"))


def course_inputs(root: Path) -> list[Path]:
    """COURSE_INPUTS under `root`, and the package of the course's exercises there, whose
    answers the instructor's pages show (as `exercises` in course.toml names it)."""
    try:
        exercises = read_definition(root).exercises
    except CourseError:  # the linter says why
        exercises = None
    package = at_root(root, exercises.split(".")[0]) if exercises else None
    return [*(root / path for path in COURSE_INPUTS), *([package] if package else [])]


def template_folders(root: Path) -> list[Path]:
    """Where a template is looked for: the course's own folder first, then the toolkit's."""
    return [root / TEMPLATES, DEFAULTS / TEMPLATES.name]


# The slides' assets (publish/slides), inlined into each deck: no page of the site links them.
DECK_ASSETS = ("reveal/", "slides.css")


def asset_files(root: Path) -> dict[str, Path]:
    """Every asset by its path under `assets/`: the course's file where it has one by that
    path, else the toolkit's."""
    files = {}
    for folder in (DEFAULTS / ASSETS.name, root / ASSETS):
        files.update({path.relative_to(folder).as_posix(): path for path in folder.rglob("*")
                      if path.is_file()})
    return dict(sorted(files.items()))


def site_assets(root: Path) -> dict[str, Path]:
    """The assets the site's pages link: all but the slides'."""
    return {name: path for name, path in asset_files(root).items()
            if not name.startswith(DECK_ASSETS)}


def chosen_lessons(definition: CourseDefinition, names: Sequence[str]) -> list[str]:
    """The lessons `names` stand for, as the course lists them (a file name, with or without
    `.ipynb`, or its path); every lesson, in the course's order, when none is named. A
    SiteError names the first that is none of the course's. The lessons a command is asked for,
    by the commands that take some (slides, handout)."""
    lessons = list(dict.fromkeys(definition.lessons))
    if not names:
        return lessons
    chosen = []
    for name in names:
        wanted = Path(name).name
        wanted = wanted if wanted.endswith(".ipynb") else f"{wanted}.ipynb"
        if wanted not in lessons:
            listed = ", ".join(lesson.removesuffix(".ipynb") for lesson in lessons)
            raise SiteError(Path(name), f"not a lesson of the course; {DEFINITION.as_posix()} "
                                        f"lists {listed}")
        chosen.append(wanted)
    return list(dict.fromkeys(chosen))
