"""Step 2, the gates: who may use which tool, exact names, and the caller's category.

Policy comes first: a tool the caller may not use is never scored, only reported.
``gate`` is the step; ``category_gate`` is met by ranking (it reads the pool).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._policy import Policy, blocked_name
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoreBreakdown, ScoredTool
from . import request as request_step
from .candidates import embed_only, top_indices
from .read import Reading

__all__ = [
    "Eligibility",
    "ExactName",
    "Gated",
    "category_gate",
    "eligibility",
    "exact_name",
    "gate",
    "policy_rejections",
]

_CACHED_POLICIES = 64


@dataclass(frozen=True, slots=True)
class Eligibility:
    """Per tool, why the caller may not use it (None: it may), and the mask of usable tools."""

    verdicts: list[Reason | None]
    usable: NDArray[np.bool_]

    @property
    def everyone(self) -> bool:
        """Every tool is usable (no mask needed)."""
        return bool(self.usable.all())


def eligibility(snapshot: Snapshot, config: ToolFilterConfig, policy: Policy | None) -> Eligibility:
    """Block, the caller's policy and allow, per tool (block wins).

    Cached per snapshot, policy and allow/block lists: one pass over 50,000 tools in
    Python costs about 20 ms, more than the rest of a selection (docs/scaling.md).
    """
    key: tuple[Any, ...] | None = (policy, config.block_tools, config.allow_tools)
    try:
        cached = snapshot.verdicts.get(key)
    except TypeError:  # a policy built with mutable sets: not hashable, not cached
        key, cached = None, None
    if cached is not None:
        return Eligibility(*cached)
    blocked, allowed = set(config.block_tools), set(config.allow_tools)
    out: list[Reason | None] = []
    for tool in snapshot.tools:
        if blocked_name(tool.name, blocked):
            out.append(Reason.BLOCKED)
        elif policy is not None and (verdict := policy.verdict(tool)) is not None:
            out.append(verdict)
        elif allowed and tool.name not in allowed:
            out.append(Reason.NOT_ALLOWED)
        else:
            out.append(None)
    result = (out, np.array([v is None for v in out], dtype=bool))
    if key is not None:
        if len(snapshot.verdicts) >= _CACHED_POLICIES:
            snapshot.verdicts.clear()
        snapshot.verdicts[key] = result
    return Eligibility(*result)


@dataclass(frozen=True, slots=True)
class ExactName:
    """A request that is exactly a tool's name: that tool, or why the caller may not have it."""

    selected: list[ScoredTool]
    rejected: list[ScoredTool]
    detail: str
    """What happened, in words (the ``EXACT_NAME`` selection's detail)."""


def exact_name(snapshot: Snapshot, config: ToolFilterConfig, query: str, gate: Eligibility) -> ExactName | None:
    """A query that is exactly a tool's name selects that tool, whatever the thresholds say."""
    name = query.strip()
    if not request_step.EXACT_NAME_MATCH or name not in snapshot.position:
        return None
    position = snapshot.position[name]
    exact = ScoredTool(
        snapshot.tools[position], ScoreBreakdown({"name": 1.0}, {"name": 1.0}, 1.0, matched="exact tool name")
    )
    verdict = gate.verdicts[position]
    if verdict is not None:  # the caller may not use it: say so, and offer nothing else
        refused = ScoredTool(exact.tool, exact.breakdown, verdict)
        return ExactName(
            [], [refused], f"the query is exactly the name of a tool the caller may not use ({verdict.value})"
        )
    return ExactName([exact], [], "the query is exactly a tool name")


@dataclass(frozen=True, slots=True)
class Gated:
    """A reading with who may use which tool, and the tool it names exactly (if any)."""

    reading: Reading
    eligibility: Eligibility
    exact: ExactName | None = None


def gate(snapshot: Snapshot, config: ToolFilterConfig, reading: Reading) -> Gated:
    """Block, policy and allow per tool; the tool a request names exactly."""
    allowed = eligibility(snapshot, config, reading.request.policy)
    exact = exact_name(snapshot, config, reading.request.query, allowed) if reading.named else None
    return Gated(reading, allowed, exact)


def category_gate(
    snapshot: Snapshot, config: ToolFilterConfig, category: str | None, confidence: float | None, pool: list[int]
) -> tuple[str | None, list[str]]:
    """The category the pool is gated to (casefolded), or None, and the notes saying why not."""
    if not (config.use_category_filter and category):
        return None, []
    threshold = config.category_confidence_threshold
    if threshold is not None and (confidence is None or confidence < threshold):
        text = f"category gate not applied: confidence {confidence} below {threshold}"
        return None, [
            Note(NoteKind.CATEGORY_GATE_OFF, text, category=category, confidence=confidence, threshold=threshold)
        ]
    wanted = category.casefold()
    if not any((snapshot.tools[i].category or "").casefold() == wanted for i in pool):
        text = f"category gate skipped: no candidate in category {category!r}"
        return None, [Note(NoteKind.CATEGORY_GATE_OFF, text, category=category)]
    return wanted, []


def policy_rejections(snapshot: Snapshot, sims: NDArray[np.float32], gate: Eligibility, n: int) -> list[ScoredTool]:
    """The closest ``n`` tools the caller may not use, reported with their reason."""
    if gate.everyone:
        return []
    rejected = []
    for i in top_indices(np.where(gate.usable, -np.inf, sims), n):
        verdict = gate.verdicts[i]
        if verdict is not None:
            rejected.append(ScoredTool(snapshot.tools[i], embed_only(sims[i]), verdict))
    return rejected


def refused(
    snapshot: Snapshot, config: ToolFilterConfig, names: Iterable[str], policy: Policy | None
) -> dict[str, str]:
    """The tools among ``names`` the caller may not use, each with why.

    The gates every selection applies (block_tools, allow_tools, ``policy``), for an
    adapter that hands a tool to the model by another way (an agent's ``tool_choice``).
    """
    verdicts = eligibility(snapshot, config, policy).verdicts
    out: dict[str, str] = {}
    for name in names:
        position = snapshot.position.get(name)
        verdict = verdicts[position] if position is not None else None
        if verdict is not None:
            out[name] = verdict.value
    return out
