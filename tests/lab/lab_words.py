"""JupyterLab's own words as the student's copy shows them: in the course's language, from the
language pack the study command chooses (`publish.study.lab_locale`); where the pack has no
word for it, or there is no pack, JupyterLab's English."""

import json
from importlib.metadata import entry_points
from pathlib import Path

from checks.definition import read_definition
from course_copies import ROOT
from publish.study import LANGUAGE_PACKS, lab_locale

LOCALE = lab_locale(read_definition(ROOT).interface_language)


def _catalog() -> dict[str, list[str]]:
    """The pack's translations of JupyterLab's own words, each English one (a menu's with its
    context, `menu`) to its translation."""
    if LOCALE is None:
        return {}
    package = next(point for point in entry_points(group=LANGUAGE_PACKS)
                   if point.name == LOCALE).load()
    folder = Path(package.__file__).parent / "locale" / LOCALE / "LC_MESSAGES"
    return json.loads((folder / "jupyterlab.json").read_text(encoding="utf-8"))


CATALOG = _catalog()


def lab(english: str, context: str = "") -> str:
    """What the student's JupyterLab shows for its English `english`."""
    translated = CATALOG.get(f"{context}\x04{english}" if context else english)
    return translated[0] if translated else english
