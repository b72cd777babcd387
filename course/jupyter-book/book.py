"""Write myst.yml, beside this file: the course's lessons as a Jupyter Book 2 (MyST) book, its
title, description, license and table of contents made from course/course.toml. Run it after a
lesson is added, removed or moved: `python course/jupyter-book/book.py`.
tests/test_jupyter_book.py checks that myst.yml is what it writes."""

import json
import sys
import textwrap
import tomllib
from pathlib import Path

import yaml

HERE = Path(__file__).parent
BOOK = HERE / "myst.yml"
COURSE = HERE.parent / "course.toml"
WIDTH = 100
HEADER = """\
# The lessons as a Jupyter Book 2 (MyST) book, for instructors who keep one. Copy this file to
# the repository's root and run `jupyter-book build --html` there (the first build fetches its
# theme from api.mystmd.org), or `jupyter-book build --md --force lessons/*.ipynb` offline.
# The cells tagged remove-cell (claims, answer buttons, instructor's notes) are left out, as on
# the course site. Made from course/course.toml by `python course/jupyter-book/book.py`: run it
# again after a lesson is added, removed or moved.
"""


def scalar(text: str) -> str:
    """`text` as a YAML value on a line of its own: as it is where YAML reads it back so."""
    plain = text.strip() == text and ": " not in text and " #" not in text
    return text if plain and yaml.safe_load(text) == text else json.dumps(text,
                                                                          ensure_ascii=False)


def folded(text: str, indent: str) -> str:
    """A long text as a folded YAML block (`>-`), a line of words at most WIDTH wide."""
    lines = textwrap.wrap(" ".join(text.split()), WIDTH - len(indent))
    return ">-\n" + "".join(f"{indent}{line}\n" for line in lines)


def book(course: dict) -> str:
    """The text of myst.yml for the course course.toml defines."""
    license = course["license"].replace(" ", "-")
    lessons = "".join(f"    - file: lessons/{name}\n" for name in dict.fromkeys(course["lessons"]))
    return (f"{HEADER}version: 1\nproject:\n  title: {scalar(course['title'])}\n"
            f"  description: {folded(course['description'], '    ')}"
            f"  license: {scalar(license)}  # SPDX's name for course.toml's "
            f"{json.dumps(course['license'], ensure_ascii=False)}\n"
            f"  toc:\n{lessons}site:\n  template: book-theme\n")


def read_course(path: Path = COURSE) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def main() -> int:
    text = book(read_course())
    if BOOK.exists() and BOOK.read_text(encoding="utf-8") == text:
        print(f"{BOOK} is up to date")
    else:
        BOOK.write_text(text, encoding="utf-8")
        print(f"wrote {BOOK}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
