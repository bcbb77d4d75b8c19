"""The selection pipeline of DESIGN.md, one stage a module, in the order a request meets them.

::

    request     check the caller's arguments; the text as valid Unicode (no text: no tools)
    gates       policy, allow/block (eligibility); a request that is exactly a tool name
    vectors     the request (blended with earlier turns) and its clauses, one embed call
    candidates  cosines to every tool; the pool: embedding top-N ∪ BM25 top-N
    abstain     "no tool fits" when the request sits closer to an abstain phrase
    gates       the caller's category gate over the pool
    scoring     signals and the combined score; min lexical overlap, zero and min combined
    asks        each ask (clause) scored on its own: its best tool
    route       confidence, the best domains, top_k or a widened fallback, each ask's best tool
    assemble    always_include, sticky, matched texts, costs: the Selection

Each stage takes values and returns values, its notes included; ``select`` below strings
them together, and ``toolfilter fit`` calls ``scoring.combine_rows`` and ``route.route_rows``
for every config it tries. Plain mode (``enabled: false``) is ``plain.plain_top_k``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Protocol, cast

import numpy as np
from numpy.typing import NDArray

from .._arguments import request_kinds
from .._config import ToolFilterConfig
from .._embedders import Embedder
from .._failure import EMPTY_REQUEST, NO_TEXT
from .._snapshot import Snapshot
from .._threads import blas_threads, one_blas_thread
from .._types import Note, NoteKind, Reason, ScoredTool, Selection, Status
from .abstain import Abstain, decide
from .asks import AskTops, ask_tops, chatty
from .assemble import Outcome, assemble
from .candidates import embed_only, pool, similarities, top_indices
from .chains import with_chains
from .gates import category_gate, eligibility, exact_name, policy_rejections
from .own_action import action_named
from .plain import plain_top_k
from .request import Request
from .route import Routing, asked_to_destroy, route
from .scoring import rank_key, score
from .vectors import TurnCache, request_vectors

__all__ = ["select"]


class _Finish(Protocol):
    def __call__(self, outcome: Outcome, *, sticky: bool = True) -> Selection: ...


def select(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    embedder: Embedder,
    request: Request,
    *,
    turns: TurnCache,
    phrases: Callable[[], NDArray[np.float32] | None],
    extra_notes: Sequence[str] = (),
) -> Selection:
    """Run every stage for one checked request against one snapshot.

    ``turns``: the cache of earlier turns' vectors. ``phrases``: the abstain phrases'
    vectors, embedded on first use. ``extra_notes``: appended to the selection's notes.
    """
    gate = eligibility(snapshot, config, request.policy)
    if not request.query.strip() or request.no_ask:  # no text to select on: always_include only, nothing embedded
        if request.no_ask:
            outcome = Outcome([], [], notes=list(request.notes), status=Status.NO_ASK)
        else:
            outcome = Outcome([], [], notes=[NO_TEXT], status=Status.NO_TEXT, detail=EMPTY_REQUEST)
        return assemble(snapshot, config, request.query, outcome, verdicts=gate.verdicts, extra_notes=extra_notes)
    exact = exact_name(snapshot, config, request.query, gate)
    if exact is not None:
        outcome = Outcome(exact.selected, exact.rejected, notes=[exact.note], status=Status.EXACT_NAME)
        return assemble(snapshot, config, request.query, outcome, verdicts=gate.verdicts, extra_notes=extra_notes)

    query = request.matched_text  # a long request's start and end

    with one_blas_thread():
        vectors = request_vectors(config, embedder, query, request.context, len(snapshot.tools), turns)
    with blas_threads(config.search_threads):
        sims = similarities(snapshot, vectors)
    finish = _finisher(snapshot, config, request, vectors.matchers, sims.best, gate.verdicts, extra_notes)
    if not config.enabled:
        chosen, dropped = plain_top_k(snapshot, config, sims.best, gate.verdicts, request.k)
        return finish(Outcome(chosen, dropped, status=Status.SELECTED if chosen else Status.NO_TOOL_FITS))

    everyone = gate.everyone
    masked = sims.best if everyone else np.where(gate.usable, sims.best, -np.inf)  # one pass, not one per use
    kinds = request_kinds(query)
    usable = sims.authored if everyone else np.where(gate.usable, sims.authored, -np.inf)
    verdict = decide(snapshot, config, phrases, kinds, vectors.whole, usable, sims.voice is not None, sims.near_miss)
    if verdict.abstain and (named := action_named(snapshot, query, usable)) is not None:
        text = f"reads like a request needing no tool, but says {named!r}'s action: served as usual"
        verdict = Abstain(False, Note(NoteKind.OWN_ACTION, text, tool=named))
    if verdict.abstain:
        note = cast(Note, verdict.note)  # an abstaining verdict always says why (decide)
        nearest = top_indices(masked, min(3, int(gate.usable.sum())))
        rejected = [ScoredTool(snapshot.tools[i], embed_only(sims.best[i]), Reason.NO_TOOL_INTENT) for i in nearest]
        if request.sticky:  # this turn's "no tool" wins over the tools the conversation used
            note = note.extended("; sticky tools not added", sticky_dropped=True)
        return finish(Outcome([], rejected, notes=[note], status=Status.NO_TOOL_NEEDED), sticky=False)

    rejected = policy_rejections(snapshot, sims.best, gate, config.pool_size)
    bm25 = snapshot.bm25.scores(query)
    candidates = pool(config, masked, bm25, gate.usable)
    per_clause = sims.per_clause
    tops = (
        AskTops()
        if per_clause is None
        else ask_tops(
            snapshot,
            per_clause,
            vectors.clause_texts,
            sims.second,
            gate.usable,
            chatty(vectors.clauses, np.where(gate.usable[:, None], per_clause, -np.inf), phrases()),
        )
    )
    if tops.asks:  # each ask's best tools are scored, whatever the whole request's pool
        candidates = sorted(set(candidates) | {snapshot.position[n] for n in tops.best | tops.runner_up})
    wanted, notes = category_gate(snapshot, config, request.category, request.confidence, candidates)
    if verdict.note:  # mixed evidence: served as usual, and said
        notes.insert(0, verdict.note)
    servers = snapshot.servers.named(query)
    survivors, dropped = score(
        snapshot, config, query, kinds, candidates, (sims.best, sims.second, bm25), request.category, wanted, servers
    )
    if not survivors and config.widen_when_empty:
        survivors, dropped = _rescued(dropped)
    rejected += dropped
    if not survivors:
        notes.append(Note(NoteKind.NO_TOOL_FITS, "no tool fits: every candidate was filtered out or scored too low"))
        return finish(Outcome([], rejected, notes=notes, status=Status.NO_TOOL_FITS))
    destroys = asked_to_destroy(query, sims.plain, sims.destroy)
    routed = route(snapshot, survivors, Routing.of(config, request.k), tops, destroys)
    status = Status.SELECTED if routed.confident else Status.WIDENED
    outcome = Outcome(
        routed.selected, rejected + routed.dropped, not routed.confident, routed.domains, notes + routed.notes, status
    )
    if config.chains:  # the tools that produce what the selected ones need (chains.py)
        outcome = with_chains(snapshot, outcome, query, k=request.k, usable=gate.usable, known=request.sticky)
    return finish(outcome)


def _finisher(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    request: Request,
    matchers: NDArray[np.float32],
    sims: NDArray[np.float32],
    verdicts: list[Reason | None],
    extra_notes: Sequence[str],
) -> _Finish:
    def finish(outcome: Outcome, *, sticky: bool = True) -> Selection:
        if request.notes:
            outcome = dataclasses.replace(outcome, notes=[*request.notes, *outcome.notes])
        return assemble(
            snapshot,
            config,
            request.query,
            outcome,
            matchers=matchers,
            sims=sims,
            sticky=request.sticky if sticky else (),
            verdicts=verdicts,
            extra_notes=extra_notes,
        )

    return finish


def _rescued(dropped: list[ScoredTool]) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """The candidates only ``min_combined_score`` dropped, as survivors (best first), and the rest."""
    low = [ScoredTool(s.tool, s.breakdown) for s in dropped if s.reason is Reason.BELOW_MIN_COMBINED]
    low.sort(key=rank_key)
    return low, [s for s in dropped if s.reason is not Reason.BELOW_MIN_COMBINED]
