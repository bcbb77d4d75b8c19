"""LangChain adapter of toolfilter: select the tools a request needs before the model call.

* ``ToolFilterSelector``: a Runnable from a LangChain input to the selected tools;
  ``selector.bind_model(model)`` selects, binds and calls the model in one LCEL step.
* ``ToolFilterMiddleware``: an agent middleware for ``langchain.agents.create_agent``
  that filters ``request.tools`` on every model call (a drop-in for
  ``LLMToolSelectorMiddleware``); needs the ``langchain`` package.
* ``ToolFilterRetriever``: the selection as ``Document``s.
* ``ChatModelWriter``: a chat model as the writer of tool profiles (``profile_writer=``).

Every selection is reported as the custom callback event ``SELECTION_EVENT``.
"""

# Names only this module uses are underscored: the package's namespace is exactly __all__.
from typing import TYPE_CHECKING as _TYPE_CHECKING

try:
    import langchain_core  # noqa: F401
except ImportError as _error:  # pragma: no cover - exercised in a subprocess test
    _msg = (
        "langchain_toolfilter needs LangChain, which is not installed; install the extra 'langchain': "
        "pip install '.[langchain]' in toolfilter's clone"
    )
    raise ImportError(_msg) from _error

from toolfilter_core.integration import __version__ as __version__
from toolfilter_core.integration import framework_packages as _framework_packages

from ._engine import FIND_TOOLS_NAME, SELECTION_EVENT
from ._mcp import load_mcp_tools, mcp_tool
from ._profiles import ChatModelWriter
from ._retriever import ToolFilterRetriever
from ._runnable import ToolFilterSelector

if _TYPE_CHECKING:
    from ._middleware import ToolFilterMiddleware

__all__ = [
    "ChatModelWriter",
    "FIND_TOOLS_NAME",
    "SELECTION_EVENT",
    "ToolFilterMiddleware",
    "ToolFilterRetriever",
    "ToolFilterSelector",
    "load_mcp_tools",
    "mcp_tool",
]


del langchain_core  # imported to check that LangChain is installed; not a name of this package
_framework_packages("langchain", "langgraph", "langsmith")  # a warning raised while an agent runs: the user's line


def __dir__() -> list[str]:
    """The public names only, ``ToolFilterMiddleware`` included before its first import."""
    return list(__all__)


def __getattr__(name: str) -> object:
    """Import ``ToolFilterMiddleware`` on first use: it needs ``langchain``, not only core."""
    if name == "ToolFilterMiddleware":
        try:
            from ._middleware import ToolFilterMiddleware
        except ImportError as error:
            msg = (
                "ToolFilterMiddleware needs the 'langchain' package (create_agent and its "
                "middleware); install the extra 'langchain': pip install '.[langchain]' in toolfilter's clone"
            )
            raise ImportError(msg) from error
        return ToolFilterMiddleware
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
