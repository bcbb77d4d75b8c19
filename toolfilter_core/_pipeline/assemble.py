"""Stage 8, assembling the ``Selection``: always_include and sticky tools, matched texts, costs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._policy import blocked_name
from .._signals import clamp01
from .._snapshot import Snapshot
from .._types import Reason, ScoreBreakdown, ScoredTool, Selection, Status, openai_tools_chars

__all__ = ["Outcome", "assemble"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the stages decided for one request, before always_include and sticky tools."""

    selected: list[ScoredTool]
    rejected: list[ScoredTool]
    fallback: bool = False
    domains: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)
    status: Status = Status.SELECTED
    """What the stages came to; the notes say it in words."""
    detail: str = ""


def assemble(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    query: str,
    outcome: Outcome,
    *,
    matchers: NDArray[np.float32] | None = None,
    sims: NDArray[np.float32] | None = None,
    sticky: Sequence[str] = (),
    verdicts: list[Reason | None] | None = None,
    extra_notes: Sequence[str] = (),
) -> Selection:
    """The ``Selection``: the outcome plus always_include and sticky tools the caller may use.

    ``matchers``: the request's (and its clauses') vectors, to name each selected tool's
    best-matching text. ``extra_notes``: notes from outside the pipeline (the store's).
    """
    notes = [*outcome.notes, *extra_notes]
    selected, rejected = outcome.selected, outcome.rejected
    chosen = {s.name for s in selected}
    rejected_by_name = {s.name: s for s in rejected}
    extra: list[ScoredTool] = []
    for why, names in (("always_include", config.always_include), ("sticky", sticky)):
        for name in names:
            i = snapshot.position.get(name)
            if i is None or name in chosen or (verdicts is not None and verdicts[i] is not None):
                continue
            if verdicts is None and blocked_name(name, config.block_tools):
                continue
            base = rejected_by_name.pop(name, None)
            signals = dict(base.breakdown.signals) if base else {}
            if sims is not None and "embed" not in signals:
                signals["embed"] = clamp01(float(sims[i]))
            score = base.score if base else signals.get("embed", 0.0)
            extra.append(
                ScoredTool(
                    snapshot.tools[i],
                    ScoreBreakdown(signals, base.breakdown.weights if base else {}, score, matched=why),
                )
            )
            chosen.add(name)
    if matchers is not None:
        selected = [_with_match(snapshot, s, matchers) for s in selected]
    final = tuple(selected + extra)
    rest = tuple(s for s in rejected if s.name in rejected_by_name and s.name not in chosen)
    return Selection(
        query=query,
        selected=final,
        rejected=tuple(sorted(rest, key=lambda s: (-s.score, s.name))),
        fallback=outcome.fallback,
        domains=outcome.domains,
        notes=tuple(notes),
        selected_chars=openai_tools_chars([s.tool for s in final]),
        total_chars=snapshot.total_chars,
        status=outcome.status,
        detail=outcome.detail,
    )


def _with_match(snapshot: Snapshot, scored: ScoredTool, matchers: NDArray[np.float32]) -> ScoredTool:
    index_position = snapshot.index_position.get(scored.name)
    if index_position is None or scored.breakdown.matched:
        return scored
    b = scored.breakdown
    matched = snapshot.index.best_text(index_position, matchers)
    return ScoredTool(scored.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched), scored.reason)
