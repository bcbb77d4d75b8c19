"""Stage 5, abstaining: say "no tool fits" for a request that reads like one needing none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._snapshot import Snapshot

__all__ = ["Abstain", "abstain_gap"]


@dataclass(frozen=True, slots=True)
class Abstain:
    """The closest abstain phrase's cosine minus the best tool's, and which phrase it is."""

    gap: float
    phrase: int


def abstain_gap(
    snapshot: Snapshot,
    phrases: Callable[[], NDArray[np.float32] | None],
    kinds: frozenset[str],
    vector: NDArray[np.float32],
    authored: NDArray[np.float32],
) -> Abstain | None:
    """How much closer the request sits to an abstain phrase than to the best usable tool.

    ``phrases``: gives the abstain phrases' vectors (None: abstention is off), embedded on
    first use. ``authored``: per
    tool, the best cosine over the vectors its author wrote, -inf for tools the caller may
    not use. Examples learned from use are left out on purpose: they read like requests,
    so they would out-score the abstain phrases for any request at all.

    None when abstention is off, no tool is usable, or the request carries a value of a
    kind some tool takes: a request that names a file, a URL or an address asks to act on
    it, however chatty it reads ("banner.jpg 传不上去，帮我给它瘦个身").
    """
    if kinds & snapshot.argument_kinds:
        return None
    vectors = phrases()
    if vectors is None or not len(authored) or not np.isfinite(authored).any():
        return None
    closeness = vectors @ vector
    closest = int(np.argmax(closeness))
    return Abstain(float(closeness[closest]) - float(np.max(authored)), closest)
