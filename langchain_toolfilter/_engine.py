"""The selection work the Runnable, the middleware and the retriever share.

``SelectionEngine`` reads a LangChain input as a request (the core's conversation window),
asks the core for a ``Selection`` and maps it back onto the tools the caller passed in:
registry or score order, ``max_tools``, the ``find_tools`` search tool, and the core's
``fallback_to_empty`` policy for a request that cannot be selected for. It fires no
callbacks; each face reports the ``Outcome`` under its own run.
"""

from __future__ import annotations

import difflib
import functools
import warnings
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from langchain_core.tools import BaseTool

from toolfilter_core import ConfigError, Policy, Selection, ToolFilter, ToolFilterError, ToolSpecError
from toolfilter_core.integration import Window, aselect_window, failed_selection, select_window, unknown_gate_names

from ._find_tools import FIND_TOOLS_NAME, found_message, make_find_tools
from ._messages import read_conversation
from ._tools import openai_function

__all__ = ["Outcome", "SelectionEngine", "SelectorLike", "check_find_tools_name", "extra_gates", "unknown_fields"]

SELECT_KWARGS = ("top_k", "category", "confidence", "include")
"""The keywords a call may pass: the core's ``select``'s, and ``include`` (tool names to
hand out whatever they score, counted in ``max_tools``: a ``tool_choice``'s tool)."""


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


def extra_gates(tool_filter: ToolFilter, block_tools: Sequence[str], allow_tools: Sequence[str]) -> Policy | None:
    """Gates on top of a shared filter's own, as a ``Policy``; None when there are none.

    Raises:
        ConfigError: A name matches no tool of the filter (with the closest names).
    """
    if not block_tools and not allow_tools:
        return None
    lists = [("block_tools", block_tools), ("allow_tools", allow_tools)]
    unknown_gate_names(lists, {spec.name for spec in tool_filter.tools}, where="the ToolFilter")
    return Policy(block_tools=frozenset(block_tools), allow_tools=frozenset(allow_tools) if allow_tools else None)


def unknown_fields(given: Iterable[Any], allowed: Sequence[str], where: str) -> None:
    """Refuse keywords that are not among ``allowed``, with the closest ones.

    Raises:
        ConfigError: A keyword is unknown.
    """
    for key in given:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            msg = f"{where}: unknown field {key!r}{hint}; allowed: {', '.join(allowed)}"
            raise ConfigError(msg)


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
        policy: Gates on top of the filter's own (a shared ``ToolFilter`` given other
            ``block_tools`` / ``allow_tools``); None: the filter's alone.
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
        policy: Policy | None = None,
    ) -> None:
        """Index the tools by name; names must already match the registry's."""
        self.tool_filter = tool_filter
        self.policy = policy
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
            QueryError: The input cannot be read as a request (a caller's mistake); an
                input with no text is read, as a window with an empty query.
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
        chosen = {key: value for key, value in kwargs.items() if value is not None and key != "include"}
        gates = {"policy": self.policy} if self.policy is not None else {}
        return {"context": window.context, "sticky": sticky, **gates, **chosen}

    def _included(self, kwargs: Mapping[str, Any]) -> list[str]:
        """The ``include`` names that are tools here; one the gates refuse is a caller's mistake."""
        include = kwargs.get("include") or ()
        if isinstance(include, str) or not all(isinstance(name, str) for name in include):
            msg = f"include: got {include!r:.80}; allowed: a list of tool names"
            raise ConfigError(msg)
        names = [name for name in include if name in self._by_name]
        refused = self.tool_filter.refused(names, policy=self.policy)
        if refused:
            msg = (
                f"include (tool_choice): {refused} may not be handed to the model (block_tools / "
                "allow_tools win over a forced tool); change tool_choice or the gates"
            )
            raise ConfigError(msg)
        return names

    def _failed(self, window: Window, error: ToolFilterError) -> Selection:
        """The empty selection to continue with (and a ``RuntimeWarning``), or ``error`` raised."""
        kind = type(error).__name__
        note = f"selection failed ({kind}: {error}); no tools (fallback_to_empty)"
        fallback = self.tool_filter.config.fallback_to_empty
        selection = failed_selection(window.query, error, fallback_to_empty=fallback, note=note)
        # stacklevel: _failed <- select_window <- select <- the face <- the caller
        warnings.warn(
            f"toolfilter: selection failed for {window.query[:80]!r}, continuing with no tools "
            f"(fallback_to_empty=true): {kind}: {error}",
            RuntimeWarning,
            stacklevel=5,
        )
        return selection

    def _outcome(self, window: Window, selection: Selection, include: Sequence[str] = ()) -> Outcome:
        by_name = self._by_name
        names = [name for name in selection.names if name in by_name]
        search = self.find_tools and (not names or selection.fallback or window.searched)
        names, search = self._capped(window, names, include, search)
        if self.order == "registry":
            names.sort(key=self._rank.__getitem__)
        tools = [by_name[name] for name in names]
        offered = list(names)
        if search:
            tools.append(self.find_tools_tool)
            offered.append(FIND_TOOLS_NAME)
        return Outcome(window=window, selection=selection, tools=tools, offered=offered)

    def _capped(self, window: Window, names: list[str], include: Sequence[str], search: bool) -> tuple[list[str], bool]:
        """``names`` and ``include`` within ``max_tools``, and whether ``find_tools`` still fits.

        ``max_tools`` is a hard cap on everything handed out but always_include tools.

        Kept first to last: the ``include`` tools, the tools a ``find_tools`` search found,
        the best-ranked tool, ``find_tools`` itself, the tools the task window called, then
        the rest by rank.
        """
        always = set(self.tool_filter.config.always_include)
        names = [*names, *(n for n in include if n not in names)]
        if self.max_tools is None:
            return names, search
        present = set(names)
        sticky = set(window.sticky)
        ranked = [n for n in names if n not in sticky and n not in always and n not in include]
        order = [
            *include,
            *(n for n in window.found if n in present),
            *ranked[:1],
            *([FIND_TOOLS_NAME] if search else []),
            *(n for n in window.called if n in present),
            *ranked[1:],
        ]
        kept = set([n for n in dict.fromkeys(order) if n not in always][: self.max_tools])
        return [n for n in names if n in always or n in kept], FIND_TOOLS_NAME in kept

    def select(self, input_: Any, kwargs: Mapping[str, Any]) -> Outcome:
        """Select for an input; no callbacks fire.

        Args:
            input_: Any input ``read`` accepts.
            kwargs: ``top_k``, ``category``, ``confidence`` for this call.

        Returns:
            The outcome.

        Raises:
            QueryError: A caller's mistake: the input cannot be read as a request, or a
                keyword's value is wrong (whatever ``fallback_to_empty`` says). An input
                with no text to select on never raises: no tools, and a note saying why.
            ConfigError: ``include`` names a tool the gates refuse.
            TypeError: A keyword is unknown.
            ToolFilterError: Selection failed and ``fallback_to_empty`` is false.
        """
        window = self.read(input_)
        select_kwargs = self._select_kwargs(window, kwargs)
        include = self._included(kwargs)
        failed = functools.partial(self._failed, window)
        selection = select_window(self.tool_filter, window, on_error=failed, **select_kwargs)
        return self._outcome(window, selection, include)

    async def aselect(self, input_: Any, kwargs: Mapping[str, Any]) -> Outcome:
        """Async ``select``."""
        window = self.read(input_)
        select_kwargs = self._select_kwargs(window, kwargs)
        include = self._included(kwargs)
        failed = functools.partial(self._failed, window)
        selection = await aselect_window(self.tool_filter, window, on_error=failed, **select_kwargs)
        return self._outcome(window, selection, include)

    # ------------------------------------------------------------------ find_tools

    def search(self, query: str) -> tuple[str, list[str]]:
        """What ``find_tools`` answers for a query: text, and the names found."""
        try:
            selection = self.tool_filter.select(query, policy=self.policy)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return found_message(query, selection)

    async def asearch(self, query: str) -> tuple[str, list[str]]:
        """Async ``search``."""
        try:
            selection = await self.tool_filter.aselect(query, policy=self.policy)
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
