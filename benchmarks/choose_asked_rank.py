"""Choose how the destructive guard reads "asks to destroy", and re-choose it leaving each dev registry out.

    python benchmarks/choose_asked_rank.py [--out benchmarks/results/asked_rank.json]

The guard (``decide.decide_rows``) lets a destructive candidate into a selection that asks to
destroy only when it is among the request's best ``ASKED_RANK`` candidates or an ask's best
tool, or (``ASKED_BY_ITS_VERB``) wherever it ranks when the request says its own verb
("delete ..." for ``delete_file``); ``GUARD_CONFIDENT_WITHOUT_PROFILES`` says whether it holds
in confident selections of a registry without profiles too. Every ``dev_*`` registry is run through the real pipeline
(``destructive_ridealong.outcomes``), without and with its profiles, at every point of the
grid (``ASKED_RANK`` "all" is the rule before: any destructive candidate of a request that
asks to destroy). The choice on a set of registries: among the points whose served tool
requests (both runs pooled) fall short of the rule before's by at most one in
``--per`` (400), the fewest guard errors (destructive tools sent outside the gold,
``extra``, plus destroy requests not sent their destructive tool, ``destroy_unserved``),
then the most served, then the fewest ``extra``, then the loosest point. Then each
registry is left out, the choice made on the others and scored on it. Held-out registries
are never read here.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from guard_grid import errors, left_out, measure_grid, serving, total, write_report
from profile_rows import ROOT

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not the function of that name
RANKS = [1, 2, 3, 5, 10**6]
GRID = [(r, c, v) for r in RANKS for c in (False, True) for v in (False, True)]
BEFORE = (10**6, False, False)
Point = tuple[int, bool, bool]
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A grid point in words."""
    rank, confident, verb = point
    where = "always" if confident else "profiles"
    return f"rank {'all' if rank >= 10**6 else rank}, confident {where}, its verb {'yes' if verb else 'no'}"


def set_point(point: Point) -> None:
    """Run the guard at ``point``."""
    decide.ASKED_RANK, decide.GUARD_CONFIDENT_WITHOUT_PROFILES, decide.ASKED_BY_ITS_VERB = point


def choose(table: Table, names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""

    def key(p: Point) -> tuple[int, int, int, int, int, int]:
        return (*errors(total(table, names, p)), -p[0], int(p[1]), -int(p[2]))

    return min(serving(table, names, GRID, BEFORE, per), key=key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "asked_rank.json"))
    args = parser.parse_args()
    table = measure_grid(GRID, set_point)
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<48}", total(table, names, p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, BEFORE, key="before")
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
