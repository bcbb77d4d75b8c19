"""``ToolFilterMiddleware``: filter an agent's tools before every model call.

It also refuses tool calls the model makes of tools it was not offered: a model may call any
of the agent's tools by name (a hallucination, or an injection from a tool result), and the
agent would run it. Each model call's offer is recorded on its ``AIMessage`` (``_offer``);
a call of a tool that offer lacks, or that the gates refuse, is answered with an error
``ToolMessage`` instead of running, and never makes the tool sticky.
"""

from __future__ import annotations

import logging
import threading
import warnings
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ExtendedModelResponse,
    ModelRequest,
    ModelResponse,
    ToolCallRequest,
)
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.runnables.config import run_in_executor
from langchain_core.tools import BaseTool

from toolfilter_core import (
    ConfigError,
    Embedder,
    Profiles,
    ToolFilter,
    ToolFilterConfig,
    ToolFilterError,
    ToolSpec,
)
from toolfilter_core.integration import (
    MAX_TOOLS,
    at_site,
    blocked_name,
    check_options,
    did_you_mean,
    own_arguments,
    resolve_config,
    some_names,
    stale_said_before,
    unknown_gate_names,
    unprofiled_said_before,
    user_site,
    warn_stale_profiles,
    warn_unknown_profiles,
    warn_unprofiled_now,
)

from ._deferral import deferral_for
from ._engine import FIND_TOOLS_NAME, conversation_for, make_find_tools, policy_of
from ._offer import RenamedGates, offer_of, record_offer, refusal_message, tool_names
from ._profiles import ProfileWriterLike, as_profile_writer, profiles_for
from ._runnable import ToolFilterSelector
from ._tools import (
    ToolMetadata,
    check_unique_names,
    describe_tools,
    function_tools,
    gate_provider_tool,
    tool_description,
    tool_name,
)

if TYPE_CHECKING:
    import chromadb.api

__all__ = ["ToolFilterMiddleware"]

logger = logging.getLogger("toolfilter")

_Key = tuple[tuple[str, str], ...]


class ToolFilterMiddleware(AgentMiddleware[AgentState[Any], Any, Any]):
    """Give the model only the tools the request needs, on every model call.

    A drop-in for ``LLMToolSelectorMiddleware``: same ``max_tools`` and ``always_include``,
    but the choice is made by toolfilter's index (embeddings, lexical signals, domain
    routing) instead of an extra LLM call, and explained in the trace.

    The index is built once from the tools the agent has (``request.tools``) and cached by
    their names and descriptions: on the first model call, or here when ``tools`` and a
    store (``store``, ``client`` or the config's) are given, so that the first request
    waits only for itself. A dict describing a function (OpenAI, Anthropic, Bedrock,
    Gemini formats, an OpenAI custom tool) is indexed and selected like a ``BaseTool``, and handed on as the agent
    gave it; provider built-in tools (dicts without a function schema, e.g.
    ``{"type": "web_search_preview"}``) pass through unless the gates refuse their name;
    ``always_include`` tools pass through and do not count against ``max_tools``.

    With ``find_tools=True`` the middleware registers a ``find_tools`` tool and offers it
    when a selection is empty or low-confidence. No per-thread memory is kept in the
    middleware: the tools a search found are read back from the conversation (the
    ``find_tools`` ``ToolMessage`` artifact in the agent state), so it works per thread
    with any checkpointer.

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
            preset.
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
        tools: The agent's tools, when known here: the gate names (``block_tools``,
            ``allow_tools``, ``always_include``) are checked against them now, not at
            the first model call (``check(tools)`` does the same later). With
            ``tool_filter`` and no ``tools``, they are checked against the filter's
            tools and ``always_include``. With a store too, their index is opened (or
            built) and the model loaded now, not on the first request.
        deferral: ``"anthropic"``: send every tool with ``defer_loading`` (all but
            ``always_include``) and a ``tool_search`` tool whose answer loads the tools
            toolfilter finds (``tool_reference`` blocks), instead of filtering the tools:
            the tools block never changes, so the prompt cache holds (docs/deferral.md).
        **options: Other ``ToolFilterConfig`` fields.

    Raises:
        ConfigError: An option is unknown (a near miss of the middleware's own
            arguments says which one, e.g. ``max_tool``: ``max_tools``) or out of
            range, ``always_include`` names a tool that ``block_tools`` blocks or
            ``allow_tools`` leaves out (checked here, not later), a gate name matches
            none of the known tools, or ``profiles``/``profile_writer`` come with
            ``tool_filter`` (whose profiles they would be).
        ToolSpecError: The profiles file cannot be read, or two of ``tools`` share a
            name (a ``BaseTool`` and a dict too; without ``tools``, on the first model
            call), named by their positions in the agent's list.

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
        tools: Sequence[Any] | None = None,
        deferral: Literal["anthropic"] | None = None,
        **options: Any,
    ) -> None:
        """Configure the filter (arguments: see the class); with ``tools`` and a store, open their index now."""
        super().__init__()
        self._site = user_site()  # the line that made it: what warnings on a worker thread name (ainvoke)
        _check_option_names(options)
        _check_arguments(max_tools, always_include, order)
        self._profiles = profiles_for("ToolFilterMiddleware", profiles, profile_writer, tool_filter is not None)
        self._profile_writer = as_profile_writer(profile_writer)
        self._profiles_said = False  # the profiles for tools the agent lacks: said once
        self._dicts_said = False  # that create_agent does not run function dicts: said once
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
        # The gates are this middleware's to apply (a shared filter's own hold too), over
        # every tool the agent has, dicts included: the core filter gets none of them.
        self._policy = policy_of(self._config.block_tools, self._config.allow_tools)
        self._checked: frozenset[str] = frozenset()
        if self._policy is not None:
            self._core_config = self._config.merged({"block_tools": [], "allow_tools": []})
        else:
            self._core_config = self._config
        if tool_filter is not None:
            _check_always_include(self.always_include, tool_filter.config)
        self._set_up_tools(find_tools, deferral, tools)

    def _set_up_tools(
        self, find_tools: bool, deferral: Literal["anthropic"] | None, tools: Sequence[Any] | None
    ) -> None:
        """The middleware's own tools (``find_tools``, the deferral's ``tool_search``); gate names checked if known."""
        self._renamed = RenamedGates()
        self._stale_said: frozenset[tuple[str, str]] = frozenset()  # the stale profiles said when built
        self._unprofiled_said: frozenset[str] = frozenset()  # the tools said to have no profile when built
        self._described: tuple[_Key, list[Any], list[ToolSpec]] | None = None  # for the first index: once
        self.tools: list[BaseTool] = [make_find_tools(self._search, self._asearch)] if find_tools else []
        self._deferral = deferral_for(
            deferral, self.always_include, refuses=self._refuses, selector_for=self.selector_for, find_tools=find_tools
        )
        self.tools += self._deferral.tools if self._deferral is not None else []
        if tools is None:
            self._check_shared_filter()
            return
        functions = self._functions(tools)  # read once: checked, then indexed
        self._check(tools, functions)
        if self._tool_filter is None:
            self._say_unknown_profiles(tool_names(tools))
            self._say_stale_profiles(functions)
        self._warm(functions)

    def _say_stale_profiles(self, functions: Sequence[tuple[Any, list[Any]]]) -> None:
        """Now, with the tools known: the profiles written for another version of their tool, and the tools without one.

        Said at the line that built the middleware, once: the selector built on the first model
        call says it no more. Not with a writer (it writes those profiles again), nor for tools
        that cannot be described (the first model call says why).
        """
        if self._profiles is None or self._profile_writer is not None:
            return
        if self._deferral is not None:  # the dicts pass through, unselected (``_selectable``)
            functions = [(tool, described) for tool, described in functions if isinstance(tool, BaseTool)]
        skip = {*self.always_include, FIND_TOOLS_NAME}
        units = [unit for _, described in functions for unit in described if tool_name(unit) not in skip]
        names = {tool_name(unit) for unit in units}
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # the tools' own warnings: said when their index is built
                specs = describe_tools(units, {n: m for n, m in self._metadata.items() if n in names})
        except ToolFilterError:
            return
        self._stale_said = warn_stale_profiles(specs, self._profiles)
        self._unprofiled_said = warn_unprofiled_now(specs, self._profiles)  # as the index would, on the first call
        self._described = (self._key(units), units, specs)  # the first index reuses them: described once

    def _say_unknown_profiles(self, names: Iterable[str]) -> None:
        """Once, with the first tools known: the profiles for tools the agent lacks (the core's warning).

        Each tool set's selector gets only its own tools' profiles, so the core would say nothing.
        """
        if not self._profiles_said:
            warn_unknown_profiles(self._profiles, [*names, *self.always_include])  # raises for another registry's
            self._profiles_said = True

    def _warm(self, functions: Sequence[tuple[Any, list[Any]]]) -> None:
        """With the tools and a store known now, open (or build) their index now, model loaded.

        ``functions``: the tools as ``_functions`` read them. The first request then waits
        for nothing but itself. The agent's model calls find the index by the tools' names
        and descriptions, in the order given here.
        """
        persistent = self._store or self._client or self._config.store.path or self._config.store.host
        if self._tool_filter is not None or not persistent:
            return
        candidates = self._selectable(functions)
        if candidates:
            self._build(candidates)

    def _check_shared_filter(self) -> None:
        """With no tools given, check the gate names now against a shared filter's tools, if it has any."""
        if self._tool_filter is not None and self._tool_filter.tools:
            self._check_gate_names([*(t.name for t in self._tool_filter.tools), *self.always_include])

    def check(self, tools: Sequence[Any]) -> None:
        """Check the gate names and ``always_include`` against the agent's tools now.

        What the first model call would check, for a deployment to fail at start-up
        rather than on a user's request.

        Args:
            tools: Every tool the agent has (``BaseTool``s and provider dicts).

        Raises:
            ConfigError: A gate name matches no tool (with the closest names), or an
                ``always_include`` tool is missing.
            ToolSpecError: Two tools share a name (a ``BaseTool`` and a dict too).
        """
        self._check(tools, self._functions(tools))

    def _check(self, tools: Sequence[Any], functions: Sequence[tuple[Any, list[Any]]]) -> None:
        """``check``, the tools' functions read (``_functions``)."""
        check_unique_names(functions)
        self._check_always_present(tool_names(tools))
        self._checked = frozenset()
        self._check_gate_names(tools)

    def _check_always_present(self, available: Collection[str]) -> None:
        """Raise ``ConfigError`` for an ``always_include`` name none of ``available`` is, with the closest names."""
        missing = [name for name in self.always_include if name not in available]
        if missing:
            hints = "".join(did_you_mean(m, available) for m in missing[:3])
            msg = (
                f"always_include: {missing} are not among the agent's tools{hints}; "
                f"available tools: {some_names(available)}"
            )
            raise ConfigError(msg)

    # ------------------------------------------------------------------ index

    def _key(self, candidates: Sequence[Any]) -> _Key:
        """The cache key of a tool set: names and descriptions, alike for a ``BaseTool`` and its dict."""
        key = tuple((tool_name(tool), tool_description(tool)) for tool in candidates)
        if self._tool_filter is not None:  # a new registry in the filter is a new selector over it
            key += (("", str(id(self._tool_filter.snapshot))),)
        return key

    def _cached(self, key: _Key) -> ToolFilterSelector | None:
        with self._lock:
            selector = self._cache.get(key)
            if selector is not None:
                self._cache.move_to_end(key)
            return self._serving(selector)

    def _serving(self, selector: ToolFilterSelector | None) -> ToolFilterSelector | None:
        """``selector`` as the latest (the one ``find_tools`` searches), under this middleware's gates."""
        if selector is not None:
            selector.engine.policy = self._policy
        self._latest = selector
        return selector

    def _build(self, candidates: Sequence[Any]) -> ToolFilterSelector:
        """The selector over ``candidates``, built and cached; a warning raised here names the line that made this.

        ``afilter_request`` runs it on a worker thread, where no line of the user's is on the stack.
        """
        key = self._key(candidates)
        with at_site(self._site), self._lock:
            selector = self._cache.get(key)
            if selector is None:
                selector = self._new_selector(candidates)
                # an agent loop: the conversation policy keeps the set the model saw (docs/conversations.md)
                selector.engine.conversation = conversation_for(self.max_tools)
                self._cache[key] = selector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            self._serving(selector)
            return selector

    def _new_selector(self, candidates: Sequence[Any]) -> ToolFilterSelector:
        faces: dict[str, Any] = {
            "order": self._order,
            "find_tools": self._find_tools,
            "sticky_turns": self._sticky_turns,
            "max_tools": self.max_tools,
        }
        if self._tool_filter is not None:
            return ToolFilterSelector(tool_filter=self._tool_filter, tools=list(candidates), **faces)
        names = {tool_name(tool) for tool in candidates}
        self._say_unknown_profiles(names)
        profiles = None
        if self._profiles is not None:
            own = {n: p for n, p in self._profiles.tools.items() if n in names}
            profiles = Profiles(own, self._profiles.no_tool, self._profiles.source)
        with stale_said_before(self._stale_said), unprofiled_said_before(self._unprofiled_said):  # said: not again
            selector = self._selector_over(candidates, names, profiles, faces)
        # Reuse the loaded model for the next tool set instead of loading it again,
        # and the profiles written for it instead of writing them again.
        self._embedder = selector.tool_filter.embedder
        if self._profile_writer is not None and selector.tool_filter.profiles is not None:
            self._profiles = (self._profiles or Profiles()).merged(selector.tool_filter.profiles)
        return selector

    def _selector_over(
        self, candidates: Sequence[Any], names: Collection[str], profiles: Profiles | None, faces: Mapping[str, Any]
    ) -> ToolFilterSelector:
        """A new selector over ``candidates`` (``names``), with their ``profiles`` and the selector's ``faces``.

        Over the tools described when the middleware was made (``_say_stale_profiles``), when these are they.
        """
        return ToolFilterSelector.from_tools(
            candidates,
            {n: m for n, m in self._metadata.items() if n in names},
            described=self._described_specs(candidates),
            config=self._core_config,
            embedder=self._embedder,
            store=self._store,
            client=self._client,
            collection=self._collection,
            profiles=profiles,
            profile_writer=self._profile_writer,
            **faces,
        )

    def _described_specs(self, candidates: Sequence[Any]) -> list[ToolSpec] | None:
        """The ``ToolSpec``s described at construction when ``candidates`` are the tools described; asked once.

        The same tool objects (a dict: an equal one, as each model call reads dicts anew) in the same order.
        """
        described, self._described = self._described, None
        if described is None:
            return None
        key, units, specs = described
        same = len(units) == len(candidates) and all(
            unit is tool or (not isinstance(unit, BaseTool) and unit == tool)
            for unit, tool in zip(units, candidates, strict=True)
        )
        return specs if same and key == self._key(candidates) else None

    def selector_for(self, tools: Sequence[Any]) -> ToolFilterSelector:
        """The selector over these tools, built on first use and cached.

        Args:
            tools: The candidate tools (without ``always_include`` and ``find_tools``):
                ``BaseTool``s and OpenAI chat tool dicts.

        Returns:
            The cached or newly built selector.
        """
        return self._cached(self._key(tools)) or self._build(tools)

    # ------------------------------------------------------------------ filtering

    def _candidates(self, request: ModelRequest[Any], functions: Sequence[tuple[Any, list[Any]]]) -> list[Any] | None:
        """The tools to select among (``functions``: the request's tools read by ``_functions``), gates checked.

        A tool is named without its position: LangChain puts the middlewares' tools first and
        the dicts last in a request, so a position would not be the agent's.
        """
        check_unique_names(functions, positions=False)
        self._check_always_present(tool_names(request.tools))
        self._check_gate_names(request.tools)
        return self._selectable(functions) or None

    def _functions(self, tools: Sequence[Any]) -> list[tuple[Any, list[Any]]]:
        """Each tool with what it is selected as: a ``BaseTool`` itself, a dict the functions it describes.

        Each function a dict describes is an OpenAI chat tool dict (``function_tools``; none for a
        provider built-in): read once a model call, for ``check_unique_names``, ``_selectable`` and
        ``_apply`` alike.
        """
        return [(tool, [tool] if isinstance(tool, BaseTool) else function_tools(tool)) for tool in tools]

    def _selectable(self, functions: Sequence[tuple[Any, list[Any]]]) -> list[Any]:
        """The tools to index and select (of ``_functions``): ``BaseTool``s and the functions dicts describe.

        ``always_include`` and ``find_tools`` are left out, and with ``deferral`` the dicts (they pass through).
        """
        if self._deferral is not None:
            functions = [(tool, described) for tool, described in functions if isinstance(tool, BaseTool)]
        units = [unit for _, described in functions for unit in described]
        if not self._dicts_said and len(units) > sum(isinstance(tool, BaseTool) for tool, _ in functions):
            self._say_dicts([tool_name(u) for u in units if not isinstance(u, BaseTool)])
        skip = {*self.always_include, FIND_TOOLS_NAME}
        return [unit for unit in units if tool_name(unit) not in skip]

    def _say_dicts(self, names: Sequence[str]) -> None:
        """Once: create_agent binds function dicts but does not run them."""
        if not self._dicts_said:
            self._dicts_said = True
            logger.warning(
                "toolfilter: %d of the agent's tools are function dicts (%s): toolfilter selects them like the "
                "other tools (within max_tools), but create_agent does not run a dict tool (its tool node "
                "holds BaseTools only), so a call of one is answered with an error unless a middleware's "
                "wrap_tool_call runs it; pass a function you want run as an @tool",
                len(names),
                some_names(names),
            )

    @staticmethod
    def _include(tool_choice: Any) -> dict[str, Any]:
        """The selector's ``include`` for the tool a ``tool_choice`` names (it must not be filtered out)."""
        name = None
        if isinstance(tool_choice, str) and tool_choice not in {"auto", "any", "none", "required"}:
            name = tool_choice
        elif isinstance(tool_choice, Mapping):
            function = tool_choice.get("function")
            name = function.get("name") if isinstance(function, Mapping) else tool_choice.get("name")
        return {"include": [name]} if isinstance(name, str) and name else {}

    def _apply(
        self, request: ModelRequest[Any], functions: Sequence[tuple[Any, list[Any]]], selected: Sequence[Any]
    ) -> ModelRequest[Any]:
        """The request with the selected tools, as the agent gave them (a dict is the same object).

        ``functions``: the request's tools as ``_functions`` read them.

        A Gemini entry keeps the declarations selected (a copy when some are left out); a
        provider built-in passes unless the gates refuse a name in it.
        """
        ordered = list(dict.fromkeys([*(tool_name(tool) for tool in selected), *self.always_include]))
        rank = {name: i for i, name in enumerate(ordered)}
        keep = set(ordered)
        tools: list[Any] = []
        for tool, described in functions:
            if isinstance(tool, BaseTool):
                if tool.name in keep:
                    tools.append(tool)
            elif described:
                kept = gate_provider_tool(tool, lambda name: name not in keep or self._refuses(name))
                tools += [kept] if kept is not None else []
            elif (gated := gate_provider_tool(tool, self._refuses)) is not None:
                tools.append(gated)  # a built-in tool passes unless the gates refuse a name in it
        if self._order == "score":  # best first; the built-ins after, in the agent's order
            tools.sort(key=lambda tool: min((rank[n] for n in tool_names([tool]) if n in rank), default=len(rank)))
        return request.override(tools=tools)

    def _check_gate_names(self, tools: Sequence[Any]) -> None:
        """Refuse a block_tools / allow_tools name that matches none of the agent's tools.

        A blocked tool renamed since (the same definition under a new name) is still
        blocked, and its old name still counts as a tool's.
        """
        if self._policy is None:
            return
        names = frozenset(tool_names(tools)) | {t for t in tools if isinstance(t, str)}  # tools or their names
        if names != self._checked:
            self._renamed.update(tools, self._refuses_by_name)
            lists = [("block_tools", self._config.block_tools), ("allow_tools", self._config.allow_tools)]
            unknown_gate_names(lists, names | self._renamed.refused_names(), where="the agent's tools")
            renamed = sorted(self._renamed.renamed)
            self._policy = policy_of([*self._config.block_tools, *renamed], self._config.allow_tools)
            self._checked = names

    def _refuses_by_name(self, name: str) -> bool:
        """block_tools / allow_tools (this middleware's and a shared filter's) refuse the name."""
        configs = [self._config] if self._tool_filter is None else [self._config, self._tool_filter.config]
        return any(
            blocked_name(name, config.block_tools) or bool(config.allow_tools and name not in config.allow_tools)
            for config in configs
        )

    def _refuses(self, name: str) -> bool:
        """The gates refuse the name, or it is a renamed copy of a tool they refuse."""
        return self._refuses_by_name(name) or name in self._renamed.renamed

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
        functions = self._functions(request.tools)
        if self._deferral is not None:  # every tool sent deferred; tool_search loads them
            return self._deferral.request(request, self._candidates(request, functions))
        candidates = self._candidates(request, functions)
        if candidates is None:
            return self._without_search(request)
        selector = self.selector_for(candidates)
        return self._apply(request, functions, selector.invoke(request.messages, **self._include(request.tool_choice)))

    async def afilter_request(self, request: ModelRequest[Any]) -> ModelRequest[Any]:
        """Async ``filter_request``; a first-time index build runs in a worker thread."""
        functions = self._functions(request.tools)
        if self._deferral is not None:
            return await self._deferral.arequest(request, self._candidates(request, functions))
        candidates = self._candidates(request, functions)
        if candidates is None:
            return self._without_search(request)
        selector = self._cached(self._key(candidates))
        if selector is None:
            selector = await run_in_executor(None, self._build, candidates)
        return self._apply(
            request, functions, await selector.ainvoke(request.messages, **self._include(request.tool_choice))
        )

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Filter ``request.tools``, then call the model (``handler``); its response."""
        filtered = self.filter_request(request)
        response = handler(filtered)
        record_offer(response, filtered.tools)
        return response

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelResponse[Any] | AIMessage | ExtendedModelResponse[Any]:
        """Async ``wrap_model_call``."""
        filtered = await self.afilter_request(request)
        response = await handler(filtered)
        record_offer(response, filtered.tools)
        return response

    # ------------------------------------------------------------------ tool calls

    def refusal(self, request: ToolCallRequest) -> ToolMessage | None:
        """The error answer to a call of a tool the gates refuse or the model call was not offered.

        Refused: a name ``block_tools`` / ``allow_tools`` refuse (or a renamed copy of a
        tool they refuse), always; a tool the offer of the model call that made this
        call lacks (read off the state's last ``AIMessage``); any tool when that message
        carries no offer. Call ids decide nothing.

        Args:
            request: The tool call the agent is about to run.

        Returns:
            An error ``ToolMessage`` for the model, or None: run the tool.
        """
        call = request.tool_call
        name, call_id = str(call.get("name")), str(call.get("id") or "")
        if self._refuses(name):
            why = "block_tools / allow_tools refuse it"
        elif name == FIND_TOOLS_NAME and self._find_tools:
            return None
        else:
            offered = offer_of(request.state)
            if offered is None:
                why = "no offer is recorded for the model call that made it"
            elif name not in offered:
                why = "it was not offered for this request"
            else:
                return None
        return refusal_message(name, call_id, why)

    def wrap_tool_call(self, request: ToolCallRequest, handler: Callable[[ToolCallRequest], Any]) -> Any:
        """Answer a call of a refused or not-offered tool with the refusal; run any other (``handler``)."""
        refusal = self.refusal(request)
        return refusal if refusal is not None else handler(request)

    async def awrap_tool_call(self, request: ToolCallRequest, handler: Callable[[ToolCallRequest], Any]) -> Any:
        """Async ``wrap_tool_call``."""
        refusal = self.refusal(request)
        return refusal if refusal is not None else await handler(request)

    # ------------------------------------------------------------------ find_tools

    def _search(self, query: str) -> tuple[str, list[str]]:
        if self._latest is None:
            return _NOTHING_BUILT, []
        return self._latest.engine.search(query)

    async def _asearch(self, query: str) -> tuple[str, list[str]]:
        if self._latest is None:
            return _NOTHING_BUILT, []
        return await self._latest.engine.asearch(query)


_NOTHING_BUILT = "No tool registry has been built yet; answer without a tool."
"""What ``find_tools`` answers before the first model call built an index."""


# ---------------------------------------------------------------------- construction checks


def _check_arguments(max_tools: Any, always_include: Any, order: Any) -> None:
    """Refuse, at construction, arguments that would fail on every model call."""
    if max_tools is not None and (
        isinstance(max_tools, bool) or not isinstance(max_tools, int) or not 1 <= max_tools <= MAX_TOOLS
    ):
        msg = f"max_tools: got {max_tools!r}; allowed: an integer from 1 to {MAX_TOOLS} (the hard cap), or None"
        raise ConfigError(msg)
    if isinstance(always_include, str) or not all(isinstance(n, str) for n in always_include or ()):
        msg = (
            f"always_include: got {always_include!r:.80}; allowed: a list of tool names, e.g. [{always_include!r:.40}]"
        )
        raise ConfigError(msg)
    if order not in ("registry", "score"):
        msg = f"order: got {order!r}; allowed: 'registry' (the agent's tool order) or 'score' (best first)"
        raise ConfigError(msg)


def _check_always_include(names: Sequence[str], config: ToolFilterConfig) -> None:
    """Refuse always_include tools the gates would block, as the core config does."""
    blocked = sorted(n for n in names if blocked_name(n, config.block_tools))  # look-alikes too
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


# ---------------------------------------------------------------------- arguments


def _check_option_names(options: Mapping[str, Any]) -> None:
    """Refuse a keyword that is neither one of the middleware's own arguments nor a config field."""
    check_options("ToolFilterMiddleware", options, own_arguments(ToolFilterMiddleware.__init__))
