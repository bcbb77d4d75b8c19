"""Fit a configuration to your own tools, labelled queries and embedder (``toolfilter fit``)."""

from __future__ import annotations

from .fit import fit_config
from .profile import ProfileFit, RegistryData, fit_profile, profile_figures, profile_simulators
from .result import FitResult
from .split import split_queries, threshold_candidates

__all__ = [
    "FitResult",
    "ProfileFit",
    "RegistryData",
    "fit_config",
    "fit_profile",
    "profile_figures",
    "profile_simulators",
    "split_queries",
    "threshold_candidates",
]
