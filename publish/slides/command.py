"""`kurs slides [LESSON ...] [--out DIR]`: a deck per lesson in a folder of decks, written
anew only where its lesson or the toolkit changed, and swapped in whole (publish.staging): a
failed build leaves the last folder as it was. The decks hold the instructor's notes, so the
folder is never the public site's, nor inside it."""

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path

from checks.course import Course, read_lesson
from checks.definition import LESSONS_DIR, read_definition
from checks.findings import WARNING, Finding
from publish import SiteError
from publish.cache import (
    MANIFEST_VERSION,
    digest,
    file_hash,
    load_manifest,
    previous_output,
    trusted,
)
from publish.inputs import chosen_lessons, template_folders
from publish.pages import Pages
from publish.site import builder_fingerprint, check_instructors_folder
from publish.staging import StagedSite, check_replaceable, clear_staging

FOLDER = "_slides"  # in the course's root, unless --out says another
RULE = "slide-overflow"


@dataclass
class SlidesResult:
    """What a build of decks did: the decks made anew, those reused, and what overflows."""

    out: Path
    made: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def summary(self) -> str:
        decks = sorted(self.made + self.reused)
        first = self.out.resolve() / decks[0] if decks else self.out.resolve()
        return (f"built {len(decks)} deck(s) ({len(self.made)} made, {len(self.reused)} "
                f"unchanged) in {self.out.resolve()}; open {first}")


def check_slides_folder(root: Path, out: Path, manifest: dict) -> None:
    """A SiteError unless `out` may hold decks: not the public site or inside it, not another
    build's folder, nothing there this tool did not write."""
    check_instructors_folder(root, out)
    if manifest and not manifest.get("slides"):
        raise SiteError(out, "holds a site this tool built, not slides: a build of decks "
                             "replaces its folder whole (choose another --out)")
    check_replaceable(out, manifest)


def deck_name(lesson: Path) -> str:
    return f"{lesson.stem}.html"


def build_slides(root: Path, asked: list[str], out: Path | None = None) -> SlidesResult:
    """The decks of the lessons `asked` (all when none), into `out` (default ROOT/_slides);
    the folder's other decks are kept as they were. Raises CourseError, SiteError or OSError,
    with nothing written."""
    from publish.highlight import highlight_code
    from publish.render import lesson_info, site_info
    from publish.slides.deck import deck, engine
    out = out or root / FOLDER
    definition = read_definition(root)
    names = chosen_lessons(definition, asked)
    manifest = load_manifest(out)
    check_slides_folder(root, out, manifest)
    previous = trusted(manifest)
    lessons = [read_lesson(root / LESSONS_DIR / name) for name in names]
    site = site_info(Course(definition, lessons, []))
    pages = Pages(template_folders(root), site)
    base = digest(builder_fingerprint(root), site, "slides")
    made_engine = functools.cache(lambda: engine(root))
    result = SlidesResult(out)
    files: dict[str, dict] = {}
    records: dict[str, list[tuple[int, str]]] = {}
    try:
        staged = StagedSite(out)
    except OSError as error:
        raise SiteError(out, f"cannot write the slides there: {error.strerror}") from None
    try:
        kept = {name: entry for name, entry in previous.get("files", {}).items()
                if name not in map(deck_name, map(Path, names))}
        for relative, entry in sorted(kept.items()):  # the decks not asked for, if intact
            data = previous_output(out, previous, relative, entry.get("key"))
            if data is not None:
                staged.write(relative, data)
                files[relative] = entry
                records[relative] = previous.get("records", {}).get(relative, [])
        for lesson in lessons:
            relative = deck_name(lesson.path)
            key = digest(base, lesson.path.read_bytes())
            data = previous_output(out, previous, relative, key)
            if data is None:
                html, overflows = deck(pages, lesson, lesson_info(lesson, False), made_engine(),
                                       highlight_code)
                data, found = html.encode(), [(item.cell, item.message) for item in overflows]
                result.made.append(relative)
            else:
                found = [(cell, message) for cell, message
                         in previous.get("records", {}).get(relative, [])]
                result.reused.append(relative)
            staged.write(relative, data)
            files[relative], records[relative] = {"key": key, "sha256": file_hash(data)}, found
            result.findings += [Finding(lesson.path, cell, RULE, WARNING, message)
                                for cell, message in found]
        staged.commit(manifest_bytes(files, records))
    except OSError as error:
        clear_staging(out)
        raise SiteError(out, f"cannot write the slides there: {error.strerror}") from None
    except BaseException:
        clear_staging(out)
        raise
    return result


def manifest_bytes(files: dict, records: dict) -> bytes:
    """What a folder of decks keeps beside it: each deck's key and hash, and what overflows in
    it (said again when it is reused); marked as slides', which no site build replaces."""
    return json.dumps({"version": MANIFEST_VERSION, "slides": True, "files": files,
                       "records": records}, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).encode()
