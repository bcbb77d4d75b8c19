"""Stage 7, routing: keep the top ``k`` of the best domains, or widen when unsure.

One implementation for ``select`` (one request) and ``toolfilter fit`` (every fit query and
config): ``route_rows`` works on arrays of candidates sorted best first, a row per request.
Confidence is the top score against ``min_score`` and the top-two gap against ``min_gap``;
a confident request keeps ``top_k`` tools of its best ``route_domains`` domains above
``relative_cut`` times the top score; an unsure one widens to ``fallback_top_k`` tools of
its best ``fallback_domains`` domains. A tool without a category is a domain of its own
that never counts towards a domain limit. Each ask's best tool (``asks.ask_tops``) stays
selected when routing alone dropped it, and each ask's runner-up while the selection holds
fewer than ``top_k`` plus one tool an ask.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._hints import request_is_destructive
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoredTool
from .asks import AskTops

__all__ = ["Routed", "RouteRows", "Routing", "asked_to_destroy", "route", "route_rows"]


def asked_to_destroy(text: str, plain: NDArray[np.float32] | None, destroy: NDArray[np.float32] | None) -> bool:
    """The request asks for a destructive act: by its words, or by its profile neighbours.

    ``plain`` and ``destroy``: per tool, the request's best cosine over the tool's profile
    requests that do not ask to destroy and over its destroy-asking ones. With profiles, a
    request whose closest profile request is a destroy-asking one asks to destroy, in
    whatever words it says it; one as close to a plain request (a tie, such as cosine 0 to
    every one) does not.
    """
    if request_is_destructive(text):
        return True
    if plain is None or destroy is None or not len(destroy) or not np.isfinite(destroy).any():
        return False
    return bool(np.max(destroy) > np.max(plain))


@dataclass(frozen=True, slots=True)
class Routing:
    """The settings routing reads (from a config, or a point of the fit's search)."""

    top_k: int
    min_score: float
    min_gap: float
    relative_cut: float
    route_domains: int
    fallback_domains: int
    fallback_top_k: int
    guard_destructive: bool = False
    """A destructive tool enters a widened selection only with a confident score, unless the
    request asks to destroy."""

    @classmethod
    def of(cls, config: ToolFilterConfig, k: int) -> Routing:
        """The routing of ``config`` for a request allowed ``k`` tools."""
        return cls(
            top_k=k,
            min_score=config.min_score,
            min_gap=config.min_gap,
            relative_cut=config.relative_cut,
            route_domains=config.route_domains,
            fallback_domains=config.fallback_domains,
            fallback_top_k=config.fallback_top_k or 2 * k,
            guard_destructive=config.guard_destructive,
        )


@dataclass(frozen=True, slots=True)
class RouteRows:
    """Which candidates each request keeps (arrays of shape (requests, candidates))."""

    routed: NDArray[np.bool_]
    """Kept by routing and the tool limit."""
    clause_kept: NDArray[np.bool_]
    """Not routed, kept as an ask's best tool (or runner-up, within the budget)."""
    guarded: NDArray[np.bool_]
    """Destructive, left out of a widened selection for want of a confident score."""
    in_domain: NDArray[np.bool_]
    """In one of the domains routed to (all, when confident without ``route_domains``)."""
    confident: NDArray[np.bool_]
    """Per request: the top was confident."""


def route_rows(
    score: NDArray[np.float64],
    survivor: NDArray[np.bool_],
    category_rank: NDArray[np.int64],
    clause_top: NDArray[np.int8],
    routing: Routing,
    destructive: NDArray[np.bool_] | None = None,
    asks_to_destroy: NDArray[np.bool_] | None = None,
    guard_confident: bool = False,
    asks: NDArray[np.int64] | None = None,
) -> RouteRows:
    """Route every row of candidates sorted best first.

    ``survivor``: passed the gates and score floors (survivors come first in each row).
    ``category_rank``: the rank of the candidate's category among the row's survivors by
    first appearance; -1 for a tool without a category. ``clause_top``: 1 for an ask's
    best tool, 2 for an ask's runner-up, else 0; ``asks``: per row, how many asks.
    ``destructive``: the candidate says it
    destroys something (``says_destructive``); with ``guard_destructive`` it is widened to
    only when it scores like a confident pick (``min_score`` reached, within ``min_gap`` of
    the top) or the request itself asks to destroy (``asks_to_destroy``, per row).
    ``guard_confident`` (a registry with tool profiles, whose destroy-asking requests tell
    when a request asks to destroy): the same holds in a confident selection's ``top_k``.
    """
    count = survivor.sum(axis=1)
    top = score[:, 0]
    second = np.where(count > 1, score[:, 1], 0.0)
    confident = (count >= 1) & (top >= routing.min_score) & ((count == 1) | (top - second >= routing.min_gap))
    uncategorised = category_rank < 0
    if routing.route_domains:
        sure_domain = uncategorised | (category_rank < routing.route_domains)
    else:
        sure_domain = np.ones_like(survivor)
    floor = (top * routing.relative_cut)[:, None]
    sure = survivor & sure_domain
    wide_domain = uncategorised | (category_rank < routing.fallback_domains)
    wide = survivor & wide_domain
    guarded = excluded = np.zeros_like(survivor)
    if routing.guard_destructive and destructive is not None:
        confident_like = (score >= routing.min_score) & (top[:, None] - score <= routing.min_gap)
        destroy = np.zeros(len(score), dtype=bool) if asks_to_destroy is None else asks_to_destroy
        unasked = destructive & ~confident_like & ~destroy[:, None]
        excluded = wide & unasked & ~confident[:, None]
        # named as left out: those an unguarded widening would have sent
        guarded = excluded & (np.cumsum(wide, axis=1) <= routing.fallback_top_k)
        wide &= ~excluded
        if guard_confident:
            held = sure & unasked & confident[:, None]
            guarded = guarded | (held & (np.cumsum(sure, axis=1) <= routing.top_k) & (score >= floor))
            excluded = excluded | held
            sure &= ~held
    sure &= (np.cumsum(sure, axis=1) <= routing.top_k) & (score >= floor)
    wide &= np.cumsum(wide, axis=1) <= routing.fallback_top_k
    routed = np.where(confident[:, None], sure, wide)
    in_domain = np.where(confident[:, None], sure_domain, wide_domain) & survivor
    clause_kept = survivor & (clause_top == 1) & ~routed & ~excluded
    runner_up = survivor & (clause_top == 2) & ~routed & ~excluded
    if asks is not None and runner_up.any():
        room = routing.top_k + asks - routed.sum(axis=1) - clause_kept.sum(axis=1)
        clause_kept = clause_kept | (runner_up & (np.cumsum(runner_up, axis=1) <= room[:, None]))
    return RouteRows(routed, clause_kept, guarded, in_domain, confident)


@dataclass(frozen=True, slots=True)
class Routed:
    """One request's routing: the selected (best first, then clause tops) and the dropped."""

    selected: list[ScoredTool]
    dropped: list[ScoredTool]
    confident: bool
    domains: tuple[str, ...]
    """The categories routed to, best first (empty when confident without route_domains)."""
    notes: list[str]


def route(
    snapshot: Snapshot, survivors: list[ScoredTool], routing: Routing, tops: AskTops, asks_to_destroy: bool
) -> Routed:
    """Route one request's survivors (best first); ``asks_to_destroy``: see ``asked_to_destroy``.

    In a registry with tool profiles the destructive guard holds in confident selections too.
    """
    ranks: dict[str, int] = {}
    category_rank = []
    for s in survivors:
        domain = snapshot.domains[snapshot.position[s.name]]
        if domain.startswith("tool:"):
            category_rank.append(-1)
        else:
            category_rank.append(ranks.setdefault(domain, len(ranks)))
    width = max(2, len(survivors))  # route_rows reads the top two of each row
    pad = width - len(survivors)
    rows = route_rows(
        np.array([[s.score for s in survivors] + [-1.0] * pad], dtype=np.float64),
        np.array([[True] * len(survivors) + [False] * pad], dtype=bool),
        np.array([category_rank + [width] * pad], dtype=np.int64),
        np.array([[tops.rank(s.name) for s in survivors] + [0] * pad], dtype=np.int8),
        routing,
        np.array([[snapshot.destructive(snapshot.position[s.name]) for s in survivors] + [False] * pad], dtype=bool),
        np.array([routing.guard_destructive and asks_to_destroy]),
        guard_confident=snapshot.index.voiced,
        asks=np.array([tops.asks], dtype=np.int64),
    )
    confident = bool(rows.confident[0])
    limit = routing.route_domains if confident else routing.fallback_domains
    shown = (
        tuple(d for d, r in ranks.items() if r < limit) if (limit and (routing.route_domains or not confident)) else ()
    )
    notes: list[str] = []
    if not confident:
        top = survivors[0].score
        gap = top - (survivors[1].score if len(survivors) > 1 else 0.0)
        sent = rows.routed[0, : len(survivors)]
        loose = int(sum(bool(sent[j]) for j, r in enumerate(category_rank) if r < 0))  # what was sent, not offered
        where = f"the best {len(shown)} domain(s)" + (f" and {loose} tool(s) without a category" if loose else "")
        if not shown:
            where = f"the best {loose} tool(s) (no categories)"
        text = f"low confidence (top {top:.3f}, gap {gap:.3f}): widened to {where}"
        notes.append(
            Note(NoteKind.WIDENED, text, top=float(top), gap=float(gap), domains=tuple(shown), uncategorised=loose)
        )
    cut = survivors[0].score * routing.relative_cut if confident and survivors else 0.0
    selected: list[ScoredTool] = []
    kept: list[ScoredTool] = []
    dropped: list[ScoredTool] = []
    guarded: list[str] = []
    for j, s in enumerate(survivors):
        if rows.guarded[0, j]:
            guarded.append(s.name)
            dropped.append(ScoredTool(s.tool, s.breakdown, Reason.DESTRUCTIVE_GUARD))
        elif rows.routed[0, j]:
            selected.append(s)
        elif rows.clause_kept[0, j]:
            kept.append(s)
        elif not rows.in_domain[0, j]:
            dropped.append(ScoredTool(s.tool, s.breakdown, Reason.OTHER_DOMAIN))
        else:
            below = Reason.BELOW_RELATIVE_CUT if s.score < cut else Reason.BELOW_TOP_K
            dropped.append(ScoredTool(s.tool, s.breakdown, below))
    if guarded:
        where = "widened selection" if not confident else "selection"
        text = f"left out of the {where}, destructive without a confident score: " + ", ".join(guarded)
        notes.append(Note(NoteKind.DESTRUCTIVE_LEFT_OUT, text, tools=tuple(guarded), widened=not confident))
    if kept:
        names = [s.name for s in kept]
        notes.append(Note(NoteKind.ASKS_KEPT, "kept each ask's best tool: " + ", ".join(names), tools=tuple(names)))
    return Routed(selected + kept, dropped, confident, shown, notes)
