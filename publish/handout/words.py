"""The handouts' own words, a table an interface language (the languages of
`publish.strings.STRINGS`, whose words the handouts use too: a lesson's objectives, an exercise's
note, the answer key's headings)."""

import string
from pathlib import Path

from publish.handout.markup import text
from publish.strings import interface_strings

WORDS: dict[str, dict[str, str]] = {
    "tr": {
        "book_contents": "İçindekiler",
        "prediction": "Tahmin {number}",
        "answer": "Cevabınız:",
        "results": "Sonuçlar",
        "results_note": "Her tahminin ölçümü ve tartışması, dersteki sırasıyla. Tahmininizi "
                        "yazmadan okumayın: eğitmen bu sayfaları derse kadar ayrı tutabilir.",
        "result_at": "Ölçümün sonucu ve tartışması, tahmininizi yazdıktan sonra: "
                     "{results} {number}, sayfa {page}.",
        "result_of": "Tahmin {number} için",
        "terms": "Bu dersin terimleri",
        "original": "Özgün adı",
        "instructor_notes": "Eğitmen notları",
        "answer_key_lesson": "Derslerin cevap anahtarı, eğitmen notları ve süreleri; yalnız "
                             "eğitmen için.",
    },
    "en": {
        "book_contents": "Contents",
        "prediction": "Prediction {number}",
        "answer": "Your answer:",
        "results": "Results",
        "results_note": "Each prediction's measurement and its discussion, in the lesson's "
                        "order. Do not read them before you have written your prediction: the "
                        "instructor may keep these pages until the class.",
        "result_at": "The measurement's result and its discussion, once you have written your "
                     "prediction: {results} {number}, page {page}.",
        "result_of": "For prediction {number}",
        "terms": "This lesson's terms",
        "original": "Original name",
        "instructor_notes": "Instructor notes",
        "answer_key_lesson": "The lessons' answer key, instructor notes and timing; for the "
                             "instructor only.",
    },
}


def handout_words(language: str, where: Path) -> dict[str, str]:
    """The site's words in the interface `language` (a SiteError, at `where`, the file that
    chose it, if the toolkit has none) and the handouts' own."""
    return {**interface_strings(language, where), **WORDS[language]}


def said(template: str, **markup: str) -> str:
    """`template`, one of the words above, as Typst markup: its own words escaped, each field
    the markup given for it."""
    return "".join(text(literal) + (markup[field] if field is not None else "")
                   for literal, field, _, _ in string.Formatter().parse(template))
