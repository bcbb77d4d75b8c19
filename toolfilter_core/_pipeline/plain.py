"""Plain mode (advanced filtering off): embedding top-k above a threshold."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._signals import clamp01
from .._snapshot import Snapshot
from .._types import Reason, ScoreBreakdown, ScoredTool

__all__ = ["plain_top_k"]


def plain_top_k(
    snapshot: Snapshot, config: ToolFilterConfig, sims: NDArray[np.float32], verdicts: list[Reason | None], k: int
) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """The ``k`` most similar usable tools above ``similarity_threshold``, and the rest of the pool."""
    weights = {"embed": 1.0}
    selected: list[ScoredTool] = []
    rejected: list[ScoredTool] = []
    n = max(config.pool_size, k)
    top: Sequence[int] = range(len(snapshot.tools))
    if n < len(snapshot.tools):  # partition first: sorting 50,000 tools per query costs ~50 ms
        cut = float(np.partition(sims, len(sims) - n)[len(sims) - n])
        top = np.flatnonzero(sims >= cut).tolist()  # ties at the cut stay, the name decides
    order = sorted(top, key=lambda i: (-float(sims[i]), snapshot.tools[i].name))
    for i in order[:n]:
        sim = float(sims[i])
        breakdown = ScoreBreakdown({"embed": clamp01(sim)}, weights, clamp01(sim))
        reason = verdicts[i]
        if reason is None and sim <= 0.0:
            reason = Reason.ZERO_SCORE
        elif reason is None and sim < config.similarity_threshold:
            reason = Reason.BELOW_MIN_SIMILARITY
        elif reason is None and len(selected) >= k:
            reason = Reason.BELOW_TOP_K
        item = ScoredTool(snapshot.tools[i], breakdown, reason)
        (rejected if reason else selected).append(item)
    return selected, rejected
