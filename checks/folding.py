"""Text folded for comparison, one way for the exercise checks, the site's search and its heading
ids (the browser's twin is `fold` in the toolkit's assets/search.js), and ordered as a language
orders it."""

import re
import unicodedata

COMBINING_MARKS = re.compile("[\u0300-\u036f]+")  # the marks NFD splits from ç, ğ, ö, ş, ü, â


def turkish_lower(text: str) -> str:
    """Lower case as Turkish writes it: I is ı's capital, İ is i's."""
    return text.replace("I", "ı").replace("İ", "i").lower()


def lower(text: str, language: str) -> str:
    """Lower case as `language` writes it: Turkish's (`turkish_lower`), else Unicode's."""
    return turkish_lower(text) if language == "tr" else text.lower()


def fold(text: str, *, ascii_only: bool = False) -> str:
    """`text` as a keyboard without Turkish letters spells it, so that "Küçük", "KÜÇÜK" and
    "kucuk" are one word: Turkish lower case (`turkish_lower`), the marks of letters dropped
    (ç as c, ğ as g, ö as o, ş as s, ü as u, â as a) and ı as i. With ı as i, Turkish lower
    case folds as any other language's does: one fold serves every course.

    Any other character is kept as it is. With `ascii_only`, compatibility forms are spelt out
    too ("ﬁ" as "fi", "²" as "2") and whatever is then not ASCII is dropped ("→", "ß", "я"),
    for names and ids that must be ASCII."""
    lowered = turkish_lower(text).replace("ı", "i")
    if ascii_only:  # lower case again: a compatibility form may spell a capital ("ᴬ", "ℕ")
        return unicodedata.normalize("NFKD", lowered).encode("ascii", "ignore").decode().lower()
    return COMBINING_MARKS.sub("", unicodedata.normalize("NFD", lowered))


def slugify(title: str) -> str:
    """An ASCII id for a heading or a glossary term: Turkish letters folded, what is not ASCII
    dropped, every other run of characters a dash."""
    return re.sub(r"[^a-z0-9]+", "-", fold(title, ascii_only=True)).strip("-")


TURKISH_ALPHABET = "abcçdefgğhıijklmnoöprsştuüvyz"


def turkish_sort_key(text: str) -> tuple[tuple[int, str], ...]:
    """Order as a Turkish dictionary does: ç after c, ğ after g, ı before i, ö after o, ş after
    s, ü after u. Case, spaces and marks (backticks, parentheses) are not read; a letter or
    digit outside the Turkish alphabet comes after its letters."""
    return tuple((TURKISH_ALPHABET.index(c), c) if c in TURKISH_ALPHABET else
                 (len(TURKISH_ALPHABET), c) for c in turkish_lower(text) if c.isalnum())


def sort_key(text: str, language: str) -> tuple[object, ...]:
    """Order in `language`: a Turkish dictionary's (`turkish_sort_key`), else the letters and
    digits case-folded; case, spaces and marks are not read."""
    if language == "tr":
        return turkish_sort_key(text)
    return tuple(c for c in text.casefold() if c.isalnum())
