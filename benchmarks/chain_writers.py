"""A writer as a chain's producer on the dev registries: brought for any request, or only when asked for.

    python benchmarks/chain_writers.py [--set queries|questions|both] [--out FILE]

A chain brings the producer of an id a selected tool needs (``_pipeline/chains.py``). A maker that
books, creates, changes or deletes something (``ChainMap.writers``: ``_hints.says_writes``,
``says_destructive``, or a description opening with a making verb, "Book a home delivery slot ...")
makes the thing rather than finding it. ``WRITERS_HOLD`` off brings it like any maker (as before);
on, only for a request that says its act (``_hints.request_says_its_opening_word``).

Every ``dev_*`` registry (``guard_grid.dev_rows``: its ``queries.jsonl``, its ``<name>_questions.jsonl``
or both), with the shipped preset, without and with its tool profiles, summed per registry:

* ``served``: tool requests sent every gold tool; ``hits``: gold tools sent, summed;
* ``writers``: requests whose chain brought a writer; ``writers_outside``: of those, the writers
  outside the request's gold;
* ``tools``: tools sent, summed (``Selection.names``).

The rule: the most served, then the most hits, then the fewest writers outside the gold, then
the fewest tools sent; ties go to the grid's first point (off: as before). It is applied to all
registries and to each left out in turn (chosen on the others, its counts shown).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from guard_grid import SETS, dev_rows, left_out
from profile_rows import ROOT, Row, build

from toolfilter_core import NoteKind, ToolFilter, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline import chains

GRID: tuple[tuple[bool], ...] = ((False,), (True,))
"""``WRITERS_HOLD`` off (as before), on."""
COUNTS = ("tool_requests", "served", "hits", "writers", "writers_outside", "tools")


def counts(row: Row, tf: ToolFilter, seen: list[str]) -> dict[str, int]:
    """The counts of one filter over the row's requests; each request whose chain brought a writer, to ``seen``."""
    out = dict.fromkeys(COUNTS, 0)
    writers = tf.snapshot.chains.writers
    for q in row.queries:
        selection = tf.select(q.query)
        names = set(selection.names)
        out["tools"] += len(names)
        brought = {t for n in selection.reasons if n.kind is NoteKind.CHAINED for t in n.values["tools"]}
        wrote = brought & writers
        out["writers"] += bool(wrote)
        out["writers_outside"] += len(wrote - set(q.gold))
        if wrote:
            seen.append(f"{row.name} {q.id} {q.query[:60]!r}: {', '.join(sorted(wrote))} (gold {', '.join(q.gold)})")
        if q.gold:
            out["tool_requests"] += 1
            out["served"] += set(q.gold) <= names
            out["hits"] += len(set(q.gold) & names)
    return out


def measure(selected: list[Row], seen: list[str]) -> dict[str, dict[tuple[bool], dict[str, int]]]:
    """Per registry and grid point, the counts over its runs without and with profiles (``seen``: ``counts``)."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: dict[str, dict[tuple[bool], dict[str, int]]] = {}
    for row in selected:
        per = table.setdefault(row.name, {p: dict.fromkeys(COUNTS, 0) for p in GRID})
        for profiled in (False, True):
            for point in GRID:
                chains.WRITERS_HOLD = point[0]
                tf = build(row, base, embedder, profiled=profiled)  # a new filter: no selection carried over
                shown = seen if not point[0] else []
                for k, v in counts(row, tf, shown).items():
                    per[point][k] += v
        print(row.name, "done", flush=True)
    chains.WRITERS_HOLD = True
    return table


def key(table: dict[str, dict[tuple[bool], dict[str, int]]], names: list[str], point: tuple[bool]) -> tuple[int, ...]:
    """The rule's order for ``point`` summed over ``names`` (smallest first)."""
    c = {k: sum(table[n][point][k] for n in names) for k in COUNTS}
    return -c["served"], -c["hits"], c["writers_outside"], c["tools"], GRID.index(point)


def label(point: tuple[bool]) -> str:
    return f"WRITERS_HOLD {'on' if point[0] else 'off'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", choices=SETS, default="both", help="which requests of each dev registry")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "chain_writers.json"))
    args = parser.parse_args()
    seen: list[str] = []
    table = measure(dev_rows(args.set), seen)
    names = list(table)
    print("brought a writer with WRITERS_HOLD off (runs without and with profiles):", *seen, sep="\n  ")
    for point in GRID:
        summed = {k: sum(table[n][point][k] for n in names) for k in COUNTS}
        print(f"{label(point):<20} {summed}")
    chosen = min(GRID, key=lambda p: key(table, names, p))
    print(f"chosen on all: {label(chosen)}")
    report: dict[str, Any] = {"chosen": list(chosen), "set": args.set, "writers_brought_off": seen}
    report["left_out"] = left_out(
        table, names, lambda kept: min(GRID, key=lambda p: key(table, kept, p)), label, (False,)
    )
    report["table"] = {n: {label(p): v for p, v in t.items()} for n, t in table.items()}
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
