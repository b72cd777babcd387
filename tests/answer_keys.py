"""What only a course's answer key holds, and where in a built folder any of it turns up: the
texts the instructor's pages show, looked for in every file, inside zip archives too."""

import json
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from markupsafe import escape

from checks.calls import exercise_ids
from checks.course import read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.exercises import of_course
from checks.markers import measurements
from publish.highlight import highlight_code
from publish.strings import STRINGS

ARCHIVES = (".whl", ".zip")


def answer_key(root: Path, name: str) -> dict[str, tuple[list[str], list[str]]]:
    """By item of lesson `name` of the course at `root`: the texts only its answer key holds
    (each wrong choice's assumption, an exercise's why), and the HTML the key shows besides (the
    right choice the lesson's run stored, in a code mark; the answer, highlighted; for a whole
    number, the words for a prediction below and above it)."""
    definition = read_definition(root)
    registry = of_course(definition)
    lesson = read_lesson(root / LESSONS_DIR / name)
    said = STRINGS[definition.interface_language]
    key: dict[str, tuple[list[str], list[str]]] = {}
    for identifier, right in measurements(lesson.notebook).items():
        prediction = registry.predictions[identifier]
        sides = [] if prediction.choices else [said["answer_key_fewer"], said["answer_key_more"]]
        key[identifier] = ([assumption for choice, assumption in prediction.assumptions.items()
                            if choice != right],
                           [f"<dd><code>{escape(right)}</code></dd>", *sides])
    checked = {identifier for _, cell in lesson.code_cells
               for identifier in exercise_ids(cell.source, definition.tools.checks)}
    for identifier in checked:
        exercise = registry.exercises[identifier]
        key[identifier] = ([exercise.why], [highlight_code(exercise.answer_text(definition.tools),
                                                                           "python")])
    return key


def lessons(root: Path) -> list[str]:
    return list(dict.fromkeys(read_definition(root).lessons))


def key_patterns(root: Path) -> set[bytes]:
    """Every text of the course's answer key as a file could hold it: each answer's code, each
    why and each wrong choice's assumption, as written, as HTML and as JSON writes it; the key's
    HTML; and the key's heading and the instructor's pages' names."""
    definition = read_definition(root)
    registry = of_course(definition)
    said = STRINGS[definition.interface_language]
    texts = [exercise.answer_text(definition.tools) for exercise in registry.exercises.values()]
    html = ['<section class="answer-key"', f">{said['answer_key']}</h2>", 'href="instructor']
    for name in lessons(root):
        for key_texts, key_html in answer_key(root, name).values():
            texts.extend(key_texts)
            html.extend(part for part in key_html if part.startswith("<"))
    forms = {form for text in texts
             for form in (text, str(escape(text)), json.dumps(text, ensure_ascii=False)[1:-1])}
    return {form.encode() for form in forms | set(html)}


Member = tuple[str, bytes]  # a file's path in the folder (an archive's member after a "!")


def files_in(folder: Path, skip: Callable[[str], bool] = lambda _: False) -> Iterator[Member]:
    """Every file under `folder`, and every member of each zip archive there, but those whose
    path `skip` names."""
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(folder).as_posix()
        if path.suffix in ARCHIVES:
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    if not skip(f"{relative}!{member}"):
                        yield f"{relative}!{member}", archive.read(member)
        elif not skip(relative):
            yield relative, path.read_bytes()


def leaks(folder: Path, patterns: set[bytes],
          skip: Callable[[str], bool] = lambda _: False) -> list[tuple[str, str]]:
    """(file, text) for each text of the answer key that a file under `folder` holds."""
    return [(relative, pattern.decode()[:60]) for relative, data in files_in(folder, skip)
            for pattern in patterns if pattern in data]
