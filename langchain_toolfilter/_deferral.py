"""``ToolFilterMiddleware(deferral="anthropic")``: every tool sent deferred, toolfilter's search loads them.

Instead of filtering ``request.tools`` before each model call, the middleware hands the model
every tool, each ``BaseTool`` marked ``extras["defer_loading"] = True`` (LangChain's way of
sending Anthropic's ``defer_loading``; ``always_include`` tools stay loaded), plus a search
tool of its own, ``tool_search``. When the model calls it, the search runs toolfilter's
selection on the model's words with the user's last turn blended in (profiles and gates
included) and answers with a ``ToolMessage`` whose content is one ``tool_reference`` block per
tool found: Anthropic's "custom tool search implementation". The tools block of the prompt is
then the same on every call, so the provider's prompt cache holds.

A tool the gates (``block_tools`` / ``allow_tools``) refuse is left out of the request and is
never referenced; a name the agent's tools lack is never referenced.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any

from langchain.agents.middleware.types import ModelRequest
from langchain.tools import ToolRuntime
from langchain_core.messages import HumanMessage, ToolMessage
from langchain_core.runnables.config import run_in_executor
from langchain_core.tools import BaseTool, StructuredTool
from langgraph.types import Command

from toolfilter_core import ConfigError, ToolFilterError, ToolSpecError, find_deferred

from ._tools import gate_provider_tool

if TYPE_CHECKING:
    from ._runnable import ToolFilterSelector

__all__ = ["TOOL_SEARCH_NAME", "deferral_for"]

DEFERRAL_PROVIDERS = ("anthropic",)
"""The providers whose client-side tool search the middleware speaks (OpenAI's answers with
definitions in a ``tool_search_output`` item, which a ``ToolMessage`` cannot carry)."""

TOOL_SEARCH_NAME = "tool_search"
"""The search tool's name; no agent tool may use it while ``deferral`` is on."""

_DESCRIPTION = (
    "Search the tool catalog for the tools a task needs and load them. Describe the action "
    "in a few words, in any language (e.g. 'send an email', '查询数据库'). The tools found "
    "can be called after this search; search again for another action."
)

_NOTHING_BUILT = "No tool catalog has been built yet; answer without a tool."

_COPIES = 4096
"""Deferred copies of tools kept (one per agent tool; a bound on a changing tool set)."""


def deferral_for(
    provider: str | None,
    always_include: Sequence[str],
    *,
    refuses: Callable[[str], bool],
    selector_for: Callable[[Sequence[BaseTool]], ToolFilterSelector],
    find_tools: bool,
) -> Deferral | None:
    """The deferral a middleware's ``deferral`` option asks for; None when it is off.

    Raises:
        ConfigError: ``provider`` is not one of ``DEFERRAL_PROVIDERS``, or comes with
            ``find_tools`` (the deferral's search replaces it).
    """
    if provider is None:
        return None
    if provider not in DEFERRAL_PROVIDERS:
        allowed = ", ".join(repr(p) for p in DEFERRAL_PROVIDERS)
        msg = f"deferral: got {provider!r}; allowed: {allowed} or None (OpenAI: see docs/deferral.md)"
        raise ConfigError(msg)
    if find_tools:
        msg = "deferral: comes with find_tools=True; the deferral's tool_search replaces find_tools, drop one"
        raise ConfigError(msg)
    return Deferral(always_include=always_include, refuses=refuses, selector_for=selector_for)


class Deferral:
    """The tools of a model request, deferred, and the search tool that loads them."""

    def __init__(
        self,
        *,
        always_include: Sequence[str],
        refuses: Callable[[str], bool],
        selector_for: Callable[[Sequence[BaseTool]], ToolFilterSelector],
    ) -> None:
        """Keep what the middleware decides with: its ``always_include``, its gates, its selectors."""
        self.always_include = frozenset(always_include)
        self._refuses = refuses
        self._selector_for = selector_for
        self._latest: ToolFilterSelector | None = None
        self._copies: dict[int, tuple[BaseTool, BaseTool]] = {}
        self._lock = threading.Lock()
        self.tool = _search_tool(self.search, self.asearch)
        self.tools: list[BaseTool] = [self.tool]
        """What the middleware registers with the agent."""

    # ------------------------------------------------------------------ the request

    def _own(self, request: ModelRequest[Any], candidates: Sequence[BaseTool] | None) -> list[BaseTool]:
        """The agent's tools to defer (``candidates`` less the search tool)."""
        for tool in request.tools:
            if isinstance(tool, BaseTool) and tool.name == TOOL_SEARCH_NAME and tool is not self.tool:
                msg = (
                    f"an agent tool is named {TOOL_SEARCH_NAME!r}, which deferral reserves for its search "
                    "tool; rename that tool or set deferral=None"
                )
                raise ToolSpecError(msg)
        return [tool for tool in candidates or () if tool is not self.tool]

    def request(self, request: ModelRequest[Any], candidates: Sequence[BaseTool] | None) -> ModelRequest[Any]:
        """The request with every tool deferred but ``always_include`` and the search tool.

        ``candidates``: the agent's tools less ``always_include`` (the middleware's). With
        none, there is nothing to search and the search tool is left out.
        """
        own = self._own(request, candidates)
        if not own:
            return self._without_search(request)
        self._latest = self._selector_for(own)
        return request.override(tools=self._tools(request.tools))

    async def arequest(self, request: ModelRequest[Any], candidates: Sequence[BaseTool] | None) -> ModelRequest[Any]:
        """Async ``request``: a first-time index build runs in a worker thread."""
        own = self._own(request, candidates)
        if not own:
            return self._without_search(request)
        self._latest = await run_in_executor(None, self._selector_for, own)
        return request.override(tools=self._tools(request.tools))

    def _without_search(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        tools = [tool for tool in request.tools if tool is not self.tool]
        return request.override(tools=tools) if len(tools) != len(request.tools) else request

    def _tools(self, tools: Sequence[Any]) -> list[Any]:
        """Every tool in the agent's order: loaded, deferred, or left out when the gates refuse it."""
        out: list[Any] = []
        for tool in tools:
            if isinstance(tool, BaseTool):
                if tool is self.tool or tool.name in self.always_include:
                    out.append(tool)
                elif not self._refuses(tool.name):
                    out.append(self._deferred(tool))
            elif (gated := gate_provider_tool(tool, self._refuses)) is not None:
                out.append(gated)  # a provider tool passes (not deferred) unless the gates refuse a name in it
        return out

    def _deferred(self, tool: BaseTool) -> BaseTool:
        """The tool with ``extras["defer_loading"] = True``, the same copy on every call."""
        with self._lock:
            hit = self._copies.get(id(tool))
            if hit is not None and hit[0] is tool:
                return hit[1]
            if len(self._copies) >= _COPIES:
                self._copies.clear()
            copy = tool.model_copy(update={"extras": {**(tool.extras or {}), "defer_loading": True}})
            self._copies[id(tool)] = (tool, copy)
            return copy

    # ------------------------------------------------------------------ the search

    def _found(self, query: str, runtime: ToolRuntime) -> ToolMessage:
        selector = self._latest
        call_id = str(runtime.tool_call_id or "")
        if selector is None:
            return ToolMessage(_NOTHING_BUILT, tool_call_id=call_id, name=TOOL_SEARCH_NAME, artifact=[])
        deferred = [name for name in selector.engine.names if name not in self.always_include]
        context = [_last_user_text(runtime.state)]
        try:
            names = find_deferred(selector.tool_filter, query, deferred, context=context, policy=selector.engine.policy)
        except ToolFilterError as error:
            text = f"The search failed ({type(error).__name__}); answer without it."
            return ToolMessage(text, tool_call_id=call_id, name=TOOL_SEARCH_NAME, status="error", artifact=[])
        names = [name for name in names if not self._refuses(name)]
        return references(names, query, call_id)

    def search(self, query: str, runtime: ToolRuntime) -> Command[Any]:
        """What ``tool_search`` answers: a ``ToolMessage`` of one ``tool_reference`` block per tool found.

        It is a ``Command``'s update: the agent's tool node would turn the blocks of a
        returned ``ToolMessage`` into a JSON string (it keeps only the block types it knows).
        """
        return Command(update={"messages": [self._found(query, runtime)]})

    async def asearch(self, query: str, runtime: ToolRuntime) -> Command[Any]:
        """Async ``search`` (the selection embeds in a worker thread)."""
        return Command(update={"messages": [await run_in_executor(None, self._found, query, runtime)]})


def references(names: Sequence[str], query: str, call_id: str) -> ToolMessage:
    """The search's answer: ``tool_reference`` blocks (the names as the artifact), or a text when none."""
    if not names:
        text = f"No tool in the catalog matches {query[:200]!r}. Try other words, or answer without a tool."
        return ToolMessage(text, tool_call_id=call_id, name=TOOL_SEARCH_NAME, artifact=[])
    blocks: list[str | dict[Any, Any]] = [{"type": "tool_reference", "tool_name": name} for name in names]
    return ToolMessage(blocks, tool_call_id=call_id, name=TOOL_SEARCH_NAME, artifact=list(names))


def _last_user_text(state: Any) -> str:
    """The text of the conversation's last human message."""
    messages = state.get("messages") if isinstance(state, Mapping) else getattr(state, "messages", None)
    for message in reversed(list(messages or ())):
        if isinstance(message, HumanMessage) and message.text.strip():
            return message.text
    return ""


def _search_tool(
    search: Callable[[str, ToolRuntime], Command[Any]], asearch: Callable[[str, ToolRuntime], Awaitable[Command[Any]]]
) -> BaseTool:
    """``tool_search``: the model's query in, a ``ToolMessage`` of ``tool_reference`` blocks out."""

    def tool_search(
        query: Annotated[str, "The action you need a tool for, in a few words, in any language."],
        runtime: ToolRuntime,
    ) -> Command[Any]:
        return search(query, runtime)

    async def atool_search(
        query: Annotated[str, "The action you need a tool for, in a few words, in any language."],
        runtime: ToolRuntime,
    ) -> Command[Any]:
        return await asearch(query, runtime)

    return StructuredTool.from_function(
        func=tool_search, coroutine=atool_search, name=TOOL_SEARCH_NAME, description=_DESCRIPTION
    )
