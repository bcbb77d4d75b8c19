"""Fit a configuration to your own tools, labelled queries and embedder (``toolfilter fit``)."""

from __future__ import annotations

from .fit import fit_config
from .result import FitResult
from .split import split_queries, threshold_candidates

__all__ = ["FitResult", "fit_config", "split_queries", "threshold_candidates"]
