"""A question about a held destructive tool's act gets the read tools of that tool's own object.

"R-22018 取消了没？" asks whether a reservation was cancelled: a read (``ask_form.about_state``),
so the guard holds ``reservation_cancel`` back. In a registry without profiles the read that
answers (``reservation_get``) may score under the gates while the destructive tools pass them:
every candidate held, nothing was sent. Here each held destructive tool gives way to a read
tool of its own object: a tool that says no write (``_hints.says_writes``) nor destroys, whose
name is a read verb (get, list, show, find, search...) or is read-only (``readOnlyHint``) or whose
description opens with one ("Look up...", "查询..."), over an object its name says that the held
tool's name says too (``reservation_get`` -> reservation, in ``reservation_cancel``;
``payment_list`` -> payment, in ``payment_refund``). The held tool itself is never sent.

``STATE_READS`` says which: ``off``; ``empty`` (only where the selection would be empty: the
widened row keeps going past its held tools); ``each`` (the best-scored read of every held
tool, in the held tools' order); ``all`` (every read of every held tool). Chosen by
``benchmarks/choose_state_reads.py`` on the dev registries, each left out in turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .._hints import is_read_only, says_destructive, says_writes
from .._snapshot import Snapshot
from .._tool_defs import lenient_name
from .._types import Note, NoteKind, Reason, ScoreBreakdown, ScoredTool, ToolSpec

__all__ = ["STATE_READS", "READS", "object_reads", "with_state_reads"]

READS = ("off", "empty", "each", "all")
STATE_READS = "each"
"""Which held tools give way to their object's reads (``READS``). Chosen by ``benchmarks/choose_state_reads.py``."""

_READ_VERB = re.compile(
    r"^(?:get|list|show|find|search|read|query|lookup|look|fetch|describe|view|check|retrieve|inspect|"
    r"status|info|detail|details|history|count|lookup)$"
)
_READ_OPENING = re.compile(
    r"^\s*(?:get|list|show|find|search|read|query|look\s+up|fetch|describe|view|retrieve|inspect|return)"
    r"(?:s|es)?\b|^\s*(?:查询|查看|获取|列出|搜索|查找|显示|返回)",
    re.I,
)
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _words(name: str) -> list[str]:
    """The words of a tool's own name (without a server's ``server__``), lowercased, singular."""
    own = _CAMEL.sub(" ", lenient_name(name.rsplit("__", 1)[-1])).lower()
    return [re.sub(r"(?<=[a-z]{3}[^su])s$", "", re.sub(r"(?<=[a-z]{3})ies$", "y", w)) for w in _SPLIT.split(own) if w]


def reads_about(tool: ToolSpec) -> frozenset[str]:
    """The object a read tool reads (the words of its name but its read verbs); empty for a tool that is no read."""
    if says_writes(tool) or says_destructive(tool):
        return frozenset()
    words = _words(tool.name)
    verbs = [w for w in words if _READ_VERB.match(w)]
    if not (verbs or is_read_only(tool) or _READ_OPENING.match(tool.description)):
        return frozenset()
    return frozenset(w for w in words if not _READ_VERB.match(w))


def object_reads(held: ToolSpec, tools: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The read tools of ``tools`` over an object ``held``'s name says, in the order given."""
    said = set(_words(held.name))
    out = []
    for tool in tools:
        about = reads_about(tool)
        if tool.name != held.name and about and about <= said:
            out.append(tool)
    return out


def _reads(
    snapshot: Snapshot, held: list[ScoredTool], usable: Callable[[str], bool], score: Callable[[str], float]
) -> list[tuple[str, str]]:
    """The reads the held tools give way to, (read, held), as ``STATE_READS`` says."""
    found: list[tuple[str, str]] = []
    for h in held:
        reads = [t for t in object_reads(h.tool, snapshot.tools) if usable(t.name)]
        reads.sort(key=lambda t: -score(t.name))
        for t in reads if STATE_READS == "all" else reads[:1]:
            if t.name not in {r for r, _ in found}:
                found.append((t.name, h.name))
    return found


def with_state_reads(
    snapshot: Snapshot,
    selected: list[ScoredTool],
    rejected: list[ScoredTool],
    usable: Callable[[str], bool],
    limit: int,
) -> tuple[list[ScoredTool], list[ScoredTool], Note | None]:
    """``selected`` with the reads of the tools the guard held (``rejected``), ``rejected`` without them, a note.

    Called for a question about an act's state only. ``limit``: the selection's size
    (``top_k``, or ``fallback_top_k`` widened); the reads fill its free room, at least one.
    """
    held = [s for s in rejected if s.reason is Reason.DESTRUCTIVE_GUARD]
    if STATE_READS == "off" or not held or (STATE_READS == "empty" and selected):
        return selected, rejected, None
    scored = {s.name: s for s in rejected}
    present = {s.name for s in selected}

    def score(name: str) -> float:
        return scored[name].score if name in scored else 0.0

    found = [(r, h) for r, h in _reads(snapshot, held, usable, score) if r not in present]
    found = found[: max(1, limit - len(selected))]
    if not found:
        return selected, rejected, None
    added = [_as_read(snapshot, scored.get(r), r, h) for r, h in found]
    names = {r for r, _ in found}
    text = "a question about a held tool's act: its object's reads sent: " + ", ".join(
        f"{r} (for {h})" for r, h in found
    )
    note = Note(NoteKind.STATE_READS, text, tools=tuple(r for r, _ in found), held=tuple(h for _, h in found))
    return selected + added, [s for s in rejected if s.name not in names], note


def _as_read(snapshot: Snapshot, base: ScoredTool | None, name: str, held: str) -> ScoredTool:
    """The read ``name`` as a selected tool, its score kept where it was scored."""
    matched = f"reads the object of {held}"
    if base is None:
        return ScoredTool(snapshot.tools[snapshot.position[name]], ScoreBreakdown({}, {}, 0.0, matched))
    b = base.breakdown
    return ScoredTool(base.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched))
