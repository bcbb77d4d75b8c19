"""Routing: keep the top ``k`` of the best domains, or widen; the mechanics ``decide`` rules over.

One implementation for ``select`` (one request) and ``toolfilter fit`` (every fit query and
config): ``route_rows`` works on arrays of candidates sorted best first, a row per request.
A confident request (``decide.decide_rows`` says which) keeps ``top_k`` tools of its best
``ROUTE_DOMAINS`` domains (0: all) above ``relative_cut`` times the top score (of the best tool the
guard does not hold back: ``held_floor``); an unsure one widens
to ``fallback_top_k`` tools of its best ``fallback_domains`` domains. A tool without a
category is a domain of its own that never counts towards a domain limit. The destructive
tools ``decide`` holds back are left out here, and named; ``routed`` turns one request's
rows into its selected and dropped tools and the notes saying why.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._files import one_line
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoredTool
from .asks import AskTops

__all__ = ["Routed", "RouteRows", "Routing", "Table", "held_floor", "route_rows", "routed", "table_of"]


ROUTE_DOMAINS = 0
"""A confident request is ranked over every domain (two-level routing off): routing a confident
request to its best domains added nothing with the preset where it was measured
(benchmarks/mcp_server_prior.py, docs/mcp.md). Unsure requests still widen over their best
``fallback_domains`` domains. A setting until 0.10."""
GUARD_DESTRUCTIVE = True
"""A destructive tool enters a selection only when the request asks for its act (``decide.decide_rows``;
the preset's value, chosen with it by benchmarks/choose_preset.py). A setting until 0.10."""


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
    """A destructive tool enters a selection only when the request asks for its act."""

    @classmethod
    def of(cls, config: ToolFilterConfig, k: int) -> Routing:
        """The routing of ``config`` for a request allowed ``k`` tools."""
        return cls(
            top_k=k,
            min_score=config.min_score,
            min_gap=config.min_gap,
            relative_cut=config.relative_cut,
            route_domains=ROUTE_DOMAINS,
            fallback_domains=config.fallback_domains,
            fallback_top_k=config.fallback_top_k or 2 * k,
            guard_destructive=GUARD_DESTRUCTIVE,
        )


@dataclass(frozen=True, slots=True)
class RouteRows:
    """Which candidates each request keeps (arrays of shape (requests, candidates))."""

    routed: NDArray[np.bool_]
    """Kept by routing and the tool limit."""
    clause_kept: NDArray[np.bool_]
    """Not routed, kept as an ask's best tool (or runner-up, within the budget)."""
    guarded: NDArray[np.bool_]
    """Destructive and not asked for, left out (and named)."""
    in_domain: NDArray[np.bool_]
    """In one of the domains routed to (all, when confident without ``ROUTE_DOMAINS``)."""
    confident: NDArray[np.bool_]
    """Per request: the top was confident."""
    excluded: NDArray[np.bool_]
    """Destructive, held back (named or not): never kept as an ask's tool either."""


def route_rows(
    score: NDArray[np.float64],
    survivor: NDArray[np.bool_],
    category_rank: NDArray[np.int64],
    routing: Routing,
    confident: NDArray[np.bool_],
    unasked: NDArray[np.bool_] | None = None,
    guard_confident: bool = False,
) -> RouteRows:
    """Route every row of candidates sorted best first (``clause_kept`` left empty: ``decide`` fills it).

    ``survivor``: passed the gates and score floors (survivors come first in each row).
    ``category_rank``: the rank of the candidate's category among the row's survivors by
    first appearance; -1 for a tool without a category. ``confident``: per row, the
    verdict (else the row widens). ``unasked``: destructive candidates the request did not
    ask for (``decide.decide_rows`` says which), held out of a widened selection
    (and with ``guard_confident``, of a confident one's ``top_k``); None: no guard.
    """
    top = score[:, 0]
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
    if unasked is not None:
        # held back: every unasked destroyer of a widened row, in the domains widened to or not (an ask's best is
        # kept from any domain); named as left out: those an unguarded widening would have sent
        excluded = survivor & unasked & ~confident[:, None]
        guarded = excluded & wide & (np.cumsum(wide, axis=1) <= routing.fallback_top_k)
        wide &= ~excluded
        if guard_confident:
            held = survivor & unasked & confident[:, None]
            guarded = guarded | (held & sure & (np.cumsum(sure, axis=1) <= routing.top_k) & (score >= floor))
            excluded = excluded | held
            sure &= ~held
            floor = held_floor(score, sure, routing)
    sure &= (np.cumsum(sure, axis=1) <= routing.top_k) & (score >= floor)
    wide &= np.cumsum(wide, axis=1) <= routing.fallback_top_k
    routed = np.where(confident[:, None], sure, wide)
    in_domain = np.where(confident[:, None], sure_domain, wide_domain) & survivor
    return RouteRows(routed, np.zeros_like(survivor), guarded, in_domain, confident, excluded)


def held_floor(score: NDArray[np.float64], sure: NDArray[np.bool_], routing: Routing) -> NDArray[np.float64]:
    """Per row (a column), ``relative_cut`` times the best score among ``sure``: the cut when the guard holds the top.

    A destructive top held back does not shrink the rest: the cut is taken from the best tool
    not held (the top's, in a row with none).
    """
    first = np.argmax(sure, axis=1)
    best = np.where(sure.any(axis=1), score[np.arange(len(score)), first], score[:, 0])
    out: NDArray[np.float64] = (best * routing.relative_cut)[:, None]
    return out


@dataclass(frozen=True, slots=True)
class Table:
    """One request's survivors as a row of ``route_rows``'s arrays."""

    score: NDArray[np.float64]
    survivor: NDArray[np.bool_]
    category_rank: NDArray[np.int64]
    clause_top: NDArray[np.int8]
    destructive: NDArray[np.bool_]
    ranks: dict[str, int]
    """Each domain's rank (tools without a category left out)."""
    asks: tuple[tuple[str, str], ...] = ()
    """(an ask's best tool, the ask's text): ``AskTops.said``."""


def table_of(snapshot: Snapshot, survivors: list[ScoredTool], tops: AskTops) -> Table:
    """The row of one request's survivors (best first), padded to two candidates."""
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
    return Table(
        np.array([[s.score for s in survivors] + [-1.0] * pad], dtype=np.float64),
        np.array([[True] * len(survivors) + [False] * pad], dtype=bool),
        np.array([category_rank + [width] * pad], dtype=np.int64),
        np.array([[tops.rank(s.name) for s in survivors] + [0] * pad], dtype=np.int8),
        np.array([[snapshot.destructive(snapshot.position[s.name]) for s in survivors] + [False] * pad], dtype=bool),
        ranks,
        tops.said,
    )


def _for_asks(names: list[str], table: Table) -> str:
    """Each kept tool with the ask it is best for, an excerpt: ``customer_create (for 'add the new client')``."""
    asks = dict(reversed(table.asks))  # a tool best for several asks: the first
    return ", ".join(f"{n} (for {one_line(asks[n], 60)!r})" if n in asks else n for n in names)


@dataclass(frozen=True, slots=True)
class Routed:
    """One request's routing: the selected (best first, then clause tops) and the dropped."""

    selected: list[ScoredTool]
    dropped: list[ScoredTool]
    confident: bool
    domains: tuple[str, ...]
    """The categories routed to, best first (empty when confident without ROUTE_DOMAINS)."""
    notes: list[str]
    widened: str = ""
    """Unsure: the top score and gap, and where the selection widened to."""


def routed(survivors: list[ScoredTool], table: Table, rows: RouteRows, routing: Routing) -> Routed:
    """One request's survivors (best first) as ``rows`` keep them, with the notes saying why."""
    confident = bool(rows.confident[0])
    limit = routing.route_domains if confident else routing.fallback_domains
    shown = (
        tuple(d for d, r in table.ranks.items() if r < limit)
        if (limit and (routing.route_domains or not confident))
        else ()
    )
    notes: list[str] = []
    free = [s.score for j, s in enumerate(survivors) if not rows.excluded[0, j]]  # the cut's best: not held back
    cut = (free or [s.score for s in survivors])[0] * routing.relative_cut if confident and survivors else 0.0
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
        text = f"left out of the {where}, destructive and not asked for: " + ", ".join(guarded)
        notes.append(Note(NoteKind.DESTRUCTIVE_LEFT_OUT, text, tools=tuple(guarded), widened=not confident))
    if kept:
        names = [s.name for s in kept]
        notes.append(
            Note(NoteKind.ASKS_KEPT, "kept each ask's best tool: " + _for_asks(names, table), tools=tuple(names))
        )
    widened = "" if confident else _widened(survivors, table, rows, shown, routing)
    return Routed(selected + kept, dropped, confident, shown, notes, widened)


def held_for_several(notes: list[str], several: tuple[str, ...]) -> list[str]:
    """``notes`` with the guard's note saying why it held the tools of ``several`` (not "not asked for").

    The request asks to destroy, but its id's prefix fits the records of several destructive tools and it names
    none of them (``decide.OBJECT_SEVERAL``).
    """
    why = (
        f"its id's prefix fits the records of several destructive tools ({', '.join(several)}) and the request "
        "names none of them"
    )
    return held_for(notes, several, why, "several")


_HELD_KEYS = ("by_id", "several", "by_mention")
"""The values a left-out note gains for the tools it says are held for a reason (``held_for``)."""
_UNASKED = "; destructive and not asked for: "


def held_for(notes: list[str], held: Collection[str], why: str, key: str) -> list[str]:
    """``notes`` with the guard's note saying ``why`` it held the tools of ``held`` (not "not asked for").

    The note's values gain ``key``: the tools so held. A note already held for another reason (``_HELD_KEYS``) keeps
    it, the tools it names apart from those held now.
    """
    out: list[str] = []
    for note in notes:
        if not (isinstance(note, Note) and note.kind is NoteKind.DESTRUCTIVE_LEFT_OUT):
            out.append(note)
            continue
        tools: tuple[str, ...] = tuple(note.values["tools"])
        placed = {n for k in _HELD_KEYS if k != key for n in note.values.get(k, ())}
        these = [n for n in tools if n in held and n not in placed]
        if not these:
            out.append(note)
            continue
        rest = [n for n in tools if n not in held and n not in placed]
        where = "widened selection" if note.values.get("widened") else "selection"
        before = str(note).split(_UNASKED)[0] if placed else f"left out of the {where}, destructive: "
        text = f"{before}{'; ' if placed else ''}{', '.join(these)}, held as {why}"
        text += f"{_UNASKED}{', '.join(rest)}" if rest else ""
        out.append(Note(NoteKind.DESTRUCTIVE_LEFT_OUT, text, **{**note.values, key: tuple(these)}))
    return out


def _under(value: float, bar: float) -> str:
    """``value`` to three places, or as many more as show it under ``bar`` (a gap of 0.0297 under 0.03)."""
    for places in range(3, 7):
        text = f"{value:.{places}f}"
        if not (value < bar <= float(text)):
            return text
    return text


def _count(number: int, noun: str) -> str:
    """``1 tool``, ``3 tools``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _best(number: int, noun: str) -> str:
    """``the best tool``, ``the best 3 tools``: where a widened selection went, in plain words."""
    return f"the best {noun}" if number == 1 else f"the best {_count(number, noun)}"


def _widened(
    survivors: list[ScoredTool], table: Table, rows: RouteRows, shown: tuple[str, ...], routing: Routing
) -> str:
    """What a widened selection says: the top, the gap, where it widened to (or that nothing was left to)."""
    top = survivors[0].score
    gap = top - (survivors[1].score if len(survivors) > 1 else 0.0)
    sent = rows.routed[0, : len(survivors)]
    category_rank = table.category_rank[0, : len(survivors)]
    loose = int(sum(bool(sent[j]) for j, r in enumerate(category_rank) if r < 0))  # what was sent, not offered
    if not (sent | rows.clause_kept[0, : len(survivors)]).any():  # the guard let nothing within reach through
        where = NOTHING_TO_WIDEN_TO
    elif shown:
        where = f"widened to {_best(len(shown), 'domain')}" + (
            f" and {_count(loose, 'tool')} without a category" if loose else ""
        )
    else:
        where = f"widened to {_best(loose, 'tool')} (no categories)"
    return f"low confidence (top {_under(top, routing.min_score)}, gap {_under(gap, routing.min_gap)}): {where}"


NOTHING_TO_WIDEN_TO = "nothing left to widen to: the candidates within reach were held back as destructive"
"""What a widened selection says when the guard held back every tool it could have sent."""
