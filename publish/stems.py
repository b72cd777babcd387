"""Turkish word stems for search, from the Snowball project's Turkish stemmer, computed at build
time for the words of the lessons' titles and prose: the browser, which has no stemmer, looks a
query word up among them, so that "kuyruk" finds "kuyruğa" and "kuyruğu". With PyStemmer installed
(a dependency), `snowballstemmer.stemmer` is its C build of the same algorithm: the same stems,
some fifty times faster."""

import re
from collections.abc import Iterable
from functools import cache

import snowballstemmer

from checks.folding import fold, turkish_lower

WORD = re.compile(r"[^\W\d_]+")  # a run of letters, as `\p{L}+` in assets/search.js
STEMMER = snowballstemmer.stemmer("turkish")


@cache
def stem(word: str) -> str:
    """The word's stem, folded; the stemmer reads it with its marks (ğ is not g to it)."""
    return fold(STEMMER.stemWord(turkish_lower(word)))


def word_stems(texts: Iterable[str]) -> dict[str, str]:
    """Each folded word of `texts` whose stem is not the word itself, mapped to that stem."""
    stems: dict[str, str] = {}
    for word in dict.fromkeys(word for text in texts for word in WORD.findall(text)):
        folded, root = fold(word), stem(word)
        if root != folded:
            stems.setdefault(folded, root)
    return stems
