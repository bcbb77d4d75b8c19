"""With profiles, which requests a selection would not serve: their own tool out of the best ``k``.

Each profile request is ranked over the index a profiled registry serves: every tool's
description and profile requests, by cosine, a tool counting its best entry
(``closeness.entry_scores``), leave-one-out: the request never meets its own entry. A request
whose own tool is not among the best ``top_k`` is lost: a selection of ``top_k`` tools does not
send its tool, and the tool ranked first took its place. Two tools close by their pair score
whose requests never lose their tool to each other are kept apart by their users' requests.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .closeness import entry_scores

__all__ = ["Lost", "lost_requests"]

Lost = dict[tuple[int, int], int]
"""Per (a, b): how many of ``a``'s profile requests leave ``a`` out of the best ``top_k``, ``b`` first."""


def lost_requests(
    owners: Sequence[int], requests: NDArray[np.float32], documents: NDArray[np.float32], *, top_k: int
) -> Lost:
    """Per (a, b): how many of ``a``'s requests rank ``a`` below the best ``top_k`` tools, ``b`` first.

    ``owners``: each request's tool (an index into ``documents``, a tool's requests next to each
    other); ``requests``: their vectors, in that order. A tie with the own tool counts for it.
    """
    owner = np.asarray(owners, dtype=np.int64)
    out: Lost = {}
    for begin, scores in entry_scores(owner, requests, documents):
        mine = owner[begin : begin + len(scores)]
        own = scores[np.arange(len(scores)), mine]
        above = (scores > own[:, None]).sum(axis=1)
        best = np.argmax(scores, axis=1)
        for r in np.flatnonzero(above >= top_k).tolist():
            key = (int(mine[r]), int(best[r]))
            out[key] = out.get(key, 0) + 1
    return out
