"""toolfilter for LlamaIndex: pick the few tools an agent needs before each model call.

``ToolFilterRetriever`` is an ``ObjectRetriever`` to pass as an agent's ``tool_retriever``;
``LlamaIndexEmbedder`` lets it select with the embed model you configured;
``ToolSelectionEvent`` reports every selection through LlamaIndex instrumentation;
``LLMWriter`` lets an LLM write the tools' profiles (``profile_writer=``).
"""

try:
    import llama_index.core  # noqa: F401
except ModuleNotFoundError as _error:  # pragma: no cover - exercised in a subprocess test
    if _error.name not in {"llama_index", "llama_index.core"}:
        raise
    _msg = (
        "llamaindex_toolfilter needs LlamaIndex (llama-index-core), which is not "
        "installed; install the extra 'llamaindex': pip install '.[llamaindex]' in toolfilter's clone"
    )
    raise ImportError(_msg) from _error

from toolfilter_core.integration import __version__ as __version__
from toolfilter_core.integration import framework_packages as _framework_packages

from ._embedder import LlamaIndexEmbedder
from ._mcp import load_mcp_tools, mcp_function_tool
from ._nodes import ToolSelectionEvent
from ._profiles import LLMWriter
from ._retriever import ToolFilterRetriever
from ._tools import tool_to_spec

__all__ = [
    "LLMWriter",
    "LlamaIndexEmbedder",
    "ToolFilterRetriever",
    "ToolSelectionEvent",
    "load_mcp_tools",
    "mcp_function_tool",
    "tool_to_spec",
]


del llama_index  # imported to check that LlamaIndex is installed; not a name of this package
_framework_packages("llama_index")  # a warning raised while a LlamaIndex agent runs names the user's line


def __dir__() -> list[str]:
    """The public names only (not the private modules)."""
    return list(__all__)
