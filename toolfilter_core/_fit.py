"""Fit a configuration to your own tools, labelled queries and embedder (``toolfilter fit``).

Thresholds are per embedder: e5's cosines sit in a narrow high band, MiniLM's spread wide,
so the shipped profile (measured with the default embedder) is only a starting point. The
fit, step by step:

1. Split the labelled queries into a fit split and a held-out split: a seeded shuffle,
   stratified by tool / no-tool, so both splits hold the same share of no-tool requests.
2. Embed every query, tool text and abstain phrase once (a caching embedder wrapper).
3. Run the real pipeline once per fit query (and candidate pool size) with every threshold
   open, keeping each pool member's signals. Everything after the signals (combined score
   for given weights, zero-score and ``min_combined_score`` cuts, confidence from
   ``min_score`` / ``min_gap``, widening to the top domains, ``top_k``, ``relative_cut``,
   abstention by ``abstain_margin``) is then recomputed in numpy for each config tried:
   nothing is embedded or re-scored during the search.
4. Search: weights (``embed`` 1.0 with ``bm25``, ``lexical`` and ``support`` on a grid, plus
   the profile's own); thresholds from quantiles of the scores this embedder gives on the
   fit split, never from a fixed grid; coordinate descent from the shipped profile, then
   from seeded random starts for the most promising weights. Configs are compared in this
   order: mean ``cost_ratio`` within the budget; then the fewest dangerous misselections
   (a plausible list without the right tool; zero is the target); then the most queries
   served (the recall share of tool requests, the rejection of no-tool ones); then the
   lowest cost.
5. Run the real pipeline with the chosen config and with the shipped profile on both
   splits. Only the held-out figures say how the config will do on new requests.
"""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import yaml
from numpy.typing import NDArray

from ._arguments import request_kinds
from ._config import SIGNALS, ToolFilterConfig, recommended_config
from ._embedders import DEFAULT_EMBEDDER, Embedder, embedder_names, get_embedder
from ._evaluate import EvalResult, LabelledQuery, evaluate
from ._exceptions import ConfigError, ToolSpecError
from ._registry import load_tools
from ._selector import ToolFilter
from ._threads import one_blas_thread
from ._types import Reason, ToolSpec, openai_tools_chars

__all__ = ["FitResult", "fit_config", "split_queries", "threshold_candidates"]

# Search spaces of the structural settings (the thresholds come from the data).
_TOP_K = (1, 2, 3, 4, 5, 6, 8)
_RELATIVE_CUT = (0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9)
_FALLBACK_TOP_K = (1, 2, 3, 4, 6, 8, 10, 12)
_FALLBACK_DOMAINS = (1, 2, 3, 5)
# Weights relative to embed = 1.0 (the combined score is a weighted mean, so scale is moot).
_WEIGHT_GRID = {
    "bm25": (0.0, 0.15, 0.3, 0.5),
    "lexical": (0.0, 0.1, 0.2),
    "support": (0.0, 0.5, 1.0),
    "argument": (0.0, 0.3),
}
# Quantile levels of the observed scores that become threshold candidates.
_SCORE_LEVELS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
_GAP_LEVELS = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
_FLOOR_LEVELS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6)
_ABSTAIN_LEVELS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 1.0)
_RANDOM_STARTS = 3
_REFINED_WEIGHTS = 3
_MAX_ROUNDS = 6
_BATCH = 256
# A candidate that rejects it is still in the pool (scored); policy and gate rejections are not.
_SCORED = {None, Reason.BELOW_TOP_K, Reason.ZERO_SCORE, Reason.BELOW_MIN_COMBINED, Reason.OTHER_DOMAIN}


# ----- the split -----


def _train_count(n: int, share: float) -> int:
    if n <= 1:
        return n
    return min(n - 1, max(1, round(n * share)))


def split_queries(
    queries: Sequence[LabelledQuery], *, split: float = 0.5, seed: int = 0
) -> tuple[list[LabelledQuery], list[LabelledQuery]]:
    """Split labelled queries into (fit, held-out), deterministically.

    Tool queries and no-tool queries are shuffled separately with ``random.Random(seed)``
    and each group gives ``round(n * split)`` queries to the fit split (at least one to each
    side when the group has two or more). Both splits keep the input order.

    Raises:
        ConfigError: ``split`` is not strictly between 0 and 1.
    """
    if not (0.0 < split < 1.0):
        msg = f"split: got {split!r}; allowed: the share of queries to fit on, strictly between 0.0 and 1.0"
        raise ConfigError(msg)
    rng = random.Random(seed)
    chosen: set[int] = set()
    for wants_tool in (True, False):
        group = [i for i, q in enumerate(queries) if bool(q.gold) == wants_tool]
        rng.shuffle(group)
        chosen.update(group[: _train_count(len(group), split)])
    fit = [q for i, q in enumerate(queries) if i in chosen]
    held = [q for i, q in enumerate(queries) if i not in chosen]
    return fit, held


# ----- threshold candidates -----


def _levels(values: NDArray[np.float64], levels: Sequence[float], low: float, high: float) -> set[float]:
    if not len(values):
        return set()
    return {round(float(np.clip(v, low, high)), 3) for v in np.quantile(values, levels)}


def threshold_candidates(
    top_scores: Sequence[float] | NDArray[np.float64],
    gaps: Sequence[float] | NDArray[np.float64],
    abstain_gaps: Sequence[float] | NDArray[np.float64] = (),
) -> dict[str, tuple[float, ...]]:
    """Threshold values worth trying, read off one embedder's score distribution.

    Args:
        top_scores: Best combined score per fit query.
        gaps: Best minus second-best combined score per fit query.
        abstain_gaps: Per fit query, the closest abstain phrase's cosine minus the best
            tool's.

    Returns:
        Candidates per field, sorted: ``min_score`` and ``min_combined_score`` at quantiles
        of the top scores (plus 0: off), ``min_gap`` at quantiles of the gaps (plus 0), and
        ``abstain_margin`` at upper quantiles of the abstain gaps (plus 1.0: practically off).
    """
    tops = np.asarray(top_scores, dtype=np.float64)
    gap = np.asarray(gaps, dtype=np.float64)
    abstain = np.asarray(abstain_gaps, dtype=np.float64)
    return {
        "min_score": tuple(sorted({0.0} | _levels(tops, _SCORE_LEVELS, 0.0, 1.0))),
        "min_gap": tuple(sorted({0.0} | _levels(gap, _GAP_LEVELS, 0.0, 1.0))),
        "min_combined_score": tuple(sorted({0.0} | _levels(tops, _FLOOR_LEVELS, 0.0, 1.0))),
        "abstain_margin": tuple(sorted({1.0} | _levels(abstain, _ABSTAIN_LEVELS, -1.0, 1.0))),
    }


# ----- embedding once -----


class _CachedEmbedder:
    """Embeds each distinct text once; every ToolFilter of the fit shares it."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self._queries: dict[str, NDArray[np.float32]] = {}
        self._documents: dict[str, NDArray[np.float32]] = {}

    @property
    def id(self) -> str:
        return self.inner.id

    def _get(self, cache: dict[str, NDArray[np.float32]], texts: Sequence[str], embed: Any) -> NDArray[np.float32]:
        missing = list(dict.fromkeys(t for t in texts if t not in cache))
        for start in range(0, len(missing), _BATCH):
            chunk = missing[start : start + _BATCH]
            for text, row in zip(chunk, embed(chunk), strict=True):
                cache[text] = np.asarray(row, dtype=np.float32)
        if not texts:
            return np.asarray(embed([]), dtype=np.float32)
        return np.vstack([cache[t] for t in texts]).astype(np.float32, copy=False)

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return self._get(self._queries, texts, self.inner.embed_queries)

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return self._get(self._documents, texts, self.inner.embed_documents)


# ----- a config as a point of the search -----


@dataclass(frozen=True, slots=True)
class _Point:
    weights: tuple[float, ...]  # in SIGNALS order
    top_k: int
    relative_cut: float
    fallback_top_k: int
    fallback_domains: int
    min_score: float
    min_gap: float
    min_combined_score: float
    abstain_margin: float

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
            "abstain_margin": self.abstain_margin,
        }


_AXES = (
    "top_k",
    "relative_cut",
    "fallback_top_k",
    "fallback_domains",
    "min_score",
    "min_gap",
    "min_combined_score",
    "abstain_margin",
)


def _point_of(config: ToolFilterConfig) -> _Point:
    resolved = config.weights.resolved()
    return _Point(
        weights=tuple(resolved[s] for s in SIGNALS),
        top_k=config.top_k,
        relative_cut=config.relative_cut,
        fallback_top_k=config.fallback_top_k or 2 * config.top_k,
        fallback_domains=config.fallback_domains,
        min_score=config.min_score,
        min_gap=config.min_gap,
        min_combined_score=config.min_combined_score,
        abstain_margin=config.abstain_margin,
    )


@dataclass(frozen=True, slots=True)
class _Figures:
    """Simulated figures of one config on the fit split."""

    served: float
    recall_mean: float | None
    dangerous: int
    dangerous_share: float | None
    no_tool_rejection: float | None
    cost_ratio: float
    fallback_rate: float
    mean_selected: float

    def key(self, budget: float, allowed: int = 0) -> tuple[float, int, float, float]:
        excess = max(0.0, round(self.cost_ratio - budget, 9))
        return (excess, max(0, self.dangerous - allowed), -round(self.served, 9), round(self.cost_ratio, 9))


@dataclass(slots=True)
class _Table:
    """One pool size and weight vector: candidates sorted as the pipeline sorts them."""

    score: NDArray[np.float64]  # (queries, slots), best first; -1 pads
    hit: NDArray[np.bool_]
    chars: NDArray[np.float64]
    domain_rank: NDArray[np.int64]
    clause_top: NDArray[np.bool_]  # the closest tool of one of the request's clauses


# ----- the simulator -----


class _Simulator:
    """The pipeline after the signals, for many configs over one set of queries."""

    def __init__(
        self,
        tools: Sequence[ToolSpec],
        queries: Sequence[LabelledQuery],
        base: ToolFilterConfig,
        embedder: _CachedEmbedder,
    ) -> None:
        self.tools = list(tools)
        self.queries = list(queries)
        self.base = base
        self.embedder = embedder
        self.position = {t.name: i for i, t in enumerate(self.tools)}
        names = sorted(self.position)
        self.name_rank = np.array([names.index(t.name) for t in self.tools], dtype=np.int64)
        domains = [t.category or f"tool:{t.name}" for t in self.tools]
        self.domain = np.array([sorted(set(domains)).index(d) for d in domains], dtype=np.int64)
        self.chars = np.array([len(json.dumps(t.to_openai(), ensure_ascii=False)) + 2 for t in self.tools], float)
        self.total = float(openai_tools_chars(self.tools)) or 1.0
        self.gold = [{self.position[g] for g in q.gold} for q in self.queries]
        self.needs_tool = np.array([bool(g) for g in self.gold])
        self.gold_count = np.array([max(1, len(g)) for g in self.gold], dtype=np.float64)
        self.exact = np.array(
            [self.position.get(q.query.strip(), -1) if base.exact_name_match else -1 for q in self.queries]
        )
        self._harvests: dict[int, tuple[NDArray[np.float64], NDArray[np.int64]]] = {}
        self._tables: dict[tuple[int, tuple[float, ...]], _Table] = {}
        self.abstain_gap = self._abstain_gaps()
        self.clause_tops = self._clause_tops()
        self.evaluated = 0

    def _filter(self, config: ToolFilterConfig) -> ToolFilter:
        return ToolFilter(self.tools, config=config, embedder=self.embedder)

    @functools.cached_property
    def _base_filter(self) -> ToolFilter:
        """The pipeline with the base config, built once for the abstain gaps and clause tops."""
        return self._filter(self.base)

    def _abstain_gaps(self) -> NDArray[np.float64]:
        """Per query: closest abstain phrase's cosine minus the best tool's (NaN: abstention off)."""
        out = np.full(len(self.queries), np.nan)
        phrases = list(self.base.abstain_phrases)
        if not phrases or not self.tools or not self.queries:
            return out
        tf = self._base_filter
        vectors = self.embedder.embed_queries([q.query for q in self.queries])
        with one_blas_thread():
            for n, vector in enumerate(vectors):
                _, _, authored = tf.index.similarities(vector)
                kinds = request_kinds(self.queries[n].query)
                gap = tf._abstain_check(tf._registry, kinds, vector, authored)  # the very check select() makes
                out[n] = np.nan if gap is None else gap[0]
        return out

    def _clause_tops(self) -> list[set[int]]:
        """Per query: the positions of the tools select() keeps as its clauses' closest."""
        if not self.tools or not self.base.enabled or not self.base.clause_matching:
            return [set() for _ in self.queries]
        tf = self._base_filter
        with one_blas_thread():
            return [{self.position[name] for name in tf._clause_top_names(q.query)} for q in self.queries]

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
                "route_domains": 0,
                "abstain_phrases": [],
                "always_include": [],
            }
        )

    def _harvest(self, pool: int) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
        """Each query's pool members and their signals, from the real pipeline."""
        if pool in self._harvests:
            return self._harvests[pool]
        tf = self._filter(self._open_config(pool))
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
                    if s.reason in _SCORED
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

    def table(self, pool: int, weights: tuple[float, ...]) -> _Table:
        """Candidates of every query scored with these weights and sorted like the pipeline."""
        key = (pool, weights)
        if key in self._tables:
            return self._tables[key]
        signals, tool = self._harvest(pool)
        # combine() exactly: sum(w * s) in SIGNALS order, then / sum(w), both over the signals
        # present (NaN: absent, as "argument" is for a request without argument values)
        score = np.zeros(tool.shape, dtype=np.float64)
        total = np.zeros(tool.shape, dtype=np.float64)
        for k, w in enumerate(weights):
            present = ~np.isnan(signals[:, :, k])
            score = score + w * np.where(present, signals[:, :, k], 0.0)
            total = total + w * present
        score = np.divide(score, total, out=np.zeros_like(score), where=total > 0)
        valid = tool >= 0
        score = np.where(valid, score, -1.0)
        embed = signals[:, :, SIGNALS.index("embed")]
        rank = np.where(valid, self.name_rank[np.maximum(tool, 0)], len(self.tools))
        order = np.lexsort((rank, -embed, -score), axis=-1)
        score = np.take_along_axis(score, order, axis=1)
        tool = np.take_along_axis(tool, order, axis=1)
        hit = np.zeros(tool.shape, dtype=bool)
        clause_top = np.zeros(tool.shape, dtype=bool)
        domain_rank = np.zeros(tool.shape, dtype=np.int64)
        for n in range(tool.shape[0]):
            seen: dict[int, int] = {}
            for j in range(tool.shape[1]):
                index = int(tool[n, j])
                if index < 0:
                    domain_rank[n, j] = len(self.tools)
                    continue
                hit[n, j] = index in self.gold[n]
                clause_top[n, j] = index in self.clause_tops[n]
                domain_rank[n, j] = seen.setdefault(int(self.domain[index]), len(seen))
        chars = np.where(tool >= 0, self.chars[np.maximum(tool, 0)], 0.0)
        table = _Table(score=score, hit=hit, chars=chars, domain_rank=domain_rank, clause_top=clause_top)
        self._tables[key] = table
        return table

    def pool_size(self, top_k: int) -> int:
        return self.base.candidate_pool_size or max(top_k * 5, 20)

    def run(self, p: _Point) -> _Figures:
        """The figures the pipeline would give with this config on these queries."""
        self.evaluated += 1
        t = self.table(self.pool_size(p.top_k), p.weights)
        s = t.score
        survivor = (s > 0.0) & (s >= p.min_combined_score)
        count = survivor.sum(axis=1)
        top = s[:, 0]
        second = np.where(count > 1, s[:, 1], 0.0)
        confident = (count >= 1) & (top >= p.min_score) & ((count == 1) | (top - second >= p.min_gap))
        routed = survivor & (t.domain_rank < self.base.route_domains) if self.base.route_domains else survivor
        floor = (top * p.relative_cut)[:, None]
        sure = routed & (np.cumsum(routed, axis=1) <= p.top_k) & (s >= floor)
        widened = survivor & (t.domain_rank < p.fallback_domains)
        widened &= np.cumsum(widened, axis=1) <= p.fallback_top_k
        selected = np.where(confident[:, None], sure, widened)
        selected |= survivor & t.clause_top  # each clause's closest tool, when it survived scoring
        abstained = np.zeros(len(s), dtype=bool)
        if self.base.abstain_phrases and self.tools:
            abstained = self.abstain_gap >= p.abstain_margin
            selected &= ~abstained[:, None]
        hits = (selected & t.hit).sum(axis=1).astype(np.float64)
        picked = selected.sum(axis=1)
        cost = (selected * t.chars).sum(axis=1) / self.total
        fallback = (~confident) & (count >= 1) & ~abstained
        exact = self.exact >= 0
        if exact.any():
            for n in np.flatnonzero(exact):
                index = int(self.exact[n])
                hits[n] = 1.0 if index in self.gold[n] else 0.0
                picked[n] = 1
                cost[n] = self.chars[index] / self.total
                fallback[n] = False
        return self._figures(hits, picked, cost, fallback)

    def _figures(
        self,
        hits: NDArray[np.float64],
        picked: NDArray[np.int64],
        cost: NDArray[np.float64],
        fallback: NDArray[np.bool_],
    ) -> _Figures:
        tool = self.needs_tool
        share = hits / self.gold_count
        dangerous = tool & (picked > 0) & (hits == 0)
        rejected = ~tool & (picked == 0)
        n = max(1, len(self.queries))
        return _Figures(
            served=float((share[tool].sum() + rejected.sum()) / n),
            recall_mean=float(share[tool].mean()) if tool.any() else None,
            dangerous=int(dangerous.sum()),
            dangerous_share=float(dangerous[tool].mean()) if tool.any() else None,
            no_tool_rejection=float(rejected[~tool].mean()) if (~tool).any() else None,
            cost_ratio=float(cost.mean()) if len(cost) else 0.0,
            fallback_rate=float(fallback.mean()) if len(fallback) else 0.0,
            mean_selected=float(picked.mean()) if len(picked) else 0.0,
        )

    def observed(self, weights: tuple[float, ...]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Top combined score and top1 - top2 gap per query (queries with a positive score)."""
        t = self.table(self.pool_size(self.base.top_k), weights)
        positive = t.score[:, 0] > 0
        second = np.clip(t.score[:, 1], 0.0, None)
        return t.score[positive, 0], (t.score[:, 0] - second)[positive]


# ----- the search -----


def _weight_grid(base: ToolFilterConfig) -> list[tuple[float, ...]]:
    resolved = base.weights.resolved()
    grid = [tuple(resolved[s] for s in SIGNALS)]
    axes = {name: values for name, values in _WEIGHT_GRID.items() if name in SIGNALS}
    combos: list[dict[str, float]] = [{}]
    for name, values in axes.items():
        combos = [{**c, name: v} for c in combos for v in values]
    for combo in combos:
        weights = {s: 0.0 for s in SIGNALS} | {"embed": 1.0} | combo
        point = tuple(weights[s] for s in SIGNALS)
        if point not in grid:
            grid.append(point)
    return grid


def _axes(candidates: Mapping[str, tuple[float, ...]], start: _Point) -> dict[str, tuple[Any, ...]]:
    def with_start(values: Iterable[Any], current: Any) -> tuple[Any, ...]:
        return tuple(sorted({*values, current}))

    return {
        "top_k": with_start(_TOP_K, start.top_k),
        "relative_cut": with_start(_RELATIVE_CUT, start.relative_cut),
        "fallback_top_k": with_start(_FALLBACK_TOP_K, start.fallback_top_k),
        "fallback_domains": with_start(_FALLBACK_DOMAINS, start.fallback_domains),
        **{name: with_start(values, getattr(start, name)) for name, values in candidates.items()},
    }


def _descend(
    sim: _Simulator, start: _Point, axes: Mapping[str, tuple[Any, ...]], budget: float, allowed: int
) -> tuple[_Point, Any]:
    """Coordinate descent: try every value of one setting at a time, keep the best, repeat."""
    best, best_key = start, sim.run(start).key(budget, allowed)
    for _ in range(_MAX_ROUNDS):
        moved = False
        for axis in _AXES:
            for value in axes[axis]:
                if value == getattr(best, axis):
                    continue
                point = replace(best, **{axis: value})
                key = sim.run(point).key(budget, allowed)
                if key < best_key:
                    best, best_key, moved = point, key, True
        if not moved:
            break
    return best, best_key


def _search(
    sim: _Simulator, base: ToolFilterConfig, budget: float, allowed: int, seed: int
) -> tuple[_Point, dict[str, tuple[float, ...]]]:
    start = _point_of(base)
    results: list[tuple[Any, _Point, dict[str, tuple[float, ...]]]] = []
    for weights in _weight_grid(base):
        tops, gaps = sim.observed(weights)
        abstain = sim.abstain_gap[~np.isnan(sim.abstain_gap)]
        candidates = threshold_candidates(tops, gaps, abstain)
        point, key = _descend(sim, replace(start, weights=weights), _axes(candidates, start), budget, allowed)
        results.append((key, point, candidates))
    results.sort(key=lambda r: r[0])
    rng = random.Random(seed)
    for key, point, candidates in list(results[:_REFINED_WEIGHTS]):
        axes = _axes(candidates, start)
        for _ in range(_RANDOM_STARTS):
            values = {axis: rng.choice(axes[axis]) for axis in _AXES}
            found, found_key = _descend(sim, replace(point, **values), axes, budget, allowed)
            if found_key < key:
                key, point = found_key, found
            results.append((found_key, found, candidates))
    results.sort(key=lambda r: r[0])
    _, best, candidates = results[0]
    return best, candidates


# ----- the result -----


_REPORTED = ("recall", "recall_mean", "dangerous_misselect", "no_tool_rejection", "fallback_rate", "mean_selected")


@dataclass(frozen=True, slots=True)
class FitResult:
    """A fitted config and how it did, next to the shipped profile, on both splits."""

    config: ToolFilterConfig
    """The fitted configuration (complete; ``load_config`` reads ``to_yaml()`` back)."""
    default: ToolFilterConfig
    """The shipped profile with the same embedder, for comparison."""
    embedder: str
    """The embedder name written into the config."""
    embedder_id: str
    """The embedder's id (model and version) the thresholds were fitted with."""
    tools: int
    budget: float
    split: float
    seed: int
    max_dangerous: float
    fit_ids: tuple[str, ...]
    heldout_ids: tuple[str, ...]
    fit: EvalResult
    """The fitted config on the fit split (real pipeline)."""
    heldout: EvalResult
    """The fitted config on the held-out split: the figures to trust."""
    default_fit: EvalResult
    default_heldout: EvalResult
    feasible: bool
    """Both constraints met on the fit split: cost within budget, no dangerous misselection."""
    candidates: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    """The threshold values tried for the chosen weights (quantiles of this embedder's scores)."""
    notes: tuple[str, ...] = ()
    configs_evaluated: int = 0
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (``toolfilter fit --json``)."""
        return {
            "embedder": self.embedder,
            "embedder_id": self.embedder_id,
            "tools": self.tools,
            "budget": self.budget,
            "max_dangerous": self.max_dangerous,
            "split": self.split,
            "seed": self.seed,
            "fit_queries": len(self.fit_ids),
            "heldout_queries": len(self.heldout_ids),
            "feasible": self.feasible,
            "notes": list(self.notes),
            "configs_evaluated": self.configs_evaluated,
            "seconds": round(self.seconds, 2),
            "fitted": _fitted_fields(self.config),
            "threshold_candidates": {k: list(v) for k, v in self.candidates.items()},
            "fit": self.fit.to_dict(),
            "heldout": self.heldout.to_dict(),
            "default_fit": self.default_fit.to_dict(),
            "default_heldout": self.default_heldout.to_dict(),
        }

    def summary(self) -> str:
        """A table of the figures: fitted and default, on the fit and held-out splits."""
        lines = [f"{'metric':<22}{'fit: fitted':>13}{'held-out: fitted':>18}{'held-out: default':>19}"]
        for key in (*_REPORTED, "cost_ratio"):
            values = [r.to_dict()[key] for r in (self.fit, self.heldout, self.default_heldout)]
            shown = ["-" if v is None else f"{v:.3f}" for v in values]
            lines.append(f"{key:<22}{shown[0]:>13}{shown[1]:>18}{shown[2]:>19}")
        fields = _fitted_fields(self.config)
        lines.append("fitted: " + ", ".join(f"{k}={v}" for k, v in fields.items()))
        lines.extend(f"note: {n}" for n in self.notes)
        return "\n".join(lines)

    def to_yaml(self, *, tools_source: str = "", queries_source: str = "") -> str:
        """The config as YAML, with a header saying what it was fitted on and how it did."""
        fit_tool = self.fit.tool_queries
        held_tool = self.heldout.tool_queries
        header = [
            "Fitted by `toolfilter fit`: a complete config, loadable by load_config().",
            f"Tools: {tools_source or 'given in code'} ({self.tools} tools).",
            f"Queries: {queries_source or 'given in code'}.",
            f"Split: {self.split} to fit on (seeded shuffle, seed {self.seed}, stratified by tool / no-tool): "
            f"fitted on {len(self.fit_ids)} ({fit_tool} need a tool), held out {len(self.heldout_ids)} "
            f"({held_tool} need a tool).",
            f"Embedder: {self.embedder} ({self.embedder_id}); the thresholds are only valid for it.",
            f"Order of preference: mean cost_ratio <= {self.budget}; then "
            + ("no dangerous misselection" if not self.max_dangerous else f"dangerous <= {self.max_dangerous:.0%}")
            + "; then recall (and no-tool rejection); then cost.",
            "Constraints met on the fit split." if self.feasible else "Constraints NOT all met on the fit split.",
            "Held-out figures (this config | the shipped profile, same embedder):",
        ]
        for key in (*_REPORTED, "cost_ratio"):
            mine, theirs = self.heldout.to_dict()[key], self.default_heldout.to_dict()[key]
            header.append(f"  {key:<20} {_show(mine)} | {_show(theirs)}")
        header.extend(f"Note: {n}" for n in self.notes)
        body = str(yaml.safe_dump(self.config.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=100))
        return "".join(f"# {line}\n" for line in header) + body


def _show(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _fitted_fields(config: ToolFilterConfig) -> dict[str, Any]:
    weights = {k: v for k, v in config.weights.resolved().items() if v}
    return {
        "weights": weights,
        "top_k": config.top_k,
        "relative_cut": config.relative_cut,
        "fallback_top_k": config.fallback_top_k,
        "fallback_domains": config.fallback_domains,
        "min_score": config.min_score,
        "min_gap": config.min_gap,
        "min_combined_score": config.min_combined_score,
        "abstain_margin": config.abstain_margin,
    }


def _embedder_name(embedder: Embedder | str) -> str:
    """The name ``get_embedder`` builds this embedder from, read off its id if need be."""
    if isinstance(embedder, str):
        return DEFAULT_EMBEDDER if embedder == "default" else embedder
    parts = []
    for part in embedder.id.split("+"):
        head = part.split("@")[0]
        parts.append("hashing" if head == "hashing-256" else head)
    return "+".join(parts)


def _check_gold(tools: Sequence[ToolSpec], queries: Sequence[LabelledQuery]) -> None:
    names = {t.name for t in tools}
    unknown = [(q.id, g) for q in queries for g in q.gold if g not in names]
    if unknown:
        shown = ", ".join(f"{i}: {g!r}" for i, g in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        msg = f"queries: {len(unknown)} gold tool name(s) are not in the tools given ({shown}{more})"
        raise ToolSpecError(msg)


def fit_config(
    tools: Iterable[ToolSpec | Mapping[str, Any]],
    queries: Sequence[LabelledQuery],
    *,
    embedder: Embedder | str = "default",
    split: float = 0.5,
    seed: int = 0,
    budget: float = 0.10,
    max_dangerous: float = 0.0,
) -> FitResult:
    """Calibrate weights, thresholds and sizes for your tools and embedder on labelled queries.

    Args:
        tools: The registry (``ToolSpec``, our JSON rows, OpenAI or MCP dicts).
        queries: Labelled queries (``read_queries``); ``gold == []`` marks a request that
            needs no tool. Both kinds are worth having.
        embedder: An ``Embedder`` or a name for ``get_embedder``.
        split: Share of the queries to fit on; the rest is held out for the report.
        seed: Seed of the split's shuffle and of the search's random starts.
        budget: Largest mean ``cost_ratio`` (selected tool characters over the whole list's)
            allowed on the fit split.
        max_dangerous: Share of the fit split's tool queries that may end in a dangerous
            misselection. 0 (the default) makes "none" a constraint, met before recall
            counts; a little tolerance buys recall back from abstaining.

    Returns:
        The fitted config with its figures and the shipped profile's on both splits.

    Raises:
        ConfigError: ``split``, ``budget`` or ``max_dangerous`` out of range.
        ToolSpecError: no tools, a gold tool missing from the tools, or no tool query to fit on.
    """
    started = time.perf_counter()
    if not (0.0 < budget <= 1.0):
        msg = f"budget: got {budget!r}; allowed: a mean cost_ratio in (0.0, 1.0], e.g. 0.10"
        raise ConfigError(msg)
    if not (0.0 <= max_dangerous <= 1.0):
        msg = f"max_dangerous: got {max_dangerous!r}; allowed: a share of the tool queries in [0.0, 1.0]"
        raise ConfigError(msg)
    specs = load_tools(tools)
    if not specs:
        raise ToolSpecError("tools: none given; fit needs the registry the config is for")
    _check_gold(specs, queries)
    fit_split, held_split = split_queries(queries, split=split, seed=seed)
    if not any(q.gold for q in fit_split):
        raise ToolSpecError("queries: the fit split holds no query that needs a tool; give more labelled queries")
    if not held_split:
        raise ToolSpecError("queries: nothing is left to hold out; give more queries or a smaller --split")

    name = _embedder_name(embedder)
    inner = get_embedder(embedder) if isinstance(embedder, str) else embedder
    cached = _CachedEmbedder(inner)
    cached.embed_queries([q.query for q in queries])  # one pass over every query
    default = recommended_config(embedder=name)

    sim = _Simulator(specs, fit_split, default, cached)
    allowed = int(max_dangerous * sum(1 for q in fit_split if q.gold) + 1e-9)
    best, candidates = _search(sim, default, budget, allowed, seed)
    fitted = default.merged(best.overrides())
    simulated = sim.run(best)

    def run(config: ToolFilterConfig, labelled: Sequence[LabelledQuery]) -> EvalResult:
        tf = ToolFilter(specs, config=config, embedder=cached)
        return evaluate(tf.select, labelled)

    fit_figures, held_figures = run(fitted, fit_split), run(fitted, held_split)
    default_fit, default_held = run(default, fit_split), run(default, held_split)

    notes: list[str] = []
    feasible = simulated.cost_ratio <= budget + 1e-9 and simulated.dangerous <= allowed
    if simulated.cost_ratio > budget + 1e-9:
        notes.append(
            f"no config keeps the mean cost_ratio within {budget} on the fit split "
            f"(best: {simulated.cost_ratio:.3f}); the cheapest was kept"
        )
    if simulated.dangerous > allowed:
        target = "zero dangerous misselection" if not allowed else f"at most {allowed} dangerous misselection(s)"
        notes.append(
            f"{target} is not reachable within the budget on the fit split: the config found "
            f"leaves {simulated.dangerous} (minimized first, then recall)"
        )
    if (
        abs((fit_figures.recall_mean or 0.0) - (simulated.recall_mean or 0.0)) > 1e-6
        or abs(fit_figures.cost_ratio - simulated.cost_ratio) > 1e-6
    ):
        notes.append(
            "the search's fast re-computation and the pipeline disagree on the fit split "
            f"(recall_mean {simulated.recall_mean} vs {fit_figures.recall_mean}); trust the pipeline's figures"
        )
    if not isinstance(embedder, str) and not set(name.split("+")) <= set(embedder_names()):
        notes.append(f"embedder name {name!r} was read off the id {inner.id!r}; check 'embedder' in the file")
    return FitResult(
        config=fitted,
        default=default,
        embedder=name,
        embedder_id=inner.id,
        tools=len(specs),
        budget=budget,
        split=split,
        seed=seed,
        max_dangerous=max_dangerous,
        fit_ids=tuple(q.id for q in fit_split),
        heldout_ids=tuple(q.id for q in held_split),
        fit=fit_figures,
        heldout=held_figures,
        default_fit=default_fit,
        default_heldout=default_held,
        feasible=feasible,
        candidates=candidates,
        notes=tuple(notes),
        configs_evaluated=sim.evaluated,
        seconds=time.perf_counter() - started,
    )
