"""Report each selection to LangChain callbacks, so a tracer shows why tools were chosen.

Every selection produces, under the selector's run:

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

from typing import Any

from langchain_core.callbacks import (
    AsyncParentRunManager,
    BaseRunManager,
    ParentRunManager,
    adispatch_custom_event,
    dispatch_custom_event,
)

from toolfilter_core import Selection
from toolfilter_core.integration import Window, query_excerpt

__all__ = [
    "SELECTION_EVENT",
    "areport_selection",
    "event_payload",
    "has_handlers",
    "report_selection",
    "selection_metadata",
]

SELECTION_EVENT = "toolfilter_selection"
"""Name of the custom event, and of the child run, that carry each selection."""


def selection_metadata(selection: Selection, offered: list[str]) -> dict[str, Any]:
    """A flat summary of a selection for run metadata.

    Args:
        selection: The core's result.
        offered: Names of the tools handed to the model, in order.

    Returns:
        JSON-ready metadata, every key prefixed ``toolfilter_``.
    """
    return {
        "toolfilter_query": query_excerpt(selection.query),
        "toolfilter_selected": selection.names,
        "toolfilter_offered": list(offered),
        "toolfilter_scores": {s.name: round(s.score, 4) for s in selection.selected},
        "toolfilter_fallback": selection.fallback,
        "toolfilter_status": selection.status.value,
        "toolfilter_domains": list(selection.domains),
        "toolfilter_notes": list(selection.notes),
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


def _inputs(window: Window) -> dict[str, Any]:
    context = [query_excerpt(turn) for turn in window.context]
    return {"query": query_excerpt(window.query), "context": context, "sticky": list(window.sticky)}


def report_selection(
    run_manager: ParentRunManager,
    selection: Selection,
    window: Window,
    offered: list[str],
) -> None:
    """Dispatch the custom event and record the child run (sync callbacks).

    Nothing is built when the run has no handlers (see ``has_handlers``).
    """
    if not has_handlers(run_manager):
        return
    payload = event_payload(selection, window, offered)
    child = run_manager.get_child()
    dispatch_custom_event(SELECTION_EVENT, payload, config={"callbacks": child})
    child.add_metadata(selection_metadata(selection, offered), inherit=False)
    run = child.on_chain_start(None, _inputs(window), name=SELECTION_EVENT)
    run.on_chain_end(payload)


async def areport_selection(
    run_manager: AsyncParentRunManager,
    selection: Selection,
    window: Window,
    offered: list[str],
) -> None:
    """Dispatch the custom event and record the child run (async callbacks).

    Nothing is built when the run has no handlers (see ``has_handlers``).
    """
    if not has_handlers(run_manager):
        return
    payload = event_payload(selection, window, offered)
    child = run_manager.get_child()
    await adispatch_custom_event(SELECTION_EVENT, payload, config={"callbacks": child})
    child.add_metadata(selection_metadata(selection, offered), inherit=False)
    run = await child.on_chain_start(None, _inputs(window), name=SELECTION_EVENT)
    await run.on_chain_end(payload)
