"""A clean build's code cells, highlighted by a second Python process while this one imports
its libraries, reads the course and renders its prose: Pygments takes about a sixth of a clean
build on its own.

The second process (`publish.highlighter`) reads the lessons' files itself and answers with one
JSON list of (language, source, html). A cell it did not answer for, or a build where it
failed, is highlighted here, by the same function, so the pages are the same bytes either
way."""

import json
import subprocess
import sys
from pathlib import Path

from checks.definition import LESSONS_DIR, CourseError, read_definition
from publish import forked, highlighter
from publish.highlight import highlight_code

PACKAGE_ROOT = Path(__file__).parents[1]  # where `python -m publish.highlighter` runs
# Starting a second Python costs about what highlighting two lessons' code does.
MIN_LESSONS = 3


def worth_it(lessons: int) -> bool:
    """A second process pays only for several lessons with a processor free for it."""
    return lessons >= MIN_LESSONS and forked.usable_cpus() >= 2


class HighlightAhead:
    """Highlighted code by (language, source), from the second process started here."""

    def __init__(self, lessons: list[Path]) -> None:
        self._process: subprocess.Popen | None = subprocess.Popen(
            [sys.executable, "-m", highlighter.__name__,
             *(str(path.resolve()) for path in lessons)],
            cwd=PACKAGE_ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self._highlighted: dict[tuple[str, str], str] | None = None

    def highlight(self, source: str, language: str) -> str:
        """What `highlight_code` gives: the second process's answer, when it has one."""
        if self._highlighted is None:
            self._highlighted = self._collect()
        found = self._highlighted.get((language, source))
        return highlight_code(source, language) if found is None else found

    def _collect(self) -> dict[tuple[str, str], str]:
        process, self._process = self._process, None
        if process is None:
            return {}
        output, _ = process.communicate()
        if process.returncode != 0:
            return {}
        try:
            return {(language, source): html for language, source, html in json.loads(output)}
        except (ValueError, TypeError):
            return {}

    def close(self) -> None:
        """Stop the second process if its answer is no longer wanted (the build failed)."""
        if self._process is not None:
            self._process.kill()
            self._process.communicate()
            self._process = None


def start_highlighting(root: Path) -> HighlightAhead | None:
    """A second process highlighting the lessons' code of a clean build, when that pays: started
    before this process loads the renderers, so that it works while they load."""
    try:
        listed = list(dict.fromkeys(read_definition(root).lessons))
    except CourseError:
        return None  # the linter says why
    if not worth_it(len(listed)):
        return None
    return HighlightAhead([root / LESSONS_DIR / name for name in listed])
