"""Fit a configuration to your own tools, labelled queries and embedder (``toolfilter fit``).

Thresholds are per embedder: e5's cosines sit in a narrow high band, MiniLM's spread wide,
so the shipped preset (measured with the default embedder) is only a starting point. The
fit, step by step:

1. Split the labelled queries into a fit split and a held-out split: a seeded shuffle,
   stratified by tool / no-tool, so both splits hold the same share of no-tool requests.
2. Embed every query, tool text and abstain phrase once (a caching embedder wrapper).
3. Run the real pipeline once per fit query (and candidate pool size) with every threshold
   open, keeping each pool member's signals. Everything after the signals (combined score
   for given weights, zero-score and ``min_combined_score`` cuts, confidence from
   ``min_score`` / ``min_gap``, widening to the top domains, ``top_k``, ``relative_cut``,
   abstention by ``abstain_margin``) is then recomputed in numpy for each config tried:
   nothing is embedded or re-scored during the search. With tool profiles, abstention is
   the voice rule's (``abstain_voice_margin``), a request whose closest profile request
   asks to destroy asks to destroy, and the destructive guard holds in confident selections.
4. Search: weights (``embed`` 1.0 with ``bm25``, ``lexical`` and ``support`` on a grid, plus
   the preset's own); thresholds from quantiles of the scores this embedder gives on the
   fit split, never from a fixed grid; coordinate descent from the shipped preset, then
   from seeded random starts for the most promising weights. Configs are compared in this
   order: mean ``cost_ratio`` within the budget; then the fewest dangerous misselections
   (a plausible list without the right tool; zero is the target); then the most queries
   served (the recall share of tool requests, the rejection of no-tool ones); then the
   lowest cost.
5. Run the real pipeline with the chosen config and with the shipped preset on both
   splits. Only the held-out figures say how the config will do on new requests.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .._config import ToolFilterConfig, recommended_config
from .._embed_cache import CachingEmbedder
from .._embedders import DEFAULT_EMBEDDER, Embedder, embedder_names, get_embedder
from .._evaluate import EvalResult, LabelledQuery, evaluate, unknown_gold
from .._exceptions import ConfigError, ConfigWarning, ToolSpecError
from .._filter import ToolFilter
from .._tool_defs import load_tools_once
from .._tool_profiles.sidecar import Profiles, attach_profiles, read_profiles
from .._types import ToolSpec
from .result import FitResult
from .search import search
from .simulate import Figures, Simulator
from .split import split_queries

__all__ = ["fit_config"]


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
    problem = unknown_gold((t.name for t in tools), queries)
    if problem:
        raise ToolSpecError(problem)


def fit_config(
    tools: Iterable[ToolSpec | Mapping[str, Any]],
    queries: Sequence[LabelledQuery],
    *,
    embedder: Embedder | str = "default",
    split: float = 0.5,
    seed: int = 0,
    budget: float = 0.10,
    max_dangerous: float = 0.0,
    profiles: Profiles | str | Path | None = None,
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
        profiles: The registry's tool profiles and near-miss requests (``Profiles`` or a
            profiles file, ``read_profiles``), as the ``ToolFilter`` serving it gets them;
            tools may carry their profiles already. With profiles the search moves
            ``abstain_voice_margin`` instead of the abstain rule's threshold.

    Returns:
        The fitted config with its figures and the shipped preset's on both splits.

    Raises:
        ConfigError: ``split``, ``budget`` or ``max_dangerous`` out of range.
        ToolSpecError: no tools, a gold tool missing from the tools, no tool query to fit
            on, or an unreadable profiles file.
    """
    started = time.perf_counter()
    _check_limits(budget, max_dangerous)
    specs, near_misses = _registry(tools, profiles)
    _check_gold(specs, queries)
    fit = _Fit(specs, near_misses, *_splits(queries, split, seed), embedder, budget, split, seed, max_dangerous)
    fit.cached.embed_queries([q.query for q in queries])  # one pass over every query
    default = recommended_config(embedder=fit.name)
    sim = Simulator(specs, fit.fit_split, default, fit.cached, profiles=near_misses)
    allowed = int(max_dangerous * sum(1 for q in fit.fit_split if q.gold) + 1e-9)
    best, candidates = search(sim, default, budget, allowed, seed)
    fitted = default.merged(best.overrides())
    simulated = sim.run(best)
    figures = [fit.run(config, labelled) for config in (fitted, default) for labelled in fit.splits]
    notes = _search_notes(simulated, figures[0], budget, allowed) + fit.name_notes()
    feasible = simulated.cost_ratio <= budget + 1e-9 and simulated.dangerous <= allowed
    seconds = time.perf_counter() - started
    return fit.result(
        fitted, default, figures, feasible=feasible, candidates=candidates, notes=notes, sim=sim, seconds=seconds
    )


class _Fit:
    """One fit's registry, splits, embedder and settings, and the real pipeline run on them."""

    def __init__(
        self,
        specs: list[ToolSpec],
        near_misses: Profiles | None,
        fit_split: list[LabelledQuery],
        held_split: list[LabelledQuery],
        embedder: Embedder | str,
        budget: float,
        split: float,
        seed: int,
        max_dangerous: float,
    ) -> None:
        self.specs, self.near_misses = specs, near_misses
        self.fit_split, self.held_split = fit_split, held_split
        self.splits = (fit_split, held_split)
        self.given = embedder
        self.name = _embedder_name(embedder)
        self.inner = get_embedder(embedder) if isinstance(embedder, str) else embedder
        self.cached = CachingEmbedder(self.inner)
        self.budget, self.split, self.seed, self.max_dangerous = budget, split, seed, max_dangerous

    def run(self, config: ToolFilterConfig, labelled: Sequence[LabelledQuery]) -> EvalResult:
        """The real pipeline's figures with ``config`` on ``labelled`` (a fresh filter each time)."""
        with warnings.catch_warnings():  # fitting is the cure the threshold warning names
            warnings.simplefilter("ignore", ConfigWarning)
            tf = ToolFilter(self.specs, config=config, embedder=self.cached, profiles=self.near_misses)
        return evaluate(tf.select, labelled)

    def name_notes(self) -> list[str]:
        """A note when the embedder's name had to be read off its id."""
        if not isinstance(self.given, str) and not set(self.name.split("+")) <= set(embedder_names()):
            return [f"embedder name {self.name!r} was read off the id {self.inner.id!r}; check 'embedder' in the file"]
        return []

    def result(
        self,
        fitted: ToolFilterConfig,
        default: ToolFilterConfig,
        figures: Sequence[EvalResult],
        *,
        feasible: bool,
        candidates: Mapping[str, tuple[float, ...]],
        notes: Sequence[str],
        sim: Simulator,
        seconds: float,
    ) -> FitResult:
        """The fit's report: ``figures`` are the fitted config's and the preset's, each on both splits."""
        return FitResult(
            config=fitted,
            default=default,
            embedder=self.name,
            embedder_id=self.inner.id,
            tools=len(self.specs),
            budget=self.budget,
            split=self.split,
            seed=self.seed,
            max_dangerous=self.max_dangerous,
            fit_ids=tuple(q.id for q in self.fit_split),
            heldout_ids=tuple(q.id for q in self.held_split),
            fit=figures[0],
            heldout=figures[1],
            default_fit=figures[2],
            default_heldout=figures[3],
            feasible=feasible,
            candidates=candidates,
            notes=tuple(notes),
            abstain_rule=sim.abstain_rule,
            configs_evaluated=sim.evaluated,
            seconds=seconds,
        )


def _check_limits(budget: float, max_dangerous: float) -> None:
    """Refuse a budget or a dangerous share out of range."""
    if not (0.0 < budget <= 1.0):
        msg = f"budget: got {budget!r}; allowed: a mean cost_ratio in (0.0, 1.0], e.g. 0.10"
        raise ConfigError(msg)
    if not (0.0 <= max_dangerous <= 1.0):
        msg = f"max_dangerous: got {max_dangerous!r}; allowed: a share of the tool queries in [0.0, 1.0]"
        raise ConfigError(msg)


def _registry(
    tools: Iterable[ToolSpec | Mapping[str, Any]], profiles: Profiles | str | Path | None
) -> tuple[list[ToolSpec], Profiles | None]:
    """The tools with their profiles attached, and the near-miss requests the filter gets."""
    if isinstance(profiles, str | Path):
        profiles = read_profiles(profiles)
    specs = attach_profiles(load_tools_once(tools), profiles)  # warns once of a stale profile
    near_misses = Profiles(no_tool=profiles.no_tool) if profiles is not None else None
    if not specs:
        raise ToolSpecError("tools: none given; fit needs the registry the config is for")
    return specs, near_misses


def _splits(
    queries: Sequence[LabelledQuery], split: float, seed: int
) -> tuple[list[LabelledQuery], list[LabelledQuery]]:
    """The fit split and the held-out split, each with something to measure."""
    fit_split, held_split = split_queries(queries, split=split, seed=seed)
    if not any(q.gold for q in fit_split):
        raise ToolSpecError("queries: the fit split holds no query that needs a tool; give more labelled queries")
    if not held_split:
        raise ToolSpecError("queries: nothing is left to hold out; give more queries or a smaller --split")
    return fit_split, held_split


def _search_notes(simulated: Figures, fit_figures: EvalResult, budget: float, allowed: int) -> list[str]:
    """What the search could not reach, and where its re-computation and the pipeline disagree."""
    notes: list[str] = []
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
    return notes
