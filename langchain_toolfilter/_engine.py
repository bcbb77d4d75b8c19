"""The selection work the Runnable, the middleware and the retriever share.

``SelectionEngine`` reads a LangChain input as a request (the core's conversation window),
asks the core for a ``Selection`` and maps it back onto the tools the caller passed in:
registry or score order, ``max_tools``, the ``find_tools`` search tool, and the core's
``fallback_to_empty`` policy for a request that cannot be selected for. It fires no
callbacks; each face reports the ``Outcome`` under its own run (``report_selection``).

``find_tools`` is a small tool that lets the model search the registry itself. It is offered
when a selection is empty or low-confidence (and while the model is still searching). It
answers with the matching tools' names and descriptions, and returns their names as the
``ToolMessage.artifact``; the next selection reads that artifact back from the conversation
and brings those tools into the next model call.

Every selection a face reports produces, under the face's run:

* a custom event ``toolfilter_selection`` whose data is ``Selection.to_dict()`` plus the
  tools actually handed out (``offered``), the ``context`` turns and the ``sticky`` tools;
  ``on_custom_event`` handlers and ``astream_events`` see it;
* a child run named ``toolfilter_selection`` whose metadata holds a flat summary
  (``toolfilter_selected``, ``toolfilter_scores``, ``toolfilter_fallback``, ...) and whose
  outputs hold the full explanation, so LangSmith and other tracers show it.

When the run has no callback handler at all (nothing traces, streams events or listens),
neither is built: nobody could see them, and building them is most of the adapter's cost.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

from langchain_core.callbacks import (
    AsyncParentRunManager,
    BaseRunManager,
    ParentRunManager,
    adispatch_custom_event,
    dispatch_custom_event,
)
from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, Field

from toolfilter_core import ConfigError, NoteKind, Policy, Selection, Status, ToolFilter, ToolFilterError, ToolSpecError
from toolfilter_core.integration import (
    ConversationPolicy,
    Window,
    aselect_window,
    config_field_meant,
    failed_selection,
    query_excerpt,
    select_window,
    sticky_tools,
    unknown_gate_names,
    warn_at_caller,
)

from ._messages import read_conversation
from ._tools import openai_function

__all__ = [
    "FIND_TOOLS_NAME",
    "SELECTION_EVENT",
    "Outcome",
    "SelectionEngine",
    "SelectorLike",
    "areport_selection",
    "check_find_tools_name",
    "event_payload",
    "extra_gates",
    "has_handlers",
    "make_find_tools",
    "policy_of",
    "report_selection",
    "selection_metadata",
    "unknown_fields",
]

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


def policy_of(block_tools: Sequence[str], allow_tools: Sequence[str]) -> Policy | None:
    """``block_tools`` / ``allow_tools`` as the ``Policy`` an adapter applies; None when both are empty."""
    if not block_tools and not allow_tools:
        return None
    return Policy(block_tools=frozenset(block_tools), allow_tools=frozenset(allow_tools) if allow_tools else None)


def extra_gates(tool_filter: ToolFilter, block_tools: Sequence[str], allow_tools: Sequence[str]) -> Policy | None:
    """Gates on top of a shared filter's own, as a ``Policy``; None when there are none.

    Raises:
        ConfigError: A name matches no tool of the filter (with the closest names).
    """
    policy = policy_of(block_tools, allow_tools)
    if policy is not None:
        lists = [("block_tools", block_tools), ("allow_tools", allow_tools)]
        unknown_gate_names(lists, {spec.name for spec in tool_filter.tools}, where="the ToolFilter")
    return policy


def unknown_fields(given: Iterable[Any], allowed: Sequence[str], where: str) -> None:
    """Refuse keywords that are not among ``allowed``, with the closest ones.

    Raises:
        ConfigError: A keyword is unknown.
    """
    for key in given:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            field = None if close else config_field_meant(str(key))
            if field is not None:  # top_k, similarity_top_k: the shared ToolFilter's config, not the selector's
                hint = (
                    f" ({field!r} is a config field of the ToolFilter: {where}.from_tools(tools, {field}=...) "
                    "sets it; max_tools=N caps the tools this selector hands out)"
                )
            msg = f"{where}: unknown field {key!r}{hint}; allowed: {', '.join(allowed)}"
            raise ConfigError(msg)


# ---------------------------------------------------------------------- find_tools

FIND_TOOLS_NAME = "find_tools"
"""The search tool's name; no registry tool may use it while ``find_tools`` is on."""

_FIND_TOOLS_DESCRIPTION = (
    "Search the full tool registry when none of the tools you have fits the request. "
    "Describe the action you need in a few words, in any language (e.g. 'send an email', "
    "'查询数据库'). The tools found become available on your next step."
)


class FindToolsInput(BaseModel):
    """Arguments of ``find_tools``."""

    query: str = Field(description="The action you need a tool for, in a few words.")


def make_find_tools(
    search: Callable[[str], tuple[str, list[str]]], asearch: Callable[[str], Awaitable[tuple[str, list[str]]]]
) -> BaseTool:
    """The ``find_tools`` tool around a search function (query in, ``(text, names)`` out) and its async twin.

    Its ``response_format`` is ``"content_and_artifact"``: the names found are the artifact.
    """

    def find_tools(query: str) -> tuple[str, list[str]]:
        return search(query)

    async def afind_tools(query: str) -> tuple[str, list[str]]:
        return await asearch(query)

    return StructuredTool.from_function(
        func=find_tools,
        coroutine=afind_tools,
        name=FIND_TOOLS_NAME,
        description=_FIND_TOOLS_DESCRIPTION,
        args_schema=FindToolsInput,
        response_format="content_and_artifact",
    )


def _found_message(query: str, selection: Selection) -> tuple[str, list[str]]:
    """The tool's answer for a selection: readable text, and the names as the artifact."""
    if not selection.selected:
        text = f"No tool in the registry matches {query!r}. Try other words, or answer without a tool."
        return text, []
    lines = [f"Found {len(selection.selected)} tool(s); you can call them on your next step:"]
    chained = [n.values for n in selection.reasons if n.kind is NoteKind.CHAINED]
    feeds = {t: f for v in chained for t, f in zip(v["tools"], v["feeds"], strict=True)}
    lines += [f"- {s.name}: {s.tool.description}{_first(feeds.get(s.name))}" for s in selection.selected]
    return "\n".join(lines), selection.names


def _first(feeds: str | None) -> str:
    """What a chained tool is there for (``tool.parameter`` it feeds), in words."""
    if not feeds:
        return ""
    tool, _, parameter = feeds.partition(".")
    return f" (call it first: it finds the {parameter} {tool} needs)"


# ---------------------------------------------------------------------- the engine


class SelectionEngine:
    """Select for LangChain inputs over one ``ToolFilter`` and hand back the caller's tools.

    The arguments are ``ToolFilterSelector``'s fields of the same names, and ``policy``: gates
    on top of the filter's own (a shared ``ToolFilter`` given other ``block_tools`` /
    ``allow_tools``); None: the filter's alone. ``conversation``: the conversation policy
    (docs/conversations.md); None: one request at a time, sticky tools kept.
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
        conversation: ConversationPolicy | None = None,
    ) -> None:
        """Index the tools by name; names must already match the registry's."""
        self.tool_filter = tool_filter
        self.policy = policy
        self.conversation = conversation
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

    def _prepare(self, input_: Any, kwargs: Mapping[str, Any]) -> tuple[Window, dict[str, Any], list[str]]:
        """The window an input holds, the keywords of its ``select_window`` call, the ``include`` tools."""
        window = read_conversation(
            input_,
            input_key=self.input_key,
            history_turns=self.tool_filter.config.history_turns,
            window_turns=self.sticky_turns,
            find_tools_name=FIND_TOOLS_NAME,
        )
        unknown = sorted(set(kwargs) - set(SELECT_KWARGS))
        if unknown:
            msg = f"ToolFilterSelector: unexpected keyword arguments {unknown}; accepted: {list(SELECT_KWARGS)}"
            raise TypeError(msg)
        sticky = tuple(name for name in sticky_tools(self.tool_filter, window) if name in self._by_name)
        chosen = {key: value for key, value in kwargs.items() if value is not None and key != "include"}
        gates = {"policy": self.policy} if self.policy is not None else {}
        failed = functools.partial(self._failed, window)
        select_kwargs = {
            "on_error": failed,
            "context": window.context,
            "sticky": sticky,
            "conversation": self.conversation,
            **gates,
            **chosen,
        }
        return window, select_kwargs, self._included(kwargs)

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
        warn_at_caller(
            f"toolfilter: selection failed for {window.query[:80]!r}, continuing with no tools "
            f"(fallback_to_empty=true): {kind}: {error}",
            RuntimeWarning,
        )
        return selection

    def _outcome(self, window: Window, selection: Selection, include: Sequence[str] = ()) -> Outcome:
        by_name = self._by_name
        names = [name for name in selection.names if name in by_name]
        unsure = selection.status is Status.NOT_SURE
        if self.find_tools and unsure:  # not sure a tool is needed: the search reaches any tool in one step
            names = [name for name in names if name in self.tool_filter.config.always_include]
        search = self.find_tools and (not names or selection.fallback or window.searched or unsure)
        scores = {s.name: s.score for s in selection.selected}
        names, search = self._capped(window, names, include, search, scores)
        if self.order == "registry":
            names.sort(key=self._rank.__getitem__)
        tools = [by_name[name] for name in names]
        offered = list(names)
        if search:
            tools.append(self.find_tools_tool)
            offered.append(FIND_TOOLS_NAME)
        return Outcome(window=window, selection=selection, tools=tools, offered=offered)

    def _capped(
        self, window: Window, names: list[str], include: Sequence[str], search: bool, scores: Mapping[str, float]
    ) -> tuple[list[str], bool]:
        """``names`` and ``include`` within ``max_tools``, and whether ``find_tools`` still fits.

        ``max_tools`` is a hard cap on everything handed out but always_include tools.

        Kept first to last: the ``include`` tools, the tools a ``find_tools`` search found,
        the best-scored tool (the first of the best: the tool the turn needs, also when the
        conversation policy keeps an older set), ``find_tools`` itself, the tools the task
        window called, then the rest by rank.
        """
        always = set(self.tool_filter.config.always_include)
        names = [*names, *(n for n in include if n not in names)]
        if self.max_tools is None:
            return names, search
        present = set(names)
        sticky = set(window.sticky)
        ranked = [n for n in names if n not in sticky and n not in always and n not in include]
        if ranked:
            best = max(ranked, key=lambda n: scores.get(n, 0.0))  # the first of equals
            ranked = [best, *(n for n in ranked if n != best)]
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
        """Select for an input (``kwargs``: ``SELECT_KWARGS``); no callbacks fire.

        Raises:
            ToolFilterError: As ``ToolFilterSelector.invoke`` says; ``TypeError``: a keyword
                is unknown.
        """
        window, select_kwargs, include = self._prepare(input_, kwargs)
        selection = select_window(self.tool_filter, window, **select_kwargs)
        return self._outcome(window, selection, include)

    async def aselect(self, input_: Any, kwargs: Mapping[str, Any]) -> Outcome:
        """Async ``select``."""
        window, select_kwargs, include = self._prepare(input_, kwargs)
        selection = await aselect_window(self.tool_filter, window, **select_kwargs)
        return self._outcome(window, selection, include)

    # ------------------------------------------------------------------ find_tools

    def search(self, query: str) -> tuple[str, list[str]]:
        """What ``find_tools`` answers for a query: text, and the names found."""
        try:
            selection = self.tool_filter.select(query, policy=self.policy)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return _found_message(query, selection)

    async def asearch(self, query: str) -> tuple[str, list[str]]:
        """Async ``search``."""
        try:
            selection = await self.tool_filter.aselect(query, policy=self.policy)
        except ToolFilterError as error:
            return f"The search failed: {error}", []
        return _found_message(query, selection)


def conversation_for(max_tools: int | None) -> ConversationPolicy:
    """The default conversation policy, its sets within ``max_tools``.

    A set cut after the policy decided would lose the tool a confirmation took, or any
    tool the turn needs.
    """
    default = ConversationPolicy()
    return default if max_tools is None or max_tools >= default.budget else ConversationPolicy(budget=max_tools)


@runtime_checkable
class SelectorLike(Protocol):
    """What the retriever and the middleware need of a selector: its engine."""

    @property
    def engine(self) -> SelectionEngine:
        """The shared selection work."""
        ...


# ---------------------------------------------------------------------- reporting

SELECTION_EVENT = "toolfilter_selection"
"""Name of the custom event, and of the child run, that carry each selection."""


def selection_metadata(selection: Selection, offered: list[str]) -> dict[str, Any]:
    """A flat summary of a selection for run metadata, every key prefixed ``toolfilter_``.

    ``offered`` names the tools handed to the model, in order.
    """
    return {
        "toolfilter_query": query_excerpt(selection.query),
        "toolfilter_selected": selection.names,
        "toolfilter_offered": list(offered),
        "toolfilter_scores": {s.name: round(s.score, 4) for s in selection.selected},
        "toolfilter_fallback": selection.fallback,
        "toolfilter_status": selection.status.value,
        "toolfilter_detail": selection.detail,
        "toolfilter_domains": list(selection.domains),
        "toolfilter_notes": [str(n) for n in selection.notes],
        "toolfilter_cost_ratio": round(selection.cost_ratio, 4),
    }


def event_payload(selection: Selection, window: Window, offered: list[str]) -> dict[str, Any]:
    """The custom event's data: ``selection.to_dict()`` plus what the adapter added."""
    payload = selection.to_dict()
    payload["offered"] = list(offered)
    payload["context"] = [query_excerpt(turn) for turn in window.context]
    payload["sticky"] = list(window.sticky)
    return payload


def has_handlers(run_manager: BaseRunManager) -> bool:
    """Whether anything listens to this run or to the runs under it.

    A child run manager gets its parent's inheritable handlers, and the custom event goes
    to the child's; tracers (LangSmith, ``astream_events``, ``set_debug``, configure hooks)
    are handlers on the run manager too. With neither kind there is no one to report to.
    """
    return bool(run_manager.handlers or run_manager.inheritable_handlers)


def _run_inputs(window: Window) -> dict[str, Any]:
    context = [query_excerpt(turn) for turn in window.context]
    return {"query": query_excerpt(window.query), "context": context, "sticky": list(window.sticky)}


def report_selection(run_manager: ParentRunManager, selection: Selection, window: Window, offered: list[str]) -> None:
    """Dispatch the custom event and record the child run; nothing is built without handlers."""
    if not has_handlers(run_manager):
        return
    payload = event_payload(selection, window, offered)
    child = run_manager.get_child()
    dispatch_custom_event(SELECTION_EVENT, payload, config={"callbacks": child})
    child.add_metadata(selection_metadata(selection, offered), inherit=False)
    run = child.on_chain_start(None, _run_inputs(window), name=SELECTION_EVENT)
    run.on_chain_end(payload)


async def areport_selection(
    run_manager: AsyncParentRunManager, selection: Selection, window: Window, offered: list[str]
) -> None:
    """Async ``report_selection``."""
    if not has_handlers(run_manager):
        return
    payload = event_payload(selection, window, offered)
    child = run_manager.get_child()
    await adispatch_custom_event(SELECTION_EVENT, payload, config={"callbacks": child})
    child.add_metadata(selection_metadata(selection, offered), inherit=False)
    run = await child.on_chain_start(None, _run_inputs(window), name=SELECTION_EVENT)
    await run.on_chain_end(payload)
