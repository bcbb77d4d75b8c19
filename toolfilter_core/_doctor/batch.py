"""Probes ranked in batches: one matrix product per batch, the pipeline's scoring on a small pool.

The vectors come from the index the ``ToolFilter`` built (its snapshot): each tool's rows
(description, triggers), grouped by tool. Per probe, the tools' best and second-best
cosines (the ``embed`` and ``support`` signals), the pool (top ``POOL`` by cosine union
top ``POOL`` by BM25, as ``candidates.pool``) and the pipeline's own ``score`` on it. What
this leaves out (routing, the abstain check, clauses) is why ``probes.rank_probes`` sends
the probes whose tool is not ranked first through the full pipeline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._arguments import request_kinds
from .._config import ToolFilterConfig
from .._pipeline import candidates
from .._pipeline.scoring import score
from .._snapshot import Snapshot
from .._types import ScoredTool
from .values import Probe, Ranked

__all__ = ["batch_rank", "tool_rows"]

BATCH = 128
"""Probes per matrix product (at 10,000 tools: 128 x 10,000 cosines, 5 MB a copy)."""
POOL = 8
"""Candidates per probe by cosine, and as many by BM25 (the pipeline's pool is larger; the
tools past the eighth by either never change who is ranked first)."""


def tool_rows(snapshot: Snapshot) -> tuple[NDArray[np.float32], NDArray[np.int64], NDArray[np.float32]]:
    """The index's search rows (foreign triggers zeroed), each row's tool, and each tool's doc vector.

    Positions are the registry's (``snapshot.tools``); rows stay grouped by tool (index order).
    """
    rows = snapshot.index.all_rows()  # every vector the snapshot serves from, in one pass
    registry = np.empty(len(snapshot.to_index), dtype=np.int64)
    registry[snapshot.to_index] = np.arange(len(snapshot.to_index))
    owner = registry[rows.owner] if len(rows.owner) else rows.owner
    docs = rows.matrix[rows.starts][snapshot.to_index] if len(rows.starts) else rows.matrix
    return rows.matrix, owner, docs


def _best_second(
    sims: NDArray[np.float32], starts: NDArray[np.int64], owner_index: NDArray[np.int64], one_per_tool: bool
) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Per probe and tool (index order), the best and second-best cosine over the tool's rows."""
    if one_per_tool:
        return sims, sims
    best = np.maximum.reduceat(sims, starts, axis=1)
    columns = np.arange(sims.shape[1])
    at_best = np.where(sims >= best[:, owner_index], columns[None, :], sims.shape[1])
    first = np.minimum.reduceat(at_best, starts, axis=1)
    rest = sims.copy()
    rest[np.arange(len(sims))[:, None], first] = -np.inf
    second = np.maximum.reduceat(rest, starts, axis=1)
    return best, np.where(np.isfinite(second), second, best).astype(np.float32)


def batch_rank(
    snapshot: Snapshot, config: ToolFilterConfig, probes: Sequence[Probe], vectors: NDArray[np.float32]
) -> list[Ranked]:
    """Each probe's ranking: the pool's survivors by the pipeline's order, then the dropped by score."""
    rows = snapshot.index.all_rows()
    out: list[Ranked] = []
    if not len(rows.owner):
        return [Ranked(p, (), ()) for p in probes]
    weights = config.weights.resolved()
    plain = all(weights.get(name, 0.0) == 0.0 for name in _TOKEN_SIGNALS)
    for begin in range(0, len(probes), BATCH):
        chunk = vectors[begin : begin + BATCH]
        sims = (chunk @ rows.matrix.T).astype(np.float32, copy=False)
        best, second = _best_second(sims, rows.starts, rows.owner, rows.one_per_tool)
        if not snapshot.same_order:
            best, second = best[:, snapshot.to_index], second[:, snapshot.to_index]
        for i, probe in enumerate(probes[begin : begin + BATCH]):
            bm25 = snapshot.bm25.scores(probe.text)
            pool = _pool(config, best[i], bm25)
            kinds = request_kinds(probe.text)
            if plain and not kinds:
                out.append(_combined(snapshot, config, weights, probe, pool, (best[i], second[i], bm25)))
            else:
                out.append(_scored(snapshot, config, probe, kinds, pool, (best[i], second[i], bm25)))
    return out


_TOKEN_SIGNALS = ("lexical", "tag", "name")
"""Signals read from tokens one candidate at a time; with all of them weighed 0 (the recommended
config) and no argument value in the probe, the combined score is a few array operations."""
_Sims = tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.float32]]


def _pool(config: ToolFilterConfig, best: NDArray[np.float32], bm25: NDArray[np.float32]) -> list[int]:
    """Top ``POOL`` by cosine union top ``POOL`` by BM25 (where a token is shared), as ``candidates.pool``."""
    size = min(POOL, len(best))
    pool = set(np.argpartition(-best, size - 1)[:size].tolist())
    if candidates.LEXICAL_CANDIDATES:
        by_bm25 = np.argpartition(-bm25, size - 1)[:size]
        pool |= {int(i) for i in by_bm25 if bm25[i] > 0}
    return sorted(pool)


def _combined(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    weights: Mapping[str, float],
    probe: Probe,
    pool: list[int],
    similarities: _Sims,
) -> Ranked:
    """``_scored`` as array operations: the same combined score (``combine_rows``) and order."""
    best, second, bm25 = (np.asarray(v, dtype=np.float64)[pool] for v in similarities)
    embed = np.clip(best, 0.0, 1.0)
    parts = (("embed", embed), ("support", np.clip(second, 0.0, 1.0)), ("bm25", bm25))
    total = sum(weights.get(name, 0.0) for name in ("embed", "support", "bm25", *_TOKEN_SIGNALS))
    combined = np.zeros(len(pool))
    for name, values in parts:
        combined += weights.get(name, 0.0) * values
    combined = combined / total if total > 0 else combined * 0.0
    kept = (combined > 0.0) & (combined >= config.min_combined_score)
    names = [snapshot.tools[i].name for i in pool]
    survivors = sorted((i for i in range(len(pool)) if kept[i]), key=lambda i: (-combined[i], -embed[i], names[i]))
    dropped = sorted((i for i in range(len(pool)) if not kept[i]), key=lambda i: (-combined[i], names[i]))
    order = [*survivors, *dropped]
    return Ranked(probe, tuple(names[i] for i in order), tuple(float(combined[i]) for i in order))


def _scored(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    probe: Probe,
    kinds: frozenset[str],
    pool: list[int],
    similarities: _Sims,
) -> Ranked:
    """One probe scored on its pool as ``pipeline.score`` scores it."""
    survivors, dropped = score(snapshot, config, probe.text, kinds, pool, similarities, None, None)
    ordered: list[ScoredTool] = [*survivors, *sorted(dropped, key=lambda s: (-s.score, s.name))]
    return Ranked(probe, tuple(s.name for s in ordered), tuple(float(s.score) for s in ordered))
