"""Markdown prose to sanitised HTML, with heading ids that are unique across a whole page."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

import nh3
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import OptionsDict, OptionsType
from markupsafe import Markup

from checks.folding import slugify
from checks.glossary import MARK_TARGET
from checks.sections import PARSER, parse
from publish.highlight import highlight_code

OUTLINE_LEVELS = (1, 2, 3)
GLOSSARY_PAGE = "glossary.html"  # a term a lesson marks links to its entry there
# A link to a lesson's notebook, beside the linking one in lessons/ (`NN-name.ipynb#part`, the
# linter's `lesson-link` holds it to the course order): on the site, to that lesson's page.
LESSON_NOTEBOOK = re.compile(r"(?P<name>\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*)\.ipynb(?P<part>#.*)?")
HEADING_IDS = "heading_ids"  # where the renderer finds a cell's heading ids in its env
ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "kbd", "li",
    "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var",
}
ALLOWED_ATTRIBUTES = {
    "*": {"id", "title", "lang"}, "a": {"href", "class"}, "img": {"src", "alt", "width", "height"},
    "td": {"colspan", "rowspan", "class"}, "th": {"colspan", "rowspan", "scope", "class"},
    "ol": {"start"}, "div": {"class"}, "span": {"class"}, "code": {"class"}, "pre": {"class"},
}


@dataclass
class PageSection:
    """A stretch of a page under one heading: the unit of the table of contents and of search.

    `text` is its prose (code spans included, as they are read in a sentence); `code` is its
    code blocks and cells, kept apart so that search can find them but never show them as prose."""

    id: str
    title: str
    level: int
    text: list[str] = field(default_factory=list)
    code: list[str] = field(default_factory=list)


@dataclass
class Outline:
    """The headings of one page, in order, and the words under each; ids are unique on the page."""

    sections: list[PageSection] = field(default_factory=lambda: [PageSection("", "", 0)])

    def add_heading(self, level: int, title: str) -> str:
        base = slugify(title) or "bolum"
        taken = {section.id for section in self.sections}
        slug = next(candidate for n in range(len(taken) + 1)
                    if (candidate := base if n == 0 else f"{base}-{n}") not in taken)
        self.sections.append(PageSection(slug, title, level))
        return slug

    def add_text(self, text: str) -> None:
        self.sections[-1].text.append(text)

    def add_code(self, code: str) -> None:
        self.sections[-1].code.append(code)


def plain_text(inline) -> str:
    """An inline token's words: text and code, with line breaks as spaces."""
    return "".join(" " if child.type in ("softbreak", "hardbreak") else child.content
                   for child in inline.children or []
                   if child.type in ("text", "code_inline", "softbreak", "hardbreak"))


def feed_outline(tokens: Sequence[Token], outline: Outline) -> dict[int, str]:
    """Feed `outline` the headings of one cell's tokens and the text under them; returns the ids
    it gave the headings, by token index. The tokens stay as they are: the linter read them."""
    ids: dict[int, str] = {}
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and int(token.tag[1]) in OUTLINE_LEVELS:
            ids[index] = outline.add_heading(int(token.tag[1]), plain_text(tokens[index + 1]))
        elif token.type == "inline" and index - 1 not in ids:
            outline.add_text(plain_text(token))
        elif token.type in ("fence", "code_block"):
            outline.add_code(token.content)
    return ids


def _render_changed(renderer: RendererHTML, tokens: Sequence[Token], idx: int,
                    options: OptionsDict, env: dict, **attributes: str | None) -> str:
    """The token at `idx` rendered with `attributes` set (None removes one), on a copy: the
    tokens stay as the linter read them. Its neighbours stay, as they decide line breaks."""
    copy = tokens[idx].copy(attrs=dict(tokens[idx].attrs))
    for name, value in attributes.items():
        if value is None:
            copy.attrs.pop(name, None)
        else:
            copy.attrSet(name, value)
    changed = list(tokens)
    changed[idx] = copy
    return renderer.renderToken(changed, idx, options, env)


class _Renderer(RendererHTML):
    """HTML as markdown-it writes it, with heading ids from the page's outline, a marked term
    linking to its entry in the glossary, a link to a lesson's notebook going to its page, and
    table alignment as a class, since the pages' content security policy refuses inline
    styles."""

    def heading_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict,
                     env: dict) -> str:
        heading_id = env.get(HEADING_IDS, {}).get(idx)
        if heading_id is None:
            return self.renderToken(tokens, idx, options, env)
        return _render_changed(self, tokens, idx, options, env, id=heading_id)

    def link_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict,
                  env: dict) -> str:
        href = str(tokens[idx].attrGet("href") or "")
        if href.startswith(MARK_TARGET):
            return _render_changed(self, tokens, idx, options, env, **{
                "href": f"{GLOSSARY_PAGE}#{href.removeprefix(MARK_TARGET)}", "class": "term"})
        lesson = LESSON_NOTEBOOK.fullmatch(href)
        if lesson:
            return _render_changed(self, tokens, idx, options, env,
                                   href=f"{lesson['name']}.html{lesson['part'] or ''}")
        return self.renderToken(tokens, idx, options, env)

    def _aligned(self, tokens: Sequence[Token], idx: int, options: OptionsDict,
                 env: dict) -> str:
        style = tokens[idx].attrGet("style")
        if not style:
            return self.renderToken(tokens, idx, options, env)
        return _render_changed(self, tokens, idx, options, env, style=None, **{
            "class": "align-" + str(style).removeprefix("text-align:")})

    th_open = td_open = _aligned


RENDERER = _Renderer()
OPTIONS = OptionsDict(cast(OptionsType, {
    **PARSER.options, "highlight": lambda code, lang, _: highlight_code(code, lang)}))


def _keep_attribute(tag: str, name: str, value: str) -> str | None:
    """Images only from data: URLs, so that no request leaves the page; links never to one."""
    url = value.strip().lower()
    if name == "src":
        return value if url.startswith("data:image/") else None
    return None if name == "href" and url.startswith("data:") else value


CLEANER = nh3.Cleaner(tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                      attribute_filter=_keep_attribute,
                      url_schemes={"http", "https", "mailto", "data"})


def sanitise(html: str) -> Markup:
    """HTML with scripts, event handlers, styles and outside resources removed."""
    return Markup(CLEANER.clean(html))


def render_markdown(source: str, outline: Outline,
                    tokens: Sequence[Token] | None = None) -> Markup:
    """One cell's markdown as safe HTML; its headings and text go into `outline`. `tokens`, when
    given, are the cell's as the linter parsed them: rendered, not parsed again."""
    if tokens is None:
        tokens = parse(source)
    env = {HEADING_IDS: feed_outline(tokens, outline)}
    return sanitise(RENDERER.render(tokens, OPTIONS, env))


def render_inline(source: str) -> Markup:
    """One line of markdown (a term, a name in code marks) as safe inline HTML."""
    return sanitise(RENDERER.render(PARSER.parseInline(source), OPTIONS, {}))
