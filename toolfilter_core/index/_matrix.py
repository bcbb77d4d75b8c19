"""The in-memory search matrix: one row per stored vector, grouped by tool, stuffed triggers ignored."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._types import ToolSpec
from ._layout import EXAMPLE_KIND
from ._records import Record

__all__ = ["SearchRows", "ignore_foreign_triggers", "search_rows"]

logger = logging.getLogger("toolfilter")


@dataclass(frozen=True, slots=True)
class SearchRows:
    """The vectors of the served tools, as ``ToolIndex`` searches them."""

    matrix: NDArray[np.float32]
    owner: NDArray[np.int64]
    """Per row, the position of its tool."""
    texts: list[str]
    """Per row, the stored text (the description for a doc row)."""
    starts: NDArray[np.int64]
    """Per tool, its first row (rows are grouped by tool, in tool order)."""
    learned: NDArray[np.bool_]
    """Per row, an example learned from use."""
    foreign: NDArray[np.bool_]
    """Per row, a trigger left out of the search (``ignore_foreign_triggers``)."""
    one_per_tool: bool
    """One vector per tool, in tool order: a tool's cosine is its best, second and authored."""


def search_rows(tools: Sequence[ToolSpec], rows: Sequence[Record], owner: Sequence[int]) -> SearchRows:
    """Stack the records' vectors (grouped by tool) and ignore foreign triggers, logging them."""
    if rows:
        matrix = np.ascontiguousarray(
            np.vstack([r.embedding for r in rows if r.embedding is not None]), dtype=np.float32
        )
    else:
        matrix = np.zeros((0, 0), dtype=np.float32)
    owners = np.array(owner, dtype=np.int64)
    texts = [
        tools[i].description if r.metadata.get("kind") == "doc" else r.document
        for r, i in zip(rows, owner, strict=True)
    ]
    starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]]) if rows else np.zeros(0, dtype=np.int64)
    learned = np.array([r.metadata.get("kind") == EXAMPLE_KIND for r in rows], dtype=bool)
    triggers = np.array([r.metadata.get("kind") == "trigger" for r in rows], dtype=bool)
    foreign = ignore_foreign_triggers(matrix, owners, starts, triggers)
    for position, count in sorted(Counter(owners[foreign].tolist()).items()):
        logger.warning(
            "toolfilter: tool %r: %d of its triggers sit closer to other tools' descriptions and are ignored",
            tools[position].name,
            count,
        )
    one_per_tool = bool(np.array_equal(owners, np.arange(len(tools))))
    return SearchRows(matrix, owners, texts, starts, learned, foreign, one_per_tool)


# A trigger closer than this to another tool's description than to its own tool's, and at
# least _FOREIGN_FLOOR close to it, describes another tool: it is left out of the search.
_FOREIGN_MARGIN = 0.1
_FOREIGN_FLOOR = 0.6
_FOREIGN_CELLS = 2**22  # cosines computed at once (16 MB): about 80 triggers at a time over 50,000 tools


def ignore_foreign_triggers(
    matrix: NDArray[np.float32], owner: NDArray[np.int64], starts: NDArray[np.int64], triggers: NDArray[np.bool_]
) -> NDArray[np.bool_]:
    """Zero the rows of triggers that describe another tool (stuffed triggers); return their mask.

    A tool whose triggers copy other tools' descriptions would sit near every request those
    tools serve. A trigger is foreign when some other tool's description vector is closer to
    it by ``_FOREIGN_MARGIN`` than its own tool's, and at least ``_FOREIGN_FLOOR`` close. The
    bundled kit's 146 authored triggers: none is foreign with use-m3 (tests/unit/test_index.py
    checks it with the hashing embedder).
    """
    foreign = np.zeros(len(owner), dtype=bool)
    rows = np.flatnonzero(triggers)
    if not len(rows) or len(starts) < 2:
        return foreign
    docs = matrix[starts]
    step = max(1, _FOREIGN_CELLS // len(starts))
    for begin in range(0, len(rows), step):
        chunk = rows[begin : begin + step]
        cos = matrix[chunk] @ docs.T  # (triggers, tools)
        own = cos[np.arange(len(chunk)), owner[chunk]]
        cos[np.arange(len(chunk)), owner[chunk]] = -np.inf
        other = cos.max(axis=1)
        foreign[chunk] = (other >= own + _FOREIGN_MARGIN) & (other >= _FOREIGN_FLOOR)
    if foreign.any():
        matrix[foreign] = 0.0
    return foreign
