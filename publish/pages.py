"""HTML pages from jinja2 templates, the course's own or the toolkit's, with autoescaping always
on."""

import base64
import datetime
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2
from babel.dates import format_date
from markupsafe import Markup

from checks.code_cache import code_cache
from publish import SiteError
from publish.cells import RenderedLesson

DECKS = "slides"  # the lessons' slides' folder in an instructor's build of the site
CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; "
                           "img-src 'self' data:; form-action 'self'; base-uri 'none'")


def inline_script_policy(script: str) -> str:
    """The policy for a page whose one script is `script`, inline (allowed by its hash), and
    may ask its own server for files."""
    hashed = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'sha256-{hashed}'") \
        + "; connect-src 'self'"


@dataclass(frozen=True)
class Link:
    href: str
    title: str


@dataclass(frozen=True)
class SiteInfo:
    """What every page says about the course, and the interface language it speaks."""

    title: str
    description: str
    license: str
    language: str
    interface_language: str
    strings: dict
    glossary_intro: str | None  # the course's own, in its language
    command: str  # how the course's README runs the toolkit (course.toml's `command`)


@dataclass(frozen=True)
class LessonInfo:
    """A lesson as the pages list it: its page, front matter, download and lite link (or why
    it has none)."""

    page: str
    notebook: str
    title: str
    objectives: list[str]
    updated: datetime.date
    license: str
    source: str | None
    run: str | None = None  # where the lite site opens it, when the site has one
    not_in_browser: str | None = None  # why the lite site, when there is one, leaves it out

    @property
    def number(self) -> str | None:
        """The number its file's name starts with, as written there (`00-giris.ipynb`: `00`),
        so that the site numbers lessons as their files and their prose do; None without one."""
        found = re.match(r"(\d+)[-_ ]", Path(self.page).stem)
        return found.group(1) if found else None


class Pages:
    """Renders the site's pages; one instance per build."""

    def __init__(self, templates: list[Path], site: SiteInfo) -> None:
        """`templates`: the folders a template is looked for in, in order."""
        self.site, self.templates = site, templates
        self.environment = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates), autoescape=True,
            undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
            bytecode_cache=code_cache())
        self.environment.filters["human_date"] = self.human_date

    def human_date(self, day: datetime.date) -> str:
        """A date as the interface language writes it in full: '30 Kasım 2026'."""
        return format_date(day, "long", locale=self.site.interface_language)

    def _file(self, template: str) -> Path:
        """The file `template` is read from (the first folder's, if none has it)."""
        return next((folder / template for folder in self.templates
                     if (folder / template).is_file()), self.templates[0] / template)

    def _render(self, template: str, csp: str = CONTENT_SECURITY_POLICY, **context) -> str:
        """`ui_lang` marks the interface's words when they are not in the course's language."""
        site = self.site
        ui_lang = Markup(' lang="{}"').format(site.interface_language) \
            if site.interface_language != site.language else Markup()
        try:
            return self.environment.get_template(template).render(
                site=site, t=site.strings, csp=csp, ui_lang=ui_lang, **context)
        except jinja2.TemplateSyntaxError as error:
            raise SiteError(Path(error.filename or self._file(template)),
                            f"template error on line {error.lineno}: {error.message}") from None
        except jinja2.TemplateError as error:
            raise SiteError(self._file(template), f"template error: {error}") from None

    def index(self, lessons: list[LessonInfo]) -> str:
        return self._render("index.html", page_title=self.site.title, lessons=lessons)

    def search(self) -> str:
        return self._render("search.html", page_title=self.site.strings["search_title"])

    def not_found(self) -> str:
        """The page a server answers for a missing address, at whatever depth: its script
        points its relative links at the site's root once it has found it."""
        script = Markup(self._render("404.js"))
        return self._render("404.html", csp=inline_script_policy(script), script=script,
                            page_title=self.site.strings["not_found_title"])

    def lesson(self, lesson: LessonInfo, rendered: RenderedLesson,
               previous: Link | None, next_: Link | None, instructor: Link | None = None,
               plan: object = None) -> str:
        """A lesson's page; `instructor` links its instructor's page (from the learner's page)
        or the learner's page (from the instructor's, which also shows the lesson's `plan`)."""
        contents = [section for section in rendered.outline.sections if section.level]
        return self._render("lesson.html", page_title=lesson.title, lesson=lesson,
                            blocks=rendered.view(instructor=plan is not None),
                            contents=contents,
                            previous=previous, next=next_, other_view=instructor, plan=plan,
                            decks=DECKS)

    def deck(self, lesson: LessonInfo, slides: list, style: Markup, scripts: list[Markup],
             csp: str) -> str:
        """A lesson's slides (publish.slides), one file holding its style and scripts."""
        return self._render("slides.html", csp=csp, page_title=lesson.title, lesson=lesson,
                            slides=slides, style=style, scripts=scripts)

    def glossary(self, entries: list) -> str:
        return self._render("glossary.html", page_title=self.site.strings["glossary"],
                            entries=entries)

    def key_points(self, lessons: list) -> str:
        return self._render("key-points.html", page_title=self.site.strings["key_points"],
                            lessons=lessons)

    def instructor_index(self, plans: list) -> str:
        return self._render("instructor.html", page_title=self.site.strings["instructor"],
                            plans=plans)
