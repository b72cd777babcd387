"""A clean build's code cells, highlighted by a forked copy of the build process
(publish.forked) while this one reads the course, loads its renderers and renders its prose:
Pygments takes about a sixth of a clean build on its own. The copy is forked as soon as the
build knows it is clean, and loads Pygments itself.

The copy reads the lessons' files itself and answers with (language, source, html) for every
code cell their pages show. A cell it did not answer for, or a build where it failed, is
highlighted here, by the same function, so the pages are the same bytes either way."""

import json
from pathlib import Path

from checks.definition import LESSONS_DIR, CourseError, read_definition
from checks.markers import on_the_pages
from publish.forked import Forked, can_fork


def shown_code(notebook: dict) -> list[str]:
    """The sources of the code cells a lesson's pages show."""
    return [source if isinstance(source := cell["source"], str) else "".join(source)
            for cell in notebook["cells"] if cell["cell_type"] == "code" and on_the_pages(cell)]


def highlight_lessons(paths: list[Path]) -> list[tuple[str, str, str]]:
    """(language, source, html) for each shown code cell of each lesson that reads as one; the
    linter says what is wrong with one that does not."""
    from publish.highlight import highlight_code, notebook_language  # Pygments: the copy loads it
    answered = []
    for path in paths:
        try:
            notebook = json.loads(path.read_text(encoding="utf-8"))
            language = notebook_language(notebook)
            answered += [(language, source, highlight_code(source, language))
                         for source in shown_code(notebook)]
        except (OSError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            continue
    return answered


class HighlightAhead:
    """Highlighted code by (language, source), from the copy forked here."""

    def __init__(self, lessons: list[Path]) -> None:
        self._forked = Forked(lambda: highlight_lessons(lessons))
        self._highlighted: dict[tuple[str, str], str] | None = None

    def highlight(self, source: str, language: str) -> str:
        """What `highlight_code` gives: the copy's answer, when it has one."""
        from publish.highlight import highlight_code  # loaded by the copy before this process
        if self._highlighted is None:
            self._highlighted = {(kind, code): html for kind, code, html in self._forked.result()}
        found = self._highlighted.get((language, source))
        return highlight_code(source, language) if found is None else found

    def close(self) -> None:
        """Stop the copy if its answer is no longer wanted (the build failed)."""
        self._forked.close()


def start_highlighting(root: Path) -> HighlightAhead | None:
    """A copy highlighting the lessons' code of a clean build, where one can be forked: started
    before this process loads the renderers, so that it works while they load."""
    if not can_fork():
        return None
    try:
        listed = list(dict.fromkeys(read_definition(root).lessons))
    except CourseError:
        return None  # the linter says why
    return HighlightAhead([root / LESSONS_DIR / name for name in listed])
