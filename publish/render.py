"""A read course made into the site's files, each written anew or reused from the last build by
its content hash; in an instructor's build, the instructor's pages too, once the linter has named
each lesson's exercises. A public build has no answer key and no link to one."""

import functools
from collections.abc import Callable
from pathlib import Path

from checks.course import Course, Lesson
from checks.markers import tool_names
from checks.front_matter import not_in_browser
from checks.glossary import GLOSSARY_FILE, Entry
from checks.linter.rules_front_matter import updated_date
from publish import LintFailed, SiteError
from publish.cache import digest, file_hash, manifest_bytes, previous_output
from publish.cells import Highlight, render_lesson
from publish.highlight import stylesheet
from publish.inputs import site_assets, template_folders
from publish.lite.inputs import FOLDER as LITE, lesson_address, lite_fingerprint
from publish.lite.notebooks import lite_notebooks
from publish.pages import DECKS, LessonInfo, Link, Pages, SiteInfo
from publish.reference import (
    LessonPlan,
    glossary_entries,
    key_points,
    lesson_plan,
    summary_source,
    term_users,
)
from publish.result import BuildResult
from publish.search import glossary_record, search_index_script, search_record
from publish.staging import StagedSite, clear_staging
from publish.strings import cell_strings, interface_strings
from publish.student import GLOSSARY_NAME
from publish.verdict import Verdict


NOTEBOOKS = "notebooks"  # the student's notebooks to download, and the glossary they link to


def site_info(course: Course) -> SiteInfo:
    """The course's metadata and the language its interface speaks."""
    definition = course.definition
    language = definition.interface_language
    return SiteInfo(definition.title, definition.description, definition.license,
                    definition.language, language, interface_strings(language, definition.path),
                    definition.glossary_intro, definition.command)


def lesson_info(lesson: Lesson, lite: bool) -> LessonInfo:
    """Where a lesson's page, download and lite link go, and what its front matter says
    (linted); with a lite site, a lesson it leaves out has no lite link but says why."""
    front = lesson.front_matter
    updated = updated_date(front["updated"])
    if updated is None:  # the linter stops the build first; no page shows a made-up date
        raise SiteError(lesson.path, "front matter 'updated' is not an ISO date", cell=0)
    why = not_in_browser(front) if lite else None
    return LessonInfo(f"{lesson.path.stem}.html", f"{NOTEBOOKS}/{lesson.path.name}", front["title"],
                      list(front["objectives"]), updated, front["license"], front.get("source"),
                      lesson_address(lesson.path.name) if lite and why is None else None, why)


class Build:
    """One build's outputs: each is reused when the previous site made it from the same key."""

    def __init__(self, staged: StagedSite, previous: dict) -> None:
        self.staged, self.previous = staged, previous
        self.files: dict[str, dict] = {}
        self.made: list[str] = []
        self.reused: list[str] = []

    def output(self, relative: str, key: str, make: Callable[[], bytes],
               reuse: bool = True) -> None:
        data = previous_output(self.staged.out, self.previous, relative, key) if reuse else None
        (self.reused if data is not None else self.made).append(relative)
        self._write(relative, key, make() if data is None else data)

    def output_folder(self, prefix: str, key: str,
                      make: Callable[[], dict[str, bytes]]) -> None:
        """Outputs made together: reused whole when the previous build wrote them from the same
        key and none changed, else all made anew by `make` (paths start with `prefix`)."""
        listed = [relative for relative in self.previous.get("files", {})
                  if relative.startswith(prefix)]
        previous = {relative: previous_output(self.staged.out, self.previous, relative, key)
                    for relative in listed}
        files = {relative: data for relative, data in previous.items() if data is not None}
        if listed and len(files) == len(listed):
            self.reused.extend(files)
        else:
            files = make()
            self.made.extend(files)
        for relative, data in files.items():
            self._write(relative, key, data)

    def _write(self, relative: str, key: str, data: bytes) -> None:
        self.staged.write(relative, data)
        self.files[relative] = {"key": key, "sha256": file_hash(data)}


def instructor_page(info: LessonInfo) -> str:
    return f"instructor-{info.page}"


InstructorPage = Callable[[LessonPlan], None]  # writes a lesson's instructor page, given its plan


def _lesson_outputs(build: Build, pages: Pages, lesson: Lesson, info: LessonInfo,
                    neighbours: tuple[Link | None, Link | None], base: str,
                    highlight: Highlight, instructor_view: bool) -> tuple[dict, InstructorPage]:
    """A lesson's page, linking its instructor's page in an `instructor_view` build; returns its
    search record, reused with its page, and what writes its instructor's page once the linter
    has named the lesson's exercises."""
    notebook_bytes = lesson.path.read_bytes()
    key = digest(base, notebook_bytes, info, *neighbours)
    cached = build.previous.get("records", {}).get(info.page, {})
    record = cached.get("record") if cached.get("key") == key else None
    strings = cell_strings(pages.site.strings, lite=info.run is not None)
    instructor = Link(instructor_page(info), pages.site.strings["instructor"])
    other_view = instructor if instructor_view else None

    tools = tool_names(pages.site.language)
    rendered = functools.cache(lambda: render_lesson(lesson, info.title, strings, tools,
                                                     highlight))

    def page() -> bytes:
        nonlocal record
        record = search_record(info.page, info.title, rendered().outline, pages.site.language)
        return pages.lesson(info, rendered(), *neighbours, instructor=other_view).encode()

    def instructors(plan: LessonPlan) -> None:  # the same rendering, with notes and answers
        learner = Link(info.page, pages.site.strings["learner_view"])
        build.output(instructor.href, digest(key, plan), lambda: pages.lesson(
            info, rendered(), *neighbours, instructor=learner, plan=plan).encode())

    build.output(info.page, key, page, reuse=record is not None)
    return {"key": key, "record": record}, instructors


def _download(build: Build, lesson: Lesson, info: LessonInfo, base: str,
              students: Callable[[Lesson], bytes]) -> None:
    """A lesson's notebook as a student downloads it, made by `students`."""
    build.output(info.notebook, digest(base, lesson.path.read_bytes()),
                 lambda: students(lesson))


def _reference_outputs(build: Build, pages: Pages, course: Course, infos: list[LessonInfo],
                       entries: list[Entry], base: str) -> None:
    """The glossary and the key points, each keyed by what it shows, so that an edit elsewhere
    in a lesson reuses them."""
    lessons = list(zip(course.lessons, infos, strict=True))
    by_name = {lesson.path.name: info for lesson, info in lessons}
    users = term_users(entries, course.lessons)
    build.output("glossary.html", digest(base, entries, users, by_name), lambda: pages.glossary(
        glossary_entries(entries, users, by_name, course.definition.language)).encode())
    summary = course.definition.sections.summary
    summaries = [(summary_source(lesson, summary), info) for lesson, info in lessons]
    build.output("key-points.html", digest(base, summaries), lambda: pages.key_points(
        [key_points(source, info) for source, info in summaries]).encode())


def neighbours(infos: list[LessonInfo], index: int) -> tuple[Link | None, Link | None]:
    """Links to the lessons before and after the one at `index`."""
    previous = infos[index - 1] if index > 0 else None
    next_ = infos[index + 1] if index + 1 < len(infos) else None
    return (Link(previous.page, previous.title) if previous else None,
            Link(next_.page, next_.title) if next_ else None)


def _lite_outputs(build: Build, root: Path, course: Course, builder: str, label: str) -> None:
    """The lite site, with the lessons it can run as the site offers them for download, but for
    the kernel they name, the Pyodide kernel, and for their links to a lesson it leaves out
    (publish/lite/notebooks.py; `label` says it does not run in the browser)."""
    notebooks = lite_notebooks(course.lessons, label)
    if (root / GLOSSARY_FILE).is_file():  # beside the notebooks: their terms link to it
        notebooks[GLOSSARY_NAME] = (root / GLOSSARY_FILE).read_bytes()

    def make() -> dict[str, bytes]:
        from publish.lite.site import lite_files  # the lite build's imports, only when needed
        return lite_files(root, notebooks)

    key = digest(builder, lite_fingerprint(root),
                 {name: file_hash(data) for name, data in notebooks.items()})
    build.output_folder(f"{LITE}/", key, make)


def _decks(build: Build, pages: Pages, root: Path, lessons: list[tuple[Lesson, LessonInfo]],
           base: str, highlight: Highlight) -> None:
    """Each lesson's slides beside the instructor's pages, which link them (publish.slides):
    they carry the instructor's notes, as speaker notes."""
    from publish.slides.deck import deck, engine
    made = functools.cache(lambda: engine(root))
    for lesson, info in lessons:
        build.output(f"{DECKS}/{info.page}", digest(base, lesson.path.read_bytes(), info),
                     functools.partial(lambda lesson, info: deck(
                         pages, lesson, info, made(), highlight)[0].encode(), lesson, info))


def render_site(root: Path, out: Path, builder: str, fingerprint: str, previous: dict,
                lite: bool, instructor: bool, highlight: Highlight, course: Course,
                linted: Callable[[], Verdict],
                students: Callable[[Lesson], bytes]) -> BuildResult:
    """The site of `course` written to `out`, committed once `linted` says the course has no
    error; with the `instructor`'s pages, which show its plan items, and links to them. Each
    lesson's notebook for students, `students(lesson)`, is asked for once the verdict is in
    (a clean build's linter makes them too)."""
    site = site_info(course)
    infos = [lesson_info(lesson, lite) for lesson in course.lessons]
    pages = Pages(template_folders(root), site)
    base = digest(builder, site, instructor)
    try:
        staged = StagedSite(out)
        build_ = Build(staged, previous)
        for name, asset in site_assets(root).items():
            build_.output(f"assets/{name}", base, asset.read_bytes)
        build_.output("assets/pygments.css", base, lambda: stylesheet().encode())
        build_.output("index.html", digest(base, infos), lambda: pages.index(infos).encode())
        build_.output("search.html", base, lambda: pages.search().encode())
        build_.output("404.html", base, lambda: pages.not_found().encode())
        entries = course.glossary
        lessons = list(zip(course.lessons, infos, strict=True))
        # first what needs no highlighted code, which a clean build's helper may still be making
        _reference_outputs(build_, pages, course, infos, entries, base)
        if (root / GLOSSARY_FILE).is_file():  # beside the downloads: their terms link to it
            glossary_bytes = (root / GLOSSARY_FILE).read_bytes()
            build_.output(f"{NOTEBOOKS}/{GLOSSARY_NAME}", digest(base, glossary_bytes),
                          lambda: glossary_bytes)
        glossary = glossary_record("glossary.html", site.strings["glossary"], entries,
                                   site.language)
        made = [_lesson_outputs(build_, pages, lesson, info, neighbours(infos, index), base,
                                highlight, instructor)
                for index, (lesson, info) in enumerate(lessons)]
        records = {info.page: record for info, (record, _) in zip(infos, made, strict=True)}
        build_.output("assets/search-index.js",
                      digest(base, [r["key"] for r in records.values()], glossary),
                      lambda: search_index_script([r["record"] for r in records.values()]
                                                  + [glossary]).encode())
        if lite:
            _lite_outputs(build_, root, course, builder, site.strings["not_in_browser"])
        verdict = linted()
        if verdict.plan_items is None:
            raise LintFailed(verdict.findings)
        for lesson, info in lessons:
            _download(build_, lesson, info, base, students)
        if instructor:
            plans = [lesson_plan(lesson, info, instructor_page(info), items)
                     for (lesson, info), items in zip(lessons, verdict.plan_items, strict=True)]
            for (_, instructors), plan in zip(made, plans, strict=True):
                instructors(plan)
            build_.output("instructor.html", digest(base, plans),
                          lambda: pages.instructor_index(plans).encode())
            _decks(build_, pages, root, lessons, base, highlight)
        findings = verdict.findings
        staged.commit(manifest_bytes(fingerprint, build_.files, records, len(findings),
                                     instructor))
    except BaseException:
        clear_staging(out)
        raise
    return BuildResult(out, build_.made, build_.reused, findings, len(findings))
