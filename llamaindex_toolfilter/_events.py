"""The instrumentation event sent on every tool retrieval."""

from __future__ import annotations

from typing import Any

from llama_index.core.bridge.pydantic import Field
from llama_index.core.instrumentation.events import BaseEvent

__all__ = ["ToolSelectionEvent"]


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
