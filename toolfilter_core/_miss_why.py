"""Why a labelled request's gold tool was not sent: its rank, its score and the rule that cut it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ._files import one_line, shorten
from ._types import Reason, Selection, Status

__all__ = ["RULES", "left_out_by", "miss_fields", "not_sure_sent", "status_said", "why_missed"]

RULES: dict[Reason, str] = {
    Reason.BLOCKED: "block_tools or the caller's policy",
    Reason.NOT_ALLOWED: "not in allow_tools",
    Reason.CATEGORY_GATE: "outside the category given (category_confidence_threshold)",
    Reason.BELOW_MIN_SIMILARITY: "under similarity_threshold",
    Reason.BELOW_MIN_OVERLAP: "fewer shared words than min_lexical_overlap",
    Reason.BELOW_MIN_COMBINED: "under min_combined_score",
    Reason.NO_TOOL_INTENT: "the request read as needing no tool (abstain rule)",
    Reason.ZERO_SCORE: "a combined score of 0",
    Reason.OTHER_DOMAIN: "outside the domains routed to (fallback_domains)",
    Reason.BELOW_TOP_K: "ranked past top_k (fallback_top_k when widened)",
    Reason.BELOW_RELATIVE_CUT: "under relative_cut times the best score",
    Reason.DESTRUCTIVE_GUARD: "destructive, held back: not the act the request asks for",
    Reason.MAX_TOOLS: "past the caller's hard cap (max_tools, --max-tools)",
    Reason.OPPOSITE_ACT: "the opposite of the act the request asks",
}
"""Each rule that leaves a candidate out, in the words of the config field behind it."""


def why_missed(selection: Selection, missing: Iterable[str], same: Callable[[str], str] = str) -> str:
    """Per gold tool in ``missing``: its rank and score among the candidates and the rule that cut it.

    ``same`` maps a tool name to the form ``missing`` is in (the evaluation's lenient names).
    The selection's status, and its first note, end the text (``status_said``).
    """
    ranked = sorted((*selection.selected, *selection.rejected), key=lambda s: -s.score)
    parts = []
    for name in missing:
        found = next(((i, s) for i, s in enumerate(ranked, 1) if same(s.name) == name), None)
        if found is None:
            parts.append(f"{name}: not among the {len(ranked)} candidates scored (candidate_pool_size)")
            continue
        rank, scored = found
        rule = f"{scored.reason.value}: {RULES[scored.reason]}" if scored.reason else "not sent"
        parts.append(f"{name}: rank {rank} of {len(ranked)}, score {scored.score:.3f}, cut by {rule}")
    return shorten("; ".join([*parts, status_said(selection)]), 400)


def left_out_by(selection: Selection) -> dict[str, str]:
    """Per candidate the selection left out: the step that cut it, as a miss's why says it ("destructive_guard: ...").

    A conversation's miss said only "not offered"; a tool missing here was not among the candidates scored.
    """
    return {s.name: f"{s.reason.value}: {RULES[s.reason]}" for s in selection.rejected if s.reason}


def status_said(selection: Selection, *, reason: bool = False) -> str:
    """``status widened; <its first note>``: what a miss's why ends with.

    ``reason``: the status's own reason after it (``sent_reason``), for a request that needed no
    tool and got some: ``status widened: a tool is needed (no-tool evidence 0.268 < 0.310; ...)``.
    """
    said = f"status {selection.status.value}"
    if selection.status is Status.NOT_SURE:  # not "no tools": what an agent with the search is sent instead
        said += f" ({not_sure_sent(len(selection.selected))})"
    if reason and selection.detail:
        said += f": {sent_reason(selection.detail)}"
    return said + (f"; {selection.notes[0]}" if selection.notes else "")


def not_sure_sent(count: int) -> str:
    """What a not-sure selection sends (docs/scoring.md): the search alone, else the tools it ranks."""
    ranked = f"these {count} ranked tools" if count > 1 else "this one ranked tool" if count else "no tool: none ranked"
    return f"an agent with the find_tools search is sent it alone; one without, {ranked}"


NEEDED = "a tool is needed ("
"""How a selection's detail starts its no-tool evidence when tools were sent (``_pipeline.decide.no_tool``)."""

REASON_CHARS = 240
"""At most this much of a selection's detail in a miss's why."""


def sent_reason(detail: str) -> str:
    """Why tools were sent, from a selection's ``detail``: its no-tool evidence when it says one, else the detail."""
    at = detail.find(NEEDED)
    return shorten(detail[at:] if at >= 0 else detail, REASON_CHARS)


def miss_fields(miss: Mapping[str, Any]) -> tuple[str, str, str, str, str]:
    """One miss (``EvalResult.misses``) as the report and ``eval --misses`` show it: id, request, gold, sent, why."""
    return (
        str(miss.get("id", "")),
        one_line(str(miss.get("query", "")), 160),
        ", ".join(miss.get("gold") or []) or "(no tool)",
        ", ".join(miss.get("selected") or []) or "(nothing)",
        str(miss.get("why", "")),
    )
