"""Evaluation requests that repeat what the index already holds: a tool's profile request or trigger.

A request that is, word for word but for one word, a text indexed for a tool is not held out: the
index was built from it. ``toolfilter eval`` says which, so the figures are read for what they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._evaluate import LabelledQuery
from ._types import ToolSpec

__all__ = ["echoed_requests"]

_TOKEN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]|[^\W_]+")
_MIN_TOKENS = 6
"""Shorter texts ("cancel my order please", "好的谢谢") repeat by chance; they are never counted."""
_MAX_TOKENS = 60
"""Longer texts (a pasted log, a 1,000,000-character request) are no profile request: never compared (each
comparison costs its length squared)."""
_MAX_CHARS = 4 * _MAX_TOKENS * 10
"""A text longer than this is not even split into words."""


@dataclass(frozen=True, slots=True)
class Echo:
    """An evaluation request and the indexed text of a tool it repeats."""

    query: LabelledQuery
    tool: str
    text: str


def _tokens(text: str) -> tuple[str, ...]:
    """Words (a Chinese character is one), case folded, punctuation dropped; () for a text too long to compare."""
    if len(text) > _MAX_CHARS:
        return ()
    tokens = tuple(_TOKEN.findall(text.casefold()))
    return tokens if len(tokens) <= _MAX_TOKENS else ()


def _shapes(tokens: tuple[str, ...]) -> Iterable[tuple[str, ...]]:
    """``tokens`` and each of it with one token left out: two texts one word apart share a shape."""
    yield tokens
    for i in range(len(tokens)):
        yield tokens[:i] + tokens[i + 1 :]


def echoed_requests(tools: Sequence[ToolSpec], queries: Iterable[LabelledQuery]) -> list[Echo]:
    """The requests equal, but for a word added, dropped or changed, to a tool's profile request or trigger.

    Texts of fewer than ``_MIN_TOKENS`` words (a Chinese character is one) or more than ``_MAX_TOKENS`` are not
    compared.

    >>> from toolfilter_core import ToolSpec
    >>> from toolfilter_core._types import ToolProfile
    >>> written = ToolProfile(requests=("email the branch managers that it is down",))
    >>> asked = LabelledQuery("e1", "Email all branch managers that it is down!", ())
    >>> [echo.tool for echo in echoed_requests([ToolSpec("mail", "Send mail.", profile=written)], [asked])]
    ['mail']
    """
    index: dict[tuple[str, ...], tuple[str, str]] = {}
    for tool in tools:
        texts = (*tool.triggers, *(tool.profile.texts if tool.profile is not None else ()))
        for text in texts:
            tokens = _tokens(text)
            if len(tokens) >= _MIN_TOKENS:
                for shape in _shapes(tokens):
                    index.setdefault(shape, (tool.name, text))
    echoes = []
    for query in queries:
        tokens = _tokens(query.query)
        if len(tokens) < _MIN_TOKENS:
            continue
        found = next((index[shape] for shape in _shapes(tokens) if shape in index), None)
        if found is not None:
            echoes.append(Echo(query, *found))
    return echoes
