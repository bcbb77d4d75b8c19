"""Choose how BM25 reads an id's digits (``INV-5521``), each dev registry left out.

    python benchmarks/choose_id_reading.py [--per 400] [--out benchmarks/results/id_reading.json]

A request naming booking BK-5521 shared the token 5521 with a tool whose text carried INV-5521
(a description's example value; a profile request's ids were already masked for BM25). Three
readings of an id the tokenizer splits into letters and digits (``_id_words.READINGS``): ``digits``
(the reference, the rule before), ``whole`` (its letters, and the id as one word: only the same id
matches its digits) and ``letters`` (its letters alone), each in the tools' texts and the request.

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets and its ``<name>_questions.jsonl``
(``choose_state_questions.request_sets``), without and with its profiles, through the real pipeline,
the filter built anew for each reading (BM25 reads the tools' texts when it is built); the counts are
summed per registry, with ``gold_sent`` (gold tools sent, over all tool requests: recall's numerator).
The rule is ``guard_grid``'s: among the readings that serve as many tool requests as the reference
within one in ``--per``, the fewest guard errors, then the most served, then the fewest destructive
tools outside the gold, then the most gold tools sent, then the first in ``GRID``'s order. The order
puts the readings that never match an id's digits alone first (``whole``, which still matches the
same whole id, then ``letters``): where the dev sets cannot tell them apart, the issue's case decides.
Then each dev registry is left out, the choice made on the others and scored on it. Held-out
registries are never read.
"""

from __future__ import annotations

import importlib
from typing import Any

from choose_state_questions import request_sets
from destructive_ridealong import figures, outcomes
from guard_grid import COUNTS, errors, run_chooser, serving, total
from profile_rows import ROOT, build

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

id_words = importlib.import_module("toolfilter_core._id_words")
Point = tuple[str]
GRID: list[Point] = [("whole",), ("letters",), ("digits",)]
REFERENCE: Point = ("digits",)
KEYS = (*COUNTS, "gold_sent", "gold")
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A reading in words."""
    return f"ids read: {point[0]}"


def measure() -> Table:
    """Per dev registry and reading: the counts over its request sets and both runs."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    shipped = id_words.ID_READING
    for row in request_sets():
        cells = table.setdefault(row.name, {p: dict.fromkeys(KEYS, 0) for p in GRID})
        for profiled in (False, True):
            for point in GRID:
                id_words.ID_READING = point[0]
                found = outcomes(row, build(row, base, embedder, profiled=profiled))
                counts = figures(found)
                for k in COUNTS:
                    cells[point][k] += counts[k]
                cells[point]["gold_sent"] += sum(len(set(o.gold) & set(o.sent)) for o in found)
                cells[point]["gold"] += sum(len(set(o.gold)) for o in found)
        print(row.name, "done", flush=True)
    id_words.ID_READING = shipped
    return table


def choose(table: Table, names: list[str], per: int) -> Point:
    """The rule of the module docstring on ``names``."""
    allowed = serving(table, names, GRID, REFERENCE, per) or [REFERENCE]

    def key(p: Point) -> tuple[int, ...]:
        return (*errors(total(table, names, p)), -sum(table[n][p]["gold_sent"] for n in names), GRID.index(p))

    return min(allowed, key=key)


def recall(table: Table, names: list[str], point: Point) -> list[Any]:
    """Gold tools sent over gold tools, at ``point`` over ``names``: printed after its counts."""
    sent, gold = (sum(table[n][point][k] for n in names) for k in ("gold_sent", "gold"))
    return ["gold sent", f"{sent}/{gold}"]


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "id_reading.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose, 20, recall)


if __name__ == "__main__":
    raise SystemExit(main())
