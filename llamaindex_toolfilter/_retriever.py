"""``ToolFilterRetriever``: toolfilter's selection as a LlamaIndex agent's ``tool_retriever``.

The nodes come from ``NodeRetriever`` (``_nodes``); the stock ``ObjectRetriever`` machinery
runs the node postprocessors and maps each node back to the user's own tool object by name.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.memory import BaseMemory
from llama_index.core.objects import ObjectRetriever
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import QueryBundle, QueryType
from llama_index.core.tools import BaseTool

from toolfilter_core import Embedder, Profiles, Selection, ToolFilter, ToolFilterConfig, ToolSpec, ToolSpecError
from toolfilter_core.integration import (
    check_options,
    checked_keywords,
    did_you_mean,
    own_arguments,
    resolve_config,
    warn_at_caller,
)

from ._cap import check_max_tools, policy_for
from ._embedder import LlamaIndexEmbedder
from ._nodes import NodeRetriever, ToolNodeMapping, ToolSelectionEvent, dispatcher
from ._profiles import ProfileWriterLike, as_profile_writer
from ._tools import ToolMetadataExtras, tool_name, tools_to_specs

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["ToolFilterRetriever"]

# ObjectIndex.from_objects / as_retriever arguments that have no meaning here, with the
# replacement to suggest.
_OBJECT_INDEX_ONLY = {
    "object_mapping": "tools are mapped back by name; pass the tool objects themselves",
    "from_node_fn": "tools are mapped back by name; pass the tool objects themselves",
    "to_node_fn": "the index is built from each tool's metadata",
    "index_cls": "toolfilter keeps its own Chroma index",
    "storage_context": "pass store=DIR (a Chroma directory) or client= (a chromadb client)",
    "vector_store": "pass store=DIR (a Chroma directory) or client= (a chromadb client)",
}


def _resolve_embedder(embedder: Embedder | BaseEmbedding | str | None) -> Embedder | str | None:
    if isinstance(embedder, BaseEmbedding):
        return LlamaIndexEmbedder(embedder)
    return embedder


def _check_indexed(names: list[str], specs: Mapping[str, ToolSpec]) -> None:
    """Refuse tool names that repeat or that the index lacks (with the indexed name meant)."""
    if len(set(names)) != len(names):
        doubled = sorted({n for n in names if names.count(n) > 1})
        msg = f"tools: names must be unique, but {doubled} occur more than once"
        raise ToolSpecError(msg)
    missing = sorted(set(names) - set(specs))
    if missing:
        hints = "".join(did_you_mean(m, list(specs)) for m in missing[:3])
        msg = (
            f"tools: {missing} are not in the tool index{hints}; build the retriever with "
            "ToolFilterRetriever.from_tools(tools, store=...), which indexes them"
        )
        raise ToolSpecError(msg)


@checked_keywords
class ToolFilterRetriever(ObjectRetriever[BaseTool]):
    """The tools an agent needs for a request, picked by toolfilter, as an ``ObjectRetriever``.

    Pass it as ``tool_retriever=`` to ``FunctionAgent``, ``ReActAgent`` or an agent of an
    ``AgentWorkflow``. ``retrieve``/``aretrieve`` take a string or a ``QueryBundle`` and
    return your own tool objects, best first; an empty list means no tool fits.

    Setup:
        ``pip install '.[llamaindex]'`` in toolfilter's clone

    Instantiate:
        .. code-block:: python

            from llama_index.core.agent.workflow import FunctionAgent
            from llamaindex_toolfilter import ToolFilterRetriever

            retriever = ToolFilterRetriever.from_tools(
                tools,
                metadata={"get_weather": {"category": "weather", "triggers": ["下雨吗"]}},
                store="./toolfilter-store",  # persisted: a restart re-embeds no tool
                top_k=4,
            )
            agent = FunctionAgent(tool_retriever=retriever, llm=llm)

    Select:
        .. code-block:: python

            retriever.retrieve("明天北京下雨吗")  # -> [get_weather_tool, ...]
            retriever.select("明天北京下雨吗").explain()  # the scores behind it

    Before running a tool the agents look it up again by its bare name. Only what was
    offered runs: a look-up returns the tool only when the retriever's last offer (the last
    retrieval that was not a look-up) held it, so a tool the model was never given is
    answered "not found" by the agent and never runs (nor becomes sticky). Before any offer,
    an exact tool name returns that tool whatever its score.
    One retriever serves one conversation at a time: give concurrent conversations their
    own (``with_memory(memory)`` is cheap, the index is shared).
    Agents pass only the latest user message; bind the agent's memory with
    ``with_memory(memory)`` so earlier turns and the tools already called inform a
    follow-up. Every retrieval sends a ``ToolSelectionEvent`` through LlamaIndex
    instrumentation (a successful selection's is not even built while no event handler is
    registered).
    """

    def __init__(
        self,
        tool_filter: ToolFilter,
        tools: Sequence[BaseTool],
        *,
        node_postprocessors: list[BaseNodePostprocessor] | None = None,
        memory: BaseMemory | None = None,
        history: Sequence[ChatMessage] = (),
        max_tools: int | None = None,
    ) -> None:
        """Serve ``tools`` from a ``ToolFilter`` that has indexed them.

        Most code uses ``from_tools`` or ``from_store`` instead.

        Args:
            tool_filter: The core pipeline; its registry must hold every tool in ``tools``.
            tools: Your LlamaIndex tools; what ``retrieve`` returns.
            node_postprocessors: Run on the scored nodes before they become tools.
            memory: The agent's memory to read earlier turns and used tools from.
            history: A fixed chat history to read them from (before ``memory``'s).
            max_tools: The most tools handed out (``always_include`` ones not counted), in a
                conversation too: the policy's sets are kept within it. None: the policy's
                ``budget`` (12) bounds a grown set.

        Raises:
            ToolSpecError: A tool has no name, two share one, or a tool is not in the index
                (a ``ValueError``).
            ConfigError: ``max_tools`` is not None nor an integer from 1 to 128.
        """
        max_tools = check_max_tools(max_tools)
        tools = list(tools)
        names = [tool_name(tool) for tool in tools]
        specs = {spec.name: spec for spec in tool_filter.tools}
        _check_indexed(names, specs)
        orphans = sorted(set(specs) - set(names))
        if orphans:
            warn_at_caller(
                f"toolfilter: the index holds tools with no tool object: {orphans[:10]}"
                f"{' ...' if len(orphans) > 10 else ''}; they will never be returned",
                UserWarning,
            )
        policy = policy_for(max_tools)
        self._selector = NodeRetriever(
            tool_filter, names, memory=memory, history=history, conversation=policy, max_tools=max_tools
        )
        super().__init__(
            retriever=self._selector,
            object_node_mapping=ToolNodeMapping(tools, {n: specs[n] for n in names}),
            node_postprocessors=node_postprocessors,
        )
        self._tools, self._names, self._offer = tuple(tools), frozenset(names), _Offer()

    # --- constructors ---

    @classmethod
    def from_tools(
        cls,
        tools: Iterable[BaseTool],
        metadata: ToolMetadataExtras | None = None,
        *,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | BaseEmbedding | str | None = None,
        store: str | Path | None = None,
        client: ClientAPI | None = None,
        collection: str | None = None,
        node_postprocessors: list[BaseNodePostprocessor] | None = None,
        memory: BaseMemory | None = None,
        progress: bool = False,
        profiles: Profiles | str | Path | None = None,
        profile_writer: ProfileWriterLike | None = None,
        max_tools: int | None = None,
        **config_fields: Any,
    ) -> ToolFilterRetriever:
        """Index LlamaIndex tools and return a retriever over them.

        With ``store=DIR`` (or ``client=``) the vectors persist in Chroma, and a later
        process with the same tools embeds nothing; changed tools are re-embedded alone.

        Args:
            tools: ``FunctionTool``, ``QueryEngineTool`` or any ``BaseTool``, names unique.
            metadata: ``{tool_name: {"category": ..., "tags": [...], "triggers": [...]}}``,
                what ``ToolMetadata`` lacks; triggers are phrasings users say for the tool.
            config: A ``ToolFilterConfig``, a mapping of its fields, or a YAML/JSON path;
                None is the recommended preset.
            embedder: A core embedder, an embedder name, or a LlamaIndex
                ``BaseEmbedding`` (wrapped in ``LlamaIndexEmbedder``); None is the default
                offline model.
            store: Directory of an embedded Chroma store; None and no ``client``: in memory.
            client: A chromadb client (e.g. ``chromadb.HttpClient``); wins over ``store``.
            collection: Chroma collection name.
            node_postprocessors: Run on the scored nodes before they become tools.
            memory: The agent's memory, for conversation-aware selection.
            progress: Show a progress bar while embedding.
            profiles: Tool profiles (``Profiles`` or a profiles file, docs/profiles.md):
                requests users would type for each tool, embedded beside it.
            profile_writer: A LlamaIndex ``LLM`` (wrapped in ``LLMWriter``), a
                ``ProfileWriter`` or a callable: writes profiles now for the tools without a
                current one; its report is ``retriever.tool_filter.profile_report``.
            max_tools: The most tools handed out, in a conversation too (also ``top_k``
                unless given); None: a conversation's sets grow up to the policy's budget, 12.
            **config_fields: Config fields laid over ``config``, e.g. ``top_k=3``,
                ``fallback_to_empty=False``, ``block_tools=["delete_file"]``.

        Returns:
            The retriever.

        Raises:
            ValueError: A bad tool, ``metadata`` entry, config field (``ConfigError``
                names the field, the value and the allowed range) or profiles file.
        """
        check_options("ToolFilterRetriever.from_tools()", config_fields, own_arguments(cls.from_tools))
        config_fields = _with_top_k(config_fields, check_max_tools(max_tools))
        tools = list(tools)
        specs: list[ToolSpec] = tools_to_specs(tools, metadata)
        core_embedder = _resolve_embedder(embedder)
        tool_filter = ToolFilter(
            specs,
            config=resolve_config(config, core_embedder, config_fields),
            embedder=core_embedder,
            store=store,
            client=client,
            collection=collection,
            progress=progress,
            profiles=profiles,
            profile_writer=as_profile_writer(profile_writer),
        )
        return cls(tool_filter, tools, node_postprocessors=node_postprocessors, memory=memory, max_tools=max_tools)

    @classmethod
    def from_store(
        cls,
        tools: Iterable[BaseTool],
        *,
        store: str | Path | None = None,
        client: ClientAPI | None = None,
        embedder: Embedder | BaseEmbedding | str | None = None,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        collection: str | None = None,
        node_postprocessors: list[BaseNodePostprocessor] | None = None,
        memory: BaseMemory | None = None,
        max_tools: int | None = None,
        **config_fields: Any,
    ) -> ToolFilterRetriever:
        """Open an existing store as it is, with ``tools`` supplying the callables.

        The registry (descriptions, categories, triggers, vectors) comes from the store,
        e.g. one curated centrally on a Chroma server; nothing is embedded or re-indexed.
        Use ``from_tools(tools, store=...)`` instead to bring the store up to date.

        Args:
            tools: Tool objects for the names in the store.
            store: Directory of the embedded Chroma store.
            client: A chromadb client; wins over ``store``.
            embedder: The embedder the store was built with (see ``from_tools``).
            config: Configuration (see ``from_tools``).
            collection: Chroma collection name.
            node_postprocessors: Run on the scored nodes before they become tools.
            memory: The agent's memory, for conversation-aware selection.
            max_tools: The most tools handed out (see ``from_tools``).
            **config_fields: Config fields laid over ``config``.

        Returns:
            The retriever.

        Raises:
            ValueError: A tool is not in the store, or a bad config field.
            StoreError: The store cannot be opened or was built with another embedder.
        """
        check_options("ToolFilterRetriever.from_store()", config_fields, own_arguments(cls.from_store))
        config_fields = _with_top_k(config_fields, check_max_tools(max_tools))
        core_embedder = _resolve_embedder(embedder)
        tool_filter = ToolFilter.open(
            store=store,
            client=client,
            collection=collection,
            embedder=core_embedder,
            config=resolve_config(config, core_embedder, config_fields),
        )
        return cls(
            tool_filter, list(tools), node_postprocessors=node_postprocessors, memory=memory, max_tools=max_tools
        )

    @classmethod
    def from_objects(
        cls,
        objects: Iterable[BaseTool],
        metadata: ToolMetadataExtras | None = None,
        *,
        embed_model: BaseEmbedding | None = None,
        similarity_top_k: int | None = None,
        **options: Any,
    ) -> ToolFilterRetriever:
        """``ObjectIndex.from_objects(tools, ...).as_retriever(...)`` in one call.

        ``embed_model`` and ``similarity_top_k`` keep their LlamaIndex meaning; every
        ``from_tools`` option is accepted too.

        Args:
            objects: The tools.
            metadata: Categories, tags and triggers per tool name (see ``from_tools``).
            embed_model: A LlamaIndex embedding model to select with.
            similarity_top_k: How many tools at most, in a conversation too (``max_tools``,
                and the config's ``top_k``).
            **options: Anything ``from_tools`` takes.

        Returns:
            The retriever.

        Raises:
            TypeError: An ``ObjectIndex`` argument with no equivalent here.
            ValueError: As ``from_tools``.
        """
        unsupported = sorted(set(options) & set(_OBJECT_INDEX_ONLY))
        if unsupported:
            hints = "; ".join(f"{k}: {_OBJECT_INDEX_ONLY[k]}" for k in unsupported)
            msg = f"from_objects() does not take {unsupported} ({hints})"
            raise TypeError(msg)
        passed_on = own_arguments(cls.from_tools)
        own = own_arguments(cls.from_objects, cls.from_tools)
        check_options("ToolFilterRetriever.from_objects()", [k for k in options if k not in passed_on], own)
        if embed_model is not None:
            if options.get("embedder") is not None:
                msg = "from_objects(): give embed_model or embedder, not both"
                raise TypeError(msg)
            options["embedder"] = embed_model
        if similarity_top_k is not None:
            if options.get("max_tools") is not None:
                msg = "from_objects(): give similarity_top_k or max_tools, not both"
                raise TypeError(msg)
            options["max_tools"] = similarity_top_k
        return cls.from_tools(objects, metadata, **options)

    # --- views ---

    @property
    def retriever(self) -> NodeRetriever:
        """The node retriever: one ``NodeWithScore`` per selected tool."""
        return self._selector

    @property
    def tool_filter(self) -> ToolFilter:
        """The core pipeline (config, registry, store)."""
        return self.retriever.tool_filter

    @property
    def config(self) -> ToolFilterConfig:
        """The configuration in effect."""
        return self.tool_filter.config

    @property
    def tools(self) -> tuple[BaseTool, ...]:
        """The tool objects this retriever can return, in the order given."""
        return self._tools

    @property
    def memory(self) -> BaseMemory | None:
        """The memory conversation hints are read from, if bound."""
        return self.retriever.memory

    @property
    def max_tools(self) -> int | None:
        """The most tools handed out (``always_include`` ones not counted); None: no cap of its own."""
        return self.retriever.max_tools

    @property
    def last_selection(self) -> Selection | None:
        """The last successful selection of this retriever (for debugging; not per request)."""
        return self.retriever.last_selection

    # --- conversation ---

    def with_memory(self, memory: BaseMemory) -> ToolFilterRetriever:
        """A retriever on the same index that reads the conversation from ``memory``.

        Give the agent the same memory (``agent.run(msg, memory=memory)``): earlier user
        turns are blended into the query (``history_turns``, at weight 0.3) and tools
        called in those turns stay selected, so "and tomorrow?" keeps the weather tool.
        Make one per conversation; the index is shared, nothing is re-embedded.
        """
        return self._bound(memory=memory, history=())

    def with_history(self, messages: Sequence[ChatMessage]) -> ToolFilterRetriever:
        """A retriever on the same index that reads the conversation from ``messages``."""
        return self._bound(memory=None, history=messages)

    def _bound(self, *, memory: BaseMemory | None, history: Sequence[ChatMessage]) -> ToolFilterRetriever:
        clone = copy.copy(self)
        clone._selector = self._selector.bound(memory=memory, history=history)
        clone._retriever = clone._selector
        clone._offer = _Offer()  # a conversation of its own: its own offer
        return clone

    # --- only what was offered runs ---

    def _looked_up(self, query: QueryType) -> str | None:
        """The tool name ``query`` is when it is exactly one (the agent's look-up before running it)."""
        text = query if isinstance(query, str) else getattr(query, "query_str", "")
        name = text.strip() if isinstance(text, str) else ""
        return name if name in self._names else None

    def retrieve(self, str_or_query_bundle: QueryType) -> list[BaseTool]:
        """Your tools for a request, best first; a look-up by name finds only an offered tool."""
        name = self._looked_up(str_or_query_bundle)
        if name is not None and not self._offer.holds(name):
            return _refused(name)  # not offered: the agent answers "Tool ... not found" and runs nothing
        tools = super().retrieve(str_or_query_bundle)
        self._offer.record(name, tools)
        return tools

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[BaseTool]:
        """Async ``retrieve``."""
        name = self._looked_up(str_or_query_bundle)
        if name is not None and not self._offer.holds(name):
            return _refused(name)
        tools = await super().aretrieve(str_or_query_bundle)
        self._offer.record(name, tools)
        return tools

    def select(
        self,
        query: str | QueryBundle,
        *,
        context: Sequence[str] = (),
        sticky: Sequence[str] = (),
    ) -> Selection:
        """The core's ``Selection`` behind ``retrieve(query)``, with every score and reason.

        Args:
            query: The request.
            context: Earlier user turns, oldest first, on top of the bound conversation.
            sticky: Tool names to keep, on top of those the conversation called.

        Returns:
            The selection; ``.explain()`` prints it.

        Raises:
            ToolFilterError: Selection failed (no fallback here).
        """
        bundle = QueryBundle(query) if isinstance(query, str) else query
        return self.retriever.select(bundle, self.retriever.messages(), context, sticky)

    def __repr__(self) -> str:
        """``ToolFilterRetriever(tools=N, top_k=K)`` (and ``max_tools=M`` when set)."""
        cap = f", max_tools={self.max_tools}" if self.max_tools is not None else ""
        return f"ToolFilterRetriever(tools={len(self._tools)}, top_k={self.config.top_k}{cap})"


def _with_top_k(config_fields: dict[str, Any], max_tools: int | None) -> dict[str, Any]:
    """``config_fields`` with ``top_k`` = ``max_tools`` when one is given and ``top_k`` is not."""
    if max_tools is None or "top_k" in config_fields:
        return config_fields
    return {**config_fields, "top_k": max_tools}


def _refused(name: str) -> list[BaseTool]:
    """Nothing, for a look-up of a tool the last request was not offered; the event says so."""
    note = f"{name!r} was not offered for this request: the look-up finds nothing, so it does not run"
    dispatcher.event(ToolSelectionEvent(query=name, status="refused", notes=[note]))
    return []


class _Offer:
    """The tool names a retriever's last request was offered (None before the first)."""

    def __init__(self) -> None:
        self._names: frozenset[str] | None = None
        self._lock = threading.Lock()

    def holds(self, name: str) -> bool:
        """A look-up of ``name`` may return it: it was offered, or nothing was offered yet."""
        with self._lock:
            return self._names is None or name in self._names

    def record(self, looked_up: str | None, tools: Sequence[BaseTool]) -> None:
        """A request's tools are the new offer; a look-up changes nothing, except as the first request."""
        with self._lock:
            if looked_up is None or self._names is None:
                self._names = frozenset(tool_name(tool) for tool in tools)
