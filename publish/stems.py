"""Word stems for search, from the Snowball project's stemmer for the course's language, computed
at build time for the words of the lessons' titles and prose: the browser, which has no stemmer,
looks a query word up among them, so that "kuyruk" finds "kuyruğa" and "kuyruğu" ("queue" finds
"queues" in English). With PyStemmer installed (a dependency), `snowballstemmer.stemmer` is its C
build of the same algorithm: the same stems, some fifty times faster."""

import re
from collections.abc import Callable, Iterable

import snowballstemmer

from checks.folding import fold, lower

# A run of letters, and of the numerals that are not digits (², ½, Ⅻ): `letters` splits it.
WORD = re.compile(r"[^\W\d_]+")
# Snowball's stemmer for each language the toolkit speaks; a course in another language's
# search finds the words as they are written.
STEMMERS = {"tr": snowballstemmer.stemmer("turkish"), "en": snowballstemmer.stemmer("english")}


def letters(text: str) -> list[str]:
    """The runs of letters in `text`, as `\\p{L}+` finds them in assets/search.js: the browser
    looks the index's words up by its own. `str.isalpha` is Unicode's category L, as `\\p{L}`
    is; a run of WORD's that holds a numeral is split at it."""
    found = WORD.findall(text)
    if "".join(found).isalpha():  # as in almost any text: no run to split
        return found
    runs = []
    for run in found:
        if run.isalpha():
            runs.append(run)
        else:
            runs += "".join(c if c.isalpha() else " " for c in run).split()
    return runs


def _each(change: Callable[[str], str], words: list[str]) -> list[str]:
    """`change` applied to each word, in one call over them all, one word a line: the same as
    word by word, since each change here reads a letter with its marks only, and a line break
    is neither."""
    return change("\n".join(words)).split("\n") if words else []


def word_stems(texts: Iterable[str], language: str) -> dict[str, str]:
    """Each folded word of `texts` whose stem is not the word itself, mapped to that stem, the
    stem folded too (the stemmer reads the word lowered as `language` writes it, marks and all:
    ğ is not g to it)."""
    stemmer = STEMMERS.get(language)
    if stemmer is None:
        return {}
    words = list(dict.fromkeys(letters("\n".join(texts))))  # no run of letters spans a line
    lowered = _each(lambda text: lower(text, language), words)
    roots = _each(fold, stemmer.stemWords(lowered))
    stems: dict[str, str] = {}
    for folded, root in zip(_each(fold, words), roots, strict=True):
        if root != folded:
            stems.setdefault(folded, root)
    return stems
