"""Which of a tool's profile requests the first pass of the search holds: the few that cover the rest.

A profile holds about 8 requests a tool, so searching them all would search 9 vectors per
tool. The first pass holds ``PROFILE_VECTORS`` of them, picked greedily for coverage
(facility location over their cosines): first the request closest to all the others,
then each time the one that raises the others' best cosine to a kept request the most.
The order is the request's *cover rank* (0 first), computed from the tool's own vectors
alone when it is indexed and stored with each profile record (metadata ``cover``); a
store written before it has none, and the ranks are computed when it is read. The second
pass (``_matrix.search``) gives the ``SHORTLIST`` tools the first pass ranks best their
other requests. Every request still feeds BM25 (``profile_words``), and destroy-asking
requests are all in the first pass.

Both numbers were chosen by ``benchmarks/choose_profile_vectors.py``: the pair with the
fewest first-pass rows whose recall stays within half a point of one pass on every
development registry, alone and among 1,000 other tools, re-chosen leaving each out.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

__all__ = ["COVER_KEY", "PROFILE_VECTORS", "SHORTLIST", "cover_ranks", "served_rows"]

PROFILE_VECTORS = 1
"""Profile requests a tool keeps in the first pass (by cover rank); chosen by ``choose_profile_vectors.py``."""

SHORTLIST = 512
"""Tools the second pass completes with their other profile requests: the best by the first
pass (for the request and for each of its clauses); chosen by ``choose_profile_vectors.py``."""

COVER_KEY = "cover"
"""Record metadata of a profile request: its cover rank within its tool."""

_CHUNK = 4096
"""Tools ranked at once (each an n-by-n cosine block)."""


def cover_ranks(groups: Sequence[NDArray[np.float32]]) -> list[NDArray[np.int64]]:
    """Per group (one tool's request vectors, rows), each row's cover rank (0 = kept first).

    Groups of the same size are ranked together in one batch.
    """
    out: list[NDArray[np.int64]] = [np.zeros(0, dtype=np.int64)] * len(groups)
    by_size: dict[int, list[int]] = {}
    for i, group in enumerate(groups):
        by_size.setdefault(len(group), []).append(i)
    for size, members in by_size.items():
        if size == 0:
            continue
        for begin in range(0, len(members), _CHUNK):
            chunk = members[begin : begin + _CHUNK]
            ranks = _batch_ranks(np.stack([groups[i] for i in chunk]).astype(np.float32, copy=False))
            for i, rank in zip(chunk, ranks, strict=True):
                out[i] = rank
    return out


def _batch_ranks(vectors: NDArray[np.float32]) -> NDArray[np.int64]:
    """Cover ranks of ``vectors`` (tools, n, dim): greedy facility location over cosines."""
    tools, n, _ = vectors.shape
    norms = np.linalg.norm(vectors, axis=2, keepdims=True)
    unit = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    cos = unit @ unit.transpose(0, 2, 1)  # (tools, n, n)
    covered = np.full((tools, n), -1.0, dtype=np.float32)
    taken = np.zeros((tools, n), dtype=bool)
    ranks = np.zeros((tools, n), dtype=np.int64)
    everyone = np.arange(tools)
    for step in range(n):
        gain = np.maximum(cos - covered[:, :, None], 0.0).sum(axis=1)  # (tools, candidates)
        gain[taken] = -np.inf
        pick = np.argmax(gain, axis=1)  # ties: the earlier request
        ranks[everyone, pick] = step
        taken[everyone, pick] = True
        covered = np.maximum(covered, cos[everyone, :, pick])
    return ranks


def served_rows(
    owner: NDArray[np.int64],
    profile: NDArray[np.bool_],
    usable: NDArray[np.bool_],
    stored: Sequence[int | None],
    matrix: NDArray[np.float32],
    keep: int | None = None,
) -> NDArray[np.bool_]:
    """Per row, whether the search keeps it: every row but a tool's profile requests past ``keep``.

    ``profile``: rows of profile requests (not destroy-asking); ``usable``: rows that count
    towards ``keep`` (a foreign one, zeroed, stays as it is, and the next in cover order
    takes its place); ``stored``: per
    row, its stored cover rank (None: not stored, computed here from ``matrix``).
    """
    keep = PROFILE_VECTORS if keep is None else keep
    out = np.ones(len(owner), dtype=bool)
    rows = np.flatnonzero(profile)
    if not len(rows):
        return out
    out[rows] = False
    tools, starts = np.unique(owner[rows], return_index=True)
    bounds = [*starts.tolist(), len(rows)]
    groups = [rows[bounds[i] : bounds[i + 1]] for i in range(len(tools))]
    missing = [g for g in groups if any(stored[int(r)] is None for r in g)]
    computed = dict(zip((int(g[0]) for g in missing), cover_ranks([matrix[g] for g in missing]), strict=True))
    for group in groups:
        order = computed.get(int(group[0]))
        if order is None:
            order = np.array([int(stored[int(r)] or 0) for r in group], dtype=np.int64)
        ranked = group[np.argsort(order, kind="stable")]
        out[ranked[usable[ranked]][:keep]] = True
        out[group[~usable[group]]] = True  # zeroed, kept so that what was ignored is seen
    return out
