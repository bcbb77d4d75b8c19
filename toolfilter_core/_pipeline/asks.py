"""Each ask's best tools: a request of several asks keeps the best tool of every one.

"close PAY-12 in jira and tell #payments in slack" asks for two tools; its whole vector and
the top of its ranking lean to one of them. Each ask (``split_clauses``) is scored on its
own, the way a request is (``scoring.score``: its cosines, its BM25, its argument values,
the server it names). Deciding (``decide.decide_rows``) keeps each ask's best tool beside the routed
ones, and each ask's runner-up while the selection holds fewer than ``top_k`` plus one
tool an ask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._arguments import argument_fit, request_kinds
from .._config import SIGNALS
from .._signals import clamp01, combine_rows
from .._snapshot import Snapshot
from .candidates import top_indices
from .claims import cap_arguments
from .scoring import signal_rows

__all__ = ["AskTops", "ask_tops"]

ASK_WEIGHTS = {"embed": 1.0, "support": 1.0, "bm25": 0.6, "argument": 0.3, "server": 0.3}
"""The signals an ask is ranked by (``scoring``'s, the server one being ``category`` for a
server the ask names), weighted as the shipped preset weighs them."""
# in SIGNALS order; the server an ask names is the category signal, as in scoring
_WEIGHTS = np.array(
    [{**ASK_WEIGHTS, "category": ASK_WEIGHTS["server"]}.get(name, 0.0) for name in SIGNALS], dtype=np.float64
)
_POOL = 20

DEPTH = 2
"""How many of each ask's best tools routing may keep: the best, always; the runner-up
within the budget."""


@dataclass(frozen=True, slots=True)
class AskTops:
    """Each ask's best tools, by rank."""

    best: frozenset[str] = frozenset()
    """Each ask's best tool."""
    runner_up: frozenset[str] = frozenset()
    """Each ask's second best, when it is no ask's best."""
    asks: int = 0
    """How many asks the request holds (0: one, not cut)."""
    said: tuple[tuple[str, str], ...] = ()
    """(an ask's best tool, the ask's text), for the notes to name the ask."""

    def rank(self, name: str) -> int:
        """1 for an ask's best tool, 2 for a runner-up, else 0."""
        return 1 if name in self.best else 2 if name in self.runner_up else 0


def ask_tops(
    snapshot: Snapshot,
    per_clause: NDArray[np.float32],
    clauses: Sequence[str],
    second: NDArray[np.float32],
    usable: NDArray[np.bool_],
    chatter: Sequence[bool] = (),
) -> AskTops:
    """The best tools of each ask among those the caller may use.

    ``chatter``: per ask, whether it reads like no tool's (``decide.chatty``): such an ask
    ("any suggestions?", "thanks in advance") keeps no tool.

    ``per_clause``: per tool and ask, the tool's best cosine to it. ``second``: the whole
    request's second-best cosines (the ``support`` signal). Each ask is scored by a fixed
    rule (``ASK_WEIGHTS``), the same for every config, so that ``toolfilter fit`` finds
    the same tops as ``select`` for every config it tries.
    """
    ranked: list[list[str]] = []
    said: list[tuple[str, str]] = []
    for j, text in enumerate(clauses):
        if j < len(chatter) and chatter[j]:
            continue
        cosines = np.where(usable, per_clause[:, j], -np.inf)
        bm25 = snapshot.bm25.scores(text)
        chosen = {i for i in top_indices(cosines, _POOL) if usable[i]}
        chosen |= {i for i in top_indices(np.where(usable, bm25, 0.0), _POOL) if usable[i] and bm25[i] > 0}
        named = snapshot.servers.named(text)
        kinds = request_kinds(text)
        order = sorted(chosen)
        rows: list[dict[str, float]] = []
        for i in order:
            row = {"embed": clamp01(float(cosines[i])), "support": clamp01(float(second[i])), "bm25": float(bm25[i])}
            if kinds:
                row["argument"] = argument_fit(kinds, snapshot.tokens[i].arguments)
            if named:
                row["category"] = float(snapshot.tools[i].category in named)
            rows.append(row)
        # a tool's claims about its arguments count as in scoring: near the ask's best match only
        cap_arguments(rows, [snapshot.domains[i] for i in order], [snapshot.tools[i].name for i in order])
        scores = combine_rows(signal_rows(rows), _WEIGHTS) if rows else np.zeros(0)
        combined = dict(zip(order, scores.tolist(), strict=True))
        best = sorted((i for i in order if combined[i] > 0), key=lambda i: (-combined[i], snapshot.tools[i].name))
        ranked.append([snapshot.tools[i].name for i in best[:DEPTH]])
        said += [(ranked[-1][0], text)] if best else []
    first = frozenset(r[0] for r in ranked if r)
    runner_up = frozenset(r[1] for r in ranked if len(r) > 1) - first
    return AskTops(first, runner_up, len(clauses), tuple(said))
