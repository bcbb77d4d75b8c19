"""The fit's fast recomputation: every fit query's pool scored once, then each config routed in numpy.

The combined score and the routing are the pipeline's own (``scoring.combine_rows``,
``decide.decide_rows``), called on a table of every fit query's candidates at once. With
tool profiles it follows select()'s voice rule (``abstain_rule`` "voice"),
``asked_to_destroy`` and ``decide_rows(guard_confident=True)``.
"""

from __future__ import annotations

import functools
import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._arguments import request_kinds
from .._config import SIGNALS, ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._evaluate import LabelledQuery
from .._exceptions import ConfigWarning
from .._filter import ToolFilter
from .._hints import request_is_destructive, says_destructive
from .._pipeline.abstain import abstain_score
from .._pipeline.act_words import act_words
from .._pipeline.ask_form import about_state
from .._pipeline.asks import AskTops
from .._pipeline.decide import asked_to_destroy, decide_rows, names_objects, says_acts
from .._pipeline.destroy_ask import leans_to_destroy
from .._pipeline.id_shapes import ids_in
from .._pipeline.own_action import action_named
from .._pipeline.rank import tops_of
from .._pipeline.request import EXACT_NAME_MATCH, LONG_REQUEST_CHARS, matched
from .._pipeline.route import GUARD_DESTRUCTIVE, ROUTE_DOMAINS, RouteRows, Routing
from .._pipeline.scoring import combine_rows
from .._pipeline.state_reads import ObjectReads, acts_said, asked_elsewhere
from .._pipeline.vectors import CLAUSE_MATCHING
from .._snapshot import Snapshot, in_registry_order
from .._threads import one_blas_thread
from .._tool_profiles.sidecar import Profiles, attach_profiles
from .._types import Reason, ToolSpec, openai_tools_chars

__all__ = ["AXES", "Figures", "Point", "Simulator", "point_of"]

# A candidate that rejects it is still in the pool (scored); policy and gate rejections are not.
SCORED = {
    None,
    Reason.BELOW_TOP_K,
    Reason.BELOW_RELATIVE_CUT,
    Reason.DESTRUCTIVE_GUARD,
    Reason.OPPOSITE_ACT,
    Reason.ZERO_SCORE,
    Reason.BELOW_MIN_COMBINED,
    Reason.OTHER_DOMAIN,
}


# ----- a config as a point of the search -----


@dataclass(frozen=True, slots=True)
class Point:
    weights: tuple[float, ...]  # in SIGNALS order
    top_k: int
    relative_cut: float
    fallback_top_k: int
    fallback_domains: int
    min_score: float
    min_gap: float
    min_combined_score: float
    abstain_margin: float
    """The abstain rule's threshold: ``abstain_margin``, ``abstain_threshold`` (the relative
    rule) or ``abstain_voice_margin`` (a registry with tool profiles: rule "voice")."""
    abstain_rule: str = "margin"

    def overrides(self) -> dict[str, Any]:
        return {
            "enabled": True,
            "weights": dict(zip(SIGNALS, self.weights, strict=True)),
            "top_k": self.top_k,
            "relative_cut": self.relative_cut,
            "fallback_top_k": self.fallback_top_k,
            "fallback_domains": self.fallback_domains,
            "min_score": self.min_score,
            "min_gap": self.min_gap,
            "min_combined_score": self.min_combined_score,
            _THRESHOLD_FIELDS[self.abstain_rule]: self.abstain_margin,
        }


_THRESHOLD_FIELDS = {"margin": "abstain_margin", "relative": "abstain_threshold", "voice": "abstain_voice_margin"}
"""The config field a point's ``abstain_margin`` stands for, by its ``abstain_rule``."""

AXES = (
    "top_k",
    "relative_cut",
    "fallback_top_k",
    "fallback_domains",
    "min_score",
    "min_gap",
    "min_combined_score",
    "abstain_margin",
)


def point_of(config: ToolFilterConfig, *, voiced: bool = False) -> Point:
    """The point of ``config`` in the search.

    ``voiced`` (a registry with tool profiles): its abstain threshold is ``abstain_voice_margin``.
    """
    resolved = config.weights.resolved()
    rule = "voice" if voiced else config.abstain_rule
    return Point(
        weights=tuple(resolved[s] for s in SIGNALS),
        top_k=config.top_k,
        relative_cut=config.relative_cut,
        fallback_top_k=config.fallback_top_k or 2 * config.top_k,
        fallback_domains=config.fallback_domains,
        min_score=config.min_score,
        min_gap=config.min_gap,
        min_combined_score=config.min_combined_score,
        abstain_margin=getattr(config, _THRESHOLD_FIELDS[rule]),
        abstain_rule=rule,
    )


@dataclass(frozen=True, slots=True)
class Figures:
    """Simulated figures of one config on the fit split."""

    served: float
    recall_mean: float | None
    dangerous: int
    dangerous_share: float | None
    no_tool_rejection: float | None
    cost_ratio: float
    fallback_rate: float
    mean_selected: float
    false_abstain: float | None = None
    """Share of the tool requests given no tool at all."""

    def key(self, budget: float, allowed: int = 0) -> tuple[float, int, float, float]:
        excess = max(0.0, round(self.cost_ratio - budget, 9))
        return (excess, max(0, self.dangerous - allowed), -round(self.served, 9), round(self.cost_ratio, 9))


@dataclass(slots=True)
class Table:
    """One pool size and weight vector: candidates sorted as the pipeline sorts them."""

    score: NDArray[np.float64]  # (queries, slots), best first; -1 pads
    hit: NDArray[np.bool_]
    chars: NDArray[np.float64]
    domain_rank: NDArray[np.int64]  # of the candidate's category by first appearance; -1: none
    clause_top: NDArray[np.int8]  # 1: an ask's best tool, 2: an ask's runner-up (asks.AskTops.rank)
    destructive: NDArray[np.bool_]  # the candidate says it destroys something
    tool: NDArray[np.int64]  # the candidate's position in the registry; -1 pads


# ----- the simulator -----


def _in_order(
    snapshot: Snapshot, plain: NDArray[np.float32] | None, destroy: NDArray[np.float32] | None
) -> tuple[NDArray[np.float32] | None, NDArray[np.float32] | None]:
    """A search's per-tool profile cosines (index order) in registry order, as select() reads them."""
    if plain is None or destroy is None:
        return None, None
    return in_registry_order(plain, snapshot), in_registry_order(destroy, snapshot)


class Simulator:
    """The pipeline after the signals, for many configs over one set of queries.

    ``profiles``: the registry's tool profiles and near-miss requests (``Profiles``); the
    tools may carry their profiles already. With profiles the simulator follows what
    select() does in a registry with profiles (the module's docstring).
    """

    def __init__(
        self,
        tools: Sequence[ToolSpec],
        queries: Sequence[LabelledQuery],
        base: ToolFilterConfig,
        embedder: CachingEmbedder,
        *,
        profiles: Profiles | None = None,
    ) -> None:
        self.tools = attach_profiles(tools, profiles)
        # the tools carry their profiles now: the filters built here get the near misses only
        self.near_misses = Profiles(no_tool=profiles.no_tool) if profiles is not None else None
        self.queries = list(queries)
        self.base = base
        self.embedder = embedder
        self.position = {t.name: i for i, t in enumerate(self.tools)}
        names = sorted(self.position)
        self.name_rank = np.array([names.index(t.name) for t in self.tools], dtype=np.int64)
        categories = sorted({t.category for t in self.tools if t.category})
        # a tool without a category is a domain of its own that never counts towards a limit: -1
        self.category = np.array([categories.index(t.category) if t.category else -1 for t in self.tools])
        self.destructive = np.array([says_destructive(t) for t in self.tools], dtype=bool)
        # what select() matches: the ask without pasted material, a long one's start and end
        self.texts = [matched(q.query, LONG_REQUEST_CHARS)[0] or q.query for q in self.queries]
        # per query and tool: the request says the destructive tool's own verb (select()'s says_acts)
        self.says_act = np.array([says_acts(t, self.tools, self.destructive[None, :])[0] for t in self.texts])
        # per query and tool: the request names the destructive tool's object (select()'s names_objects, ids aside)
        self.object_named = np.array([names_objects(t, self.tools, self.destructive[None, :])[0] for t in self.texts])
        self.users_words = self._users_words()
        self.chars = np.array([len(json.dumps(t.to_openai(), ensure_ascii=False)) + 2 for t in self.tools], float)
        self.total = float(openai_tools_chars(self.tools)) or 1.0
        self.gold = [{self.position[g] for g in q.gold} for q in self.queries]
        self.needs_tool = np.array([bool(g) for g in self.gold])
        self.gold_count = np.array([max(1, len(g)) for g in self.gold], dtype=np.float64)
        self.exact = np.array(
            [self.position.get(q.query.strip(), -1) if EXACT_NAME_MATCH else -1 for q in self.queries]
        )
        self._pool_sizes: dict[int, int] = {}
        self._harvests: dict[int, tuple[NDArray[np.float64], NDArray[np.int64]]] = {}
        self._tables: dict[tuple[int, tuple[float, ...]], Table] = {}
        # tool profiles: select() abstains by the voice rule and guards confident picks too
        self.voiced = bool(self.tools) and self._base_filter.snapshot.index.voiced
        # the rule whose threshold decides "no tool fits" here (a point's abstain_rule)
        self.abstain_rule = "voice" if self.voiced else base.abstain_rule
        self.abstain_gap, self.asks_to_destroy, self.leans_to_destroy = self._per_query()
        self.clause_tops = self._clause_tops()
        self.ask_counts = np.array([t.asks for t in self.clause_tops], dtype=np.int64)
        self.evaluated = 0
        # a question about an act's state: a held destructive tool gives way to its object's reads
        self.about_state = np.array([about_state(text) for text in self.texts], dtype=bool)
        self.object_reads = ObjectReads(self.tools)
        self._acts_said: dict[int, dict[int, bool]] = {}

    def point_of(self, config: ToolFilterConfig) -> Point:
        """The point of ``config`` as this registry reads it (``point_of`` with ``voiced``)."""
        return point_of(config, voiced=self.voiced)

    def _filter(self, config: ToolFilterConfig, *, near_misses: bool = True) -> ToolFilter:
        profiles = self.near_misses if near_misses else None
        with warnings.catch_warnings():  # fitting is the cure the threshold warning names
            warnings.simplefilter("ignore", ConfigWarning)
            return ToolFilter(self.tools, config=config, embedder=self.embedder, profiles=profiles)

    def _users_words(self) -> NDArray[np.bool_]:
        """Per query and tool: the request says the destructive tool's users' words (``says_users_words``)."""
        out = np.zeros((len(self.texts), len(self.tools)), dtype=bool)
        if self.destructive.any():
            said = act_words(self._base_filter.snapshot).says
            for n, text in enumerate(self.texts):
                out[n] = np.array(said(text, self.tools), dtype=bool) & self.destructive
        return out

    @functools.cached_property
    def _base_filter(self) -> ToolFilter:
        """The pipeline with the base config, built once for the abstain gaps and clause tops."""
        return self._filter(self.base)

    def _per_query(self) -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_]]:
        """Per query: the abstain rule's value (NaN: no abstaining), whether it asks to destroy, and leans to.

        The value is what select() compares with its rule's threshold (``abstain_score``); a
        request asks to destroy as select() reads it (``asked_to_destroy``): its words, the
        act phrases, and with profiles its closest profile request.
        """
        gaps = np.full(len(self.queries), np.nan)
        asks = np.array([request_is_destructive(t) for t in self.texts], dtype=bool)
        leans = np.zeros(len(self.queries), dtype=bool)
        if not self.tools or not self.queries:
            return gaps, asks, leans
        phrases = list(self.base.abstain_phrases)
        snapshot = self._base_filter.snapshot
        vectors = self.embedder.embed_queries(self.texts)
        phrase_vectors = self.embedder.embed_queries(phrases) if phrases else None
        with one_blas_thread():
            for n, vector in enumerate(vectors):
                found = snapshot.index.search(vector)  # select()'s: similarities(), then decide()
                plain, destroy = _in_order(snapshot, found.plain, found.destroy)
                asks[n] = asked_to_destroy(self.texts[n], plain, destroy, snapshot, vector)
                leans[n] = leans_to_destroy(snapshot.index.embedder, vector) and not about_state(self.texts[n])
                if not (phrases or self.voiced):
                    continue
                kinds = request_kinds(self.texts[n])
                voiced, near = found.voice is not None, found.near_miss
                scored = abstain_score(snapshot, self.base, phrase_vectors, kinds, vector, found.authored, voiced, near)
                if action_named(snapshot, self.texts[n], found.authored) is not None:  # select()'s guard
                    scored = None
                gaps[n] = np.nan if scored is None else scored[0]
        return gaps, asks, leans

    def _clause_tops(self) -> list[AskTops]:
        """Per query: each ask's best tools, as select() finds them."""
        if not self.tools or not self.base.enabled or not CLAUSE_MATCHING:
            return [AskTops() for _ in self.queries]
        snapshot = self._base_filter.snapshot
        with one_blas_thread():
            phrases = list(self.base.abstain_phrases)
            vectors = self.embedder.embed_queries(phrases) if phrases else None
            return [tops_of(snapshot, self.base, self.embedder, text, vectors) for text in self.texts]

    def _open_config(self, pool: int) -> ToolFilterConfig:
        return self.base.merged(
            {
                "enabled": True,
                "candidate_pool_size": pool,
                "top_k": 1,
                "min_combined_score": 0.0,
                "min_score": 0.0,
                "min_gap": 0.0,
                "relative_cut": 0.0,
                "abstain_phrases": [],
                "always_include": [],
            }
        )

    def _harvest(self, pool: int) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
        """Each query's pool members and their signals, from the real pipeline."""
        if pool in self._harvests:
            return self._harvests[pool]
        tf = self._filter(self._open_config(pool), near_misses=False)  # no phrases, no near misses: none abstains
        rows: list[list[tuple[int, list[float]]]] = []
        for n, query in enumerate(self.queries):
            if self.exact[n] >= 0:
                rows.append([])
                continue
            selection = tf.select(query.query)
            rows.append(
                [
                    (self.position[s.name], [float(s.breakdown.signals.get(k, np.nan)) for k in SIGNALS])
                    for s in (*selection.selected, *selection.rejected)
                    if s.reason in SCORED
                ]
            )
        width = max(2, *(len(r) for r in rows)) if rows else 2
        signals = np.zeros((len(rows), width, len(SIGNALS)), dtype=np.float64)
        tool = np.full((len(rows), width), -1, dtype=np.int64)
        for n, row in enumerate(rows):
            for j, (index, values) in enumerate(row):
                tool[n, j] = index
                signals[n, j] = values
        self._harvests[pool] = (signals, tool)
        return signals, tool

    def table(self, pool: int, weights: tuple[float, ...]) -> Table:
        """Candidates of every query scored with these weights and sorted like the pipeline."""
        key = (pool, weights)
        if key in self._tables:
            return self._tables[key]
        signals, tool = self._harvest(pool)
        score = combine_rows(signals, np.array(weights, dtype=np.float64))  # the pipeline's own combination
        valid = tool >= 0
        score = np.where(valid, score, -1.0)
        embed = signals[:, :, SIGNALS.index("embed")]
        rank = np.where(valid, self.name_rank[np.maximum(tool, 0)], len(self.tools))
        order = np.lexsort((rank, -embed, -score), axis=-1)
        score = np.take_along_axis(score, order, axis=1)
        tool = np.take_along_axis(tool, order, axis=1)
        hit = np.zeros(tool.shape, dtype=bool)
        clause_top = np.zeros(tool.shape, dtype=np.int8)
        domain_rank = np.zeros(tool.shape, dtype=np.int64)
        for n in range(tool.shape[0]):
            seen: dict[int, int] = {}
            for j in range(tool.shape[1]):
                index = int(tool[n, j])
                if index < 0:
                    domain_rank[n, j] = len(self.tools)
                    continue
                hit[n, j] = index in self.gold[n]
                clause_top[n, j] = self.clause_tops[n].rank(self.tools[index].name)
                category = int(self.category[index])
                domain_rank[n, j] = -1 if category < 0 else seen.setdefault(category, len(seen))
        chars = np.where(tool >= 0, self.chars[np.maximum(tool, 0)], 0.0)
        destructive = (tool >= 0) & self.destructive[np.maximum(tool, 0)]
        table = Table(
            score=score,
            hit=hit,
            chars=chars,
            domain_rank=domain_rank,
            clause_top=clause_top,
            destructive=destructive,
            tool=tool,
        )
        self._tables[key] = table
        return table

    def pool_size(self, top_k: int) -> int:
        """The pool size the pipeline uses with this ``top_k``."""
        if top_k not in self._pool_sizes:
            self._pool_sizes[top_k] = self.base.model_copy(update={"top_k": top_k}).pool_size
        return self._pool_sizes[top_k]

    def run(self, p: Point) -> Figures:
        """The figures the pipeline would give with this config on these queries."""
        self.evaluated += 1
        t = self.table(self.pool_size(p.top_k), p.weights)
        s = t.score
        survivor = (s > 0.0) & (s >= p.min_combined_score)
        if self.base.widen_when_empty:  # rows left empty by the floor alone widen over what it dropped
            empty = ~np.any(survivor, axis=1)
            survivor = survivor | (empty[:, None] & (s > 0.0))
        routing = Routing(
            top_k=p.top_k,
            min_score=p.min_score,
            min_gap=p.min_gap,
            relative_cut=p.relative_cut,
            route_domains=ROUTE_DOMAINS,
            fallback_domains=p.fallback_domains,
            fallback_top_k=p.fallback_top_k,
            guard_destructive=GUARD_DESTRUCTIVE,
        )
        rows = self._rows(t, survivor, routing)
        if self.base.widen_when_empty:  # rows the guard leaves empty widen over what the floor dropped
            survivor, rows = self._past_guard(t, survivor, routing, rows)
        count = survivor.sum(axis=1)
        confident = rows.confident
        selected = rows.routed | rows.clause_kept
        abstained = np.zeros(len(s), dtype=bool)
        if self.tools:  # NaN (no abstaining) compares False
            abstained = self.abstain_gap >= self._threshold(p)
            selected &= ~abstained[:, None]
        hits = (selected & t.hit).sum(axis=1).astype(np.float64)
        picked = selected.sum(axis=1)
        cost = (selected * t.chars).sum(axis=1) / self.total
        self._state_reads(t, rows, selected, ~abstained, p, (hits, picked, cost))
        with np.errstate(invalid="ignore"):  # "not sure" (NaN compares False) is no widened selection
            unsure = self.abstain_gap >= self._threshold(p) - self.base.abstain_mixed_band
        fallback = (~confident) & (count >= 1) & ~abstained & ~unsure
        exact = self.exact >= 0
        if exact.any():
            for n in np.flatnonzero(exact):
                index = int(self.exact[n])
                hits[n] = 1.0 if index in self.gold[n] else 0.0
                picked[n] = 1
                cost[n] = self.chars[index] / self.total
                fallback[n] = False
        return self._figures(hits, picked, cost, fallback)

    def _rows(
        self, t: Table, survivor: NDArray[np.bool_], routing: Routing, held: NDArray[np.bool_] | None = None
    ) -> RouteRows:
        """The pipeline's own routing (``decide_rows``) of every row; ``held``: held back whatever the request says."""
        s, every = t.score, np.arange(len(t.score))[:, None]
        return decide_rows(
            s,
            survivor,
            t.domain_rank,
            t.clause_top,
            routing,
            t.destructive,
            self.asks_to_destroy,
            guard_confident=self.voiced,
            asks=self.ask_counts,
            says_act=(t.tool >= 0) & self.says_act[every, np.maximum(t.tool, 0)],
            users_words=(t.tool >= 0) & self.users_words[every, np.maximum(t.tool, 0)],
            score_unlocks=self.leans_to_destroy,
            object_named=(t.tool >= 0) & self.object_named[every, np.maximum(t.tool, 0)],
            reported=held,
        )

    def _past_guard(
        self, t: Table, survivor: NDArray[np.bool_], routing: Routing, rows: RouteRows
    ) -> tuple[NDArray[np.bool_], RouteRows]:
        """``decide._routed``: a row whose survivors the guard holds all back, routed again with what the floor dropped.

        Only what ``min_combined_score`` alone dropped joins (a positive score); the tools held stay held; not
        a question about an act's state (its object's reads, ``_state_reads``).
        """
        wider = survivor | (t.score > 0.0)
        again = ~np.any(rows.routed | rows.clause_kept, axis=1) & np.any(rows.excluded, axis=1)
        again &= np.any(wider & ~survivor, axis=1) & ~self.about_state  # a question about a held act: its reads
        if not again.any():
            return survivor, rows
        second = self._rows(t, wider, routing, rows.excluded & survivor)
        pick = again[:, None]
        fields = ("routed", "clause_kept", "guarded", "in_domain", "excluded")
        merged = {f: np.where(pick, getattr(second, f), getattr(rows, f)) for f in fields}
        merged["confident"] = np.where(again, second.confident, rows.confident)
        return np.where(pick, wider, survivor), RouteRows(**merged)

    def _state_reads(
        self,
        t: Table,
        rows: RouteRows,
        selected: NDArray[np.bool_],
        served: NDArray[np.bool_],
        p: Point,
        figures: tuple[NDArray[np.float64], NDArray[np.int64], NDArray[np.float64]],
    ) -> None:
        """Add to ``figures`` (hits, picked, cost) the reads of a question about a held tool's act (``state_reads``)."""
        hits, picked, cost = figures
        for n in np.flatnonzero(self.about_state & served & rows.guarded.any(axis=1)):  # no tool needed: no reads
            columns = t.tool[n] >= 0
            held = [int(i) for i in t.tool[n][rows.guarded[n] & columns]]
            if not held:
                continue
            score: dict[int, float] = dict(zip(t.tool[n][columns].tolist(), t.score[n][columns].tolist(), strict=True))
            present = {int(i) for i in t.tool[n][selected[n] & columns]}
            limit = p.top_k if rows.confident[n] else p.fallback_top_k
            room = limit - len(present)
            named, acted = {h for h in held if self.object_named[n, h]}, self._acts(int(n), held)
            reads, sure = self.object_reads, bool(rows.confident[n])
            held = [h for h in held if h in named or h in acted or not self._elsewhere(int(n), h, present)]
            ided = bool(ids_in(self.texts[n]))
            for read, _ in reads.chosen(held, lambda i: True, score, present, room, named, sure, acted, ided):
                hits[n] += read in self.gold[n]
                picked[n] += 1
                cost[n] += self.chars[read] / self.total

    def _elsewhere(self, n: int, held: int, present: set[int]) -> bool:
        """Request ``n`` names the object of a read ``present``, not ``held``'s (``state_reads.asked_elsewhere``)."""
        return asked_elsewhere(self.texts[n], held, present, self.tools, self.object_reads)

    def _acts(self, n: int, held: list[int]) -> set[int]:
        """The held tools whose own act request ``n`` says (``state_reads.acts_said``), read once per tool."""
        known = self._acts_said.setdefault(n, {})
        for h in held:
            if h not in known:
                known[h] = bool(acts_said(self.texts[n], [h], self.tools))
        return {h for h in held if known[h]}

    def _threshold(self, p: Point) -> float:
        """The threshold of this registry's abstain rule at ``p``.

        A point of another rule leaves this one's threshold at the base config's: the config
        ``p.overrides()`` makes changes a field this registry does not read (a registry
        without profiles and a "voice" point, in ``fit_preset`` over several registries).
        """
        if p.abstain_rule == self.abstain_rule:
            return p.abstain_margin
        return float(getattr(self.base, _THRESHOLD_FIELDS[self.abstain_rule]))

    def _figures(
        self,
        hits: NDArray[np.float64],
        picked: NDArray[np.int64],
        cost: NDArray[np.float64],
        fallback: NDArray[np.bool_],
    ) -> Figures:
        tool = self.needs_tool
        share = hits / self.gold_count
        dangerous = tool & (picked > 0) & (hits == 0)
        rejected = ~tool & (picked == 0)
        n = max(1, len(self.queries))
        return Figures(
            served=float((share[tool].sum() + rejected.sum()) / n),
            recall_mean=float(share[tool].mean()) if tool.any() else None,
            dangerous=int(dangerous.sum()),
            dangerous_share=float(dangerous[tool].mean()) if tool.any() else None,
            no_tool_rejection=float(rejected[~tool].mean()) if (~tool).any() else None,
            cost_ratio=float(cost.mean()) if len(cost) else 0.0,
            fallback_rate=float(fallback.mean()) if len(fallback) else 0.0,
            mean_selected=float(picked.mean()) if len(picked) else 0.0,
            false_abstain=float((picked[tool] == 0).mean()) if tool.any() else None,
        )

    def observed(self, weights: tuple[float, ...]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Top combined score and top1 - top2 gap per query (queries with a positive score)."""
        t = self.table(self.pool_size(self.base.top_k), weights)
        positive = t.score[:, 0] > 0
        second = np.clip(t.score[:, 1], 0.0, None)
        return t.score[positive, 0], (t.score[:, 0] - second)[positive]
