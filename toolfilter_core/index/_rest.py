"""The second pass's rows: int8 profile requests, converted to float once per request.

A request is searched as several vectors (the whole request and each of its clauses), each
completing its own shortlist of tools (``_matrix._shortlist``) with their rows in ``rest``.
The shortlists overlap, so ``converted`` converts the union's rows once and gives each
vector its cosines over the rows it needs, with one matrix-vector product per group of
tools that the same vectors need (no row is converted twice, no vector multiplies rows it
does not need). ``rest_top_two`` is the same search for one vector alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["CHUNK_BYTES", "Converted", "converted", "rest_top_two", "top_two", "union"]

CHUNK_BYTES = 1 << 18
"""Bytes of float32 rows multiplied at a time (the first pass's, and the second pass's
converted), so that every vector's product reads them from the cache; the size with the
smallest mean ``select()`` time in ``benchmarks/rest_chunk.py`` (2,500 profiled tools)."""


def top_two(
    sims: NDArray[np.float32], starts: NDArray[np.int64], owner: NDArray[np.int64]
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Per group of rows (``starts``), its best and second-best value (-inf for a group of one)."""
    best = np.maximum.reduceat(sims, starts)
    # Mask the first row holding each group's best value, then take the max of the rest.
    at_best = np.where(sims >= best[owner], np.arange(len(sims)), len(sims))
    first = np.minimum.reduceat(at_best, starts)
    rest = sims.copy()
    rest[first] = -np.inf
    return best.astype(np.float32), np.maximum.reduceat(rest, starts).astype(np.float32)


def union(sets: Sequence[NDArray[np.int64]], tools: int) -> NDArray[np.int64]:
    """The tools in any of ``sets`` (tool positions below ``tools``), sorted."""
    seen = np.zeros(tools, dtype=bool)
    for found in sets:
        seen[found] = True
    return np.flatnonzero(seen)


def _runs(
    low: NDArray[np.int64], counts: NDArray[np.int64]
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """The rows of runs starting at ``low`` (``counts`` long) end to end, each run's first place, each row's run."""
    first = np.cumsum(counts) - counts
    rows = np.repeat(low - first, counts) + np.arange(int(counts.sum()))
    return rows, first, np.repeat(np.arange(len(counts)), counts)


def _empty() -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    empty = np.zeros(0, dtype=np.float32)
    return empty, empty


def rest_top_two(
    rest: NDArray[np.int8],
    scale: NDArray[np.float32],
    starts: NDArray[np.int64],
    vector: NDArray[np.float32],
    tools: NDArray[np.int64],
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Per tool of ``tools`` (each with rows in ``rest``), its best and second-best cosine there.

    ``starts``: per tool its first row in ``rest``, then the end. The tools' rows are
    converted for this vector alone.
    """
    if not len(tools):
        return _empty()
    rows, first, owner = _runs(starts[tools], starts[tools + 1] - starts[tools])
    sims = (rest[rows].astype(np.float32) @ vector) * scale[rows]
    return top_two(sims, first, owner)


@dataclass(frozen=True, slots=True)
class Converted:
    """Some tools' rows in ``rest``, converted once, and each vector's cosines over those it needs."""

    tools: NDArray[np.int64]
    """The tools, sorted."""
    member: NDArray[np.bool_]
    """Per tool (as ``tools``) and vector, whether the vector's cosines cover the tool's rows."""
    low: NDArray[np.int64]
    """Per tool (as ``tools``), its first row in ``cosines``."""
    counts: NDArray[np.int64]
    """Per tool (as ``tools``), its number of rows."""
    cosines: NDArray[np.float32]
    """Per vector and row, the scaled cosine (0 where the vector does not need the row)."""

    def top_two(self, vector: int, tools: NDArray[np.int64]) -> tuple[NDArray[np.float32], NDArray[np.float32]] | None:
        """As ``rest_top_two`` for the ``vector``-th vector; None when some of ``tools`` is not covered for it."""
        if not len(tools):
            return _empty()
        at = np.searchsorted(self.tools, tools)
        if at.max() >= len(self.tools) or not (self.tools[at] == tools).all() or not self.member[at, vector].all():
            return None
        rows, first, owner = _runs(self.low[at], self.counts[at])
        return top_two(self.cosines[vector, rows], first, owner)


def converted(
    rest: NDArray[np.int8],
    scale: NDArray[np.float32],
    starts: NDArray[np.int64],
    vectors: NDArray[np.float32],
    needs: Sequence[NDArray[np.int64]],
) -> Converted:
    """Every needed tool's rows in ``rest`` as float once, and each vector's cosines over its own tools' rows.

    ``needs``: per vector, its tools. The tools are laid out by the set of vectors needing
    them, so that each set's rows are one slice: one product per set and vector, on a view.
    """
    tools = union(needs, len(starts) - 1)
    member = np.zeros((len(tools), len(vectors)), dtype=bool)
    for column, need in enumerate(needs):
        member[np.searchsorted(tools, need), column] = True
    order = np.lexsort(member.T[::-1]) if len(vectors) else np.arange(len(tools))
    laid = tools[order]
    counts = starts[laid + 1] - starts[laid]
    rows, first, _ = _runs(starts[laid], counts)
    cosines = np.zeros((len(vectors), len(rows)), dtype=np.float32)
    grouped = member[order]
    cuts = np.flatnonzero(np.r_[True, (grouped[1:] != grouped[:-1]).any(axis=1), True]) if len(laid) else ()
    ends = first + counts
    step = min(max(CHUNK_BYTES // (4 * max(rest.shape[1], 1)), 1), max(len(rows), 1))
    buffer = np.empty((step, rest.shape[1]), dtype=np.float32)
    for begin, stop in zip(cuts[:-1], cuts[1:], strict=True):  # the tools needed by the same vectors
        columns = np.flatnonzero(grouped[begin]).tolist()
        for a in range(int(first[begin]), int(ends[stop - 1]), len(buffer)):
            b = min(a + len(buffer), int(ends[stop - 1]))
            block = buffer[: b - a]
            block[...] = rest[rows[a:b]]  # converted once, multiplied while in the cache
            for column in columns:
                np.matmul(block, vectors[column], out=cosines[column, a:b])
    cosines *= scale[rows]
    low, length = np.empty(len(tools), dtype=np.int64), np.empty(len(tools), dtype=np.int64)
    low[order], length[order] = first, counts
    return Converted(tools, member, low, length, cosines)
