"""Ranking: each pool candidate's signals, its combined score, and the score gates.

``combine_rows`` (``_signals.py``) is the one implementation of the combined score: ``select``
calls it for one request's pool, ``toolfilter fit`` for every fit query and weight vector at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._arguments import argument_fit
from .._config import SIGNALS, ToolFilterConfig
from .._signals import category_match, clamp01, combine_rows, lexical_overlap, lexical_score, name_match, tag_score
from .._snapshot import Snapshot
from .._tokenize import unique_tokens
from .._types import Reason, ScoreBreakdown, ScoredTool
from .claims import cap_arguments

__all__ = ["combine_rows", "rank_key", "score", "signal_rows"]


def rank_key(scored: ScoredTool) -> tuple[float, float, str]:
    """The order of candidates: combined score, then embedding similarity, down; then name, up."""
    return (-scored.score, -scored.breakdown.signals["embed"], scored.name)


def signal_rows(rows: Sequence[Mapping[str, float]]) -> NDArray[np.float64]:
    """Signal dicts as a (candidates, SIGNALS) array, NaN for an absent signal."""
    if not rows:
        return np.full((0, len(SIGNALS)), np.nan, dtype=np.float64)
    return np.array([[row.get(name, np.nan) for name in SIGNALS] for row in rows], dtype=np.float64)


def score(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    query: str,
    kinds: frozenset[str],
    pool: list[int],
    similarities: tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]],
    category: str | None,
    gate: str | None,
    named: frozenset[str] = frozenset(),
) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """Score every pool candidate, then gate: (survivors best first, the dropped with reasons).

    ``kinds``: the kinds of argument values in the request (``request_kinds``).
    ``similarities``: per tool, the best and second-best cosine and the BM25 score.
    ``named``: the categories (servers) the request names (``ServerNames``); the
    ``category`` signal is 1 for their tools when the caller gave no ``category``.
    """
    sims, second, bm25 = similarities
    query_tokens = unique_tokens(query)
    weights = config.weights.resolved()
    if not kinds:  # no value of a known kind: the argument signal is absent, not 0
        del weights["argument"]
    if not category and not named:  # no category asked for or named: absent, not 0
        del weights["category"]
    rows: list[dict[str, float]] = []
    for i in pool:
        tool, tokens = snapshot.tools[i], snapshot.tokens[i]
        signals = {
            "embed": clamp01(float(sims[i])),
            "support": clamp01(float(second[i])),
            "lexical": lexical_score(query_tokens, tokens),
            "tag": tag_score(query_tokens, tokens),
            "name": name_match(query_tokens, tokens),
            "bm25": float(bm25[i]),
        }
        if category or named:
            signals["category"] = category_match(category, tool) if category else float(tool.category in named)
        if kinds:
            signals["argument"] = argument_fit(kinds, tokens.arguments)
        rows.append(signals)
    cap_arguments(rows, [snapshot.domains[i] for i in pool], [snapshot.tools[i].name for i in pool])
    vector = np.array([weights.get(name, 0.0) for name in SIGNALS], dtype=np.float64)
    combined = combine_rows(signal_rows(rows), vector) if rows else np.zeros(0)
    survivors: list[ScoredTool] = []
    dropped: list[ScoredTool] = []
    for i, signals, value in zip(pool, rows, combined.tolist(), strict=True):
        tool, tokens = snapshot.tools[i], snapshot.tokens[i]
        reason = None
        if gate is not None and (tool.category or "").casefold() != gate:
            reason = Reason.CATEGORY_GATE
        elif lexical_overlap(query_tokens, tokens) < config.min_lexical_overlap:
            reason = Reason.BELOW_MIN_OVERLAP
        elif value <= 0.0:
            reason = Reason.ZERO_SCORE
        elif value < config.min_combined_score:
            reason = Reason.BELOW_MIN_COMBINED
        scored = ScoredTool(tool, ScoreBreakdown(signals, weights, value), reason)
        (dropped if reason else survivors).append(scored)
    survivors.sort(key=rank_key)
    return survivors, dropped
