"""The one seam for framework adapters: what an adapter needs of the core beyond its root.

An adapter (``langchain_toolfilter``, ``llamaindex_toolfilter``, or one you write for
another framework) imports ``toolfilter_core`` and this module, nothing private. It maps
its framework's messages onto ``Turn``s, reads them with ``conversation_window`` into a
``Window``, selects with ``select_window`` (which owns the no-text and too-long rules),
and maps the ``Selection`` back onto its framework's tools. The core names no adapter:
when selection fails, ``failed_selection`` raises or continues with no tools, and the
adapter warns on its own channel.

Setup:
    .. code-block:: python

        from toolfilter_core import ToolFilter
        from toolfilter_core.integration import Turn, conversation_window, select_window

Select:
    .. code-block:: python

        turns = [Turn(m["role"], m.get("content") or "") for m in messages]
        window = conversation_window(turns, history_turns=tool_filter.config.history_turns)
        selection = select_window(tool_filter, window)

``tests/unit/test_third_adapter.py`` is a whole adapter, for an OpenAI-style message list.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ._cache_bill import CachePrices, cache_prices
from ._caller import at_site, caller_level, framework_packages, user_site, warn_at_caller
from ._conversation import LazyTurns, Turn, Window, conversation_window, ran_calls
from ._conversation_acts import asked_again
from ._conversation_policy import ConversationPolicy, TurnDecision
from ._conversation_read import read_turn
from ._exceptions import ToolFilterError
from ._extras import ToolExtras, annotations_in, check_extras, check_tool_extras, extras_fields
from ._failure import failed_selection, too_long
from ._keywords import checked_keywords, own_arguments
from ._offer import OFFER_KEY, REFUSED_KEY, refusal_text, refused_tools
from ._pipeline.request import MAX_QUERY_CHARS
from ._policy import blocked_name, did_you_mean, some_names, unknown_gate_names
from ._resolve import check_options, config_field_meant, resolve_config
from ._tool_profiles.coverage import unprofiled_said_before
from ._tool_profiles.sidecar import stale_said_before, warn_stale_profiles, warn_unknown_profiles, warn_unprofiled_now
from ._types import MAX_TOOLS, Selection, Status, query_excerpt
from ._version import __version__

logger = logging.getLogger("toolfilter")

if TYPE_CHECKING:
    from ._filter import ToolFilter

__all__ = [
    "MAX_TOOLS",
    "OFFER_KEY",
    "REFUSED_KEY",
    "CachePrices",
    "ConversationPolicy",
    "LazyTurns",
    "OnError",
    "ToolExtras",
    "Turn",
    "TurnDecision",
    "Window",
    "__version__",
    "annotations_in",
    "aselect_window",
    "at_site",
    "blocked_name",
    "cache_prices",
    "caller_level",
    "check_extras",
    "checked_keywords",
    "check_options",
    "config_field_meant",
    "check_tool_extras",
    "conversation_window",
    "did_you_mean",
    "extras_fields",
    "framework_packages",
    "failed_selection",
    "own_arguments",
    "query_excerpt",
    "refusal_text",
    "refused_tools",
    "some_names",
    "resolve_config",
    "stale_said_before",
    "select_window",
    "sticky_tools",
    "unknown_gate_names",
    "unprofiled_said_before",
    "user_site",
    "warn_at_caller",
    "warn_stale_profiles",
    "warn_unknown_profiles",
    "warn_unprofiled_now",
]

OnError = Callable[[ToolFilterError], Selection]
"""What an adapter makes of a failed selection: a selection to continue with, or a raise."""


def _no_text_why(window: Window) -> str | None:
    """Why ``window`` has no text to select on (none, or over ``MAX_QUERY_CHARS``), or None."""
    return window.missing or too_long(window.query, MAX_QUERY_CHARS)


def sticky_tools(tool_filter: ToolFilter, window: Window) -> tuple[str, ...]:
    """The window's sticky tools for ``tool_filter``, without the destructive ones the request does not ask for.

    A tool that cancels or deletes enters a set only for a request that asks for its act; an
    earlier turn's act ("cancel SH-1") does not make it stay for "what's the status of SH-2?".
    One the request's own turn used stays; an earlier turn's stays when the request asks for
    it again (a "yes" to its proposal, a correction that redoes it, its own verb:
    ``asked_again``).
    """
    snapshot = tool_filter.snapshot
    position = snapshot.position
    sticky = window.sticky
    acts = [n for n in sticky if n not in window.current and n in position and snapshot.destructive(position[n])]
    if not acts:
        return sticky
    turns = ran_calls(window.turns) if window.turns else [Turn("user", window.query)]  # a refused call is none
    reading = read_turn(turns, history_turns=max(tool_filter.config.history_turns, 1))
    again = asked_again(acts, reading, turns, lambda name: snapshot.tools[position[name]])
    return tuple(n for n in sticky if n not in acts or n in again)


def _arguments(tool_filter: ToolFilter, window: Window, kwargs: dict[str, Any]) -> dict[str, Any]:
    return {"context": window.context, "sticky": sticky_tools(tool_filter, window), **kwargs}


def _finished(selection: Selection, window: Window, why: str | None) -> Selection:
    if why is None:
        return selection
    logger.info("toolfilter: no tools selected: %s", why)  # the developer sees why an image alone got none
    return replace(selection, query=window.query, status=Status.NO_TEXT, detail=why)  # what this input held


def _select(
    tool_filter: ToolFilter, window: Window, conversation: ConversationPolicy | None, **kwargs: Any
) -> Selection:
    if conversation is not None and window.turns and not window.missing:
        return conversation.select(tool_filter, window.turns, **kwargs)
    return tool_filter.select(window.query, **_arguments(tool_filter, window, kwargs))


def select_window(
    tool_filter: ToolFilter,
    window: Window,
    *,
    on_error: OnError | None = None,
    conversation: ConversationPolicy | None = None,
    **kwargs: Any,
) -> Selection:
    """Select for a request an adapter read: its query, context and sticky tools.

    The rules of what the user wrote (docs/reliability.md): a window with no text
    (``window.missing``: only images, no user turn) or a message over ``MAX_QUERY_CHARS``
    never raises: nothing is selected on (only ``always_include`` tools), and the
    selection's ``detail`` says why, as for an empty request.

    Args:
        tool_filter: The filter to select with.
        window: The request; its ``context`` and ``sticky_tools`` are passed on unless
            ``kwargs`` names them.
        on_error: What a ``ToolFilterError`` while selecting becomes (e.g. the adapter's
            ``failed_selection`` and its warning); None: it is raised.
        conversation: The conversation policy (docs/conversations.md): with one, and a
            window read from a conversation (``window.turns``), the last user turn is read
            with what came before it and the set the model saw is kept, grown or reset;
            ``sticky`` is then the policy's. None: one request, its sticky tools kept.
        **kwargs: ``ToolFilter.select``'s keywords (``top_k``, ``category``,
            ``confidence``, ``context``, ``sticky``, ``policy``).

    Returns:
        The selection, its ``query`` the window's.

    Raises:
        ToolFilterError: Selection failed and ``on_error`` is None (or raised it).
    """
    why = _no_text_why(window)
    try:
        if why:
            selection = tool_filter.select("", **_arguments(tool_filter, window, kwargs))
        else:
            selection = _select(tool_filter, window, conversation, **kwargs)
    except ToolFilterError as error:
        if on_error is None:
            raise
        selection = on_error(error)
    return _finished(selection, window, why)


async def aselect_window(
    tool_filter: ToolFilter,
    window: Window,
    *,
    on_error: OnError | None = None,
    conversation: ConversationPolicy | None = None,
    **kwargs: Any,
) -> Selection:
    """Async ``select_window`` (in a worker thread, so an event loop keeps serving while it embeds)."""
    why = _no_text_why(window)
    try:
        if why:
            selection = await tool_filter.aselect("", **_arguments(tool_filter, window, kwargs))
        else:
            selection = await asyncio.to_thread(_select, tool_filter, window, conversation, **kwargs)
    except ToolFilterError as error:
        if on_error is None:
            raise
        selection = on_error(error)
    return _finished(selection, window, why)
