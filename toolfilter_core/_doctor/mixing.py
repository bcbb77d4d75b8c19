"""Whether the users' requests tell two tools apart: each request against every tool's centroid.

A tool's centroid is the mean of its description vector (weighed as ``DESCRIPTION_WEIGHT``
requests) and its profile requests' vectors (without the request at hand, for its own tool).
A request nearer another tool's centroid than its own is one the users' words cannot place;
two tools with many such requests each way do the same thing (``crowding.DUPLICATE_MIXED``).
A centroid evens out what one request says besides the act (an id, a name, a date), which a
nearest request does not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._types import ToolSpec
from .acts import acts_differ
from .closeness import BLOCK, Shares
from .definitions import language_of
from .timeframe import now_beside_history

__all__ = ["DESCRIPTION_WEIGHT", "centroid_mixing", "mixed_apart"]

DESCRIPTION_WEIGHT = 1.0
"""The description's weight in a tool's centroid, in requests (benchmarks/doctor_duplicates.py
--choose chose it with ``crowding.DUPLICATE_MIXED`` on dev registries)."""
MIXING_TOP = 4
"""Per request, at most this many other tools nearer than its own are counted (the nearest)."""


def _unit(rows: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """The rows scaled to length 1, and which rows had a length to scale."""
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    some = norms[:, 0] > 1e-12
    return rows / np.where(norms > 1e-12, norms, 1.0), some


def centroid_mixing(owners: Sequence[int], requests: NDArray[np.float32], documents: NDArray[np.float32]) -> Shares:
    """Per (a, b): the share of ``a``'s profile requests nearer ``b``'s centroid than ``a``'s own.

    ``owners``: each request's tool (an index into ``documents``); only tools with requests
    have a centroid to be nearer to. Works a block of requests at a time.
    """
    out: Shares = {}
    owner = np.asarray(owners, dtype=np.int64)
    if len(owner) < 2 or len(documents) < 2:
        return out
    profiled = np.unique(owner)
    column = np.searchsorted(profiled, owner)
    sums = DESCRIPTION_WEIGHT * np.asarray(documents, dtype=np.float64)[profiled]
    vectors = np.asarray(requests, dtype=np.float64)
    np.add.at(sums, column, vectors)
    centroids, _ = _unit(sums)
    counts = np.bincount(owner).tolist()
    for begin in range(0, len(owner), BLOCK):
        block = vectors[begin : begin + BLOCK]
        rows = np.arange(len(block))
        here = column[begin : begin + len(block)]
        sims = block @ centroids.T
        own, some = _unit(sums[here] - block)  # its own tool's centroid without it
        own_sims = np.where(some, (block * own).sum(axis=1), np.inf)  # nothing else of its own: no evidence
        sims[rows, here] = -np.inf
        for r in np.flatnonzero((sims >= own_sims[:, None]).any(axis=1)).tolist():
            nearer = np.flatnonzero(sims[r] >= own_sims[r])
            a = int(owner[begin + r])
            for c in nearer[np.argsort(-sims[r, nearer])][:MIXING_TOP].tolist():
                key = (a, int(profiled[c]))
                out[key] = out.get(key, 0.0) + 1.0 / counts[a]
    return out


def mixed_apart(a: ToolSpec, b: ToolSpec, parts: Mapping[str, float], *, third: bool = False) -> str:
    """Why two tools whose users' requests mix are two tools, or '': ``acts_differ``, two reads of other things, ...

    Two reads of different things whose definitions, in one language, share only common words (the pair's ``reads``
    part, ``acts.other_reads``: ``collection_search`` beside ``shop_product_search``, sharing "search") are two
    tools: their requests mix by the common words. Not across two languages, whose definitions share no word at all.
    Nor are two reads whose descriptions say other times (``timeframe.now_beside_history``: what a member owes now
    beside a list of their payments).

    ``third``: one of the two is told the duplicate of a third tool by their definitions (two reads of one thing
    by one key). Then names on other things doing other kinds of act (``acts.other_errand``, the pair's ``errand``
    part: ``mailinglist_info`` beside ``sympa_list_subscribers``, beside ``list_members_export``) are two tools:
    short requests naming the same records (a list's name) mix by those names, not by one act.
    """
    said = acts_differ(a, b)
    if said:
        return said
    if parts.get("reads") and language_of(a.description) == language_of(b.description):
        return f"{a.name} and {b.name} read different things and share only common words"
    said = now_beside_history(a, b)
    if said:
        return said
    if not (third and parts.get("errand")):
        return ""
    return f"{a.name} and {b.name} name other things and other kinds of act"
