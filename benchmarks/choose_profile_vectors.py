"""Choose ``PROFILE_VECTORS`` and ``SHORTLIST`` (the two-pass profile search), leaving each registry out.

    python benchmarks/choose_profile_vectors.py [--out benchmarks/results/profile_vectors.json]

The registries that may choose (``profile_rows.rows()`` with role ``chose``: the kit's dev
and paraphrase tuning requests, the ``dev_*`` registries, metatool's first 250 tool and
no-tool requests) are run through the real pipeline with their profiles, for every pair
of a grid: the first pass searches each tool's first ``k`` requests in cover order
(``toolfilter_core/index/_coverage.py``), the second completes the ``m`` best tools with
their other requests; and with every request in one pass (today's search). These registries
hold 48-199 tools, fewer than a shortlist of 256, so each is also run crowded: its tools
among 1,000 of sealtools' (the file's first, unprofiled; its requests unchanged), where
the first pass must find a profiled tool among many times the shortlist. The choice: the
pair of ``CROWDED`` with the fewest first-pass rows (smallest ``k``, then smallest ``m``)
whose ``recall_mean`` is within
``--max-loss`` (half a point) of one pass on every registry choosing, alone and crowded.
Then, for each choosing registry, the same choice is made without it and scored on it.
Last, the registries that never choose (held out, bfcl live) are measured with one pass
and with the chosen pair, to report (never to choose).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path
from typing import Any

from profile_rows import ROOT, Row, build, measure, rows
from threadpoolctl import threadpool_limits

from toolfilter_core import ToolSpec, get_embedder, read_tools_file, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core.index import _coverage

GRID = [(k, m) for k in (0, 1, 2) for m in (32, 64, 128, 256, 512)]
CROWDED = [(0, 512), (1, 512), (2, 256), (2, 512)]
"""The pairs also measured crowded (each registry's tools among ``CROWD`` of sealtools')."""
CROWD = 1000
DISTRACTORS = ROOT / "benchmarks" / "data" / "sealtools" / "tools.jsonl"
ALL = (10**6, 0)
"""Every request in the first pass (today's search)."""
FIELDS = ("recall_mean", "served", "false_abstain", "no_tool_rejection")


def evaluate_at(row: Row, keep: tuple[int, int], embedder: CachingEmbedder) -> dict[str, Any]:
    """The row's figures with each tool's first ``k`` profile requests in the first pass, ``m`` tools in the second."""
    _coverage.PROFILE_VECTORS, _coverage.SHORTLIST = keep
    tf = build(row, recommended_config(), embedder, profiled=True)
    found = measure(row, tf)
    return {k: found.get(k) for k in FIELDS}


Table = dict[str, dict[tuple[int, int], dict[str, Any]]]


def crowded(row: Row, others: list[ToolSpec]) -> Row:
    """The row with its tools among ``others`` (unprofiled; names it has left out): a first pass among thousands."""
    mine = {t.name for t in row.tools}
    return dataclasses.replace(
        row, name=f"{row.name} + sealtools", tools=row.tools + [t for t in others if t.name not in mine]
    )


def choose(table: Table, names: list[str], loss: float) -> tuple[int, int]:
    """The first pair of ``CROWDED`` within ``loss`` of one pass on every named registry, alone and crowded."""
    for keep in CROWDED:
        rows = [n for name in names for n in (name, f"{name} + sealtools")]
        if all((table[n][keep]["recall_mean"] or 0.0) >= (table[n][ALL]["recall_mean"] or 0.0) - loss for n in rows):
            return keep
    return ALL


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-loss", type=float, default=0.005, help="recall a registry may lose")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "profile_vectors.json"))
    parser.add_argument("--grid", choices=("all", "crowded"), default="all", help="alone: every pair, or CROWDED's")
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    every = rows()
    table: Table = {}
    others = read_tools_file(DISTRACTORS)[:CROWD]
    with threadpool_limits(1):
        for row in (r for r in every if r.role == "chose"):
            alone = GRID if args.grid == "all" else CROWDED
            for one, grid in ((row, alone), (crowded(row, others), CROWDED)):
                table[one.name] = {keep: evaluate_at(one, keep, embedder) for keep in (ALL, *grid)}
                print(one.name, {f"{k}/{m}": v["recall_mean"] for (k, m), v in table[one.name].items()}, flush=True)
        names = sorted(r.name for r in every if r.role == "chose")
        chosen = choose(table, names, args.max_loss)
        report: dict[str, Any] = {"grid": GRID, "max_loss": args.max_loss, "chosen": chosen, "leave_one_out": {}}
        print(f"chosen on all {len(names)}: PROFILE_VECTORS, SHORTLIST = {chosen}")
        for name in names:
            keep = choose(table, [n for n in names if n != name], args.max_loss)
            at, full = table[name][keep], table[name][ALL]
            report["leave_one_out"][name] = {"keep": keep, "at": at, "all": full}
            print(f"  without {name:<28} {keep}: on it recall_mean {full['recall_mean']} -> {at['recall_mean']}")
        report["table"] = {n: {f"{k}/{m}": v for (k, m), v in t.items()} for n, t in table.items()}
        report["reported"] = {}
        for row in (r for r in every if r.role != "chose"):
            full, at = evaluate_at(row, ALL, embedder), evaluate_at(row, chosen, embedder)
            report["reported"][row.name] = {"role": row.role, "all": full, "chosen": at}
            print(f"  {row.role:<9} {row.name:<28} {full['recall_mean']} -> {at['recall_mean']}", flush=True)
    _coverage.PROFILE_VECTORS, _coverage.SHORTLIST = chosen
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
