"""The line ``toolfilter select`` adds when a selection is widened or holds more tools than ``top_k``."""

from __future__ import annotations

from typing import Any

__all__ = ["size_line"]


def size_line(selection: Any, config: Any, *, detail_shown: bool = False) -> str | None:
    """Why ``selection`` is widened or larger than ``config.top_k``, in one line; None when it is neither.

    ``detail_shown``: the status and its detail were printed already (``--explain``), so not again.

    ``top_k`` bounds a confident selection only: a widened one holds up to ``fallback_top_k``,
    and each ask's best tool and the chained tools come on top.
    """
    from toolfilter_core._types import NoteKind, Status

    count, k = len(selection.selected), config.top_k
    added = [str(n) for n in selection.reasons if n.kind in (NoteKind.ASKS_KEPT, NoteKind.CHAINED)]
    size = f"{count} tool{'s' if count != 1 else ''}" + (f", more than top_k {k}" if count > k else "")
    if selection.status is Status.WIDENED:
        widened = [] if detail_shown else [selection.detail.split("; ")[0] or "low confidence"]
        cap = config.fallback_top_k or 2 * k
        return (
            f"widened: {size}{': ' if widened or added else ''}{'; '.join([*widened, *added])}. "
            "Confidence is low when the best score is under "
            f"min_score {config.min_score:g} or leads the next by under min_gap {config.min_gap:g}; a widened "
            f"selection holds up to fallback_top_k {cap}, not top_k (tool profiles make widening rarer: "
            "docs/profiles.md; --max-tools N caps every selection)"
        )
    if count <= k:
        return None
    why = "; ".join(added) or (not detail_shown and selection.detail) or "always_include and sticky tools add to it"
    return f"{selection.status.value}: {size}: {why}"
