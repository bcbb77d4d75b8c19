"""The line ``toolfilter select`` adds when a selection is widened or not sure, holds more than ``top_k``, or none."""

from __future__ import annotations

from typing import Any

__all__ = ["size_line"]


def size_line(selection: Any, config: Any, *, detail_shown: bool = False, profiled: bool = False) -> str | None:
    """Why ``selection`` is widened, not sure, larger than ``config.top_k`` or empty, in one line; else None.

    ``detail_shown``: the status and its detail were printed already (``--explain``), so not again.
    ``profiled``: the registry has tool profiles, so the line does not offer them.

    ``top_k`` bounds a confident selection only: a widened one holds up to ``fallback_top_k``,
    and each ask's best tool, the chained tools and a held tool's state reads come on top
    (the line counts them, so its count and the detail's add up).
    """
    from toolfilter_core._types import Status

    count, k = len(selection.selected), config.top_k
    if not count:  # an empty standard output says nothing by itself
        return None if detail_shown else f"{selection.status.value}: no tools: {selection.detail or 'none selected'}"
    added, extra = _added(selection)
    size = f"{count} tool{'s' if count != 1 else ''}" + (f", more than top_k {k}" if count > k else "")
    if selection.status is Status.WIDENED:
        if not detail_shown:  # said on every widened select: the status, one short line
            return _short_widened(count, extra)
        size += f", {extra} of them added beyond the widened ones" if extra else ""
        cap = config.fallback_top_k or 2 * k
        head = f"widened: {size}{': ' if added else ''}{'; '.join(added)}. "
        offer = "" if profiled else "tool profiles make widening rarer: docs/profiles.md; "
        return (
            head + "Confidence is low when the best score is under "
            f"min_score {config.min_score:g} or leads the next by under min_gap {config.min_gap:g}; a widened "
            f"selection holds up to fallback_top_k {cap}, not top_k ({offer}--max-tools N caps every selection)"
        )
    if selection.status is Status.NOT_SURE:  # its tools are for a caller without the search
        from toolfilter_core._miss_why import not_sure_sent

        detail = "" if detail_shown or not selection.detail else f"; {selection.detail}"
        return f"not_sure: {size}: {not_sure_sent(count)}{detail}"
    if count <= k:
        return None
    why = "; ".join(added) or (not detail_shown and selection.detail) or "always_include and sticky tools add to it"
    return f"{selection.status.value}: {size}: {why}"


def _short_widened(count: int, extra: int = 0) -> str:
    """The line of a widened selection without ``--explain``: its status and size, and where to read why.

    ``widened: 8 tools (low confidence; --explain says why)``; ``extra``: the tools added beyond the widened ones.
    """
    added = f", {extra} added beyond the widened ones" if extra else ""
    return f"widened: {count} tool{'s' if count != 1 else ''}{added} (low confidence; --explain says why)"


def _added(selection: Any) -> tuple[list[str], int]:
    """The notes of the tools added on top of the ranking (an ask's best, a chain, a state read), and how many.

    A read moved up to its held tool's place (a ``state_reads`` note with ``moved``) was sent by its score:
    its note is said, the read not counted as added.
    """
    from toolfilter_core._types import NoteKind

    kinds = (NoteKind.ASKS_KEPT, NoteKind.CHAINED, NoteKind.STATE_READS)
    notes = [n for n in selection.reasons if n.kind in kinds]
    sent = set(selection.names)
    tools = {t for n in notes if not n.values.get("moved") for t in n.values.get("tools", ()) if t in sent}
    return [str(n) for n in notes], len(tools)
