"""Choose the weight of a server the request names (the ``category`` signal), leave one out.

    python benchmarks/choose_server_weight.py [--grid 0 0.15 0.3 0.5] [--out FILE]

A request that names a server ("in jira", an id like ``ch_…``) gives that server's tools
the ``category`` signal (``ServerNames``). Its weight is chosen on the registries that may
choose (``profile_rows.rows()``, role ``chose``: the kit's dev and tuning sets, ``dev_*``
with ``dev_mcp_fleet``, metatool's first 250), each without and with its profiles: the
weight with the best mean share of tool requests fully served, among those that keep, on
every registry, false abstain at most 1% and tools sent at most 8 (or no more than with
weight 0, where that is already above); ties to the smaller weight. The same choice is
re-made with each registry left out. Never run on ``heldout_*``.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from profile_rows import ROOT, build, measure, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

MAX_FALSE_ABSTAIN = 0.01
MAX_TOOLS = 8.0


def choose(figures: dict[float, dict[str, dict[str, Any]]], left_out: str | None = None) -> float:
    """The weight with the best mean served over the rows (but ``left_out``), within the limits."""
    allowed = []
    base = figures[min(figures)]
    for weight, by_row in figures.items():
        kept = {k: v for k, v in by_row.items() if not (left_out and k.startswith(left_out + " "))}
        ok = all(
            (v["false_abstain"] or 0.0) <= max(MAX_FALSE_ABSTAIN, base[k]["false_abstain"] or 0.0)
            and v["mean_selected"] <= max(MAX_TOOLS, base[k]["mean_selected"])
            for k, v in kept.items()
        )
        if ok:
            allowed.append((statistics.mean(v["served"] for v in kept.values() if v["served"] is not None), -weight))
    return -max(allowed)[1] if allowed else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grid", nargs="*", type=float, default=[0.0, 0.15, 0.3, 0.5])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "server_weight.json"))
    parser.add_argument("--from", dest="source", help="choose again from a results file (no run)")
    args = parser.parse_args()
    if args.source:
        saved = json.loads(Path(args.source).read_text(encoding="utf-8"))
        again = {float(w): rows_ for w, rows_ in saved["figures"].items()}
        names = sorted({k.rsplit(" ", 1)[0] for rows_ in again.values() for k in rows_})
        print(f"chosen: {choose(again)}; with each registry left out: { {n: choose(again, n) for n in names} }")
        return 0
    inner = get_embedder(recommended_config().embedder)
    figures: dict[float, dict[str, dict[str, Any]]] = {w: {} for w in args.grid}
    chose = [r for r in rows() if r.role == "chose"]
    for row in chose:
        for profiled in (False, True):
            embedder = CachingEmbedder(inner)
            for weight in args.grid:
                weights = {"embed": 1.0, "support": 1.0, "bm25": 0.6, "argument": 0.3, "category": weight}
                tf = build(row, recommended_config(weights=weights), embedder, profiled=profiled)
                out = measure(row, tf)
                key = f"{row.name} {'with' if profiled else 'without'}"
                figures[weight][key] = {k: out[k] for k in ("served", "false_abstain", "mean_selected", "recall_mean")}
                print(
                    f"{key:<45} weight {weight:<5} served {out['served']:.3f}  tools {out['mean_selected']:.2f}"
                    f"  f.abst {out['false_abstain']}",
                    flush=True,
                )
    chosen = choose(figures)
    loo = {row.name: choose(figures, row.name) for row in chose}
    print(f"chosen: {chosen}; with each registry left out: {loo}")
    Path(args.out).write_text(
        json.dumps({"grid": args.grid, "chosen": chosen, "left_out": loo, "figures": figures}, indent=1) + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
