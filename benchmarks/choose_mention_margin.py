"""Choose ``mentioned.MENTION_MARGIN``, each development registry left out.

    python benchmarks/choose_mention_margin.py [--per 400] [--out benchmarks/results/mention_margin.json]

Issue #32 item 12 ("a destructive tool enters a set only for a request that asks for its act"). A destructive
tool's profile may hold mentions: requests that name its act or the record it destroys without asking for the
act (``ToolProfile.mentions``). A destroyer about to be sent is held where the request's best cosine to its
mentions exceeds its best cosine to its asks (its ``destroy`` and ``requests``) by more than the margin.

Every ``dev_*`` registry whose profiles hold mentions (the seven development registries and the ``dev_walk_*``
registries of first-hour walks) runs with its profiles: its ``queries.jsonl``, its extra sets (terse, acts) and
its ``<name>_questions.jsonl`` where it has them, counted under the registry's name (``destructive_ridealong``'s
counts). The rule is ``guard_grid``'s: among the margins that serve as many tool requests as the reference (no
margin: mentions not read) within one in ``--per``, the fewest guard errors (destructive tools outside the gold
plus destroy requests not sent their tool), then the most served, then the fewest outside the gold, then the
first in the grid's order (the reference first: a margin that changes nothing stays off). Then each registry is
left out, the margin chosen on the others and counted on it. Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import replace
from typing import Any

from destructive_ridealong import EXTRA_SETS, figures, outcomes, question_rows, with_terse
from guard_grid import COUNTS, fewest_errors, left_out, total, write_report
from profile_rows import ROOT, Row, build, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

mentioned = importlib.import_module("toolfilter_core._pipeline.mentioned")
Point = tuple[float | None]
GRID: list[Point] = [(None,), (0.0,), (0.04,), (0.08,), (0.12,), (0.16,), (0.2,), (0.25,), (0.3,)]
REFERENCE: Point = (None,)


def label(point: Point) -> str:
    """A grid point in words."""
    return "mentions not read" if point[0] is None else f"margin {point[0]:+.2f}"


def mention_rows() -> list[Row]:
    """Every dev registry with mentions in its profiles, its request sets each named for the registry."""
    dev = [r for r in rows() if r.name.startswith("dev_") and any(p.mentions for p in r.profiles.tools.values())]
    names = {f"{r.name}_{kind}": r.name for r in dev for kind in EXTRA_SETS}
    return [replace(r, name=names.get(r.name, r.name)) for r in with_terse(dev)] + question_rows(dev)


def measure(selected: list[Row], embedder: CachingEmbedder) -> dict[str, dict[Point, dict[str, int]]]:
    """Per registry and margin: the counts over its request sets, with its profiles."""
    base = recommended_config()
    table: dict[str, dict[Point, dict[str, int]]] = {}
    for row in selected:
        table.setdefault(row.name, {p: dict.fromkeys(COUNTS, 0) for p in GRID})
        tf = build(row, base, embedder, profiled=True)
        for point in GRID:
            mentioned.MENTION_MARGIN = point[0]
            found = figures(outcomes(row, tf))
            for k in COUNTS:
                table[row.name][point][k] += found[k]
        print(row.name, "done", flush=True)
    return table


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int) -> Point:
    """The margin of the module docstring, chosen on ``names``."""
    return fewest_errors(table, names, GRID, REFERENCE, per)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "mention_margin.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    table = measure(mention_rows(), embedder)
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<20}", total(table, names, p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, REFERENCE)
    summed = {k: sum(o["at"][k] for o in others.values()) for k in COUNTS}
    before = {k: sum(o["reference"][k] for o in others.values()) for k in COUNTS}
    print(f"left out, summed: {summed} (mentions not read: {before})")
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    report["left_out_summed"], report["left_out_reference"] = summed, before
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
