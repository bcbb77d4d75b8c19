"""One pure function per signal, each returning a value in [0, 1], and the combined score.

The formulas are the seed design's (see docs/scoring.md for a worked example):

* embed    = cosine similarity clamped to [0, 1]
* lexical  = |unique query tokens ∩ tokens of name, description, category| / |unique query tokens|
* tag      = |query tokens ∩ tag tokens| / |tag tokens|
* name     = 1 if the tool's name tokens all occur in the query, else 0
* category = 1 if the tool's category equals the requested category, else 0
* bm25     = the tool's BM25 score over the best tool's, damped when the best covers
  little of the query (ours; see _bm25.py; 0 when no tool shares a token with the query)
* argument = share of the request's kinds of values that the tool's parameters take (ours;
  see _arguments.py; absent, and its weight left out, when the request holds none)

combined = sum(w_i * s_i) / sum(w_i).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ._arguments import parameter_kinds
from ._config import SIGNALS
from ._tokenize import unique_tokens
from ._types import ToolSpec

__all__ = [
    "ToolTokens",
    "category_match",
    "clamp01",
    "combine",
    "combine_rows",
    "lexical_overlap",
    "lexical_score",
    "name_match",
    "tag_score",
]


def clamp01(value: float) -> float:
    """Clamp to [0, 1]."""
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else float(value)


class ToolTokens:
    """A tool's token sets, computed once per tool (registries are read far more than written)."""

    __slots__ = ("arguments", "lexical", "name", "tags")

    def __init__(self, tool: ToolSpec) -> None:
        """Tokenize the tool's name, description, category and tags; read its argument kinds."""
        self.name = unique_tokens(tool.name)
        self.lexical = self.name | unique_tokens(tool.description) | unique_tokens(tool.category or "")
        self.tags = frozenset().union(*(unique_tokens(tag) for tag in tool.tags))
        self.arguments = parameter_kinds(tool)


def lexical_overlap(query_tokens: frozenset[str], tool: ToolTokens) -> int:
    """Count of unique query tokens found in the tool's name, description or category."""
    return len(query_tokens & tool.lexical)


def lexical_score(query_tokens: frozenset[str], tool: ToolTokens) -> float:
    """Share of the unique query tokens found in the tool's name, description or category."""
    if not query_tokens:
        return 0.0
    return lexical_overlap(query_tokens, tool) / len(query_tokens)


def tag_score(query_tokens: frozenset[str], tool: ToolTokens) -> float:
    """Share of the tool's tag tokens that occur in the query (0 for a tool without tags)."""
    if not tool.tags:
        return 0.0
    return len(query_tokens & tool.tags) / len(tool.tags)


def name_match(query_tokens: frozenset[str], tool: ToolTokens) -> float:
    """1.0 when every token of the tool's name occurs in the query, else 0.0."""
    return 1.0 if tool.name and tool.name <= query_tokens else 0.0


def category_match(requested: str | None, tool: ToolSpec) -> float:
    """1.0 when a category was requested and the tool has it (case-insensitive), else 0.0."""
    if not requested or not tool.category:
        return 0.0
    return 1.0 if requested.casefold() == tool.category.casefold() else 0.0


def combine(signals: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """``sum(w * s) / sum(w)`` over the weighted signals (a missing one counts 0); 0 when every weight is 0."""
    row = [signals.get(name, 0.0) if name in weights else np.nan for name in SIGNALS]
    vector = [weights.get(name, 0.0) for name in SIGNALS]
    return float(combine_rows(np.array([row], dtype=np.float64), np.array(vector, dtype=np.float64))[0])


def combine_rows(signals: NDArray[np.float64], weights: NDArray[np.float64]) -> NDArray[np.float64]:
    """``sum(w * s) / sum(w)`` over the last axis, in ``SIGNALS`` order, over present signals.

    ``signals[..., j]`` is NaN where signal ``j`` is absent (``argument`` for a request that
    holds no argument value): its weight leaves both sums. 0 where no weight is left.
    """
    total = np.zeros(signals.shape[:-1], dtype=np.float64)
    summed = np.zeros(signals.shape[:-1], dtype=np.float64)
    present = ~np.isnan(signals)
    filled = np.where(present, signals, 0.0)
    for j, weight in enumerate(weights):  # one signal at a time, in order: the same sums to the last bit
        summed += weight * filled[..., j]
        total += weight * present[..., j]
    return np.divide(summed, total, out=np.zeros_like(summed), where=total > 0)
