"""The fit's search: weights on a grid, thresholds from the data, coordinate descent from the preset."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from .._config import SIGNALS, ToolFilterConfig
from .simulate import AXES, Point, Simulator
from .split import threshold_candidates

__all__ = ["search", "weight_grid"]

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
# A threshold no request reaches, by abstain rule (the voice rule's evidence is a difference of cosines).
_OFF = {"margin": 1.0, "relative": 3.0, "voice": 2.0}
_RANDOM_STARTS = 3
_REFINED_WEIGHTS = 3
_MAX_ROUNDS = 6


# ----- the search -----


def weight_grid(base: ToolFilterConfig) -> list[tuple[float, ...]]:
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


def _axes(candidates: Mapping[str, tuple[float, ...]], start: Point) -> dict[str, tuple[Any, ...]]:
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
    sim: Simulator, start: Point, axes: Mapping[str, tuple[Any, ...]], budget: float, allowed: int
) -> tuple[Point, Any]:
    """Coordinate descent: try every value of one setting at a time, keep the best, repeat."""
    best, best_key = start, sim.run(start).key(budget, allowed)
    for _ in range(_MAX_ROUNDS):
        moved = False
        for axis in AXES:
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


def search(
    sim: Simulator, base: ToolFilterConfig, budget: float, allowed: int, seed: int
) -> tuple[Point, dict[str, tuple[float, ...]]]:
    start = sim.point_of(base)
    results: list[tuple[Any, Point, dict[str, tuple[float, ...]]]] = []
    for weights in weight_grid(base):
        tops, gaps = sim.observed(weights)
        abstain = sim.abstain_gap[~np.isnan(sim.abstain_gap)]
        off = _OFF[sim.abstain_rule]
        candidates = threshold_candidates(tops, gaps, abstain, off=off)
        point, key = _descend(sim, replace(start, weights=weights), _axes(candidates, start), budget, allowed)
        results.append((key, point, candidates))
    results.sort(key=lambda r: r[0])
    rng = random.Random(seed)
    for key, point, candidates in list(results[:_REFINED_WEIGHTS]):
        axes = _axes(candidates, start)
        for _ in range(_RANDOM_STARTS):
            values = {axis: rng.choice(axes[axis]) for axis in AXES}
            found, found_key = _descend(sim, replace(point, **values), axes, budget, allowed)
            if found_key < key:
                key, point = found_key, found
            results.append((found_key, found, candidates))
    results.sort(key=lambda r: r[0])
    _, best, candidates = results[0]
    return best, candidates
