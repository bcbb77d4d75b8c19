"""A value in the parameter's form carries a chain's need, on the dev registries: off (as before) or on.

    python benchmarks/chain_forms.py [--set queries|questions|both] [--out FILE]

A chain brings the producer of an id a selected tool needs unless the request carries a value
for it (``_pipeline/chains.py``, ``carried``). ``FORMS`` on adds two ways a request carries one:
a value of the shape the parameter's description gives as its example ("Customer account number,
e.g. 3100-428817": ``Need.form``), anywhere in the request, and digits in groups (``3100-428817``)
right after the word naming the value ("on account 3100-428817"). Off: neither (as before).

Every ``dev_*`` registry (``guard_grid.dev_rows``), with the shipped preset, without and with its
tool profiles, summed per registry:

* ``served``: tool requests sent every gold tool; ``hits``: gold tools sent, summed;
* ``brought``: producers a chain brought, summed; ``brought_outside``: of those, the ones outside
  the request's gold;
* ``tools``: tools sent, summed (``Selection.names``).

The rule: the most served, then the most hits, then the fewest producers brought outside the
gold, then the fewest tools sent; ties go to the grid's first point (off: as before). It is applied
to all registries and to each left out in turn (chosen on the others, its counts shown).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from chain_writers import GRID, Table, chain_key, chained, count_served, measure_switch
from guard_grid import SETS, dev_rows, left_out
from profile_rows import ROOT, Row

from toolfilter_core import ToolFilter

COUNTS = ("tool_requests", "served", "hits", "brought", "brought_outside", "tools")


def counts(row: Row, tf: ToolFilter, seen: list[str]) -> dict[str, int]:
    """The counts of one filter over the row's requests; each request whose chain brought a producer, to ``seen``."""
    out = dict.fromkeys(COUNTS, 0)
    for q in row.queries:
        selection = tf.select(q.query)
        names = set(selection.names)
        brought = chained(selection)
        out["brought"] += len(brought)
        out["brought_outside"] += len(brought - set(q.gold))
        if brought:
            seen.append(f"{row.name} {q.id} {q.query[:60]!r}: {', '.join(sorted(brought))} (gold {', '.join(q.gold)})")
        count_served(out, q.gold, names)
    return out


def measure(selected: list[Row], seen: dict[bool, list[str]]) -> Table:
    """Per registry and grid point, the counts over its runs without and with profiles (``seen``: per point)."""
    return measure_switch(selected, "FORMS", COUNTS, lambda row, tf, on: counts(row, tf, seen.setdefault(on, [])))


def key(table: Table, names: list[str], point: tuple[bool]) -> tuple[int, ...]:
    """The rule's order for ``point`` summed over ``names`` (smallest first)."""
    return chain_key(table, names, point, "brought_outside")


def label(point: tuple[bool]) -> str:
    return f"FORMS {'on' if point[0] else 'off'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=SETS, default="both", help="which requests of each dev registry")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "chain_forms.json"))
    args = parser.parse_args()
    seen: dict[bool, list[str]] = {}
    table = measure(dev_rows(args.set), seen)
    names = list(table)
    changed = sorted(set(seen.get(False, [])) ^ set(seen.get(True, [])))
    print("chains that differ between off and on (runs without and with profiles):", *changed, sep="\n  ")
    for point in GRID:
        summed = {k: sum(table[n][point][k] for n in names) for k in COUNTS}
        print(f"{label(point):<10} {summed}")
    chosen = min(GRID, key=lambda p: key(table, names, p))
    print(f"chosen on all: {label(chosen)}")
    report: dict[str, Any] = {"chosen": list(chosen), "set": args.set, "differ": changed}
    report["left_out"] = left_out(
        table, names, lambda kept: min(GRID, key=lambda p: key(table, kept, p)), label, (False,)
    )
    report["table"] = {n: {label(p): v for p, v in t.items()} for n, t in table.items()}
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
