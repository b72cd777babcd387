"""`init DIR`: start a course in a folder that holds none. Writes course.toml with every key and
what it does, the exercises package, a package for the course's models, the glossary, a README
and a pyproject.toml; all of it or, when anything is in the way, nothing. The course passes
`check` and builds at once; `new` then adds its lessons."""

import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from checks.definition import COURSE_FILE, SECTIONS, Minimums
from checks.glossary import GLOSSARY_FILE
from publish.new_lesson import write_every
from publish.strings import STRINGS


class NewCourseError(Exception):
    """Why a course cannot be started; nothing was written."""


@dataclass(frozen=True)
class Words:
    """What a new course says in its language: its packages' names, and its README."""

    exercises: str  # the package registering the exercises and predictions
    models: str  # the package of the course's own models, which the lessons import
    readme: str  # the README's text; {title}, {exercises}, {models} filled in


README_EN = """\
# {title}

An interactive course: one Jupyter notebook a lesson, each measuring what it teaches.

- `lessons/`: the lessons, in the order `course/course.toml` lists them.
- `{models}/`: the course's own code, which the lessons import (`from {models} import ...`).
- `{exercises}/`: each lesson's exercises and predictions, a module a lesson.
- `course/glossary.yaml`: the course's terms.

The `kurs` command (the course toolkit) does the rest, from this folder:

```sh
kurs new 00-first-lesson "First Lesson"  # start a lesson, in the course's order
kurs run lessons/00-first-lesson.ipynb   # run it in a fresh kernel and store its outputs
kurs check                               # lint the course
kurs                                     # build the site into _site/
kurs study                               # a student's own copy, opened in JupyterLab
```

Nothing needs installing but the toolkit: `kurs` puts this folder first on the path of every
kernel a lesson runs in, so `{models}` and `{exercises}` import as they are.
"""

README_TR = """\
# {title}

Etkileşimli bir kurs: her ders bir Jupyter defteri, her defter anlattığını ölçer.

- `lessons/`: dersler, `course/course.toml` dosyasının sıraladığı gibi.
- `{models}/`: kursun derslerin içe aktardığı kendi kodu (`from {models} import ...`).
- `{exercises}/`: her dersin alıştırmaları ve tahminleri, ders başına bir modül.
- `course/glossary.yaml`: kursun sözlüğü.

Gerisini `kurs` komutu (kurs araç takımı) bu klasörde yapar:

```sh
kurs new 00-ilk-ders "İlk Ders"   # kursun sırasında yeni bir ders başlatır
kurs run lessons/00-ilk-ders.ipynb # dersi temiz bir çekirdekte çalıştırıp çıktılarını saklar
kurs check                         # kursu denetler
kurs                               # siteyi _site/ klasörüne kurar
kurs study                         # öğrencinin kendi kopyası, JupyterLab'de açılır
```

Araç takımından başka bir şey kurmak gerekmez: `kurs`, bir dersin çalıştığı her çekirdekte bu
klasörü yolun başına koyar; `{models}` ve `{exercises}` olduğu gibi içe aktarılır.
"""

WORDS = {"en": Words("exercises", "models", README_EN),
         "tr": Words("alistirmalar", "modeller", README_TR)}
LICENSE = "CC BY 4.0"  # the lessons' licence until the author chooses theirs
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")  # an IETF tag: en, tr, pt-BR
PYPROJECT = Path("pyproject.toml")
README = Path("README.md")
GITIGNORE = Path(".gitignore")


def words(language: str) -> Words:
    """The new course's words: its language's, else English (the toolkit's own)."""
    return WORDS.get(language.partition("-")[0], WORDS["en"])


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def title_of(folder: Path) -> str:
    """A title from the folder's name: `counting-work` gives `Counting work`."""
    name = " ".join(re.split(r"[-_\s]+", folder.resolve().name)).strip()
    return name[:1].upper() + name[1:] if name else "Course"


def project_name(folder: Path) -> str:
    """The folder's name as a Python distribution may be named: ASCII letters, digits and dashes."""
    ascii_name = unicodedata.normalize("NFKD", folder.resolve().name).encode("ascii", "ignore")
    name = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name.decode()).strip("-").lower()
    return name or "course"


def interface_language(language: str) -> str:
    """The key, set where the toolkit has no site words in `language`, else shown commented."""
    if language in STRINGS:
        return f"# interface_language = {toml_string(language)}"
    return 'interface_language = "en"  # the toolkit has no site words in this language'


def course_toml(title: str, language: str, said: Words) -> str:
    """course.toml with every key the toolkit reads, each with what it does."""
    sections = SECTIONS.get(language, SECTIONS["en"])  # as checks.definition falls back
    minimums = Minimums()
    return f"""\
# The course's definition, read by every kurs command. Each key says what it does; those
# commented out are optional, shown with their default.

# On every page of the site.
title = {toml_string(title)}
# The lessons' language: the site's words, the student's tools and the search follow it.
language = {toml_string(language)}
# The site's own words, if not in the lessons' language.
{interface_language(language)}
# The lessons' licence, on every page.
license = {toml_string(LICENSE)}
# A sentence or two, on the home page and in its description for search engines.
description = ""
# How the course's README runs the toolkit: the pages tell a student to type it.
# command = "kurs"
# What the glossary page says first (default: the toolkit's sentence).
# glossary_intro = ""
# The package registering each lesson's exercises and predictions, a module a lesson.
exercises = {toml_string(said.exercises)}
# false for a graded class: no answer is revealed anywhere a student reads.
# show_answers = true
# The lesson notebooks in lessons/, in the course's order; `kurs new` adds each.
lessons = []

# How many of each every lesson needs at least; 0 switches that rule of `kurs check` off.
[minimums]
exercises = {minimums.exercises}  # checked by the student in the notebook
predictions = {minimums.predictions}  # asked before a measurement, and checked after it
modify = {minimums.modify}  # exercises that ask to change working code

# The titles of the sections every lesson has (`## title`), if not the language's defaults.
[sections]
# summary = {toml_string(sections.summary)}  # what the measurements showed, in bullets
# exercises = {toml_string(sections.exercises)}  # the lesson's exercises
# next_step = {toml_string(sections.next_step)}  # the question that leads to the next lesson

# An assignment that `kurs grade --assignment NAME` grades alone: some lessons, and maybe only
# some of their exercises.
# [assignments.first-week]
# lessons = ["00-first-lesson.ipynb"]  # as `lessons` lists them
# exercises = ["00-first-lesson-first-exercise"]  # only these of theirs (default: all)
"""


def glossary(language: str) -> str:
    return f"""\
# The course's terms, each where a lesson introduces it. An entry:
# - term: the course's name for it, in the course's language ({language})
#   original: [its names in the documentation of the real systems, whatever their language,
#              for a student to look up: the same as the term where the course keeps it]
#   definition: one sentence
#   lesson: the file name of the lesson that introduces it, as course.toml lists it
# `kurs mark` links each term at its first mention in that lesson.
[]
"""


def package_init(what: str, title: str) -> str:
    return f'"""{what} of {title}."""\n'


def pyproject(folder: Path, title: str, said: Words) -> str:
    name = project_name(folder)
    return f"""\
# Not needed to write, run, build or grade the course (`kurs` finds its packages in this folder);
# for installing it where no course.toml is above the notebooks, a kernel finds its exercises by
# the entry point below.
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "0.1.0"
description = {toml_string(title)}
requires-python = ">=3.11"
dependencies = ["kuyruk-kursu"]  # the course toolkit: the `kurs` command and the student's tools

[project.entry-points."kurs.exercises"]
{name} = "{said.exercises}"

[tool.setuptools]
packages = ["{said.exercises}", "{said.models}"]
"""


def planned(folder: Path, language: str, title: str | None) -> dict[Path, str]:
    """Each file to write, relative to `folder`, and its text. Raises NewCourseError when the
    folder holds a course already, or any of the files."""
    if not LANGUAGE.fullmatch(language):
        raise NewCourseError(f"--language {language!r} is not a language's code (en, tr, pt-BR)")
    if folder.exists() and not folder.is_dir():
        raise NewCourseError(f"{folder} is a file, not a folder")
    if (folder / COURSE_FILE).exists():
        raise NewCourseError(f"{folder} holds a course already ({COURSE_FILE.as_posix()}); "
                             "`kurs new` adds lessons to it")
    title = " ".join((title if title is not None else title_of(folder)).split())
    if not title:
        raise NewCourseError("the course's title is empty")
    said = words(language)
    files = {
        COURSE_FILE: course_toml(title, language, said),
        GLOSSARY_FILE: glossary(language),
        Path(said.exercises) / "__init__.py": package_init("The exercises and predictions",
                                                           title),
        Path(said.models) / "__init__.py": package_init("The models", title),
        README: said.readme.format(title=title, exercises=said.exercises, models=said.models),
        PYPROJECT: pyproject(folder, title, said),
        GITIGNORE: "_site/\n_lite_cache/\n_slides/\n_handouts/\n__pycache__/\n",
    }
    for path in files:
        if (folder / path).exists():
            raise NewCourseError(f"cannot start a course in {folder}: {path.as_posix()} exists")
    return files


def new_course(folder: Path, language: str = "en", title: str | None = None) -> list[Path]:
    """Start a course in `folder` (made if missing); returns the files written, relative to it."""
    return write_every(folder, planned(folder, language, title), NewCourseError)
