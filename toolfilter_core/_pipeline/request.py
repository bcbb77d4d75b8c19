"""Stage 1, the request: check what the caller passed and put the text in a form every stage can use."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .._config import ToolFilterConfig
from .._exceptions import QueryError
from .._policy import Policy

__all__ = ["Request", "check_request"]

_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class Request:
    """One call of ``select``: the request and what the caller said about it."""

    query: str
    k: int
    """At most this many tools when confident."""
    category: str | None = None
    confidence: float | None = None
    context: tuple[str, ...] = ()
    """Earlier user turns, oldest first."""
    sticky: Sequence[str] = ()
    """As given: checked where it is used (today's behaviour for a bad value)."""
    policy: Policy | None = None


def check_request(
    config: ToolFilterConfig,
    query: object,
    *,
    top_k: int | None,
    category: str | None,
    confidence: float | None,
    context: Sequence[str],
    sticky: Sequence[str],
    policy: Policy | None,
) -> Request:
    """The request as the pipeline takes it.

    Raises:
        QueryError: the query is not a string, is empty or too long; ``top_k`` or
            ``confidence`` is out of range.
    """
    text = valid_unicode(_check_query(config, query))
    turns = tuple(valid_unicode(t) if isinstance(t, str) else t for t in context)
    if top_k is not None and not (isinstance(top_k, int) and 1 <= top_k <= 128):
        msg = f"top_k: got {top_k!r}; allowed: an integer from 1 to 128"
        raise QueryError(msg)
    if confidence is not None and not (0.0 <= confidence <= 1.0):
        msg = f"confidence: got {confidence!r}; allowed: a number in [0.0, 1.0]"
        raise QueryError(msg)
    return Request(text, top_k or config.top_k, category, confidence, turns, sticky, policy)


def _check_query(config: ToolFilterConfig, query: object) -> str:
    if not isinstance(query, str):
        msg = f"query: expected a string, got {type(query).__name__}"
        raise QueryError(msg)
    if not query.strip():
        msg = "query: is empty; give the user's request as text"
        raise QueryError(msg)
    if len(query) > config.max_query_chars:
        msg = (
            f"query: {len(query):,} characters is over max_query_chars="
            f"{config.max_query_chars:,}; send the user's request, not whole documents"
        )
        raise QueryError(msg)
    return query


def valid_unicode(text: str) -> str:
    """Text as valid Unicode: unpaired surrogates (from broken UTF-16) become U+FFFD.

    Real embedders encode to UTF-8 first and fail on them, and so would JSON output.
    """
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
