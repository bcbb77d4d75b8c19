"""LlamaIndex nodes for the core's tools: ids the same in every process, and the node retriever.

``NodeRetriever`` (a ``BaseRetriever``) asks the core for a ``Selection`` and returns one
``NodeWithScore`` per selected tool; ``ToolNodeMapping`` maps each node back to a tool. Every
selection is reported through LlamaIndex instrumentation as a ``ToolSelectionEvent``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation import Dispatcher, get_dispatcher  # type: ignore[attr-defined]  # documented path
from llama_index.core.instrumentation.event_handlers import NullEventHandler
from llama_index.core.instrumentation.events import BaseEvent
from llama_index.core.memory import BaseMemory
from llama_index.core.objects import SimpleToolNodeMapping
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode
from llama_index.core.tools import BaseTool

from toolfilter_core import Selection, ToolFilter, ToolFilterError, ToolSpec
from toolfilter_core.integration import (
    ConversationPolicy,
    Window,
    aselect_window,
    failed_selection,
    query_excerpt,
    select_window,
    sticky_tools,
    warn_at_caller,
)

from ._cap import capped
from ._messages import conversation_hints
from ._tools import tool_name, tool_to_spec

__all__ = [
    "NodeIdCache",
    "NodeRetriever",
    "ToolNodeMapping",
    "ToolSelectionEvent",
    "dispatcher",
    "has_event_handlers",
    "node_id",
]

logger = logging.getLogger("llamaindex_toolfilter._retriever")  # the name its warnings always had


def node_id(spec: ToolSpec) -> str:
    """A node id derived from the tool's indexed content: same tool, same id, any process."""
    return f"toolfilter-{spec.content_hash()}"


class NodeIdCache:
    """``node_id(spec)`` and ``spec.document()`` per tool name, computed once per spec object.

    The id hashes the tool's whole definition (a JSON dump and SHA-256), too slow to redo
    for every selected tool on every call. An entry is reused only for the very spec object
    it was computed from (checked with ``is``; ``ToolSpec`` is frozen), so a changed tool
    under the same name gets its new id. The ids are exactly ``node_id``'s.
    """

    def __init__(self) -> None:
        """An empty cache; it holds at most one entry per tool name."""
        self._entries: dict[str, tuple[ToolSpec, str, str]] = {}

    def id_and_text(self, spec: ToolSpec) -> tuple[str, str]:
        """``(node_id(spec), spec.document())``, from the cache when ``spec`` is the cached object."""
        entry = self._entries.get(spec.name)
        if entry is None or entry[0] is not spec:
            entry = (spec, node_id(spec), spec.document())
            self._entries[spec.name] = entry
        return entry[1], entry[2]


class ToolNodeMapping(SimpleToolNodeMapping):
    """The stock name-keyed tool mapping, with content-derived node ids instead of ``hash()``.

    ``from_node`` is the stock one: ``node.metadata["name"]`` to your tool object.
    """

    def __init__(self, objs: Sequence[BaseTool] | None = None, specs: Mapping[str, ToolSpec] | None = None) -> None:
        """Map ``objs`` by name; ``specs`` are their indexed definitions, by name."""
        super().__init__(objs)
        self._specs = dict(specs or {})

    def to_node(self, tool: BaseTool) -> TextNode:
        """A node for ``tool`` whose id is the same in every process."""
        spec = self._specs.get(tool_name(tool)) or tool_to_spec(tool)
        return spec_node(spec)


def spec_node(spec: ToolSpec, extra: Mapping[str, Any] | None = None, *, cache: NodeIdCache | None = None) -> TextNode:
    """The node standing for ``spec``: text is its indexed document, ``metadata["name"]`` its name.

    Args:
        spec: The tool's indexed definition.
        extra: More node metadata.
        cache: Where to reuse the id and text from; None: compute them.
    """
    metadata: dict[str, Any] = {"name": spec.name, "category": spec.category}
    metadata.update(extra or {})
    id_, text = cache.id_and_text(spec) if cache is not None else (node_id(spec), spec.document())
    return TextNode(
        id_=id_,
        text=text,
        metadata=metadata,
        excluded_embed_metadata_keys=list(metadata),
        excluded_llm_metadata_keys=list(metadata),
    )


class NodeRetriever(BaseRetriever):
    """One node per tool the core selects, scored by the combined score.

    Node ids are derived from the tool's content (``toolfilter-<content hash>``), computed
    once per tool (``NodeIdCache``); the node metadata holds ``name`` (what the stock tool
    mapping resolves), ``category``, the per-signal ``signals`` and ``fallback``.
    """

    def __init__(
        self,
        tool_filter: ToolFilter,
        names: Iterable[str],
        *,
        memory: BaseMemory | None = None,
        history: Sequence[ChatMessage] = (),
        node_ids: NodeIdCache | None = None,
        conversation: ConversationPolicy | None = None,
        max_tools: int | None = None,
    ) -> None:
        super().__init__()
        self._filter = tool_filter
        self.conversation = conversation
        """The conversation policy (docs/conversations.md); None: one request at a time, sticky tools kept."""
        self.max_tools = max_tools
        """The most tools handed out (``always_include`` ones not counted); None: the policy's sets whole."""
        self._names = frozenset(names)
        self._memory = memory
        self._history = tuple(history)
        self._node_ids = node_ids if node_ids is not None else NodeIdCache()
        self.last_selection: Selection | None = None

    @property
    def tool_filter(self) -> ToolFilter:
        return self._filter

    @property
    def memory(self) -> BaseMemory | None:
        return self._memory

    def bound(self, *, memory: BaseMemory | None, history: Sequence[ChatMessage]) -> NodeRetriever:
        """A retriever on the same index that reads the conversation from elsewhere."""
        return NodeRetriever(
            self._filter,
            self._names,
            memory=memory,
            history=history,
            node_ids=self._node_ids,
            conversation=_fresh(self.conversation),
            max_tools=self.max_tools,
        )

    # --- the conversation ---

    def messages(self) -> Sequence[ChatMessage]:
        if self._memory is not None:
            return [*self._history, *self._memory.get_all()]
        return self._history

    async def amessages(self) -> Sequence[ChatMessage]:
        if self._memory is not None:
            return [*self._history, *(await self._memory.aget_all())]
        return self._history

    def _request(self, bundle: QueryBundle, messages: Sequence[ChatMessage], context: Sequence[str] = ()) -> Window:
        """The request, its context turns (the conversation's, ``context``, the bundle's) and sticky tools."""
        query = bundle.query_str
        if query.strip() in self._names:
            # An exact tool name is the agent looking a tool up before running it: no hints.
            return Window(query)
        hints = Window(query)
        if messages:
            hints = conversation_hints(messages, query, turns=self._filter.config.history_turns, tool_names=self._names)
        extra = [s for s in bundle.custom_embedding_strs or () if s.strip() and s != query]
        turns = dict.fromkeys([*hints.context, *context, *extra])  # ordered, no repeats
        return Window(query, tuple(turns), hints.sticky, turns=hints.turns, current=hints.current)

    # --- selection ---

    def select(
        self,
        bundle: QueryBundle,
        messages: Sequence[ChatMessage],
        context: Sequence[str] = (),
        sticky: Sequence[str] = (),
    ) -> Selection:
        window = self._request(bundle, messages, context)
        used = tuple(dict.fromkeys([*sticky_tools(self._filter, window), *sticky]))
        return self._filter.select(window.query, context=window.context, sticky=used)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        window = self._request(query_bundle, self.messages())
        try:
            selection = select_window(self._filter, window, conversation=self.conversation, **self._cap())
        except ToolFilterError as error:
            return self._failed(window, error)
        return self._nodes(selection, window)

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        window = self._request(query_bundle, await self.amessages())
        try:
            selection = await aselect_window(self._filter, window, conversation=self.conversation, **self._cap())
        except ToolFilterError as error:
            return self._failed(window, error)
        return self._nodes(selection, window)

    def _cap(self) -> dict[str, Any]:
        """``max_tools`` for the core's selection: a widened one is cut there, and the policy keeps what was sent."""
        return {"max_tools": self.max_tools} if self.max_tools is not None else {}

    def _nodes(self, selection: Selection, window: Window) -> list[NodeWithScore]:
        """The nodes of the selected tools that have a tool object; the event, if anyone listens."""
        self.last_selection = selection
        nodes = []
        notes = [str(n) for n in selection.notes]
        allowed = capped(selection, window, self.max_tools, self._filter.config.always_include)
        for scored in selection.selected:
            if scored.name not in self._names:
                notes.append(f"{scored.name!r} is in the index but no tool object was given for it")
                continue
            if scored.name not in allowed:
                notes.append(f"{scored.name!r} left out: max_tools={self.max_tools}")
                continue
            extra = {"signals": dict(scored.breakdown.signals), "fallback": selection.fallback}
            node = spec_node(scored.tool, extra, cache=self._node_ids)
            nodes.append(NodeWithScore(node=node, score=scored.score))
        if has_event_handlers(dispatcher):
            returned = {n.node.metadata["name"] for n in nodes}
            kept = [s for s in selection.selected if s.name in returned]
            event = ToolSelectionEvent(
                query=query_excerpt(selection.query),
                selected=[s.name for s in kept],
                scores={s.name: s.score for s in kept},
                signals={s.name: dict(s.breakdown.signals) for s in kept},
                fallback=selection.fallback,
                status=selection.status.value,
                notes=notes,
                explanation=selection.explain(),
                selection=selection.to_dict(),
                **_window_fields(window),
            )
            dispatcher.event(event)
        return nodes

    def _failed(self, window: Window, error: ToolFilterError) -> list[NodeWithScore]:
        """Report the failure (always: failures are rare); raise it, or continue with no tools."""
        self.last_selection = None
        fallback = self._filter.config.fallback_to_empty
        note = "fallback_to_empty: continuing with no tools"
        event = ToolSelectionEvent(
            query=query_excerpt(window.query),
            error=f"{type(error).__name__}: {error}",
            status="failed",
            notes=[note if fallback else "raised"],
            **_window_fields(window),
        )
        dispatcher.event(event)
        failed_selection(window.query, error, fallback_to_empty=fallback, note=note)  # raises unless it continues
        message = (
            f"toolfilter: selecting tools for {window.query[:60]!r} failed ({type(error).__name__}: {error}); "
            "continuing with no tools because fallback_to_empty is true"
        )
        logger.warning(message)
        warn_at_caller(message, UserWarning)  # the user's line, past the framework's
        return []


def _fresh(policy: ConversationPolicy | None) -> ConversationPolicy | None:
    """A policy like ``policy`` (its prices, budget, horizon, need, prefetch) with nothing remembered."""
    if policy is None:
        return None
    return ConversationPolicy(
        policy.prices,
        budget=policy.budget,
        horizon=policy.horizon,
        need=policy.need,
        prefetch=policy.prefetch,
        remember=policy.remember,
    )


def _window_fields(window: Window) -> dict[str, Any]:
    """An event's ``context`` (excerpts) and ``sticky`` for the request's window."""
    return {"context": [query_excerpt(turn) for turn in window.context], "sticky": list(window.sticky)}


# ---------------------------------------------------------------------- the event

dispatcher = get_dispatcher("llamaindex_toolfilter._retriever")  # the name its events always had
"""Where every ``ToolSelectionEvent`` is sent (it propagates to the root dispatcher)."""


class ToolSelectionEvent(BaseEvent):
    """Which tools were selected for a query, and why.

    Sent through LlamaIndex instrumentation on every ``retrieve``/``aretrieve`` of a
    ``ToolFilterRetriever``, including the agent's look-up of a tool by name before it
    runs it. While no event handler is registered (only the root's default
    ``NullEventHandler``), a successful selection's event is not built at all, since
    nothing could receive it. Catch it with an event handler on the root dispatcher::

        from llama_index.core.instrumentation import get_dispatcher
        from llama_index.core.instrumentation.event_handlers import BaseEventHandler

        class Printer(BaseEventHandler):
            def handle(self, event, **kwargs):
                if isinstance(event, ToolSelectionEvent):
                    print(event.explanation)

        get_dispatcher().add_event_handler(Printer())
    """

    query: str
    """The request the tools were selected for."""
    selected: list[str] = Field(default_factory=list)
    """Names of the selected tools, best first."""
    scores: dict[str, float] = Field(default_factory=dict)
    """Combined score of each selected tool."""
    signals: dict[str, dict[str, float]] = Field(default_factory=dict)
    """Per-signal scores of each selected tool, e.g. ``{"embed": 0.71, "lexical": 0.5}``."""
    fallback: bool = False
    """True when confidence was low and the search was widened to the top domains."""
    status: str = "selected"
    """What the selection came to, a ``toolfilter_core.Status`` value (``"failed"`` when it failed,
    ``"refused"`` for an agent's look-up of a tool the last request was not offered)."""
    context: list[str] = Field(default_factory=list)
    """Earlier user turns blended into the query, oldest first."""
    sticky: list[str] = Field(default_factory=list)
    """Tools kept because the conversation already called them."""
    notes: list[str] = Field(default_factory=list)
    """The core's remarks: a skipped gate, why nothing was selected, a dropped tool."""
    error: str | None = None
    """The selection error, if selection failed (then ``selected`` is empty)."""
    explanation: str = ""
    """``Selection.explain()``: a short human-readable account."""
    selection: dict[str, Any] | None = None
    """``Selection.to_dict()``: every scored candidate, with rejection reasons."""

    @classmethod
    def class_name(cls) -> str:
        """Class name."""
        return "ToolSelectionEvent"


_DISPATCH_EVENT = Dispatcher.event


def has_event_handlers(start: Dispatcher) -> bool:
    """Whether an event sent through ``start`` reaches a handler that does something.

    It walks the chain ``Dispatcher.event`` walks: the dispatcher, then its parents while
    ``propagate`` is set. The root's default ``NullEventHandler`` does nothing, so only
    other handlers count. Anything unexpected (a ``Dispatcher`` subclass, a patched
    ``Dispatcher.event``, a failing parent look-up) counts as a listener, so the event is
    then sent as always.
    """
    if Dispatcher.event is not _DISPATCH_EVENT:
        return True
    try:
        current: Dispatcher | None = start
        while current is not None:
            if type(current) is not Dispatcher:
                return True
            if any(type(handler) is not NullEventHandler for handler in current.event_handlers):
                return True
            current = current.parent if current.propagate else None
    except Exception:  # noqa: BLE001 - unknown dispatcher state: assume someone listens
        return True
    return False
