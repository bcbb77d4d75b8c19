"""A request's confidence read among the tools the destructive guard does not hold.

"gift card balance GC-1" ranks ``gift_card_balance`` (.686) first and ``gift_card_expire`` (.684) second; the guard
holds the destroyer, yet the gap to it (.002) made the request look unsure and the selection widened to eight tools.
The verdict (the top reaches ``min_score`` and leads the second by ``min_gap``, or is alone) is read over the
candidates not held; a row whose every candidate is held keeps the verdict over them all.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .route import Routing

__all__ = ["confident_rows"]


def confident_rows(
    score: NDArray[np.float64], survivor: NDArray[np.bool_], routing: Routing, held: NDArray[np.bool_] | None = None
) -> NDArray[np.bool_]:
    """Per row (candidates sorted best first): the top is confident among the survivors not ``held``."""
    if held is not None:  # a held top keeps the verdict over them all (its cut: ``route.held_floor``)
        held = held & ~held[:, :1]
    kept: NDArray[np.bool_] = survivor if held is None else survivor & ~held
    any_kept: NDArray[np.bool_] = np.asarray(kept.any(axis=1))
    kept = np.where(any_kept[:, None], kept, survivor)
    ranked = -np.sort(-np.where(kept, score, -np.inf), axis=1)
    count = kept.sum(axis=1)
    top = np.where(count >= 1, ranked[:, 0], 0.0)
    second = np.where(count > 1, ranked[:, 1] if ranked.shape[1] > 1 else 0.0, 0.0)
    out: NDArray[np.bool_] = (
        (count >= 1) & (top >= routing.min_score) & ((count == 1) | (top - second >= routing.min_gap))
    )
    return out
