"""One preset for many registries, chosen so that it can be re-chosen with any registry left out.

``fit_preset`` is how the shipped preset's numbers are chosen (``benchmarks/choose_preset.py``):
each registry's tuning requests are scored once by the real pipeline (a ``Simulator`` each),
then a coordinate descent from the base config looks for the point that serves the
registries best on average while no registry loses more than ``max_false_abstain`` of its
tool requests to an empty selection and none is sent more than ``max_tools`` tools on
average. With ``leave_out`` the same search runs without that registry, and its figures on
the left-out registry estimate what the preset does on one it never saw. A caveat: the
descent starts from the base config (the preset before this choice, itself tuned earlier
on several of these registries) and makes a few greedy moves, so the left-out runs
often end where the full run does; they test this choice's moves, not the whole history.

A registry given with tool profiles (``RegistryData.profiles``, or tools carrying them) is
simulated as select() serves it: its "no tool fits" is the voice rule. When any registry it
chooses on has profiles, the search moves ``abstain_voice_margin``; a registry without
profiles then keeps the base config's abstain threshold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .._config import SIGNALS, ToolFilterConfig
from .._embed_cache import CachingEmbedder
from .._evaluate import LabelledQuery
from .._keywords import checked_keywords
from .._tool_profiles.sidecar import Profiles
from .._types import ToolSpec
from .simulate import Figures, Point, Simulator, point_of

__all__ = ["PresetFit", "RegistryData", "fit_preset", "preset_figures", "preset_simulators"]

# The values tried per setting (the base config's own value is always among them).
_GRID: dict[str, tuple[Any, ...]] = {
    "top_k": (3, 4, 5, 6),
    "relative_cut": (0.0, 0.3, 0.5, 0.7),
    "fallback_top_k": (4, 6, 8, 10),
    "fallback_domains": (2, 3, 4, 5),
    "min_score": (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6),
    "min_gap": (0.0, 0.01, 0.02, 0.03, 0.05, 0.08),
    "min_combined_score": (0.0, 0.05, 0.1, 0.15, 0.2),
    "abstain_margin": (-0.02, 0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 1.0),
}
# The relative rule's threshold (its evidence sits higher: closeness plus a registry offset).
_RELATIVE_THRESHOLDS = tuple(round(0.25 + 0.025 * i, 3) for i in range(17)) + (3.0,)
# The voice rule's margin (closest no-tool request minus closest profile request; 2.0: off).
_VOICE_MARGINS = (-0.1, -0.05, 0.0, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3, 2.0)
_WEIGHTS = {"support": (0.0, 0.5, 1.0), "bm25": (0.0, 0.3, 0.6, 1.0), "argument": (0.0, 0.3)}
_ROUNDS = 4
_REJECTION_WEIGHT = 0.25  # recall first; no-tool rejection breaks near-ties


@checked_keywords
@dataclass(frozen=True, slots=True)
class RegistryData:
    """One registry's tuning data: its tools and the labelled requests to choose on."""

    name: str
    tools: Sequence[ToolSpec]
    queries: Sequence[LabelledQuery]
    profiles: Profiles | None = None
    """Its tool profiles and near-miss requests (None: only those the tools carry)."""


@dataclass(frozen=True, slots=True)
class PresetFit:
    """The chosen point and its figures on every registry (the left-out one included)."""

    overrides: Mapping[str, Any]
    """The config fields chosen (weights, thresholds, sizes)."""
    left_out: str | None
    figures: Mapping[str, Figures]
    """Per registry, the chosen point's simulated figures on its tuning requests."""
    feasible: bool
    """Every registry it was chosen on meets the false-abstain and tool-count limits."""


def preset_simulators(
    registries: Sequence[RegistryData], base: ToolFilterConfig, embedder: CachingEmbedder
) -> dict[str, Simulator]:
    """A ``Simulator`` per registry (each runs the real pipeline once per request and pool size)."""
    return {r.name: Simulator(r.tools, r.queries, base, embedder, profiles=r.profiles) for r in registries}


def preset_figures(simulators: Mapping[str, Simulator], config: ToolFilterConfig) -> dict[str, Figures]:
    """A config's simulated figures on every registry (each reads the threshold of its abstain rule)."""
    return {name: sim.run(sim.point_of(config)) for name, sim in simulators.items()}


def fit_preset(
    simulators: Mapping[str, Simulator],
    base: ToolFilterConfig,
    *,
    leave_out: str | None = None,
    max_false_abstain: float = 0.01,
    max_tools: float = 8.0,
) -> PresetFit:
    """Choose one point for every registry but ``leave_out``, by coordinate descent from ``base``."""
    chosen_on = {name: sim for name, sim in simulators.items() if name != leave_out}

    def key(point: Point) -> tuple[float, float, float]:
        figures = [sim.run(point) for sim in chosen_on.values()]
        excess = sum(
            max(0.0, (f.false_abstain or 0.0) - max_false_abstain) + max(0.0, f.mean_selected - max_tools) / max_tools
            for f in figures
        )
        recall = [f.recall_mean for f in figures if f.recall_mean is not None]
        rejection = [f.no_tool_rejection for f in figures if f.no_tool_rejection is not None]
        value = (sum(recall) / max(1, len(recall))) + _REJECTION_WEIGHT * (sum(rejection) / max(1, len(rejection)))
        tools = sum(f.mean_selected for f in figures) / max(1, len(figures))
        return (round(excess, 9), -round(value, 9), round(tools, 9))

    start = point_of(base, voiced=any(sim.voiced for sim in chosen_on.values()))
    grid = dict(_GRID)
    if start.abstain_rule == "voice":
        grid["abstain_margin"] = _VOICE_MARGINS
    elif start.abstain_rule == "relative":
        grid["abstain_margin"] = _RELATIVE_THRESHOLDS
    axes: dict[str, tuple[Any, ...]] = {a: tuple(sorted({*v, getattr(start, a)})) for a, v in grid.items()}
    best, best_key = start, key(start)
    for _ in range(_ROUNDS):
        moved = False
        for point in _neighbours(best, axes):
            found = key(point)
            if found < best_key:
                best, best_key, moved = point, found, True
        if not moved:
            break
    return PresetFit(
        overrides=best.overrides(),
        left_out=leave_out,
        figures={name: sim.run(best) for name, sim in simulators.items()},
        feasible=best_key[0] == 0.0,
    )


def _neighbours(point: Point, axes: Mapping[str, tuple[Any, ...]]) -> list[Point]:
    """Every point one setting (or one weight) away."""
    out = [replace(point, **{axis: v}) for axis, values in axes.items() for v in values if v != getattr(point, axis)]
    for signal, values in _WEIGHTS.items():
        j = SIGNALS.index(signal)
        for v in values:
            if v != point.weights[j]:
                weights = point.weights[:j] + (v,) + point.weights[j + 1 :]
                out.append(replace(point, weights=weights))
    return out
