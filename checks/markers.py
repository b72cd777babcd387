"""The lesson format's markers, as data: cell tags and required sections. Imported in the
lite site's kernel too (through checks.display), where nbformat is not installed."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nbformat import NotebookNode

CLAIM = "claim"
SOLUTION = "solution"
INSTRUCTOR = "instructor"
EXERCISE = "exercise"

TAGS = {
    CLAIM: "asserts what the prose states about an output; the site leaves it out",
    SOLUTION: "a 'Cevabı göster' button (cevabi_goster); the site, with no kernel, leaves it out",
    INSTRUCTOR: "an instructor's note (timing, common mistakes, running the explorer in class): "
                "the student's notebook and the learner's page leave it out, the instructor's "
                "page shows it",
    EXERCISE: "a student's answer cell; it must call a check (`kontrol(...)`)",
}
LEFT_OUT_OF_STUDENT_VIEW = frozenset({INSTRUCTOR})  # an answer waits behind its button
LEFT_OUT_OF_INSTRUCTOR_PAGE = frozenset({SOLUTION, CLAIM})

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # an output that needs a live kernel
# A form's question, in its output's metadata (markdown): the site shows it, having no kernel.
QUESTION = "kuyruk-kursu/soru"

SUMMARY, EXERCISES, NEXT_STEP = "Özet", "Kendini Sına", "Sonraki Adım"
REQUIRED_SECTIONS = (SUMMARY, EXERCISES, NEXT_STEP)


def tags(cell: "NotebookNode") -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))
