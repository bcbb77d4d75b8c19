"""Report each selection through LlamaIndex instrumentation: the ``ToolSelectionEvent``."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation import Dispatcher, get_dispatcher  # type: ignore[attr-defined]  # documented path
from llama_index.core.instrumentation.event_handlers import NullEventHandler
from llama_index.core.instrumentation.events import BaseEvent

from toolfilter_core import Selection
from toolfilter_core.integration import Window, query_excerpt

__all__ = ["ToolSelectionEvent", "dispatcher", "has_event_handlers", "report_failure", "report_selection"]

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
    """What the selection came to, a ``toolfilter_core.Status`` value (``"failed"`` when it failed)."""
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


def report_selection(
    selection: Selection,
    returned: Collection[str],
    window: Window,
    notes: Sequence[str],
) -> None:
    """Send the ``ToolSelectionEvent`` of a selection; nothing is built while no one listens.

    Args:
        selection: The core's result.
        returned: Names of the tools handed back (the selected ones with a tool object).
        window: The context turns and sticky tools the selection was given.
        notes: The core's notes plus the adapter's.
    """
    if not has_event_handlers(dispatcher):
        return
    kept = [s for s in selection.selected if s.name in returned]
    dispatcher.event(
        ToolSelectionEvent(
            query=query_excerpt(selection.query),
            selected=[s.name for s in kept],
            scores={s.name: s.score for s in kept},
            signals={s.name: dict(s.breakdown.signals) for s in kept},
            fallback=selection.fallback,
            status=selection.status.value,
            context=[query_excerpt(turn) for turn in window.context],
            sticky=list(window.sticky),
            notes=list(notes),
            explanation=selection.explain(),
            selection=selection.to_dict(),
        )
    )


def report_failure(window: Window, error: Exception, *, fallback_to_empty: bool) -> None:
    """Send the ``ToolSelectionEvent`` of a failed selection (always: failures are rare).

    Args:
        window: The request, its context turns and sticky tools.
        error: Why the selection failed.
        fallback_to_empty: Whether the retriever continues with no tools or raises.
    """
    dispatcher.event(
        ToolSelectionEvent(
            query=query_excerpt(window.query),
            context=[query_excerpt(turn) for turn in window.context],
            sticky=list(window.sticky),
            error=f"{type(error).__name__}: {error}",
            status="failed",
            notes=["fallback_to_empty: continuing with no tools" if fallback_to_empty else "raised"],
        )
    )
