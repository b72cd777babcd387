"""Lint rules for the links in a lesson's prose: a link to a notebook goes to a lesson of the
course, by its file name, so that JupyterLab, the lite site and the course site all open it; and
no link stands inside another's text, which shows as raw brackets."""

import re
from urllib.parse import urlsplit

from checks.course import Lesson
from checks.definition import CourseDefinition
from checks.findings import ERROR, Found, Rule

NOTEBOOK_SUFFIX = ".ipynb"


def link_targets(lesson: Lesson) -> Found:
    """(cell, {"target": href}) for every link in the lesson's markdown cells."""
    for index, _, tokens in lesson.markdown:
        for token in tokens:
            for child in token.children or []:
                if child.type == "link_open":
                    yield index, {"target": str(child.attrGet("href") or "")}


def notebook_links_off_the_course(lesson: Lesson, definition: CourseDefinition) -> Found:
    """A relative link to a notebook that is not a lesson in the course order, written as
    course/course.toml writes it (a `#part` may follow): the lessons sit side by side in
    lessons/, and the site turns a link to `NN-name.ipynb` into one to `NN-name.html`, and no
    other (not `./NN-name.ipynb`, nor one with a `?query`)."""
    for cell, fields in link_targets(lesson):
        parts = urlsplit(fields["target"])
        if parts.scheme or parts.netloc or not parts.path.lower().endswith(NOTEBOOK_SUFFIX):
            continue  # an address elsewhere, or no notebook
        if fields["target"].partition("#")[0] not in definition.lessons:
            yield cell, fields


# What is left of a link's syntax when it stood inside another link's text: markdown allows no
# link in a link, so the inner one is a link and the outer one's `](target)` is text.
LEFT_AS_TEXT = re.compile(r"\]\(\S*?\)")


def links_left_as_text(lesson: Lesson, _: CourseDefinition) -> Found:
    """A text run of prose that holds `](target)`: a link inside a link (a term marked again)."""
    for index, _source, tokens in lesson.markdown:
        for token in tokens:
            for child in token.children or []:
                left = LEFT_AS_TEXT.search(child.content) if child.type == "text" else None
                if left:
                    yield index, {"text": child.content.strip()[:60]}


RULES = (
    Rule("lesson-link", ERROR, "links to {target!r}, which is not a lesson in the course order: "
         "link a lesson's notebook by its file name as course/course.toml lists it "
         "(`[title](NN-name.ipynb)`; the toolkit's AUTHORING.md, section 3)",
         notebook_links_off_the_course),
    Rule("nested-link", ERROR, "shows link syntax as text ({text!r}): a link inside another "
         "link's text is not a link; keep one (a term is marked once, the toolkit's "
         "AUTHORING.md, section 7)", links_left_as_text),
)
