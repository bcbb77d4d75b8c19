"""Choose what the embedder sees of a profile request's example values (``member 4410``), each dev registry left out.

    python benchmarks/choose_profile_values.py [--per 400] [--out benchmarks/results/profile_values.json]

A profile request is written with concrete values (the export prompt asks for ids, dates and amounts
in the formats the parameters suggest); BM25 already reads them without their ids, but their vectors
kept them, so a request holding the same digits ("what's on order 4410") came closer to a tool whose
profile request said "member 4410" (cosine 0.51 against 0.23 with the value written ``0000``).
Three readings of a profile request's id-like runs (``_example_ids.VALUE_READINGS``): ``kept`` (the
reference, the rule before), ``zeros`` (each digit written ``0``: the same shape, no value) and
``masked`` (the run left out, as BM25 reads it).

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets and its ``<name>_questions.jsonl``
(``choose_state_questions.request_sets``) without its profiles (where the readings cannot differ: run
once) and with them, the filter built anew for each reading (the profile requests are embedded when it
is built); the counts are summed per registry, with ``gold_sent`` (gold tools sent, over all tool
requests: recall's numerator) and ``moved`` (requests sent other tools, or in another order, than at
the reference).
The rule is ``guard_grid``'s: among the readings that serve as many tool requests as the reference
within one in ``--per``, the fewest guard errors, then the most served, then the fewest destructive
tools outside the gold, then the most gold tools sent; then a reading under which no invented value is
embedded before the reference (a value a model made up is no evidence), then the fewest ``moved``,
then the first in ``GRID``'s order.
Then each dev registry is left out, the choice made on the others and scored on it. Held-out
registries are never read.
"""

from __future__ import annotations

import importlib

from choose_id_reading import recall, tally
from choose_state_questions import request_sets
from destructive_ridealong import outcomes
from guard_grid import COUNTS, errors, run_chooser, serving, total
from profile_rows import ROOT, build

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

example_ids = importlib.import_module("toolfilter_core._example_ids")
Point = tuple[str]
GRID: list[Point] = [("zeros",), ("masked",), ("kept",)]
REFERENCE: Point = ("kept",)
KEYS = (*COUNTS, "gold_sent", "gold", "moved")
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A reading in words."""
    return f"profile values: {point[0]}"


def measure() -> Table:
    """Per dev registry and reading: the counts over its request sets and both runs."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    shipped = example_ids.PROFILE_VALUES
    for row in request_sets():
        cells = table.setdefault(row.name, {p: dict.fromkeys(KEYS, 0) for p in GRID})
        for profiled in (False, True):
            found = {}
            for point in GRID:
                example_ids.PROFILE_VALUES = point[0]
                if profiled or point == GRID[0]:
                    found[point] = outcomes(row, build(row, base, embedder, profiled=profiled))
                else:
                    found[point] = found[GRID[0]]  # no profile request embedded: the readings agree
            tally(cells, found, REFERENCE)
        print(row.name, "done", flush=True)
    example_ids.PROFILE_VALUES = shipped
    return table


def choose(table: Table, names: list[str], per: int) -> Point:
    """The rule of the module docstring on ``names``."""
    allowed = serving(table, names, GRID, REFERENCE, per) or [REFERENCE]

    def key(p: Point) -> tuple[int, ...]:
        sent, moved = (sum(table[n][p][k] for n in names) for k in ("gold_sent", "moved"))
        return (*errors(total(table, names, p)), -sent, p == REFERENCE, moved, GRID.index(p))

    return min(allowed, key=key)


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "profile_values.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose, 24, recall)


if __name__ == "__main__":
    raise SystemExit(main())
