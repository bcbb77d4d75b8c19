"""Choose how the guard reads which act's tool a request asks for: by its id, by an act said across languages.

    python benchmarks/choose_by_id.py [--per 400] [--out benchmarks/results/by_id.json]

Issue #32 item 12, each dev registry left out. "TA-20417 作废" says an act ("作废": void or
cancel) that several destructive tools could be, and the ranking puts first one that takes
other ids (``invoice_void``: INV-…). ``decide.ASKED_BY_ID`` gives the act to the destructive
tools that take the id the request carries (``id_shapes``, ``decide.by_its_id``).
"把 #proj-atlas 频道归档" asks for ``slack__archive_channel``'s act, which is not destroying,
in the other language: ``decide.ASKED_BY_ITS_OWN_ACT`` (``_hints._OWN_ACTS``). Four points,
each off and on, over every ``dev_*`` registry and its extra request sets (``<registry>_terse.jsonl``,
``<registry>_acts.jsonl``: one unit with the registry), through the real pipeline (``destructive_ridealong.outcomes``),
without and with profiles. The rule is ``guard_grid``'s: among the points that serve as
many tool requests as off (the reference) within one in ``--per``, the fewest guard errors
(destructive tools outside the gold plus destroy requests not sent theirs), then the most
served, then the fewest outside the gold, then the first in the grid's order (off first).
Then each registry is left out, the choice made on the others and scored on it. Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from destructive_ridealong import figures, outcomes, with_terse
from guard_grid import COUNTS, errors, serving, total
from profile_rows import ROOT, build, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
Point = tuple[bool, bool]
"""``ASKED_BY_ID``, ``ASKED_BY_ITS_OWN_ACT``."""
GRID: list[Point] = [(False, False), (False, True), (True, False), (True, True)]
REFERENCE: Point = (False, False)
Table = dict[str, dict[Point, dict[str, int]]]


def measure() -> Table:
    """Per dev registry (its terse requests with it) and point: the counts over both runs."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    for row in with_terse([r for r in rows() if r.name.startswith("dev_")]):
        unit = row.name.removesuffix("_terse").removesuffix("_acts")
        cells = table.setdefault(unit, {p: dict.fromkeys(COUNTS, 0) for p in GRID})
        for profiled in (False, True):
            tf = build(row, base, embedder, profiled=profiled)
            for point in GRID:
                decide.ASKED_BY_ID, decide.ASKED_BY_ITS_OWN_ACT = point
                found = figures(outcomes(row, tf))
                for k in COUNTS:
                    cells[point][k] += found[k]
        print(row.name, {str(p): cells[p] for p in GRID}, flush=True)
    decide.ASKED_BY_ID, decide.ASKED_BY_ITS_OWN_ACT = True, True
    return table


def choose(table: Table, names: list[str], per: int) -> Point:
    """The rule of the module docstring on ``names``."""
    allowed = serving(table, names, GRID, REFERENCE, per)
    return min(allowed, key=lambda p: (*errors(total(table, names, p)), GRID.index(p)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "by_id.json"))
    args = parser.parse_args()
    table = measure()
    names = sorted(table)
    chosen = choose(table, names, args.per)
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": {}, "table": {}}
    for name in names:
        report["table"][name] = {str(p): table[name][p] for p in GRID}
        point = choose(table, [n for n in names if n != name], args.per)
        at, before = table[name][point], table[name][REFERENCE]
        report["leave_one_out"][name] = {"point": list(point), "at": at, "reference": before}
        print(f"{name:<26} left out: chosen {point}; guard errors {errors(before)[0]} -> {errors(at)[0]}")
    print("chosen on every dev registry:", chosen, {str(p): total(table, names, p) for p in GRID})
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
