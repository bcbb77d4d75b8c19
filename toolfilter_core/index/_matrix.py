"""The in-memory search matrix: one row per stored vector, grouped by tool, stuffed triggers ignored."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._tool_profiles.guard import near_misses_apart
from .._types import ToolSpec
from ._records import DESTROY_KIND, EXAMPLE_KIND, PROFILE_KIND, Record

__all__ = ["SearchRows", "ToolSims", "per_vector", "search", "search_rows"]

logger = logging.getLogger("toolfilter")


@dataclass(frozen=True, slots=True)
class SearchRows:
    """The vectors of the served tools, as ``ToolIndex`` searches them."""

    matrix: NDArray[np.float32]
    owner: NDArray[np.int64]
    """Per row, the position of its tool."""
    texts: list[str]
    """Per row, the stored text (the description for a doc row)."""
    starts: NDArray[np.int64]
    """Per tool, its first row (rows are grouped by tool, in tool order)."""
    learned: NDArray[np.bool_]
    """Per row, an example learned from use."""
    foreign: NDArray[np.bool_]
    """Per row, a trigger left out of the search (``ignore_foreign_triggers``)."""
    one_per_tool: bool
    """One vector per tool, in tool order: a tool's cosine is its best, second and authored."""
    voice: NDArray[np.bool_]
    """Per row, a profile request (``requests`` or ``destroy``) of its tool."""
    destroy: NDArray[np.bool_]
    """Per row, a destroy-asking profile request."""
    no_tool: NDArray[np.float32]
    """The registry's near-miss requests' vectors (rows; none without profiles)."""
    no_tool_texts: tuple[str, ...] = ()

    @property
    def voiced(self) -> bool:
        """Some tool has profile requests."""
        return bool(self.voice.any())


def search_rows(
    tools: Sequence[ToolSpec], rows: Sequence[Record], owner: Sequence[int], no_tool: Sequence[Record] = ()
) -> SearchRows:
    """Stack the records' vectors (grouped by tool) and ignore foreign triggers, logging them."""
    if rows:
        matrix = np.ascontiguousarray(
            np.vstack([r.embedding for r in rows if r.embedding is not None]), dtype=np.float32
        )
    else:
        matrix = np.zeros((0, 0), dtype=np.float32)
    owners = np.array(owner, dtype=np.int64)
    texts = [
        tools[i].description if r.metadata.get("kind") == "doc" else r.document
        for r, i in zip(rows, owner, strict=True)
    ]
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if rows else np.zeros(0, dtype=np.int64)
    learned = np.array([r.metadata.get("kind") == EXAMPLE_KIND for r in rows], dtype=bool)
    kinds = [r.metadata.get("kind") for r in rows]
    triggers = np.array([k == "trigger" for k in kinds], dtype=bool)
    voice = np.array([k in (PROFILE_KIND, DESTROY_KIND) for k in kinds], dtype=bool)
    destroy = np.array([k == DESTROY_KIND for k in kinds], dtype=bool)
    foreign = ignore_foreign_triggers(matrix, owners, starts, triggers, voice)
    for position, count in sorted(Counter(owners[foreign].tolist()).items()):
        logger.warning(
            "toolfilter: tool %r: %d of its triggers or profile requests sit closer to other tools' "
            "descriptions or profiles and are ignored",
            tools[position].name,
            count,
        )
    one_per_tool = bool(np.array_equal(owners, np.arange(len(tools))))
    near_misses = [r for r in no_tool if r.embedding is not None]
    vectors = [r.embedding for r in near_misses if r.embedding is not None]
    if vectors:
        no_tool_matrix = np.ascontiguousarray(np.vstack(vectors), dtype=np.float32)
        names = [t.name for t in tools]  # a near miss that reads like a tool's own requests is left out
        keep = near_misses_apart(
            no_tool_matrix, [r.document for r in near_misses], matrix, owners, starts, voice, names
        )
        no_tool_matrix, near_misses = no_tool_matrix[keep], [r for r, k in zip(near_misses, keep, strict=True) if k]
    else:
        no_tool_matrix = np.zeros((0, matrix.shape[1] if matrix.ndim == 2 else 0), dtype=np.float32)
    return SearchRows(
        matrix,
        owners,
        texts,
        starts,
        learned,
        foreign,
        one_per_tool,
        voice,
        destroy,
        no_tool_matrix,
        tuple(r.document for r in near_misses),
    )


@dataclass(frozen=True, slots=True)
class ToolSims:
    """One request's cosines to a registry, per tool (index order), from one search."""

    best: NDArray[np.float32]
    second: NDArray[np.float32]
    authored: NDArray[np.float32]
    """Best over the author's and the profile's vectors, no learned examples (a tool with a
    single vector: its one cosine is best, second and authored)."""
    voice: NDArray[np.float32] | None
    """Best over the tool's profile requests, -inf for a tool without; None: no profiles here."""
    destroy: NDArray[np.float32] | None
    """Best over the tool's destroy-asking requests, -inf for a tool without; None: no profiles."""
    near_miss: NDArray[np.float32] | None
    """Cosine to each of the registry's near-miss requests; None when it has none."""
    plain: NDArray[np.float32] | None = None
    """Best over the tool's profile requests that do not ask to destroy, -inf for a tool
    without; None: no profiles here."""
    per_clause: NDArray[np.float32] | None = None
    """Per tool and clause, the tool's best cosine to it (when clauses were searched)."""


def search(
    r: SearchRows, query_vector: NDArray[np.float32], tools: int, clauses: NDArray[np.float32] | None = None
) -> ToolSims:
    """Per tool (in the rows' tool order): every cosine summary a selection uses, in one pass.

    ``clauses``: more query vectors (a request's clauses), each a tool's best cosine
    (``ToolSims.per_clause``).
    """
    if not len(r.owner):
        empty = np.zeros(tools, dtype=np.float32)
        none = None if clauses is None else np.full((tools, len(clauses)), -np.inf, dtype=np.float32)
        return ToolSims(empty, empty, empty, None, None, None, None, none)
    sims = r.matrix @ query_vector
    per_clause = per_vector(r, clauses) if clauses is not None and len(clauses) else None
    near_miss = r.no_tool @ query_vector if len(r.no_tool) else None
    if r.one_per_tool:
        sims = sims.astype(np.float32, copy=False)
        return ToolSims(sims, sims, sims, None, None, near_miss, None, per_clause)
    best = np.maximum.reduceat(sims, r.starts)
    # Mask the first row holding each tool's best value, then take the max of the rest.
    rows = np.arange(len(sims))
    at_best = np.where(sims >= best[r.owner], rows, len(sims))
    first = np.minimum.reduceat(at_best, r.starts)
    rest = sims.copy()
    rest[first] = -np.inf
    second = np.maximum.reduceat(rest, r.starts)
    second = np.where(np.isfinite(second), second, best)
    authored = best
    if r.learned.any():  # every tool has its doc vector, so no group is all -inf
        authored = np.maximum.reduceat(np.where(r.learned, -np.inf, sims), r.starts)
    voice = destroy = plain = None
    if r.voiced:
        voiced = r.voice & ~r.foreign
        voice = np.maximum.reduceat(np.where(voiced, sims, -np.inf), r.starts).astype(np.float32)
        destroy = np.maximum.reduceat(np.where(voiced & r.destroy, sims, -np.inf), r.starts).astype(np.float32)
        plain = np.maximum.reduceat(np.where(voiced & ~r.destroy, sims, -np.inf), r.starts).astype(np.float32)
    return ToolSims(
        best.astype(np.float32),
        second.astype(np.float32),
        authored.astype(np.float32),
        voice,
        destroy,
        near_miss,
        plain,
        per_clause,
    )


def per_vector(r: SearchRows, vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per tool and vector, the tool's best cosine to it: shape (tools, vectors).

    One matrix-vector product per vector: with OpenBLAS a thin matrix product over a large
    matrix (a profiled registry's) measured two to three times slower than the products one
    at a time.
    """
    each = np.column_stack([r.matrix @ vector for vector in vectors])
    per_tool = each if r.one_per_tool else np.maximum.reduceat(each, r.starts, axis=0)
    return per_tool.astype(np.float32, copy=False)


# A trigger closer than this to another tool's description than to its own tool's, and at
# least _FOREIGN_FLOOR close to it, describes another tool: it is left out of the search.
_FOREIGN_MARGIN = 0.1
_FOREIGN_FLOOR = 0.6
_FOREIGN_CELLS = 2**22  # cosines computed at once (16 MB): about 80 triggers at a time over 50,000 tools


def ignore_foreign_triggers(
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    starts: NDArray[np.int64],
    triggers: NDArray[np.bool_],
    voice: NDArray[np.bool_],
) -> NDArray[np.bool_]:
    """Zero the rows of triggers and profile requests that describe another tool; return their mask.

    A tool whose triggers copy other tools' descriptions would sit near every request those
    tools serve. A trigger is foreign when some other tool's description vector is closer to
    it by ``_FOREIGN_MARGIN`` than its own tool's, and at least ``_FOREIGN_FLOOR`` close. The
    bundled kit's 146 authored triggers: none is foreign with use-m3 (tests/unit/test_index.py
    checks it with the hashing embedder).

    A profile request (``voice`` rows) is measured against each tool's description and the
    centroid of its profile requests, its own tool's included: a request copied from
    another tool's profile (a writer that obeyed an injected "write generic requests for
    me") sits on that tool's centroid, far from its own tool's.
    """
    foreign = np.zeros(len(owner), dtype=bool)
    if len(starts) < 2:
        return foreign
    docs = matrix[starts]
    _mark(foreign, matrix, owner, np.flatnonzero(triggers), (docs,))
    if voice.any():
        rows = np.flatnonzero(voice)
        centroids = np.zeros_like(docs)
        np.add.at(centroids, owner[rows], matrix[rows])
        norms = np.linalg.norm(centroids, axis=1, keepdims=True)
        centroids = np.divide(centroids, norms, out=np.zeros_like(centroids), where=norms > 0)
        _mark(foreign, matrix, owner, rows, (docs, centroids))
    if foreign.any():
        matrix[foreign] = 0.0
    return foreign


def _mark(
    foreign: NDArray[np.bool_],
    matrix: NDArray[np.float32],
    owner: NDArray[np.int64],
    rows: NDArray[np.int64],
    targets: tuple[NDArray[np.float32], ...],
) -> None:
    """Mark ``rows`` closer to another tool's target vectors than to their own tool's."""
    step = max(1, _FOREIGN_CELLS // (len(targets[0]) * len(targets)))
    for begin in range(0, len(rows), step):
        chunk = rows[begin : begin + step]
        cos = matrix[chunk] @ targets[0].T  # (rows, tools)
        for more in targets[1:]:
            np.maximum(cos, matrix[chunk] @ more.T, out=cos)
        own = cos[np.arange(len(chunk)), owner[chunk]]
        cos[np.arange(len(chunk)), owner[chunk]] = -np.inf
        other = cos.max(axis=1)
        foreign[chunk] = (other >= own + _FOREIGN_MARGIN) & (other >= _FOREIGN_FLOOR)
