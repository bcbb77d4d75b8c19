"""How close tools are, without an all-pairs matrix: definition similarity and overlapping requests.

Both work a block of rows at a time, so memory grows with the registry, not its square
(10,000 tools: blocks of 256 x 10,000 cosines).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["BLOCK", "DefinitionSims", "Shares", "entry_scores", "voice_overlap"]

BLOCK = 256
"""Rows per block of cosines."""
VOICE_FLOOR = 0.5
"""A "nobody" competitor at this cosine: a request far from everything shares itself with no tool."""
VOICE_TOP = 4
"""Per request, the tools whose share of it is kept (the rest are negligible)."""


class DefinitionSims:
    """Cosines of the tools' description vectors: each tool's mean and spread, and its nearest.

    ``z(i, j)``: the pair's cosine in standard deviations above each tool's mean cosine to
    the others (the mean of the two); ``nearest``: each tool's ``neighbours`` most similar.
    """

    def __init__(self, vectors: NDArray[np.float32], neighbours: int) -> None:
        self.vectors = np.asarray(vectors, dtype=np.float32)
        n = len(self.vectors)
        self.mean = np.zeros(n)
        self.std = np.ones(n)
        self.nearest: set[tuple[int, int]] = set()
        if n < 3:
            return
        take = min(neighbours, n - 1)
        for begin in range(0, n, BLOCK):
            sims = (self.vectors[begin : begin + BLOCK] @ self.vectors.T).astype(np.float64)
            rows = np.arange(len(sims))
            here = slice(begin, begin + len(sims))
            own = sims[rows, begin + rows].copy()
            self.mean[here] = (sims.sum(axis=1) - own) / (n - 1)
            squares = ((sims**2).sum(axis=1) - own**2) / (n - 1)
            self.std[here] = np.sqrt(np.maximum(squares - self.mean[here] ** 2, 0))
            sims[rows, begin + rows] = -np.inf
            top = np.argsort(-sims, axis=1, kind="stable")[:, :take]
            self.nearest.update((begin + int(r), int(c)) for r, row in enumerate(top) for c in row)
        self.std += 1e-9

    def cosine(self, i: int, j: int) -> float:
        """The cosine of tools ``i`` and ``j``."""
        return float(self.vectors[i] @ self.vectors[j])

    def z(self, i: int, j: int) -> float:
        """The pair's cosine above the two tools' usual, in their standard deviations (0 below 3 tools)."""
        if len(self.vectors) < 3:
            return 0.0
        s = self.cosine(i, j)
        return float(((s - self.mean[i]) / self.std[i] + (s - self.mean[j]) / self.std[j]) / 2.0)


Shares = dict[tuple[int, int], float]


def voice_overlap(
    owners: Sequence[int], requests: NDArray[np.float32], documents: NDArray[np.float32], temperature: float
) -> tuple[Shares, Shares]:
    """Per (a, b): b's mean share of a's requests when each is ranked over everyone else's.

    Each profile request is ranked, by cosine, over every tool's description and profile
    requests except itself; a tool counts its best. ``b``'s share is its weight in a softmax
    (``temperature``) over the tools and a "nobody" at ``VOICE_FLOOR``: a graded "b's users
    ask this". Two tools whose users' requests sit among each other's overlap, whatever
    words their descriptions use.
    ``owners``: each request's tool (requests of one tool next to each other).

    Also returns ``foreign``: per (a, b), the share of a's requests that sit nearer ``b``
    (its description or one of its requests) than their own tool (its description or its
    other requests): the requests the index calls foreign, by whom they are taken.
    """
    out: Shares = {}
    foreign: Shares = {}
    owner = np.asarray(owners, dtype=np.int64)
    counts = np.bincount(owner, minlength=len(documents)).tolist() if len(owner) else []
    for begin, per_tool in entry_scores(owner, requests, documents):
        _foreign(per_tool, owner[begin : begin + len(per_tool)], counts, foreign)
        top_value = np.maximum(per_tool.max(axis=1, keepdims=True), VOICE_FLOOR)
        weights = np.exp((per_tool - top_value) / temperature)
        weights /= weights.sum(axis=1, keepdims=True) + np.exp((VOICE_FLOOR - top_value) / temperature)
        top = np.argpartition(-weights, min(VOICE_TOP, weights.shape[1] - 1), axis=1)[:, : VOICE_TOP + 1]
        for r, columns in enumerate(top):
            a = int(owner[begin + r])
            for b in columns.tolist():
                if b != a:
                    out[(a, b)] = out.get((a, b), 0.0) + float(weights[r, b]) / counts[a]
    return out, foreign


def entry_scores(
    owner: NDArray[np.int64], requests: NDArray[np.float32], documents: NDArray[np.float32]
) -> Iterator[tuple[int, NDArray[np.float32]]]:
    """Per block of profile requests: each request's best cosine per tool, itself left out.

    A tool's entries are its description and its profile requests (``owner``: each request's
    tool, a tool's requests next to each other); a request never meets its own entry, so its
    own tool holds only its description and its other requests. Yields ``(begin, scores)``,
    ``scores[r, t]`` for request ``begin + r`` and tool ``t``. Nothing with fewer than two
    requests or tools.
    """
    if len(owner) < 2 or len(documents) < 2:
        return
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    grouped = owner[starts]
    for begin in range(0, len(owner), BLOCK):
        block = requests[begin : begin + BLOCK]
        rows = np.arange(len(block))
        to_requests = (block @ requests.T).astype(np.float32)
        to_requests[rows, begin + rows] = -np.inf  # not itself
        per_tool = (block @ documents.T).astype(np.float32)
        per_tool[:, grouped] = np.maximum(per_tool[:, grouped], np.maximum.reduceat(to_requests, starts, axis=1))
        yield begin, per_tool


def _foreign(per_tool: NDArray[np.float32], owner: NDArray[np.int64], counts: list[int], into: Shares) -> None:
    """Add each request's share to the tools (at most ``VOICE_TOP``) that sit nearer it than its own."""
    own = per_tool[np.arange(len(per_tool)), owner]
    for r in np.flatnonzero((per_tool > own[:, None]).any(axis=1)).tolist():
        a = int(owner[r])
        nearer = np.flatnonzero(per_tool[r] > own[r])
        for b in nearer[np.argsort(-per_tool[r, nearer])][:VOICE_TOP].tolist():
            into[(a, b)] = into.get((a, b), 0.0) + 1.0 / counts[a]
