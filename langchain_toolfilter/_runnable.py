"""``ToolFilterSelector``: a Runnable from a LangChain input to the tools it needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self, cast

from langchain_core.callbacks import AsyncCallbackManagerForChainRun, CallbackManagerForChainRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda, RunnableSerializable
from langchain_core.tools import BaseTool
from pydantic import ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from toolfilter_core import (
    Embedder,
    Profiles,
    Selection,
    ToolFilter,
    ToolFilterConfig,
    ToolFilterError,
    ToolSpec,
    ToolSpecError,
    load_tools,
)
from toolfilter_core.integration import (
    MAX_TOOLS,
    ConversationPolicy,
    check_options,
    own_arguments,
    resolve_config,
)

from ._engine import (
    Outcome,
    SelectionEngine,
    areport_selection,
    check_find_tools_name,
    conversation_for,
    extra_gates,
    report_selection,
    selection_metadata,
    unknown_fields,
)
from ._messages import model_input
from ._profiles import ProfileWriterLike, as_profile_writer, profiles_for
from ._retriever import ToolFilterRetriever
from ._tools import ToolMetadata, check_same_specs, describe_tools, tool_name, warn_other_tools

if TYPE_CHECKING:
    import chromadb.api

__all__ = ["ToolFilterSelector"]


class ToolFilterSelector(RunnableSerializable[Any, list[Any]]):
    """Select the tools a request needs before the model call.

    It is a Runnable, so ``invoke``, ``ainvoke``, ``batch`` and ``stream`` all work, and it
    chains in LCEL. The output is the selected tools as the very objects you passed in
    (``BaseTool``, ``@tool`` functions, OpenAI tool dicts), ready for ``bind_tools``.

    Setup:
        ``pip install '.[langchain]'`` in toolfilter's clone

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
    max_tools: int | None = Field(default=None, ge=1, le=MAX_TOOLS)
    """Hard cap on the tools handed out, even when a low-confidence selection was widened
    (up to the config's ``fallback_top_k``): tools the conversation already uses, tools
    ``find_tools`` found, ``find_tools`` itself and ``include`` tools count; only the
    config's ``always_include`` tools come on top. None: no cap."""
    block_tools: list[str] = Field(default_factory=list)
    """Tools never handed out, on top of the filter's own ``block_tools`` (for a shared
    ``ToolFilter``); a name also blocks ``server__name`` tools."""
    allow_tools: list[str] = Field(default_factory=list)
    """If set, only these tools are handed out, on top of the filter's own ``allow_tools``."""
    conversation: ConversationPolicy | bool = False
    """The conversation policy (docs/conversations.md): the last user turn read with what
    came before it, and the set the model saw kept, grown or reset. True: the default
    policy (Anthropic's cache prices); a ``ConversationPolicy`` for other prices or budget;
    False (the default here; ``ToolFilterMiddleware`` turns it on): one request at a time,
    the tools the conversation used kept."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def __init__(self, **data: Any) -> None:
        """Build the selector; a keyword that is no field is refused (pydantic would drop it).

        Raises:
            ConfigError: An unknown keyword, a gate naming no tool, or profiles (they belong to the filter).
            ToolSpecError: A tool is named ``find_tools`` while the search tool is on.
        """
        if "profiles" in data or "profile_writer" in data:  # they belong to the shared ToolFilter
            profiles_for("ToolFilterSelector", data.pop("profiles", None), data.pop("profile_writer", None), True)
        unknown_fields(data, list(type(self).model_fields), "ToolFilterSelector")
        try:
            super().__init__(**data)
        except ValidationError as error:  # the library's own error, not pydantic's wrapper of it
            for detail in error.errors():
                cause = detail.get("ctx", {}).get("error")
                if isinstance(cause, ToolFilterError):
                    raise cause from None
            raise

    _engine: SelectionEngine = PrivateAttr()

    @model_validator(mode="after")
    def _index_tools(self) -> Self:
        engine = SelectionEngine(
            self.tool_filter,
            self.tools,
            input_key=self.input_key,
            order=self.order,
            find_tools=self.find_tools,
            sticky_turns=self.sticky_turns,
            max_tools=self.max_tools,
            policy=extra_gates(self.tool_filter, self.block_tools, self.allow_tools),
            conversation=_conversation_policy(self.conversation, self.max_tools),
        )
        if self.tools:  # a registry that changed under a running agent: serve what both hold
            warn_other_tools(engine.names, [spec.name for spec in self.tool_filter.tools])
        check_find_tools_name(engine.names, self.find_tools)
        self._engine = engine
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
        conversation: ConversationPolicy | bool = False,
        progress: bool = False,
        profiles: Profiles | str | Path | None = None,
        profile_writer: ProfileWriterLike | None = None,
        described: Sequence[ToolSpec] | None = None,
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
                preset.
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
            conversation: The conversation policy (see the field): True, a
                ``ConversationPolicy``, or False (one request at a time).
            progress: Show a progress bar while embedding (one line per stage when stderr
                is not a terminal), as LlamaIndex's ``from_tools(progress=)``. What was
                embedded: ``selector.tool_filter.last_report``.
            profiles: Tool profiles (``Profiles`` or a profiles file, docs/profiles.md):
                requests users would type for each tool, embedded beside it.
            profile_writer: A LangChain chat model (wrapped in ``ChatModelWriter``), a
                ``ProfileWriter`` or a callable: writes profiles now for the tools without a
                current one; its report is ``selector.tool_filter.profile_report``.
            described: The tools already described as ``ToolSpec``s (one a tool, in order; checked
                as a tools file is); None: described here, with ``metadata``.
            **options: Fields of ``ToolFilterConfig`` (``top_k=3``, ``block_tools=[...]``),
                applied on top of ``config``.

        Returns:
            The selector.

        Raises:
            ToolSpecError: A tool cannot be described, names clash, the metadata is
                wrong (the message names the tool), or the profiles file is bad.
            ConfigError: An option is unknown or out of range.
        """
        check_options("ToolFilterSelector.from_tools()", options, own_arguments(cls.from_tools))
        tools = list(tools)
        if not tools:
            msg = "ToolFilterSelector.from_tools: the tool list is empty; there is nothing to select"
            raise ToolSpecError(msg)
        tool_filter = _filter_of_specs(
            describe_tools(tools, metadata) if described is None else _checked_described(tools, described),
            find_tools=find_tools,
            config=resolve_config(config, embedder, options),
            embedder=embedder,
            store=store,
            client=client,
            collection=collection,
            progress=progress,
            profiles=profiles,
            profile_writer=as_profile_writer(profile_writer),
        )
        return cls(
            tool_filter=tool_filter,
            tools=tools,
            input_key=input_key,
            order=order,
            find_tools=find_tools,
            sticky_turns=sticky_turns,
            max_tools=max_tools,
            conversation=conversation,
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
        conversation: ConversationPolicy | bool = False,
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
            conversation: The conversation policy, as in ``from_tools``.
            **options: Fields of ``ToolFilterConfig``.

        Returns:
            The selector.

        Raises:
            ValueError: Neither ``store`` nor ``client`` is given.
            StoreError: The store cannot be opened, or was built for other tools (the
                message names the missing, extra and changed tools). Tools whose parameters
                differ from the store's only in their descriptions or defaults open it, with a
                warning; the message for other versions names where and both values.
            EmbedderMismatchError: The store was built with another embedder.
        """
        check_options("ToolFilterSelector.from_store()", options, own_arguments(cls.from_store))
        if store is None and client is None:
            msg = "ToolFilterSelector.from_store: give store= (a directory) or client= (a Chroma client)"
            raise ValueError(msg)
        open_kwargs: dict[str, Any] = {"store": store, "client": client, "embedder": embedder}
        if collection is not None:
            open_kwargs["collection"] = collection
        if config is not None or options:
            open_kwargs["config"] = resolve_config(config, embedder, options)
        tool_filter = ToolFilter.open(**open_kwargs)
        tool_list = list(tools or [])
        if tool_list:
            where = f"the store {str(store)!r}" if store is not None else "the store"
            check_same_specs(describe_tools(tool_list, metadata), tool_filter.tools, where)
        return cls(
            tool_filter=tool_filter,
            tools=tool_list,
            input_key=input_key,
            order=order,
            find_tools=find_tools,
            sticky_turns=sticky_turns,
            max_tools=max_tools,
            conversation=conversation,
        )

    # ------------------------------------------------------------------ selecting

    @property
    def config(self) -> ToolFilterConfig:
        """The core configuration in use."""
        return self.tool_filter.config

    @property
    def engine(self) -> SelectionEngine:
        """The selection work this Runnable shares with the middleware and the retriever."""
        return self._engine

    @property
    def find_tools_tool(self) -> BaseTool:
        """The ``find_tools`` search tool over this selector's registry.

        Run it in your tool executor like any tool; its ``ToolMessage`` artifact lists the
        tools found, which the next selection keeps.
        """
        return self._engine.find_tools_tool

    def select(self, input: Any, **kwargs: Any) -> Selection:  # noqa: A002
        """Run the core selection for an input and return its full ``Selection``.

        No callbacks fire; use it to inspect scores (``.explain()``, ``.to_dict()``).

        Args:
            input: Any input ``invoke`` accepts.
            **kwargs: ``top_k``, ``category``, ``confidence``.

        Returns:
            The core's selection (sticky and context already applied).
        """
        return self._engine.select(input, kwargs).selection

    async def aselect(self, input: Any, **kwargs: Any) -> Selection:  # noqa: A002
        """Async ``select``."""
        return (await self._engine.aselect(input, kwargs)).selection

    def _run(self, input_: Any, config: RunnableConfig | None, kwargs: Mapping[str, Any]) -> Outcome:
        box: list[Outcome] = []

        # The step takes no ``config``: LangChain would build a child callback manager to pass one.
        def step(value: Any, run_manager: CallbackManagerForChainRun) -> list[Any]:
            outcome = self._engine.select(value, kwargs)
            report_selection(run_manager, outcome.selection, outcome.window, outcome.offered)
            box.append(outcome)
            return outcome.tools

        self._call_with_config(step, input_, config)
        return box[0]

    async def _arun(self, input_: Any, config: RunnableConfig | None, kwargs: Mapping[str, Any]) -> Outcome:
        box: list[Outcome] = []

        async def step(value: Any, run_manager: AsyncCallbackManagerForChainRun) -> list[Any]:
            outcome = await self._engine.aselect(value, kwargs)
            await areport_selection(run_manager, outcome.selection, outcome.window, outcome.offered)
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
            **kwargs: ``top_k``, ``category`` and ``confidence`` for this call, and
                ``include``: tool names to hand out whatever they score (counted in
                ``max_tools``), e.g. the one a ``tool_choice`` names.

        Returns:
            The selected tools as passed in, in registry order (or score order), plus
            ``find_tools`` when it is on and the selection is empty or low-confidence. An
            input with no text to select on (empty, no human message, only an image) is
            not an error: no tools but ``always_include``, the first note saying why.

        Raises:
            QueryError: A caller's mistake, whatever ``fallback_to_empty`` says: the input
                cannot be read as a request, or a keyword's value is wrong.
            ConfigError: ``include`` names a tool the gates refuse.
            TypeError: A keyword is unknown.
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

    # ------------------------------------------------------------------ composition

    def _model_step(
        self, model: BaseChatModel, outcome: Outcome, input_: Any, bind_kwargs: Mapping[str, Any]
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
        return ToolFilterRetriever(selector=self, k=k)


def _checked_described(tools: Sequence[Any], described: Sequence[ToolSpec]) -> list[ToolSpec]:
    """``described`` loaded as a tools file is, one a tool of ``tools`` in order, with the same names.

    Raises:
        ToolSpecError: The counts differ, or a described tool's name is not its tool's (both named).
    """
    if len(described) != len(tools):
        msg = f"ToolFilterSelector.from_tools: {len(described)} described tools for {len(tools)} tools"
        raise ToolSpecError(msg)
    specs = load_tools(described)
    for i, (tool, spec) in enumerate(zip(tools, specs, strict=True)):
        name = tool_name(tool) if isinstance(tool, BaseTool | Mapping) and _named(tool) else None
        if name is not None and name != spec.name:
            msg = (
                f"ToolFilterSelector.from_tools: described[{i}] is {spec.name!r} but tools[{i}] is {name!r}; "
                "give one described tool a tool, in the same order"
            )
            raise ToolSpecError(msg)
    return specs


def _named(tool: Any) -> bool:
    """A ``BaseTool``, or an OpenAI chat tool dict with a function name (``tool_name`` reads both)."""
    if isinstance(tool, BaseTool):
        return True
    function = tool.get("function")
    return isinstance(function, Mapping) and isinstance(function.get("name"), str)


def _filter_of_specs(specs: Sequence[ToolSpec], *, find_tools: bool, **filter_options: Any) -> ToolFilter:
    """The ``ToolFilter`` ``from_tools`` builds over its tools described (``describe_tools``).

    ``filter_options``: ``ToolFilter``'s keywords (``config``, ``embedder``, ``store``, ``profiles``, ...).
    """
    check_find_tools_name([s.name for s in specs], find_tools)
    return ToolFilter(specs, **filter_options)


def _conversation_policy(value: ConversationPolicy | bool, max_tools: int | None) -> ConversationPolicy | None:
    """The policy a ``conversation`` field stands for (True: a new default one, its sets within ``max_tools``)."""
    if isinstance(value, ConversationPolicy):
        return value
    return conversation_for(max_tools) if value else None
