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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from guard_grid import SETS, dev_rows, left_out
from profile_rows import ROOT, Row, build

from toolfilter_core import NoteKind, Selection, ToolFilter, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline import chains

GRID: tuple[tuple[bool], ...] = ((False,), (True,))
"""The switch off (as before), on: ``WRITERS_HOLD`` here, ``FORMS`` in chain_forms.py."""
COUNTS = ("tool_requests", "served", "hits", "writers", "writers_outside", "tools")


def chained(selection: Selection) -> set[str]:
    """The producers a chain brought to ``selection`` (its ``CHAINED`` notes)."""
    return {t for n in selection.reasons if n.kind is NoteKind.CHAINED for t in n.values["tools"]}


def count_served(out: dict[str, int], gold: Sequence[str], names: set[str]) -> None:
    """Add one request's tools sent and, when it needs a tool, whether it was served and its gold tools sent."""
    out["tools"] += len(names)
    if gold:
        out["tool_requests"] += 1
        out["served"] += set(gold) <= names
        out["hits"] += len(set(gold) & names)


def counts(row: Row, tf: ToolFilter, seen: list[str]) -> dict[str, int]:
    """The counts of one filter over the row's requests; each request whose chain brought a writer, to ``seen``."""
    out = dict.fromkeys(COUNTS, 0)
    writers = tf.snapshot.chains.writers
    for q in row.queries:
        selection = tf.select(q.query)
        names = set(selection.names)
        wrote = chained(selection) & writers
        out["writers"] += bool(wrote)
        out["writers_outside"] += len(wrote - set(q.gold))
        if wrote:
            seen.append(f"{row.name} {q.id} {q.query[:60]!r}: {', '.join(sorted(wrote))} (gold {', '.join(q.gold)})")
        count_served(out, q.gold, names)
    return out


Table = dict[str, dict[tuple[bool], dict[str, int]]]


def measure_switch(
    selected: list[Row], switch: str, keys: Sequence[str], counts_at: Callable[[Row, ToolFilter, bool], dict[str, int]]
) -> Table:
    """Per registry and grid point (``chains.<switch>`` off, on), ``counts_at`` summed over its runs without and
    with profiles; the switch is left on."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    for row in selected:
        per = table.setdefault(row.name, {p: dict.fromkeys(keys, 0) for p in GRID})
        for profiled in (False, True):
            for point in GRID:
                setattr(chains, switch, point[0])
                tf = build(row, base, embedder, profiled=profiled)  # a new filter: no selection carried over
                for k, v in counts_at(row, tf, point[0]).items():
                    per[point][k] += v
        print(row.name, "done", flush=True)
    setattr(chains, switch, True)
    return table


def measure(selected: list[Row], seen: list[str]) -> Table:
    """Per registry and grid point, the counts over its runs without and with profiles (``seen``: ``counts``)."""
    return measure_switch(selected, "WRITERS_HOLD", COUNTS, lambda row, tf, on: counts(row, tf, [] if on else seen))


def chain_key(table: Table, names: list[str], point: tuple[bool], outside: str) -> tuple[int, ...]:
    """The rule's order for ``point`` summed over ``names`` (smallest first): the most served, then the most gold
    tools sent, then the fewest ``outside``, then the fewest tools sent, then the grid's order."""
    c = {k: sum(table[n][point][k] for n in names) for k in ("served", "hits", outside, "tools")}
    return -c["served"], -c["hits"], c[outside], c["tools"], GRID.index(point)


def key(table: Table, names: list[str], point: tuple[bool]) -> tuple[int, ...]:
    """The rule's order for ``point`` summed over ``names`` (smallest first)."""
    return chain_key(table, names, point, "writers_outside")


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
