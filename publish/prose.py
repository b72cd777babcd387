"""Markdown prose to sanitised HTML, with heading ids that are unique across a whole page."""

from dataclasses import dataclass, field

import nh3
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markupsafe import Markup

from checks.folding import slugify
from checks.glossary import MARK_TARGET
from checks.sections import course_markdown
from publish.highlight import highlight_code

OUTLINE_LEVELS = (1, 2, 3)
GLOSSARY_PAGE = "glossary.html"  # a term a lesson marks links to its entry there
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


def _plain_text(inline) -> str:
    """An inline token's words: text and code, with line breaks as spaces."""
    return "".join(" " if child.type in ("softbreak", "hardbreak") else child.content
                   for child in inline.children or []
                   if child.type in ("text", "code_inline", "softbreak", "hardbreak"))


def _link_terms(inline) -> None:
    """A term a lesson marks with a link to the glossary file links to its entry on the site."""
    for child in inline.children or []:
        href = str(child.attrGet("href") or "") if child.type == "link_open" else ""
        if href.startswith(MARK_TARGET):
            child.attrSet("href", f"{GLOSSARY_PAGE}#{href.removeprefix(MARK_TARGET)}")
            child.attrSet("class", "term")


def _outline_rule(state: StateCore) -> None:
    """Give headings ids from the page's outline and feed it the text under them; table
    alignment becomes a class, since the pages' content security policy refuses inline styles."""
    outline: Outline = state.env["outline"]
    for index, token in enumerate(state.tokens):
        if token.type == "heading_open" and int(token.tag[1]) in OUTLINE_LEVELS:
            inline = state.tokens[index + 1]
            token.attrSet("id", outline.add_heading(int(token.tag[1]), _plain_text(inline)))
            inline.meta["heading"] = True
        elif token.type == "inline" and not token.meta.get("heading"):
            outline.add_text(_plain_text(token))
            _link_terms(token)
        elif token.type in ("fence", "code_block"):
            outline.add_code(token.content)
        elif token.type in ("th_open", "td_open") and (style := token.attrGet("style")):
            token.attrs.pop("style")
            token.attrSet("class", "align-" + str(style).removeprefix("text-align:"))


def _markdown() -> MarkdownIt:
    """The course's dialect, with code highlighted and the outline fed as it renders."""
    md = course_markdown()
    md.options["highlight"] = lambda code, lang, _: highlight_code(code, lang)
    md.core.ruler.push("outline", _outline_rule)
    return md


MARKDOWN = _markdown()


def _keep_attribute(tag: str, name: str, value: str) -> str | None:
    """Images only from data: URLs, so that no request leaves the page; links never to one."""
    url = value.strip().lower()
    if name == "src":
        return value if url.startswith("data:image/") else None
    return None if name == "href" and url.startswith("data:") else value


def sanitise(html: str) -> Markup:
    """HTML with scripts, event handlers, styles and outside resources removed."""
    return Markup(nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                            attribute_filter=_keep_attribute,
                            url_schemes={"http", "https", "mailto", "data"}))


def render_markdown(source: str, outline: Outline) -> Markup:
    """One cell's markdown as safe HTML; its headings and text go into `outline`."""
    return sanitise(MARKDOWN.render(source, {"outline": outline}))


def render_inline(source: str) -> Markup:
    """One line of markdown (a term, a name in code marks) as safe inline HTML."""
    return sanitise(MARKDOWN.renderInline(source, {"outline": Outline()}))
