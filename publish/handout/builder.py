"""`kurs handout`: the lessons' PDF handouts, typeset with Typst, written as the site is (a new
folder swapped in whole, nothing half-written) and as incrementally: nothing at all when no input
changed, else only the PDFs whose Typst source changed."""

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import cast

from checks.course import Course
from checks.definition import read_definition, read_file
from checks.glossary import in_glossary_order
from publish import LintFailed, SiteError
from publish.builder import lint_and_plan
from publish.cache import (
    digest,
    file_hash,
    load_manifest,
    manifest_bytes,
    outputs_intact,
    previous_output,
    tree_digest,
    trusted,
)
from publish.handout.documents import (
    Setting,
    answer_key_document,
    book_document,
    lesson_document,
)
from publish.handout.lesson import lesson_handout, link_targets
from publish.handout.markup import Style
from publish.handout.words import handout_words
from publish.highlight import notebook_language
from publish.inputs import chosen_lessons, course_inputs, template_folders
from publish.site import PUBLIC, builder_fingerprint, check_instructors_folder
from publish.staging import StagedSite, check_replaceable, clear_staging
from publish.verdict import PlanItems

HANDOUTS = "_handouts"  # the handouts' folder, in the course's root, unless --out says another
BOOK, ANSWER_KEY = "course.pdf", "answer-key.pdf"
TEMPLATE = "handout.typ"


def _typst() -> str:
    return version("typst")


@dataclass(frozen=True)
class HandoutResult:
    """What a handout build did."""

    out: Path
    made: list[str]
    reused: list[str]
    findings: list
    up_to_date: bool = False

    def summary(self) -> str:
        where = self.out.resolve()
        if self.up_to_date:
            return f"handouts are up to date (no input changed) in {where}"
        return (f"wrote the handouts ({len(self.made)} PDF(s) made, {len(self.reused)} "
                f"unchanged) in {where}")


def check_handouts_folder(root: Path, out: Path, instructor: bool, manifest: dict) -> None:
    """A SiteError unless `out` may take the handouts: never a site's folder (whose manifest
    lists pages); with the answer key, a folder of the instructor's own, neither the public
    site's or handouts' default folder nor a public build, nor inside one."""
    if any(not name.endswith(".pdf") for name in manifest.get("files", {})):
        raise SiteError(out, "holds a site built by this tool: the handouts go into a folder "
                             "of their own (choose another --out)")
    if instructor:
        check_instructors_folder(root, out)
        handouts = (root / HANDOUTS).resolve()
        if handouts == out.resolve() or handouts in out.resolve().parents:
            raise SiteError(out, f"{handouts} holds the public handouts: the answer key goes "
                                 "into a folder of its own, outside it (choose another --out)")


def _template(root: Path) -> Path:
    """The handouts' template: the course's own, else the toolkit's."""
    return next(folder / TEMPLATE for folder in template_folders(root)
                if (folder / TEMPLATE).is_file())


def _setting(root: Path, course: Course) -> Setting:
    definition = course.definition
    return Setting(_template(root).read_text(encoding="utf-8"), definition.title,
                   definition.description, definition.language,
                   handout_words(definition.interface_language, definition.path))


def documents(root: Path, course: Course, chosen: Sequence[str],
              items: Sequence[PlanItems] | None) -> dict[str, str]:
    """Each PDF's Typst source, by its name: each chosen lesson's, and the course book, of
    every lesson (so that it is never older than a lesson handed out); with `items` (an
    instructor's build), the answer key."""
    setting, definition = _setting(root, course), course.definition
    names = [lesson.path.name for lesson in course.lessons]
    made, in_book = {}, []
    for lesson in course.lessons:
        name = lesson.path.name
        terms = [entry for entry in in_glossary_order(course.glossary, definition.language)
                 if entry.lesson == name]
        for linked in ((), names) if name in chosen else (names,):
            handout = lesson_handout(lesson, setting.words, definition.tools,
                                     Style(link_targets(name, terms, linked)), terms,
                                     definition.interface_language)
            if linked:
                in_book.append(handout)
            else:
                made[f"{lesson.path.stem}.pdf"] = lesson_document(
                    setting, handout, lesson.front_matter["title"])
    made[BOOK] = book_document(setting, in_book, [lesson.front_matter["title"]
                                                  for lesson in course.lessons])
    if items is not None:
        language = notebook_language(course.lessons[0].notebook) if course.lessons else "python"
        made[ANSWER_KEY] = answer_key_document(setting, course.lessons, items, language)
    return made


def typeset(sources: dict[str, str], where: Path) -> dict[str, bytes]:
    """Each Typst source as a PDF, with Typst's own fonts only (the same on every machine); a
    SiteError at `where`, the template, on Typst's first error. (The binding keeps Python's
    lock while it compiles: threads would not make it faster.)"""
    import typst
    compiler = typst.Compiler(ignore_system_fonts=True)
    made = {}
    for name, source in sources.items():
        try:
            made[name] = cast(bytes, compiler.compile(input=source.encode(), format="pdf"))
        except typst.TypstError as error:
            raise SiteError(where, f"Typst could not set {name}: {error.message}\n"
                                   f"{error.diagnostic}") from None
    return made


def _kept(out: Path, previous: dict, names: Iterable[str]) -> dict[str, tuple[str, bytes]]:
    """What the last build wrote, by name, of `names`, with its key, where untouched."""
    files = previous.get("files", {})
    kept = {}
    for name in names:
        key = files.get(name, {}).get("key")
        data = previous_output(out, previous, name, key) if key else None
        if data is not None:
            kept[name] = (key, data)
    return kept


def build_handouts(root: Path, out: Path | None = None, names: Sequence[str] = (),
                   instructor: bool = False) -> HandoutResult:
    """Lint the course under `root`, then write the PDF handouts of the lessons `names` (every
    lesson, when none is named) and the course book into `out` (default `root/_handouts`); with
    `instructor`, also the answer key, into an `out` of the instructor's own. A PDF of the last
    build whose source has not changed is kept; so is one of a lesson not named.

    Raises LintFailed or SiteError (a CourseError for a course.toml it cannot read), with
    nothing written."""
    if instructor and out is None:
        raise SiteError(root, "the answer key is written into a folder of its own: say which "
                              "(--out DIR)")
    out = out or root / HANDOUTS
    chosen = chosen_lessons(read_definition(root), names)
    manifest = load_manifest(out)
    check_handouts_folder(root, out, instructor, manifest)
    check_replaceable(out, manifest)
    if out.resolve() == (root / PUBLIC).resolve():
        raise SiteError(out, "is the site's folder: the handouts go into a folder of their own")
    previous = trusted(manifest)
    fingerprint = digest(builder_fingerprint(root), _typst(), tree_digest(*course_inputs(root)),
                         chosen, instructor)
    if previous.get("fingerprint") == fingerprint and outputs_intact(out, previous):
        return HandoutResult(out, [], sorted(previous["files"]), [], up_to_date=True)
    verdict, course = lint_and_plan(root, functools.cache(read_file), instructor)
    if verdict.plan_items is None or course is None:
        raise LintFailed(verdict.findings)
    sources = documents(root, course, chosen, verdict.plan_items if instructor else None)
    keys = {name: digest(_typst(), source) for name, source in sources.items()}
    reused = {name: data for name, (key, data) in _kept(out, previous, sources).items()
              if key == keys[name]}
    # a build of some lessons keeps the other PDFs of the last one; the answer key only in an
    # instructor's build
    others = _kept(out, previous, set(previous.get("files", {})) - set(sources)
                   - ({ANSWER_KEY} if not instructor else set())) if names else {}
    try:
        staged = StagedSite(out)
    except OSError as error:
        raise SiteError(out, f"cannot write the handouts there: {error.strerror}") from None
    try:
        made = typeset({name: source for name, source in sources.items() if name not in reused},
                       _template(root))
        files = {}
        for name, (key, data) in sorted({**others, **{
                name: (keys[name], data) for name, data in {**reused, **made}.items()}}.items()):
            staged.write(name, data)
            files[name] = {"key": key, "sha256": file_hash(data)}
        staged.commit(manifest_bytes(fingerprint, files, {}, len(verdict.findings), instructor))
    except BaseException:
        clear_staging(out)
        raise
    return HandoutResult(out, sorted(made), sorted([*reused, *others]), verdict.findings)

