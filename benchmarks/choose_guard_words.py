"""Choose what lets a destructive tool in besides the request asking for its act, each dev registry left out.

    python benchmarks/choose_guard_words.py [--out benchmarks/results/guard_words.json]

Issue #32 item 12, second part. Three questions, one grid, every ``dev_*`` registry run
through the real pipeline (``destructive_ridealong.outcomes``), without and with its
profiles:

* ``SCORE_UNLOCKS`` (``decide``): does a destructive tool that scores like a confident pick
  enter whether or not the request asks for its act (the rule before: yes)?
* ``SAID_IN`` (``act_words``): a destructive tool's users' words, the words of its profile
  requests that no tool that is not destructive says, must come back in this many of its
  requests (0: none are read; the rule before);
* a Chinese destroy request whose English-named tool does not rank first: unlock, when the
  request asks to destroy, the best-ranked destructive candidate if it sits within the best
  2 or 3 (``first 2``, ``first 3``), or the best-ranked one whose users' words the request
  says wherever it ranks (``first said``); ``none`` adds nothing. These three are measured
  here only (a wrapper of ``decide.route_rows``): none is in the library.

The choice on a set of registries is ``choose_asked_rank``'s: among the points whose served
tool requests (both runs pooled) fall short of the rule before's by at most one in
``--per`` (400), the fewest guard errors (``extra`` plus ``destroy_unserved``), then the most
served, then the fewest ``extra``, then the first in the grid's order. Then each registry is
left out, the choice made on the others and scored on it. Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

import numpy as np
from guard_grid import errors, left_out, measure_grid, serving, total, write_report
from profile_rows import ROOT

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not the function of that name
act_words = importlib.import_module("toolfilter_core._pipeline.act_words")
EXTRAS = ("none", "first 2", "first 3", "first said")
GRID = [(u, s, e) for u in (True, False) for s in (0, 1, 2, 3) for e in EXTRAS if not (s == 0 and e == "first said")]
BEFORE = (True, 0, "none")
Point = tuple[bool, int, str]
Table = dict[str, dict[Point, dict[str, int]]]
_SEEN: dict[str, Any] = {}
"""The last ``decide_rows`` call's arguments, by name."""
_EXTRA = ["none"]
_ROUTE_ROWS = decide.route_rows
_DECIDE_ROWS = decide.decide_rows


def label(point: Point) -> str:
    """A grid point in words."""
    unlocks, said_in, extra = point
    return f"score unlocks {'yes' if unlocks else 'no'}, users' words {said_in or 'off'}, {extra}"


def _decide_rows(*args: Any, **kwargs: Any) -> Any:
    """``decide.decide_rows``, keeping what the extra unlock needs."""
    names = ("score", "survivor", "category_rank", "clause_top", "routing", "destructive", "asks_to_destroy")
    _SEEN.clear()
    _SEEN.update(zip(names, args, strict=False), **kwargs)
    return _DECIDE_ROWS(*args, **kwargs)


def _route_rows(
    score: Any, survivor: Any, category_rank: Any, routing: Any, confident: Any, unasked: Any, *rest: Any
) -> Any:
    """``decide.route_rows``, with the grid point's extra unlock taken off ``unasked``."""
    extra, destructive, asks = _EXTRA[0], _SEEN.get("destructive"), _SEEN.get("asks_to_destroy")
    if unasked is not None and extra != "none" and destructive is not None and asks is not None:
        if extra == "first said":
            said = _SEEN.get("users_words")
            said = np.zeros_like(destructive) if said is None else said
            first = said & (np.cumsum(said, axis=1) == 1)
        else:
            first = destructive & (np.cumsum(destructive, axis=1) == 1)
            first &= np.arange(score.shape[1])[None, :] < int(extra.split()[1])
        unasked = unasked & ~(asks[:, None] & first)
    return _ROUTE_ROWS(score, survivor, category_rank, routing, confident, unasked, *rest)


def set_point(point: Point) -> None:
    """Run the guard at ``point``."""
    decide.SCORE_UNLOCKS, act_words.SAID_IN, _EXTRA[0] = point
    decide.decide_rows, decide.route_rows = _decide_rows, _route_rows


def choose(table: Table, names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""

    def key(p: Point) -> tuple[int, int, int, int]:
        return (*errors(total(table, names, p)), GRID.index(p))

    return min(serving(table, names, GRID, BEFORE, per), key=key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "guard_words.json"))
    args = parser.parse_args()
    table = measure_grid(GRID, set_point)
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<52}", total(table, names, p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, BEFORE, key="before")
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
