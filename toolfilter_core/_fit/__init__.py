"""Fit a configuration to your own tools, labelled queries and embedder (``toolfilter fit``)."""

from __future__ import annotations

from .fit import fit_config
from .preset import PresetFit, RegistryData, fit_preset, preset_figures, preset_simulators
from .result import FitResult
from .split import split_queries, threshold_candidates

__all__ = [
    "FitResult",
    "PresetFit",
    "RegistryData",
    "fit_config",
    "fit_preset",
    "preset_figures",
    "preset_simulators",
    "split_queries",
    "threshold_candidates",
]
