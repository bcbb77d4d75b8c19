"""Text that shows nothing: spaces and characters that draw no mark."""

from __future__ import annotations

import unicodedata

__all__ = ["blank", "trimmed"]

_DRAWS_NOTHING = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Characters that draw no mark though Unicode does not call them format characters: the combining grapheme joiner,
the Hangul fillers, the Khmer inherent vowels and the blank Braille pattern (e.g. "\\u034f",
"\\u2800", "\\u17b4")."""


def _invisible(c: str) -> bool:
    """A space, a format character (a zero-width space, a BOM), a variation selector or one of ``_DRAWS_NOTHING``."""
    if c.isspace() or c in _DRAWS_NOTHING or unicodedata.category(c) == "Cf":
        return True
    return "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"


def blank(text: str) -> bool:
    r"""``text`` shows nothing: only spaces and invisible characters (a zero-width space, a BOM, an emoji's selector).

    >>> blank(" \u200b\ufeff"), blank("\ufe0f\u2800"), blank("hi\u200b"), blank("\u2764\ufe0f")
    (True, True, False, False)
    """
    return all(_invisible(c) for c in text)


def trimmed(text: str) -> str:
    r"""``text`` without the spaces and invisible characters at its ends.

    >>> trimmed("\u200blooks good\ufeff ")
    'looks good'
    """
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]
