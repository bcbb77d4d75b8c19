"""A destroyer held where the request reads as a mention of its act rather than an ask for it.

A destructive tool's profile may hold *mentions* (``ToolProfile.mentions``): requests that name its act or the
record it destroys without asking for the act now ("why was refund R-991 rejected?", "如果客户取消的话，定金能退多少？",
"the customer says she wants a refund, where is order 12 now?"). A destroyer about to be sent, by whichever reading
let it in, is held when the request's best cosine to that tool's mentions exceeds its best cosine to that tool's
asks (its ``destroy`` and ``requests``) by more than ``MENTION_MARGIN``. A tool without mentions is read as before.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np
from numpy.typing import NDArray

from .._files import one_line
from .._snapshot import Snapshot
from .._types import Note, NoteKind, ToolSpec
from .candidates import Similarities

__all__ = ["MENTION_KEY", "MENTION_MARGIN", "held_by_mention", "mention_held", "mention_reason"]

MENTION_MARGIN: float | None = None
"""A destroyer is held when the request's best cosine to its mentions exceeds its best cosine to its asks by more
than this (None: mentions are not read). Off: ``benchmarks/choose_mention_margin.py`` (the 24 development
registries with mentions, each left out in turn) found no margin that helps. At 0.0 destructive tools sent outside
the gold fall from 19 to 12, but destroy requests left without their tool rise from 21 to 68; at 0.12, 19 and 31;
every left-out registry chose none. A polite or terse destroy request ("could you refund the 500 deposit for room
1203 please?") sits as close to a mention of its act as a question about it does."""

MENTION_KEY = "by_mention"
"""The value of the guard's left-out note naming the tools held as mentioned (``route.held_for``)."""

_EXCERPT = 60
"""The most characters of the nearest mention the note quotes."""


def mentioned_over(sims: Similarities | None, position: int) -> float | None:
    """The request's best cosine to the tool's mentions less its best to the tool's asks; None: no mentions."""
    if sims is None or sims.mention is None or not np.isfinite(sims.mention[position]):
        return None
    asks = [float(v[position]) for v in (sims.destroy, sims.plain) if v is not None]
    best = max(asks, default=-np.inf)
    return float(sims.mention[position]) - best if np.isfinite(best) else float(sims.mention[position])


def mention_held(
    snapshot: Snapshot,
    sims: Similarities | None,
    tools: Sequence[ToolSpec],
    destructive: NDArray[np.bool_],
    margin: float | None = None,
) -> NDArray[np.bool_]:
    """One row like ``destructive``: the destroyers whose mentions the request sits closer to (``MENTION_MARGIN``)."""
    bar = MENTION_MARGIN if margin is None else margin
    out = np.zeros_like(destructive)
    if bar is None or sims is None or sims.mention is None:
        return out
    for j, tool in enumerate(tools):
        position = snapshot.position.get(tool.name)
        if not bool(destructive[0, j]) or position is None:
            continue
        over = mentioned_over(sims, position)
        out[0, j] = over is not None and over > bar
    return out


def mention_reason(snapshot: Snapshot, names: Collection[str], vector: NDArray[np.float32] | None) -> str:
    """What the guard's note says of the tools held as mentioned: each with an excerpt of its nearest mention."""
    shown = []
    for name in names:
        position = snapshot.index_position.get(name)
        text = "" if vector is None or position is None else snapshot.index.nearest_mention(position, vector)
        shown.append(f"{name}: {one_line(text, _EXCERPT)!r}" if text else name)
    return "a mention of its act, not an ask for it (the nearest of its mentions: " + "; ".join(shown) + ")"


def held_by_mention(notes: Sequence[object]) -> set[str]:
    """The tools a selection's guard note says were held as mentioned (``MENTION_KEY``)."""
    out: set[str] = set()
    for note in notes:
        if isinstance(note, Note) and note.kind is NoteKind.DESTRUCTIVE_LEFT_OUT:
            out.update(note.values.get(MENTION_KEY, ()))
    return out
