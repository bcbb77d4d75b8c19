"""Tokenization shared by the lexical signals and the BM25 candidate search.

The rule of the seed design: lowercase, split on anything that is not a Unicode letter or
digit. Two improvements for tool registries and Chinese users:

* identifiers split on snake_case and camelCase (``getWeatherNow`` -> get, weather, now);
* a run of CJK characters yields its character bigrams, and its unigrams on request, since
  Chinese has no spaces (``发邮件`` -> 发邮, 邮件 [+ 发, 邮, 件]).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["is_cjk", "tokenize", "unique_tokens"]

# A run of letters and digits: \w without the underscore.
_WORD = re.compile(r"[^\W_]+")


def is_cjk(char: str) -> bool:
    """Tell whether a character is a Han ideograph or Japanese kana."""
    code = ord(char)
    return (
        0x4E00 <= code <= 0x9FFF  # CJK Unified Ideographs
        or 0x3400 <= code <= 0x4DBF  # Extension A
        or 0x20000 <= code <= 0x2EBEF  # Extensions B-F
        or 0xF900 <= code <= 0xFAFF  # Compatibility Ideographs
        or 0x3040 <= code <= 0x30FF  # Hiragana and Katakana
    )


# The same characters as ``is_cjk``, as a regex class.
_CJK_CLASS = "\u4e00-\u9fff\u3400-\u4dbf\U00020000-\U0002ebef\uf900-\ufaff\u3040-\u30ff"
_SCRIPT_PIECE = re.compile(f"[{_CJK_CLASS}]+|[^{_CJK_CLASS}]+")


def _split_script(run: str) -> Iterator[tuple[bool, str]]:
    """Cut a letter/digit run into pieces that are all CJK or all not."""
    for piece in _SCRIPT_PIECE.findall(run):
        yield is_cjk(piece[0]), piece


def _split_camel(piece: str) -> Iterator[str]:
    """Cut at lower-to-upper and acronym-to-word boundaries: getHTTPResponse -> get HTTP Response."""
    rest = piece[1:]
    if rest == rest.lower():  # no capital after the first letter: nothing to cut (most words)
        yield piece
        return
    start = 0
    for i in range(1, len(piece)):
        before, here = piece[i - 1], piece[i]
        after = piece[i + 1] if i + 1 < len(piece) else ""
        if here.isupper() and (not before.isupper() or after.islower()):
            if before.isalpha() or before.isdigit():
                yield piece[start:i]
                start = i
    yield piece[start:]


def _cjk_tokens(piece: str, unigrams: bool) -> Iterator[str]:
    if len(piece) == 1:
        yield piece
        return
    if unigrams:
        yield from piece
    for i in range(len(piece) - 1):
        yield piece[i : i + 2]


def tokenize(text: str, *, cjk_unigrams: bool = True) -> list[str]:
    """Split text into lowercase tokens, in order, with repeats.

    Args:
        text: Any text: a query, a tool name, a description.
        cjk_unigrams: Also yield single CJK characters, besides bigrams.

    Returns:
        The tokens. Empty for text without letters or digits (emoji, punctuation).
    """
    tokens: list[str] = []
    for run in _WORD.findall(text):
        if run.isascii():  # no CJK in it: the common case, without the script split
            tokens.extend(part.lower() for part in _split_camel(run))
            continue
        for cjk, piece in _split_script(run):
            if cjk:
                tokens.extend(_cjk_tokens(piece, cjk_unigrams))
            else:
                tokens.extend(part.lower() for part in _split_camel(piece))
    return tokens


def unique_tokens(text: str, *, cjk_unigrams: bool = False) -> frozenset[str]:
    """The set of tokens of a text (CJK as bigrams only, unless asked)."""
    return frozenset(tokenize(text, cjk_unigrams=cjk_unigrams))
