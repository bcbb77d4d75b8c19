"""Step 5, assembling the ``Selection``: the decided tools, the tools a selection brings, matched texts, costs.

A selection brings, beside the decided tools, the ``always_include`` tools and the
conversation's sticky ones (``brought``), each only where the caller may use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._signals import clamp01
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoreBreakdown, ScoredTool, Selection, ToolSpec
from .decide import Decision

__all__ = ["assemble", "brought", "capped"]


def brought(config: ToolFilterConfig, decision: Decision) -> list[tuple[str, Sequence[str]]]:
    """The tools a selection brings beyond the decided ones, each group with why: always_include, sticky."""
    sticky = decision.ranking.reading.request.sticky if decision.sticky else ()
    return [("always_include", config.always_include), ("sticky", sticky)]


def capped(decision: Decision) -> Decision:
    """``decision`` within the caller's ``max_tools``: its first tools, the rest rejected, with a note.

    The first in order: the best first, a producer right after the tool it feeds; the rest
    are rejected with ``Reason.MAX_TOOLS``. ``top_k`` bounds a confident selection only (a
    widened one reaches ``fallback_top_k``, and chains and each ask's best tool may add);
    ``max_tools`` bounds them all. The tools a selection brings (``always_include``, sticky)
    are the caller's and not counted.
    """
    cap = decision.ranking.reading.request.max_tools
    if cap is None or len(decision.selected) <= cap:
        return decision
    cut = [ScoredTool(s.tool, s.breakdown, Reason.MAX_TOOLS) for s in decision.selected[cap:]]
    names = tuple(s.name for s in cut)
    text = f"max_tools {cap}: left out " + ", ".join(names)
    note = Note(NoteKind.CAPPED, text, tools=names, max_tools=cap)
    return replace(
        decision, selected=decision.selected[:cap], rejected=[*decision.rejected, *cut], notes=[*decision.notes, note]
    )


def assemble(
    snapshot: Snapshot, config: ToolFilterConfig, decision: Decision, extra_notes: Sequence[str] = ()
) -> Selection:
    """The ``Selection``: the decision plus the tools it brings (``brought``) that the caller may use.

    ``extra_notes``: notes from outside the pipeline (the store's).
    """
    reading = decision.ranking.reading
    verdicts = decision.ranking.gated.eligibility.verdicts
    selected, rejected = decision.selected, decision.rejected
    chosen = {s.name for s in selected}
    rejected_by_name = {s.name: s for s in rejected}
    sims = reading.sims.best if reading.sims is not None else None
    extra: list[ScoredTool] = []
    for why, names in brought(config, decision):
        for name in names:
            i = snapshot.position.get(name)
            if i is None or name in chosen or verdicts[i] is not None:
                continue
            base = rejected_by_name.pop(name, None)
            extra.append(_brought(snapshot.tools[i], base, None if sims is None else float(sims[i]), why))
            chosen.add(name)
    if reading.vectors is not None:
        selected = [_with_match(snapshot, s, reading.vectors.matchers) for s in selected]
    final = tuple(selected + extra)
    rest = tuple(s for s in rejected if s.name in rejected_by_name and s.name not in chosen)
    return Selection(
        query=reading.request.query,
        selected=final,
        rejected=tuple(sorted(rest, key=lambda s: (-s.score, s.name))),
        domains=decision.domains,
        notes=(*decision.notes, *extra_notes),
        selected_chars=snapshot.tools_chars([s.tool for s in final]),
        total_chars=snapshot.total_chars,
        status=decision.status,
        detail=decision.detail,
    )


def _brought(tool: ToolSpec, base: ScoredTool | None, similarity: float | None, why: str) -> ScoredTool:
    """A tool the selection brings, scored as ranking scored it (else by its cosine, if any)."""
    signals = dict(base.breakdown.signals) if base else {}
    if similarity is not None and "embed" not in signals:
        signals["embed"] = clamp01(similarity)
    score = base.score if base else signals.get("embed", 0.0)
    return ScoredTool(tool, ScoreBreakdown(signals, base.breakdown.weights if base else {}, score, matched=why))


def _with_match(snapshot: Snapshot, scored: ScoredTool, matchers: NDArray[np.float32]) -> ScoredTool:
    index_position = snapshot.index_position.get(scored.name)
    if index_position is None or scored.breakdown.matched:
        return scored
    b = scored.breakdown
    matched = snapshot.index.best_text(index_position, matchers)
    return ScoredTool(scored.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched), scored.reason)
