"""``ToolFilterSelector``: a Runnable from a LangChain input to the tools it needs."""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self, cast

from langchain_core.callbacks import AsyncCallbackManagerForChainRun, CallbackManagerForChainRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda, RunnableSerializable
from langchain_core.tools import BaseTool
from pydantic import ConfigDict, Field, PrivateAttr, model_validator

from toolfilter_core import (
    Embedder,
    Selection,
    StoreError,
    ToolFilter,
    ToolFilterConfig,
    ToolFilterError,
    ToolSpec,
    ToolSpecError,
    load_config,
)

from ._conversation import Turns, model_input, read_conversation
from ._explain import areport_selection, report_selection, selection_metadata
from ._find_tools import FIND_TOOLS_NAME, found_message, make_find_tools
from ._tools import ToolMetadata, describe_tools, openai_function

if TYPE_CHECKING:
    import chromadb.api

    from ._retriever import ToolFilterRetriever

__all__ = ["ToolFilterSelector"]

_SELECT_KWARGS = ("top_k", "category", "confidence")


@dataclass(frozen=True, slots=True)
class _Outcome:
    """One selection and what the adapter made of it."""

    turns: Turns
    selection: Selection
    tools: list[Any]
    offered: list[str]


def _make_config(
    config: ToolFilterConfig | Mapping[str, Any] | str | Path | None, options: Mapping[str, Any]
) -> ToolFilterConfig:
    """The core config: ``config`` (None: the recommended profile) with ``options`` on top."""
    base = load_config(config)
    return base.merged(options) if options else base


def _check_find_tools_name(names: Sequence[str], find_tools: bool) -> None:
    if find_tools and FIND_TOOLS_NAME in names:
        msg = (
            f"a tool is named {FIND_TOOLS_NAME!r}, which find_tools=True reserves for the "
            "registry search tool; rename that tool or set find_tools=False"
        )
        raise ToolSpecError(msg)


def _check_same_names(names: Sequence[str], registry: Sequence[str], where: str) -> None:
    in_registry, passed = set(registry), set(names)
    missing = [n for n in names if n not in in_registry]
    extra = [n for n in registry if n not in passed]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"tools not in it: {missing}")
        if extra:
            parts.append(f"tools in it that were not passed: {extra}")
        msg = (
            f"{where} was built for other tools ({'; '.join(parts)}); rebuild it with "
            "ToolFilterSelector.from_tools(tools, store=...), which re-embeds only what changed"
        )
        raise StoreError(msg)


def _check_same_specs(specs: Sequence[ToolSpec], stored: Sequence[ToolSpec], where: str) -> None:
    _check_same_names([s.name for s in specs], [s.name for s in stored], where)
    by_name = {s.name: s for s in stored}
    changed = []
    for spec in specs:
        old = by_name[spec.name]
        if spec.content_hash() != old.content_hash():
            mine, theirs = spec.to_dict(), old.to_dict()
            fields = [k for k in sorted({*mine, *theirs}) if mine.get(k) != theirs.get(k)]
            changed.append(f"{spec.name} ({', '.join(fields) or 'content'})")
    if changed:
        msg = (
            f"{where} holds other versions of tools: {changed}; rebuild it with "
            "ToolFilterSelector.from_tools(tools, store=...), which re-embeds only what changed"
        )
        raise StoreError(msg)


class ToolFilterSelector(RunnableSerializable[Any, list[Any]]):
    """Select the tools a request needs before the model call.

    It is a Runnable, so ``invoke``, ``ainvoke``, ``batch`` and ``stream`` all work, and it
    chains in LCEL. The output is the selected tools as the very objects you passed in
    (``BaseTool``, ``@tool`` functions, OpenAI tool dicts), ready for ``bind_tools``.

    Setup:
        ``pip install 'toolfilter[langchain]'``

    Instantiate:
        .. code-block:: python

            from toolfilter_core import HashingEmbedder
            from langchain_toolfilter import ToolFilterSelector

            selector = ToolFilterSelector.from_tools(
                [get_weather, send_mail, read_file],
                metadata={"send_mail": {"category": "mail", "triggers": ["发封邮件"]}},
                top_k=3,
                embedder=HashingEmbedder(),  # omit for the real offline default
            )

    Select:
        .. code-block:: python

            selector.invoke("weather in Paris?")  # -> [get_weather]
            selector.invoke([HumanMessage("hi"), AIMessage("..."), HumanMessage("mail Bob")])
            chain = prompt | selector.bind_model(chat_model)  # select, bind_tools, call

    The query is the last human message; earlier human turns are context, and tools the
    conversation already uses stay selected (see docs/langchain.md, "Conversations").
    """

    tool_filter: ToolFilter
    """The core pipeline holding the index."""
    tools: list[Any] = Field(default_factory=list)
    """The tools to hand out, as passed in; empty: OpenAI dicts from the registry."""
    input_key: str | None = None
    """Key to read from a dict input; None: ``"messages"``, else ``"input"``."""
    order: Literal["registry", "score"] = "registry"
    """Order of the output: the tools' own order (stable across turns, kind to prompt
    caches) or best score first."""
    find_tools: bool = False
    """Add the ``find_tools`` search tool when a selection is empty or low-confidence."""
    sticky_turns: int | None = Field(default=None, ge=0, le=1000)
    """How many earlier human turns the task window reaches back for sticky tools;
    None: the config's ``history_turns``."""
    max_tools: int | None = Field(default=None, ge=1, le=128)
    """Hard cap on the ranked tools handed out, best kept, even when a low-confidence
    selection was widened (up to the config's ``fallback_top_k``); tools the conversation
    already uses and ``always_include`` tools are kept on top of it. None: no cap."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    _names: list[str] = PrivateAttr(default_factory=list)
    _rank: dict[str, int] = PrivateAttr(default_factory=dict)
    _by_name: dict[str, Any] = PrivateAttr(default_factory=dict)
    _find_tool: BaseTool | None = PrivateAttr(default=None)

    @model_validator(mode="after")
    def _index_tools(self) -> Self:
        registry = [spec.name for spec in self.tool_filter.tools]
        if self.tools:
            names = [openai_function(tool, i)["name"] for i, tool in enumerate(self.tools)]
            _check_same_names(names, registry, "the ToolFilter")
            self._by_name = dict(zip(names, self.tools, strict=True))
        else:
            names = registry
            self._by_name = {spec.name: spec.to_openai() for spec in self.tool_filter.tools}
        _check_find_tools_name(names, self.find_tools)
        self._names = names
        self._rank = {name: i for i, name in enumerate(names)}
        return self

    # ------------------------------------------------------------------ building

    @classmethod
    def from_tools(
        cls,
        tools: Sequence[Any],
        metadata: ToolMetadata | None = None,
        *,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        embedder: Embedder | str | None = None,
        store: str | Path | None = None,
        client: chromadb.api.ClientAPI | None = None,
        collection: str | None = None,
        input_key: str | None = None,
        order: Literal["registry", "score"] = "registry",
        find_tools: bool = False,
        sticky_turns: int | None = None,
        max_tools: int | None = None,
        **options: Any,
    ) -> ToolFilterSelector:
        """Index LangChain tools and return a selector over them.

        Args:
            tools: ``BaseTool``s, ``@tool`` functions, ``StructuredTool``s, OpenAI tool
                dicts, or anything ``convert_to_openai_tool`` accepts. Their order is the
                registry order.
            metadata: Per tool name, ``{"category": str, "tags": [str], "triggers": [str]}``;
                replaces ``BaseTool.metadata["category"|"triggers"]`` and ``BaseTool.tags``.
            config: A core config, a dict, or a YAML/JSON path; None: the recommended
                profile.
            embedder: An ``Embedder``, an embedder name, or None for the config's embedder
                (the real offline default). Tests pass ``HashingEmbedder()``.
            store: Directory of a persistent Chroma store; None: in memory.
            client: A Chroma client (e.g. ``chromadb.HttpClient``); wins over ``store``.
            collection: Chroma collection name.
            input_key: Key to read from a dict input.
            order: ``"registry"`` (default) or ``"score"``.
            find_tools: Offer the ``find_tools`` search tool on empty or low-confidence
                selections.
            sticky_turns: Reach of the task window; None: ``history_turns``.
            max_tools: Hard cap on the ranked tools handed out (see the field).
            **options: Fields of ``ToolFilterConfig`` (``top_k=3``, ``block_tools=[...]``),
                applied on top of ``config``.

        Returns:
            The selector.

        Raises:
            ToolSpecError: A tool cannot be described, names clash, or the metadata is
                wrong; the message names the tool.
            ConfigError: An option is unknown or out of range.
        """
        tools = list(tools)
        if not tools:
            msg = "ToolFilterSelector.from_tools: the tool list is empty; there is nothing to select"
            raise ToolSpecError(msg)
        specs = describe_tools(tools, metadata)
        _check_find_tools_name([s.name for s in specs], find_tools)
        tool_filter = ToolFilter(
            specs,
            config=_make_config(config, options),
            embedder=embedder,
            store=store,
            client=client,
            collection=collection,
        )
        return cls(
            tool_filter=tool_filter,
            tools=tools,
            input_key=input_key,
            order=order,
            find_tools=find_tools,
            sticky_turns=sticky_turns,
            max_tools=max_tools,
        )

    @classmethod
    def from_store(
        cls,
        tools: Sequence[Any] | None = None,
        metadata: ToolMetadata | None = None,
        *,
        store: str | Path | None = None,
        client: chromadb.api.ClientAPI | None = None,
        collection: str | None = None,
        embedder: Embedder | str | None = None,
        config: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
        input_key: str | None = None,
        order: Literal["registry", "score"] = "registry",
        find_tools: bool = False,
        sticky_turns: int | None = None,
        max_tools: int | None = None,
        **options: Any,
    ) -> ToolFilterSelector:
        """Reopen an existing store without re-embedding anything.

        Args:
            tools: The LangChain tools the store was built from, to hand back on selection.
                They must match the store exactly (same names and definitions). None: the
                selector hands out OpenAI tool dicts rebuilt from the store.
            metadata: As in ``from_tools``; used to check the tools against the store.
            store: Directory of the persistent Chroma store.
            client: A Chroma client; wins over ``store``.
            collection: Chroma collection name.
            embedder: The embedder the store was built with (None: the config's).
            config: As in ``from_tools``.
            input_key: Key to read from a dict input.
            order: ``"registry"`` (default) or ``"score"``.
            find_tools: Offer the ``find_tools`` search tool.
            sticky_turns: Reach of the task window.
            max_tools: Hard cap on the ranked tools handed out.
            **options: Fields of ``ToolFilterConfig``.

        Returns:
            The selector.

        Raises:
            ValueError: Neither ``store`` nor ``client`` is given.
            StoreError: The store cannot be opened, or was built for other tools (the
                message names the missing, extra and changed tools).
            EmbedderMismatchError: The store was built with another embedder.
        """
        if store is None and client is None:
            msg = "ToolFilterSelector.from_store: give store= (a directory) or client= (a Chroma client)"
            raise ValueError(msg)
        open_kwargs: dict[str, Any] = {"store": store, "client": client, "embedder": embedder}
        if collection is not None:
            open_kwargs["collection"] = collection
        if config is not None or options:
            open_kwargs["config"] = _make_config(config, options)
        tool_filter = ToolFilter.open(**open_kwargs)
        tool_list = list(tools or [])
        if tool_list:
            where = f"the store {str(store)!r}" if store is not None else "the store"
            _check_same_specs(describe_tools(tool_list, metadata), tool_filter.tools, where)
        return cls(
            tool_filter=tool_filter,
            tools=tool_list,
            input_key=input_key,
            order=order,
            find_tools=find_tools,
            sticky_turns=sticky_turns,
            max_tools=max_tools,
        )

    # ------------------------------------------------------------------ selecting

    @property
    def config(self) -> ToolFilterConfig:
        """The core configuration in use."""
        return self.tool_filter.config

    @property
    def find_tools_tool(self) -> BaseTool:
        """The ``find_tools`` search tool over this selector's registry.

        Run it in your tool executor like any tool; its ``ToolMessage`` artifact lists the
        tools found, which the next selection keeps.
        """
        if self._find_tool is None:
            self._find_tool = make_find_tools(self._search, self._asearch)
        return self._find_tool

    def _turns(self, input_: Any) -> Turns:
        return read_conversation(
            input_,
            input_key=self.input_key,
            history_turns=self.config.history_turns,
            window_turns=self.sticky_turns,
            find_tools_name=FIND_TOOLS_NAME,
        )

    def _select_kwargs(self, turns: Turns, kwargs: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(kwargs) - set(_SELECT_KWARGS))
        if unknown:
            msg = f"ToolFilterSelector: unexpected keyword arguments {unknown}; accepted: {list(_SELECT_KWARGS)}"
            raise TypeError(msg)
        by_name = self._by_name  # a pydantic private attribute: slow to read in a loop
        sticky = tuple(name for name in turns.sticky if name in by_name)
        chosen = {key: value for key, value in kwargs.items() if value is not None}
        return {"context": turns.context, "sticky": sticky, **chosen}

    def _failed(self, turns: Turns, error: ToolFilterError) -> Selection:
        if not self.config.fallback_to_empty:
            raise error
        warnings.warn(
            f"toolfilter: selection failed for {turns.query[:80]!r}, continuing with no tools "
            f"(fallback_to_empty=true): {type(error).__name__}: {error}",
            RuntimeWarning,
            stacklevel=4,
        )
        note = f"selection failed ({type(error).__name__}: {error}); no tools (fallback_to_empty)"
        return Selection(query=turns.query, selected=(), notes=(note,))

    def _outcome(self, turns: Turns, selection: Selection) -> _Outcome:
        by_name = self._by_name  # a pydantic private attribute: slow to read in a loop
        names = [name for name in selection.names if name in by_name]
        if self.max_tools is not None:
            pinned = {*turns.sticky, *self.config.always_include}
            ranked = [name for name in names if name not in pinned][: self.max_tools]
            names = [name for name in names if name in pinned or name in ranked]
        if self.order == "registry":
            names.sort(key=self._rank.__getitem__)
        tools = [by_name[name] for name in names]
        offered = list(names)
        if self.find_tools and (not names or selection.fallback or turns.searched):
            tools.append(self.find_tools_tool)
            offered.append(FIND_TOOLS_NAME)
        return _Outcome(turns=turns, selection=selection, tools=tools, offered=offered)

    def _select(self, input_: Any, kwargs: Mapping[str, Any]) -> _Outcome:
        turns = self._turns(input_)
        select_kwargs = self._select_kwargs(turns, kwargs)
        try:
            selection = self.tool_filter.select(turns.query, **select_kwargs)
        except ToolFilterError as error:
            selection = self._failed(turns, error)
        return self._outcome(turns, selection)

    async def _aselect(self, input_: Any, kwargs: Mapping[str, Any]) -> _Outcome:
        turns = self._turns(input_)
        select_kwargs = self._select_kwargs(turns, kwargs)
        try:
            selection = await self.tool_filter.aselect(turns.query, **select_kwargs)
        except ToolFilterError as error:
            selection = self._failed(turns, error)
        return self._outcome(turns, selection)

    def select(self, input: Any, **kwargs: Any) -> Selection:  # noqa: A002
        """Run the core selection for an input and return its full ``Selection``.

        No callbacks fire; use it to inspect scores (``.explain()``, ``.to_dict()``).

        Args:
            input: Any input ``invoke`` accepts.
            **kwargs: ``top_k``, ``category``, ``confidence``.

        Returns:
            The core's selection (sticky and context already applied).
        """
        return self._select(input, kwargs).selection

    async def aselect(self, input: Any, **kwargs: Any) -> Selection:  # noqa: A002
        """Async ``select``."""
        return (await self._aselect(input, kwargs)).selection

    def _run(self, input_: Any, config: RunnableConfig | None, kwargs: Mapping[str, Any]) -> _Outcome:
        box: list[_Outcome] = []

        # The step takes no ``config``: LangChain would build a child callback manager to pass one.
        def step(value: Any, run_manager: CallbackManagerForChainRun) -> list[Any]:
            outcome = self._select(value, kwargs)
            report_selection(run_manager, outcome.selection, outcome.turns, outcome.offered)
            box.append(outcome)
            return outcome.tools

        self._call_with_config(step, input_, config)
        return box[0]

    async def _arun(self, input_: Any, config: RunnableConfig | None, kwargs: Mapping[str, Any]) -> _Outcome:
        box: list[_Outcome] = []

        async def step(value: Any, run_manager: AsyncCallbackManagerForChainRun) -> list[Any]:
            outcome = await self._aselect(value, kwargs)
            await areport_selection(run_manager, outcome.selection, outcome.turns, outcome.offered)
            box.append(outcome)
            return outcome.tools

        await self._acall_with_config(step, input_, config)
        return box[0]

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> list[Any]:  # noqa: A002
        """Select the tools for an input.

        Args:
            input: A string, a list of messages, a ``PromptValue``, or a dict holding one
                of these under ``input_key`` (default ``"messages"``, else ``"input"``).
            config: The Runnable config (callbacks, tags, metadata).
            **kwargs: ``top_k``, ``category`` and ``confidence`` for this call.

        Returns:
            The selected tools as passed in, in registry order (or score order), plus
            ``find_tools`` when it is on and the selection is empty or low-confidence.

        Raises:
            QueryError: The input is empty or has no human message.
            TypeError: The input is of an unreadable type, or a keyword is unknown.
            ToolFilterError: Selection failed and ``fallback_to_empty`` is false.
        """
        return self._run(input, config, kwargs).tools

    async def ainvoke(
        self,
        input: Any,  # noqa: A002
        config: RunnableConfig | None = None,
        **kwargs: Any,
    ) -> list[Any]:
        """Async ``invoke``."""
        return (await self._arun(input, config, kwargs)).tools

    # ------------------------------------------------------------------ find_tools

    def _search(self, query: str) -> tuple[str, list[str]]:
        try:
            selection = self.tool_filter.select(query)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return found_message(query, selection)

    async def _asearch(self, query: str) -> tuple[str, list[str]]:
        try:
            selection = await self.tool_filter.aselect(query)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return found_message(query, selection)

    # ------------------------------------------------------------------ composition

    def _model_step(
        self, model: BaseChatModel, outcome: _Outcome, input_: Any, bind_kwargs: Mapping[str, Any]
    ) -> Runnable[Any, BaseMessage]:
        bound: Runnable[Any, BaseMessage] = model.bind_tools(outcome.tools, **bind_kwargs) if outcome.tools else model
        bound = bound.with_config(metadata=selection_metadata(outcome.selection, outcome.offered))
        value = model_input(input_, input_key=self.input_key)
        if value is input_:
            return bound
        feed: Runnable[Any, Any] = RunnableLambda(lambda _: value, name="toolfilter_model_input")
        return feed | bound

    def bind_model(self, model: BaseChatModel, **bind_kwargs: Any) -> Runnable[Any, BaseMessage]:
        """Select, bind the selected tools to ``model``, and call it: one LCEL step.

        ``prompt | selector.bind_model(model)`` selects from the prompt value, calls
        ``model.bind_tools(selected, **bind_kwargs)`` (the bare model when nothing is
        selected) and invokes it with the same input; streaming streams the model. The
        model run's metadata carries the selection summary.

        Args:
            model: A chat model that implements ``bind_tools``.
            **bind_kwargs: Passed to ``bind_tools`` (e.g. ``tool_choice="auto"``).

        Returns:
            A Runnable from the selector's input to the model's message.
        """

        def route(input_: Any, config: RunnableConfig) -> Runnable[Any, BaseMessage]:
            return self._model_step(model, self._run(input_, config, {}), input_, bind_kwargs)

        async def aroute(input_: Any, config: RunnableConfig) -> Runnable[Any, BaseMessage]:
            outcome = await self._arun(input_, config, {})
            return self._model_step(model, outcome, input_, bind_kwargs)

        # A RunnableLambda whose function returns a Runnable invokes (or streams) that
        # Runnable with the same input, so the model's own streaming is kept.
        step: RunnableLambda[Any, Runnable[Any, BaseMessage]] = RunnableLambda(
            route, afunc=aroute, name="ToolFilterBoundModel"
        )
        return cast("Runnable[Any, BaseMessage]", step)

    def as_retriever(self, k: int | None = None) -> ToolFilterRetriever:
        """A ``BaseRetriever`` returning one ``Document`` per selected tool.

        Args:
            k: How many tools at most; None: the config's ``top_k``.

        Returns:
            The retriever.
        """
        from ._retriever import ToolFilterRetriever

        return ToolFilterRetriever(selector=self, k=k)
