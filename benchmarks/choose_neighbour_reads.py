"""Choose whether a read holds its profile neighbours and whether everyday call-offs ask, each dev registry left out.

    python benchmarks/choose_neighbour_reads.py [--per 400] [--out benchmarks/results/neighbour_reads.json]

Issue #32 item 12 ("a destructive tool enters a set only for a request that asks for its act").
With profiles, "status of rental booking RB-5512" sat closest to a destroy-asking profile request
("cancel rental booking RB-771": the object and the id pattern shared) and so asked to destroy
(``destroy_ask.by_neighbours``). And "租车单R-5512撤了吧", "RB-5512 算了，不租了", "把会员退了" said
no destroy word of ``_hints``. Two switches, four points:

* ``destroy_ask.READS_HOLD_NEIGHBOURS``: a request that says a read ("status of", "show me",
  查一下, 状态; ``destroy_ask.says_a_read``) and no destroy word is not a destroy ask by its
  profile neighbours;
* ``_hints.EVERYDAY_STOPS``: everyday call-offs (撤了, 把…退了, a clause ending 不+verb+了,
  "wants out of") are destroy words.

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets (terse, acts), its
``<name>_questions.jsonl`` and its ``<name>_reads.jsonl`` where it has one (terse reads naming an
object and an id, ``kind`` terse_read; everyday call-offs, everyday_destroy), without and with
its profiles, through the real pipeline; the counts are summed per registry. The rule is
``guard_grid``'s: among the points that serve as many tool requests as the reference (both
off, the rule before) within one in ``--per``, the fewest guard errors (destructive tools
outside the gold plus destroy requests not sent their tool), then the most served, then the
fewest outside the gold, then the first in the grid's order (the reference first: a switch
that changes nothing stays off). Then each dev registry is left out, the choice made on the
others and scored on it. Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from choose_state_questions import request_sets
from guard_grid import fewest_errors, left_out, measure_grid, total, write_report
from profile_rows import DATA, ROOT, Row, rows

from toolfilter_core import get_embedder, read_queries, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")
hints = importlib.import_module("toolfilter_core._hints")
Point = tuple[bool, bool]
GRID: list[Point] = [(False, False), (True, False), (False, True), (True, True)]
REFERENCE: Point = (False, False)


def read_sets() -> list[Row]:
    """Each dev registry's ``<name>_reads.jsonl``, named for its registry, with its kinds."""
    out = []
    for row in rows():
        path = DATA / f"{row.name}_reads.jsonl"
        if row.name.startswith("dev_") and path.exists():
            lines = path.read_text(encoding="utf-8").splitlines()
            kinds = {str(r["id"]): str(r["kind"]) for r in map(json.loads, lines)}
            out.append(Row(row.name, row.role, row.tools, read_queries(path), row.profiles, row.lenient, kinds))
    return out


def label(point: Point) -> str:
    """A grid point in words."""
    reads, everyday = point
    return f"reads hold neighbours {'on' if reads else 'off'}, everyday call-offs {'on' if everyday else 'off'}"


def set_point(point: Point) -> None:
    """Read "asks to destroy" as ``point`` says."""
    destroy_ask.READS_HOLD_NEIGHBOURS, hints.EVERYDAY_STOPS = point


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""
    return fewest_errors(table, names, GRID, REFERENCE, per)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "neighbour_reads.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    reads = read_sets()
    table = measure_grid(GRID, set_point, embedder, request_sets() + reads)
    reads_only = measure_grid(GRID, set_point, embedder, reads)
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<56}", total(table, names, p), "reads sets alone", total(reads_only, sorted(reads_only), p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, REFERENCE)
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    report["reads_sets_alone"] = {label(p): total(reads_only, sorted(reads_only), p) for p in GRID}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
