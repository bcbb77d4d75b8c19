"""``ToolFilterMiddleware``: filter an agent's tools before every model call."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ExtendedModelResponse,
    ModelRequest,
    ModelResponse,
)
from langchain_core.messages import AIMessage
from langchain_core.runnables.config import run_in_executor
from langchain_core.tools import BaseTool

from toolfilter_core import ConfigError, Embedder, Profiles, ToolFilter, ToolFilterConfig
from toolfilter_core._resolve import resolve_config

from ._find_tools import FIND_TOOLS_NAME, make_find_tools
from ._profiles import ProfileWriterLike, as_profile_writer, profiles_for
from ._runnable import ToolFilterSelector
from ._tools import ToolMetadata

if TYPE_CHECKING:
    import chromadb.api

__all__ = ["ToolFilterMiddleware"]

_Key = tuple[tuple[str, str], ...]


class ToolFilterMiddleware(AgentMiddleware[AgentState[Any], Any, Any]):
    """Give the model only the tools the request needs, on every model call.

    A drop-in for ``LLMToolSelectorMiddleware``: same ``max_tools`` and ``always_include``,
    but the choice is made by toolfilter's index (embeddings, lexical signals, domain
    routing) instead of an extra LLM call, and explained in the trace.

    The index is built lazily, once, from the tools the agent has (``request.tools``) and
    cached by their names and descriptions. Provider built-in tools (dicts) always pass
    through; ``always_include`` tools pass through and do not count against ``max_tools``.

    With ``find_tools=True`` the middleware registers a ``find_tools`` tool and offers it
    when a selection is empty or low-confidence. No per-thread memory is kept in the
    middleware: the tools a search found are read back from the conversation (the
    ``find_tools`` ``ToolMessage`` artifact in the agent state), so it works per thread
    with any checkpointer.

    Instantiate:
        .. code-block:: python

            from langchain.agents import create_agent
            from langchain_toolfilter import ToolFilterMiddleware

            agent = create_agent(
                model,
                tools=all_tools,
                middleware=[ToolFilterMiddleware(max_tools=5, always_include=["search"])],
            )
    """

    def __init__(
        self,
        *,
        max_tools: int | None = None,
        always_include: Sequence[str] | None = None,
        metadata: ToolMetadata | None = None,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | str | None = None,
        store: str | Path | None = None,
        client: chromadb.api.ClientAPI | None = None,
        collection: str | None = None,
        order: Literal["registry", "score"] = "registry",
        find_tools: bool = False,
        sticky_turns: int | None = None,
        cache_size: int = 8,
        tool_filter: ToolFilter | None = None,
        profiles: Profiles | str | Path | None = None,
        profile_writer: ProfileWriterLike | None = None,
        **options: Any,
    ) -> None:
        """Configure the filter; the index is built on the first model call.

        Args:
            max_tools: How many tools to select at most, like ``LLMToolSelectorMiddleware``:
                the config's ``top_k``, and a hard cap on every model call of a turn, even
                when a low-confidence selection is widened: the tools the conversation
                already uses (sticky), the tools ``find_tools`` found, ``find_tools`` itself
                and a tool ``tool_choice`` names all count; only ``always_include`` tools
                come on top. None: the config's ``top_k``, widened up to
                ``fallback_top_k`` when unsure.
            always_include: Tool names always passed to the model, not counted in
                ``max_tools``. They must exist among the agent's tools.
            metadata: Per tool name, ``{"category", "tags", "triggers"}``.
            config: A core config, a dict, or a YAML/JSON path; None: the recommended
                profile.
            embedder: An ``Embedder``, a name, or None for the config's (real) embedder.
            store: Directory of a persistent Chroma store (restarts re-embed nothing).
            client: A Chroma client; wins over ``store``.
            collection: Chroma collection name.
            order: ``"registry"`` keeps the agent's tool order; ``"score"`` best first.
            find_tools: Register and offer the ``find_tools`` search tool.
            sticky_turns: Reach of the task window for sticky tools; None: the config's
                ``history_turns``.
            cache_size: How many tool sets to keep indexes for.
            tool_filter: Serve from this ``ToolFilter`` (e.g. ``McpRegistry.tool_filter``)
                instead of indexing the agent's tools: it must hold exactly the agent's
                tools (less ``always_include``); when its registry changes (``set_tools``),
                the next model call serves the new one and nothing is embedded here.
                ``metadata``, ``config``, ``embedder``, ``store``, ``client`` and
                ``collection`` are then the filter's own.
            profiles: Tool profiles (``Profiles`` or a profiles file, read here,
                docs/profiles.md): requests users would type for each tool, embedded beside
                it. Profiles of tools a tool set lacks are left out of its index.
            profile_writer: A LangChain chat model (wrapped in ``ChatModelWriter``), a
                ``ProfileWriter`` or a callable: writes the profiles of the tools without
                one when an index is built (the first model call); written profiles are
                reused for the next tool set.
            **options: Other ``ToolFilterConfig`` fields.

        Raises:
            ConfigError: An option is unknown or out of range, ``always_include`` names
                a tool that ``block_tools`` blocks or ``allow_tools`` leaves out (checked
                here, not later), or ``profiles``/``profile_writer`` come with
                ``tool_filter`` (whose profiles they would be).
            ToolSpecError: The profiles file cannot be read.
        """
        super().__init__()
        self._profiles = profiles_for("ToolFilterMiddleware", profiles, profile_writer, tool_filter is not None)
        self._profile_writer = as_profile_writer(profile_writer)
        if max_tools is not None:
            options = {**options, "top_k": max_tools}
        self._config = resolve_config(config, embedder, options)
        self.max_tools = max_tools
        self.always_include = list(always_include or [])
        _check_always_include(self.always_include, self._config)
        self._metadata = dict(metadata or {})
        self._embedder = embedder
        self._store = store
        self._client = client
        self._collection = collection
        self._order: Literal["registry", "score"] = order
        self._find_tools = find_tools
        self._sticky_turns = sticky_turns
        self._cache_size = max(1, cache_size)
        self._cache: OrderedDict[_Key, ToolFilterSelector] = OrderedDict()
        self._lock = threading.Lock()
        self._latest: ToolFilterSelector | None = None
        self._tool_filter = tool_filter
        self.tools: list[BaseTool] = [make_find_tools(self._search, self._asearch)] if find_tools else []

    # ------------------------------------------------------------------ index

    def _key(self, candidates: Sequence[BaseTool]) -> _Key:
        key = tuple((tool.name, tool.description) for tool in candidates)
        if self._tool_filter is not None:  # a new registry in the filter is a new selector over it
            key += (("", str(id(self._tool_filter.snapshot))),)
        return key

    def _cached(self, key: _Key) -> ToolFilterSelector | None:
        with self._lock:
            selector = self._cache.get(key)
            if selector is not None:
                self._cache.move_to_end(key)
                self._latest = selector
            return selector

    def _build(self, candidates: Sequence[BaseTool]) -> ToolFilterSelector:
        key = self._key(candidates)
        with self._lock:
            selector = self._cache.get(key)
            if selector is None and self._tool_filter is not None:
                selector = ToolFilterSelector(
                    tool_filter=self._tool_filter,
                    tools=list(candidates),
                    order=self._order,
                    find_tools=self._find_tools,
                    sticky_turns=self._sticky_turns,
                    max_tools=self.max_tools,
                )
                self._cache[key] = selector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            if selector is None:
                names = {tool.name for tool in candidates}
                metadata = {n: m for n, m in self._metadata.items() if n in names}
                profiles = None
                if self._profiles is not None:
                    own = {n: p for n, p in self._profiles.tools.items() if n in names}
                    profiles = Profiles(own, self._profiles.no_tool)
                selector = ToolFilterSelector.from_tools(
                    candidates,
                    metadata,
                    config=self._config,
                    embedder=self._embedder,
                    store=self._store,
                    client=self._client,
                    collection=self._collection,
                    order=self._order,
                    find_tools=self._find_tools,
                    sticky_turns=self._sticky_turns,
                    max_tools=self.max_tools,
                    profiles=profiles,
                    profile_writer=self._profile_writer,
                )
                # Reuse the loaded model for the next tool set instead of loading it again,
                # and the profiles written for it instead of writing them again.
                self._embedder = selector.tool_filter.embedder
                if self._profile_writer is not None and selector.tool_filter.profiles is not None:
                    self._profiles = (self._profiles or Profiles()).merged(selector.tool_filter.profiles)
                self._cache[key] = selector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            self._latest = selector
            return selector

    def selector_for(self, tools: Sequence[BaseTool]) -> ToolFilterSelector:
        """The selector over these tools, built on first use and cached.

        Args:
            tools: The candidate tools (without ``always_include`` and ``find_tools``).

        Returns:
            The cached or newly built selector.
        """
        return self._cached(self._key(tools)) or self._build(tools)

    # ------------------------------------------------------------------ filtering

    def _candidates(self, request: ModelRequest[Any]) -> list[BaseTool] | None:
        base = [tool for tool in request.tools if isinstance(tool, BaseTool)]
        available = {tool.name for tool in base}
        missing = [name for name in self.always_include if name not in available]
        if missing:
            msg = (
                f"ToolFilterMiddleware: tools in always_include not found in the request: "
                f"{missing}; available tools: {sorted(available)}"
            )
            raise ConfigError(msg)
        skip = {*self.always_include, FIND_TOOLS_NAME}
        candidates = [tool for tool in base if tool.name not in skip]
        return candidates or None

    @staticmethod
    def _forced_tool(tool_choice: Any) -> str | None:
        """The tool a ``tool_choice`` names, if it names one (it must not be filtered out)."""
        if isinstance(tool_choice, str) and tool_choice not in {"auto", "any", "none", "required"}:
            return tool_choice
        if isinstance(tool_choice, Mapping):
            function = tool_choice.get("function")
            name = function.get("name") if isinstance(function, Mapping) else tool_choice.get("name")
            return name if isinstance(name, str) else None
        return None

    def _apply(self, request: ModelRequest[Any], selected: Sequence[BaseTool]) -> ModelRequest[Any]:
        offered = [tool.name for tool in selected]
        keep = {*offered, *self.always_include}
        gated = self._gated_dict
        if self._order == "registry":
            tools = [t for t in request.tools if (t.name in keep if isinstance(t, BaseTool) else not gated(t))]
        else:
            by_name = {t.name: t for t in request.tools if isinstance(t, BaseTool)}
            ordered = [*offered, *self.always_include]
            tools = [by_name[name] for name in dict.fromkeys(ordered) if name in by_name]
            tools += [t for t in request.tools if not isinstance(t, BaseTool) and not gated(t)]
        return request.override(tools=tools)

    def _gated_dict(self, tool: Any) -> bool:
        """A tool given as a function dict passes unfiltered, unless block_tools / allow_tools refuse its name."""
        name = _dict_name(tool)
        if name is None:
            return False
        allowed = self._config.allow_tools
        return name in self._config.block_tools or bool(allowed and name not in allowed)

    def _include(self, request: ModelRequest[Any]) -> dict[str, Any]:
        forced = self._forced_tool(request.tool_choice)
        return {"include": [forced]} if forced else {}

    def _without_search(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        tools = [t for t in request.tools if not (isinstance(t, BaseTool) and t.name == FIND_TOOLS_NAME)]
        return request.override(tools=tools) if len(tools) != len(request.tools) else request

    def filter_request(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        """Return the request with its tools filtered (what ``wrap_model_call`` hands on).

        Args:
            request: The agent's model request.

        Returns:
            A new request (``request.override(tools=...)``), or the same one when there is
            nothing to filter.
        """
        candidates = self._candidates(request)
        if candidates is None:
            return self._without_search(request)
        selector = self.selector_for(candidates)
        return self._apply(request, selector.invoke(request.messages, **self._include(request)))

    async def afilter_request(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        """Async ``filter_request``; a first-time index build runs in a worker thread."""
        candidates = self._candidates(request)
        if candidates is None:
            return self._without_search(request)
        selector = self._cached(self._key(candidates))
        if selector is None:
            selector = await run_in_executor(None, self._build, candidates)
        return self._apply(request, await selector.ainvoke(request.messages, **self._include(request)))

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Filter ``request.tools``, then call the model.

        Args:
            request: The model request.
            handler: Calls the model.

        Returns:
            The model's response.
        """
        return handler(self.filter_request(request))

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Async ``wrap_model_call``.

        Args:
            request: The model request.
            handler: Calls the model.

        Returns:
            The model's response.
        """
        return await handler(await self.afilter_request(request))

    # ------------------------------------------------------------------ find_tools

    def _search(self, query: str) -> tuple[str, list[str]]:
        if self._latest is None:
            return "No tool registry has been built yet; answer without a tool.", []
        return self._latest.engine.search(query)

    async def _asearch(self, query: str) -> tuple[str, list[str]]:
        if self._latest is None:
            return "No tool registry has been built yet; answer without a tool.", []
        return await self._latest.engine.asearch(query)


def _dict_name(tool: Any) -> str | None:
    """The function name of a tool given as a dict (``{"type": "function", ...}``), if any."""
    if not isinstance(tool, Mapping):
        return None
    function = tool.get("function")
    name = function.get("name") if isinstance(function, Mapping) else tool.get("name")
    return name if isinstance(name, str) else None


def _check_always_include(names: Sequence[str], config: ToolFilterConfig) -> None:
    """Refuse always_include tools the gates would block, as the core config does."""
    blocked = sorted(set(names) & set(config.block_tools))
    if blocked:
        msg = (
            f"always_include: {blocked} are also in block_tools; block wins, so they would "
            "never be included; remove them from one of the two lists"
        )
        raise ConfigError(msg)
    left_out = sorted(set(names) - set(config.allow_tools)) if config.allow_tools else []
    if left_out:
        msg = f"always_include: {left_out} are not in allow_tools, so they may never be used; add them there"
        raise ConfigError(msg)
