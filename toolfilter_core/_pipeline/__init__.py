"""The selection pipeline of DESIGN.md: five steps, each a function of the one before.

::

    read      the request, its asks and its conversation as vectors; cosines to every tool
    gate      policy, allow/block (who may use which tool); the tool a request names exactly
    rank      the pool (embedding top-N and BM25 top-N), each ask's best tools, the scores
    decide    every verdict: no tool, no tool fits, widen, the destructive guard, each ask's keep
    assemble  the caller's max_tools cap; the decided tools and those a selection brings
              (always_include, sticky): the Selection

``select`` below strings them together; the modules they call (``request``, ``vectors``,
``candidates``, ``scoring``, ``asks``, ``abstain``, ``own_action``, ``route``, ``plain``)
each hold one piece. ``toolfilter fit`` calls ``scoring.combine_rows`` and
``decide.decide_rows`` for every config it tries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from .._config import ToolFilterConfig
from .._embedders import Embedder
from .._snapshot import Snapshot
from .._types import Selection
from .assemble import assemble, capped
from .decide import decide
from .gates import gate
from .rank import rank
from .read import read
from .request import Request
from .vectors import TurnCache
from .warm import warm_runs

__all__ = ["select", "warm_up"]


def select(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    embedder: Embedder,
    request: Request,
    *,
    turns: TurnCache,
    phrases: Callable[[], NDArray[np.float32] | None],
    extra_notes: Sequence[str] = (),
) -> Selection:
    """Run the five steps for one checked request against one snapshot.

    ``turns``: the cache of earlier turns' vectors. ``phrases``: the no-tool phrases'
    vectors, embedded on first use. ``extra_notes``: appended to the selection's notes.
    """
    reading = read(snapshot, config, embedder, request, turns, phrases)
    gated = gate(snapshot, config, reading)
    ranking = rank(snapshot, config, gated)
    decision = capped(decide(snapshot, config, ranking))
    return assemble(snapshot, config, decision, extra_notes)


def warm_up(
    snapshot: Snapshot,
    config: ToolFilterConfig,
    embedder: Embedder,
    phrases: Callable[[], NDArray[np.float32] | None],
) -> None:
    """What ``snapshot``'s first selection would work out on first use, now (``warm``); nothing of the runs is kept.

    ``embedder``: the filter's; ``phrases``: the no-tool phrases' vectors, as ``select`` takes them.
    """
    rows_embedder, requests = warm_runs(snapshot, config, embedder)
    turns = TurnCache()  # the runs' own: a caller's next turn finds none of these requests
    for request in requests:
        select(snapshot, config, rows_embedder, request, turns=turns, phrases=phrases)
