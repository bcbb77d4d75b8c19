"""Reading and ranking: every tool's similarity to the request, and the pool worth scoring.

The pool is the embedding top-N union the BM25 top-N over the tools the caller may use
(BM25 only where a token is shared).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._signals import clamp01
from .._snapshot import Snapshot, in_registry_order
from .._types import ScoreBreakdown
from .vectors import RequestVectors

__all__ = ["Similarities", "clause_similarities", "embed_only", "pool", "similarities", "top_indices"]


@dataclass(frozen=True, slots=True)
class Similarities:
    """Per tool (registry order): cosines of the request to the tool's vectors."""

    best: NDArray[np.float32]
    """Best cosine over the tool's vectors, lifted by any clause's."""
    second: NDArray[np.float32]
    """Second-best cosine of the whole request (the ``support`` signal)."""
    authored: NDArray[np.float32]
    """Best cosine over the vectors the tool's author wrote (no learned examples)."""
    per_clause: NDArray[np.float32] | None
    """Per tool and clause, the tool's best cosine to it; None without clauses."""
    voice: NDArray[np.float32] | None = None
    """Best cosine over the tool's profile requests (-inf without); None: no profiles here."""
    destroy: NDArray[np.float32] | None = None
    """Best cosine over the tool's destroy-asking requests (-inf without); None: no profiles."""
    near_miss: NDArray[np.float32] | None = None
    """Cosine to each of the registry's near-miss requests; None when it has none."""
    plain: NDArray[np.float32] | None = None
    """Best cosine over the tool's profile requests that do not ask to destroy (-inf without); None: no profiles."""
    mention: NDArray[np.float32] | None = None
    """Best cosine over the tool's mentions (``ToolProfile.mentions``; -inf without); None: no mentions here."""


def similarities(snapshot: Snapshot, vectors: RequestVectors) -> Similarities:
    """Cosines of the request and its clauses to every tool.

    A clause lifts a tool's best cosine only: support and the abstain check keep the whole
    request's, so a clause never reads as a second phrasing or as a tool request.
    """
    found = snapshot.index.search(vectors.whole, vectors.clauses if len(vectors.clauses) else None)
    best, second, authored = (in_registry_order(v, snapshot) for v in (found.best, found.second, found.authored))
    voice = None if found.voice is None else in_registry_order(found.voice, snapshot)
    destroy = None if found.destroy is None else in_registry_order(found.destroy, snapshot)
    plain = None if found.plain is None else in_registry_order(found.plain, snapshot)
    per_clause = None if found.per_clause is None else in_registry_order(found.per_clause, snapshot)
    if per_clause is not None:
        best = np.maximum(best, per_clause.max(axis=1))
    mention = None if found.mention is None else in_registry_order(found.mention, snapshot)
    return Similarities(best, second, authored, per_clause, voice, destroy, found.near_miss, plain, mention)


def clause_similarities(snapshot: Snapshot, clauses: NDArray[np.float32]) -> NDArray[np.float32] | None:
    """Per tool and clause, the tool's best cosine to it (None when there are no clauses)."""
    if not len(clauses):
        return None
    return in_registry_order(snapshot.index.per_vector_similarities(clauses), snapshot)


LEXICAL_CANDIDATES = True
"""BM25's top candidates join the embedding's in the pool (the seed design had embedding
candidates only). A setting until 0.10, never moved from True by any page; the seed system of
the benchmarks (benchmarks/harness/systems.py) turns it off to reproduce the seed."""


def pool(
    config: ToolFilterConfig, masked: NDArray[np.float32], bm25: NDArray[np.float32], usable: NDArray[np.bool_]
) -> list[int]:
    """Embedding top-N union BM25 top-N over the usable tools, in registry order.

    ``masked``: the similarities, -inf where the tool is not usable.
    """
    size = config.pool_size
    chosen = {i for i in top_indices(masked, size) if usable[i]}
    if LEXICAL_CANDIDATES:
        by_bm25 = top_indices(bm25 if usable.all() else np.where(usable, bm25, 0.0), size)
        chosen |= {i for i in by_bm25 if usable[i] and bm25[i] > 0}
    return sorted(chosen)


def top_indices(values: NDArray[Any], n: int) -> list[int]:
    """The positions of the ``n`` largest values, in no particular order."""
    if n >= len(values):
        return list(range(len(values)))
    return [int(i) for i in np.argpartition(-values, n - 1)[:n]]


def embed_only(similarity: float) -> ScoreBreakdown:
    """A breakdown of one signal, the embedding's (for tools reported but never scored)."""
    value = clamp01(float(similarity))
    return ScoreBreakdown({"embed": value}, {"embed": 1.0}, value)
