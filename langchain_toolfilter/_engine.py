"""The selection work the Runnable, the middleware and the retriever share.

``SelectionEngine`` reads a LangChain input as a request (the core's conversation window),
asks the core for a ``Selection`` and maps it back onto the tools the caller passed in:
registry or score order, ``max_tools``, the ``find_tools`` search tool, and the core's
``fallback_to_empty`` policy for a request that cannot be selected for. It fires no
callbacks; each face reports the ``Outcome`` under its own run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from langchain_core.tools import BaseTool

from toolfilter_core import Selection, ToolFilter, ToolFilterError, ToolSpecError
from toolfilter_core._conversation import Window
from toolfilter_core._fallback import fallback_selection

from ._find_tools import FIND_TOOLS_NAME, found_message, make_find_tools
from ._messages import read_conversation
from ._tools import openai_function

__all__ = ["SELECT_KWARGS", "Outcome", "SelectionEngine", "SelectorLike", "check_find_tools_name"]

SELECT_KWARGS = ("top_k", "category", "confidence")
"""The keywords a call may pass on to the core's ``select``."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One selection and what the adapter made of it."""

    window: Window
    """The request as read from the input: query, context turns, sticky tools."""
    selection: Selection
    """The core's result (an empty one after a fallback)."""
    tools: list[Any]
    """The tools to hand out, as passed in, plus ``find_tools`` when offered."""
    offered: list[str]
    """Their names, in the same order."""


def check_find_tools_name(names: Sequence[str], find_tools: bool) -> None:
    """Refuse a registry tool named ``find_tools`` while the search tool is on.

    Raises:
        ToolSpecError: A tool has the reserved name.
    """
    if find_tools and FIND_TOOLS_NAME in names:
        msg = (
            f"a tool is named {FIND_TOOLS_NAME!r}, which find_tools=True reserves for the "
            "registry search tool; rename that tool or set find_tools=False"
        )
        raise ToolSpecError(msg)


class SelectionEngine:
    """Select for LangChain inputs over one ``ToolFilter`` and hand back the caller's tools.

    Args:
        tool_filter: The core pipeline holding the index.
        tools: The tools to hand out, as passed in; empty: OpenAI dicts from the registry.
        input_key: Key to read from a dict input; None: ``"messages"``, else ``"input"``.
        order: ``"registry"`` (the tools' own order) or ``"score"`` (best first).
        find_tools: Add the ``find_tools`` search tool when a selection is empty or
            low-confidence.
        sticky_turns: Reach of the task window; None: the config's ``history_turns``.
        max_tools: Hard cap on the ranked tools handed out; None: no cap.
    """

    def __init__(
        self,
        tool_filter: ToolFilter,
        tools: Sequence[Any] = (),
        *,
        input_key: str | None = None,
        order: Literal["registry", "score"] = "registry",
        find_tools: bool = False,
        sticky_turns: int | None = None,
        max_tools: int | None = None,
    ) -> None:
        """Index the tools by name; names must already match the registry's."""
        self.tool_filter = tool_filter
        if tools:
            names = [openai_function(tool, i)["name"] for i, tool in enumerate(tools)]
            self._by_name: dict[str, Any] = dict(zip(names, tools, strict=True))
        else:
            names = [spec.name for spec in tool_filter.tools]
            self._by_name = {spec.name: spec.to_openai() for spec in tool_filter.tools}
        self.names = names
        self._rank = {name: i for i, name in enumerate(names)}
        self.input_key = input_key
        self.order = order
        self.find_tools = find_tools
        self.sticky_turns = sticky_turns
        self.max_tools = max_tools
        self._find_tool: BaseTool | None = None

    @property
    def find_tools_tool(self) -> BaseTool:
        """The ``find_tools`` search tool over this engine's registry (built once)."""
        if self._find_tool is None:
            self._find_tool = make_find_tools(self.search, self.asearch)
        return self._find_tool

    # ------------------------------------------------------------------ selecting

    def read(self, input_: Any) -> Window:
        """The request an input holds: query, context turns, sticky tools.

        Raises:
            QueryError: The input is empty or has no human message.
            TypeError: The input is of an unreadable type.
        """
        return read_conversation(
            input_,
            input_key=self.input_key,
            history_turns=self.tool_filter.config.history_turns,
            window_turns=self.sticky_turns,
            find_tools_name=FIND_TOOLS_NAME,
        )

    def _select_kwargs(self, window: Window, kwargs: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(kwargs) - set(SELECT_KWARGS))
        if unknown:
            msg = f"ToolFilterSelector: unexpected keyword arguments {unknown}; accepted: {list(SELECT_KWARGS)}"
            raise TypeError(msg)
        by_name = self._by_name
        sticky = tuple(name for name in window.sticky if name in by_name)
        chosen = {key: value for key, value in kwargs.items() if value is not None}
        return {"context": window.context, "sticky": sticky, **chosen}

    def _failed(self, window: Window, error: ToolFilterError) -> Selection:
        # stacklevel: fallback_selection <- _failed <- select <- the face <- the caller
        return fallback_selection(
            window.query,
            error,
            fallback_to_empty=self.tool_filter.config.fallback_to_empty,
            face="langchain",
            stacklevel=4,
        )

    def _outcome(self, window: Window, selection: Selection) -> Outcome:
        by_name = self._by_name
        names = [name for name in selection.names if name in by_name]
        if self.max_tools is not None:
            pinned = {*window.sticky, *self.tool_filter.config.always_include}
            ranked = [name for name in names if name not in pinned][: self.max_tools]
            names = [name for name in names if name in pinned or name in ranked]
        if self.order == "registry":
            names.sort(key=self._rank.__getitem__)
        tools = [by_name[name] for name in names]
        offered = list(names)
        if self.find_tools and (not names or selection.fallback or window.searched):
            tools.append(self.find_tools_tool)
            offered.append(FIND_TOOLS_NAME)
        return Outcome(window=window, selection=selection, tools=tools, offered=offered)

    def select(self, input_: Any, kwargs: Mapping[str, Any]) -> Outcome:
        """Select for an input; no callbacks fire.

        Args:
            input_: Any input ``read`` accepts.
            kwargs: ``top_k``, ``category``, ``confidence`` for this call.

        Returns:
            The outcome.

        Raises:
            QueryError: The input is empty or has no human message.
            TypeError: The input is of an unreadable type, or a keyword is unknown.
            ToolFilterError: Selection failed and ``fallback_to_empty`` is false.
        """
        window = self.read(input_)
        select_kwargs = self._select_kwargs(window, kwargs)
        try:
            selection = self.tool_filter.select(window.query, **select_kwargs)
        except ToolFilterError as error:
            selection = self._failed(window, error)
        return self._outcome(window, selection)

    async def aselect(self, input_: Any, kwargs: Mapping[str, Any]) -> Outcome:
        """Async ``select``."""
        window = self.read(input_)
        select_kwargs = self._select_kwargs(window, kwargs)
        try:
            selection = await self.tool_filter.aselect(window.query, **select_kwargs)
        except ToolFilterError as error:
            selection = self._failed(window, error)
        return self._outcome(window, selection)

    # ------------------------------------------------------------------ find_tools

    def search(self, query: str) -> tuple[str, list[str]]:
        """What ``find_tools`` answers for a query: text, and the names found."""
        try:
            selection = self.tool_filter.select(query)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return found_message(query, selection)

    async def asearch(self, query: str) -> tuple[str, list[str]]:
        """Async ``search``."""
        try:
            selection = await self.tool_filter.aselect(query)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return found_message(query, selection)


@runtime_checkable
class SelectorLike(Protocol):
    """What the retriever and the middleware need of a selector: its engine."""

    @property
    def engine(self) -> SelectionEngine:
        """The shared selection work."""
        ...
