"""The fit's split of the labelled queries, and threshold candidates read off an embedder's scores."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._evaluate import LabelledQuery
from .._exceptions import ConfigError

__all__ = ["split_queries", "threshold_candidates"]

# Quantile levels of the observed scores that become threshold candidates.
_SCORE_LEVELS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
_GAP_LEVELS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
_FLOOR_LEVELS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
_ABSTAIN_LEVELS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 1.0)


# ----- the split -----


def _train_count(n: int, share: float) -> int:
    if n <= 1:
        return n
    return min(n - 1, max(1, round(n * share)))


def split_queries(
    queries: Sequence[LabelledQuery], *, split: float = 0.5, seed: int = 0
) -> tuple[list[LabelledQuery], list[LabelledQuery]]:
    """Split labelled queries into (fit, held-out), deterministically.

    Tool queries and no-tool queries are shuffled separately with ``random.Random(seed)``
    and each group gives ``round(n * split)`` queries to the fit split (at least one to each
    side when the group has two or more). Both splits keep the input order.

    Raises:
        ConfigError: ``split`` is not strictly between 0 and 1.
    """
    if not (0.0 < split < 1.0):
        msg = f"split: got {split!r}; allowed: the share of queries to fit on, strictly between 0.0 and 1.0"
        raise ConfigError(msg)
    rng = random.Random(seed)
    chosen: set[int] = set()
    for wants_tool in (True, False):
        group = [i for i, q in enumerate(queries) if bool(q.gold) == wants_tool]
        rng.shuffle(group)
        chosen.update(group[: _train_count(len(group), split)])
    fit = [q for i, q in enumerate(queries) if i in chosen]
    held = [q for i, q in enumerate(queries) if i not in chosen]
    return fit, held


# ----- threshold candidates -----


def _levels(values: NDArray[np.float64], levels: Sequence[float], low: float, high: float) -> set[float]:
    values = values[~np.isnan(values)]  # NaN: a request the rule never abstains on
    if not len(values):
        return set()
    return {round(float(np.clip(v, low, high)), 3) for v in np.quantile(values, levels)}


def threshold_candidates(
    top_scores: Sequence[float] | NDArray[np.float64],
    gaps: Sequence[float] | NDArray[np.float64],
    abstain_gaps: Sequence[float] | NDArray[np.float64] = (),
    *,
    off: float = 1.0,
) -> dict[str, tuple[float, ...]]:
    """Threshold values worth trying, read off one embedder's score distribution.

    Args:
        top_scores: Best combined score per fit query.
        gaps: Best minus second-best combined score per fit query.
        abstain_gaps: Per fit query, the value the abstain rule compares with its threshold
            (the margin rule's gap, the relative rule's evidence, or with tool profiles the voice
            rule's: closest no-tool request minus closest profile request).
        off: A threshold no request reaches.

    Returns:
        Candidates per field, sorted: ``min_score`` and ``min_combined_score`` at quantiles
        of the top scores (plus 0: off), ``min_gap`` at quantiles of the gaps (plus 0), and
        ``abstain_margin`` at upper quantiles of the abstain gaps (plus ``off``: practically
        off; 1.0 for the margin rule, 3.0 for the relative rule's evidence, 2.0 for the voice
        rule's).
    """
    tops = np.asarray(top_scores, dtype=np.float64)
    gap = np.asarray(gaps, dtype=np.float64)
    abstain = np.asarray(abstain_gaps, dtype=np.float64)
    return {
        "min_score": tuple(sorted({0.0} | _levels(tops, _SCORE_LEVELS, 0.0, 1.0))),
        "min_gap": tuple(sorted({0.0} | _levels(gap, _GAP_LEVELS, 0.0, 1.0))),
        "min_combined_score": tuple(sorted({0.0} | _levels(tops, _FLOOR_LEVELS, 0.0, 1.0))),
        "abstain_margin": tuple(sorted({off} | _levels(abstain, _ABSTAIN_LEVELS, -1.0, off))),
    }
