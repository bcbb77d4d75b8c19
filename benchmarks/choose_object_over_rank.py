"""Choose whether a destroy request asks for its best tool's object's destroyer past the rank, each dev left out.

    python benchmarks/choose_object_over_rank.py [--per 400] [--out benchmarks/results/object_over_rank.json]

Issue #32 item 12: "王女士的每周鲜花订阅不要了" ranks ``subscription_create`` first and
``subscription_cancel`` second, and a request that asks to destroy unlocks only its best
candidate (``decide.ASKED_RANK`` 1): the destroyer was held back. ``decide.OBJECT_OVER_RANK``:
where the best candidate is not destructive, the best-ranked destructive candidate within this
many of the best that acts on the same object (a word of both names' objects,
``objects.destroyer_of_top``) is the act asked for (1: off); ``decide.OBJECT_NAMED``: only
where the request names that destroyer's object (``objects.names_object``); ``decide.OBJECT_TOP``
``read``: only where the best candidate is a read ("kill voucher code XMAS50, it leaked on a forum"
ranks ``voucher_check`` first, ``voucher_void`` second), ``any``: any tool that is not destructive.

Every ``dev_*`` registry runs through the real pipeline (``destructive_ridealong.outcomes``),
without and with its profiles, at every point of the grid: its ``queries.jsonl``, its
``<name>_questions.jsonl`` and its terse and acts requests (``destructive_ridealong.EXTRA_SETS``),
all counted under the registry's name. The choice (``guard_grid.fewest_errors``): among the
points whose served tool requests fall short of the rule before's (``REFERENCE``, off) by at
most one in ``--per``, the fewest guard errors (``extra`` plus ``destroy_unserved``), then the
most served, then the fewest ``extra``, then the first in the grid's order (off first, then
the narrower). Then each registry is left out, the choice made on the others and scored on it;
a point other than off is kept only if some registry left out does better at it than at off
(``confirmed``): a gain that stays on the one registry it was seen on is not a rule.
Held-out registries are never read here.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
from typing import Any

from destructive_ridealong import EXTRA_SETS, question_rows
from guard_grid import fewest_errors, left_out, measure_grid, total, write_report
from profile_rows import DATA, ROOT, Row, rows

from toolfilter_core import read_queries

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
Point = tuple[int, bool, str]
GRID: list[Point] = [(1, False, "any"), *((r, n, t) for r in (2, 3, 5) for n in (True, False) for t in ("read", "any"))]
REFERENCE: Point = (1, False, "any")
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A grid point in words."""
    rank, named, top = point
    if rank <= 1:
        return "off"
    return f"within {rank}{', object named' if named else ''}{', best a read' if top == 'read' else ''}"


def set_point(point: Point) -> None:
    """Run the guard at ``point``."""
    decide.OBJECT_OVER_RANK, decide.OBJECT_NAMED, decide.OBJECT_TOP = point


def dev_sets() -> list[Row]:
    """Every dev registry's request sets, each under the registry's name."""
    dev = [r for r in rows() if r.name.startswith("dev_")]
    out = dev + question_rows(dev)
    for row in dev:
        for kind in EXTRA_SETS:
            path = DATA / f"{row.name}_{kind}.jsonl"
            if path.exists():
                out.append(dataclasses.replace(row, queries=read_queries(path), kinds=None))
    return out


def choose(table: Table, names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""
    return fewest_errors(table, names, GRID, REFERENCE, per)


def confirmed(others: dict[str, dict[str, Any]]) -> bool:
    """Some registry, left out, does better at the point chosen without it than off: fewer guard errors, or more served.

    A rule whose gain stays on the registry it was seen on (every registry left out scores as off)
    is not kept: nothing says it holds on a registry it was not chosen on.
    """
    for counts in others.values():
        at, off = counts["at"], counts["off"]
        errors_at, errors_off = at["extra"] + at["destroy_unserved"], off["extra"] + off["destroy_unserved"]
        if errors_at < errors_off or (errors_at == errors_off and at["served"] > off["served"]):
            return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "object_over_rank.json"))
    args = parser.parse_args()
    table = measure_grid(GRID, set_point, selected=dev_sets())
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<28}", total(table, names, p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, REFERENCE, key="off")
    if not confirmed(others):
        print(f"no registry left out does better at the point chosen without it than off: off, not {label(chosen)}")
        chosen = REFERENCE
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
