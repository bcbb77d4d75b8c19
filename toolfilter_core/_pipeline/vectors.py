"""Stage 3, the request's vectors: the whole request blended with earlier turns, and each clause."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._ask import find_ask
from .._clauses import CLAUSE_MAX_TOOLS, MIN_CLAUSE_CHARS, split_clauses
from .._config import ToolFilterConfig
from .._embedders import Embedder

__all__ = ["RequestVectors", "TurnCache", "request_vectors"]


@dataclass(frozen=True, slots=True)
class RequestVectors:
    """What the request is matched by."""

    whole: NDArray[np.float32]
    """The request's vector, blended with earlier turns (``HISTORY_WEIGHT``)."""
    clauses: NDArray[np.float32]
    """One row per clause (none when clause matching is off or the request is one clause)."""
    clause_texts: tuple[str, ...] = ()
    """The clauses, in the order of ``clauses``."""
    own: NDArray[np.float32] | None = None
    """The request's vector before the blend (None: not blended, ``whole``)."""

    @property
    def own_words(self) -> NDArray[np.float32]:
        """The request's own vector, unblended: what the guard reads an act asked by (``decide``).

        "Tom is sick on Sunday, take his shift off" after "who's on the rota at Central this week?": the blend with
        the earlier read took the request's lean to destroy away, and ``staff_shift_remove`` was held.
        """
        return self.whole if self.own is None else self.own

    @property
    def matchers(self) -> NDArray[np.float32]:
        """What a tool's "matched" text is judged by: the request and its clauses."""
        return np.vstack([self.whole, self.clauses]) if len(self.clauses) else self.whole

    def by_clause(self) -> dict[str, NDArray[np.float32]]:
        """Each clause's vector by its text."""
        return dict(zip(self.clause_texts, self.clauses, strict=True))


class TurnCache:
    """Vectors of earlier turns, shared by every selection of one ``ToolFilter``.

    Thread-safe: a selection reads the rows it needs into its own dict, so a clear by
    another thread never takes a row from under it.
    """

    _LIMIT = 256

    def __init__(self) -> None:
        self._rows: dict[str, NDArray[np.float32]] = {}
        self._lock = threading.Lock()

    def rows(self, embedder: Embedder, texts: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """The vector of each text, embedding only those not seen before."""
        with self._lock:
            found = {t: self._rows[t] for t in texts if t in self._rows}
        missing = [t for t in texts if t not in found]
        if missing:
            embedded = dict(zip(missing, embedder.embed_queries(missing), strict=True))
            found.update(embedded)
            with self._lock:
                if len(self._rows) > self._LIMIT:
                    self._rows.clear()
                self._rows.update(embedded)
        return found


HISTORY_WEIGHT = 0.3
"""Weight of the earlier turns (``history_turns``) against the last message when they are blended
into the request's vector. Not chosen by a script and never moved by any page; a setting until
0.10 (``history_turns: 0`` still selects on the last message alone)."""
CLAUSE_MATCHING = True
"""Each clause of a request of several is embedded too (off in plain mode): it raised recall on
every public set measured (docs/scoring.md, "Asks"). A setting until 0.10; the seed system of the
benchmarks (benchmarks/harness/systems.py) turns it off to reproduce the seed."""


def request_vectors(
    config: ToolFilterConfig,
    embedder: Embedder,
    query: str,
    context: Sequence[str],
    tools: int,
    turns: TurnCache,
) -> RequestVectors:
    """The request's vector (blended with earlier turns) and its clauses' vectors, one embed call.

    ``tools``: the registry's size; above ``CLAUSE_MAX_TOOLS`` clauses are not matched.
    """
    matching = config.enabled and CLAUSE_MATCHING and tools <= CLAUSE_MAX_TOOLS
    clauses = split_clauses(query, MIN_CLAUSE_CHARS) if matching else []
    rows = embedder.embed_queries([query, *clauses])
    vector, clause_vectors = rows[0], np.asarray(rows[1:], dtype=np.float32)
    earlier = (
        [_own_words(t) for t in context if isinstance(t, str) and t.strip()][-config.history_turns :]
        if config.history_turns
        else []
    )
    weight, own = HISTORY_WEIGHT, None
    if earlier and weight > 0:
        own = np.asarray(vector, dtype=np.float32)
        found = turns.rows(embedder, earlier)
        past = np.mean([found[t] for t in earlier], axis=0)
        vector = (1.0 - weight) * vector + weight * past
        vector = vector / max(float(np.linalg.norm(vector)), 1e-12)
    return RequestVectors(np.asarray(vector, dtype=np.float32), clause_vectors, tuple(clauses), own)


_PASTE_CONTEXT = 300  # an earlier turn of pasted material alone counts by its start


def _own_words(turn: str) -> str:
    """An earlier turn as context: its ask without pasted material (``find_ask``), or the start of a paste."""
    ask = find_ask(turn)
    if not ask.pasted:
        return turn
    return ask.text if ask.text.strip() else turn[:_PASTE_CONTEXT]
