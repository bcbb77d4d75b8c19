"""Step 3, ranking: the pool, each ask's best tools, every candidate's score, best first.

Plain mode (``enabled: false``) ranks by the embedding alone (``plain.plain_top_k``).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._embedders import Embedder
from .._snapshot import Snapshot, in_registry_order
from .asks import AskTops, ask_tops
from .candidates import clause_similarities, pool
from .decide import Ranking, chatty
from .gates import Gated, category_gate, policy_rejections
from .plain import plain_top_k
from .read import Reading
from .scoring import score
from .vectors import TurnCache, request_vectors

__all__ = ["rank", "tops_of"]


def rank(snapshot: Snapshot, config: ToolFilterConfig, gated: Gated) -> Ranking:
    """Score the pool (each ask's best tools in it) and gate the scores."""
    reading, gate = gated.reading, gated.eligibility
    sims = reading.sims
    if sims is None:  # no text, or an exact name: nothing to rank
        return Ranking(gated)
    if not config.enabled:
        chosen, dropped = plain_top_k(snapshot, config, sims.best, gate.verdicts, reading.request.k)
        return Ranking(gated, chosen, dropped)
    query = reading.text
    masked = sims.best if gate.everyone else np.where(gate.usable, sims.best, -np.inf)
    bm25 = snapshot.bm25.scores(query)
    candidates = pool(config, masked, bm25, gate.usable)
    tops = _tops(snapshot, reading, gate.usable)
    if tops.asks:  # each ask's best tools are scored, whatever the whole request's pool
        candidates = sorted(set(candidates) | {snapshot.position[n] for n in tops.best | tops.runner_up})
    request = reading.request
    wanted, notes = category_gate(snapshot, config, request.category, request.confidence, candidates)
    servers = snapshot.servers.named(query)
    signals = (sims.best, sims.second, bm25)
    survivors, dropped = score(
        snapshot, config, query, reading.kinds, candidates, signals, request.category, wanted, servers
    )
    refused = policy_rejections(snapshot, sims.best, gate, config.pool_size)
    return Ranking(gated, survivors, dropped, refused, tops, notes)


def _tops(snapshot: Snapshot, reading: Reading, usable: NDArray[np.bool_]) -> AskTops:
    """Each ask's best tools among the usable ones (none for a request of one ask)."""
    sims, vectors = reading.sims, reading.vectors
    if sims is None or vectors is None or sims.per_clause is None:
        return AskTops()
    per_clause = sims.per_clause
    chatter = chatty(vectors.clauses, np.where(usable[:, None], per_clause, -np.inf), reading.phrases)
    return ask_tops(snapshot, per_clause, vectors.clause_texts, sims.second, usable, chatter)


def tops_of(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    embedder: Embedder,
    text: str,
    phrases: NDArray[np.float32] | None = None,
) -> AskTops:
    """Each ask's best tools for ``text`` alone (no earlier turns, every tool usable), as ``select`` finds them."""
    vectors = request_vectors(config, embedder, text, (), len(snapshot.tools), TurnCache())
    per_clause = clause_similarities(snapshot, vectors.clauses)
    if per_clause is None:
        return AskTops()
    second = in_registry_order(snapshot.index.search(vectors.whole).second, snapshot)
    everyone = np.ones(len(snapshot.tools), dtype=bool)
    chatter = chatty(vectors.clauses, per_clause, phrases)
    return ask_tops(snapshot, per_clause, vectors.clause_texts, second, everyone, chatter)
