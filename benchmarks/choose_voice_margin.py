"""Choose ``abstain_voice_margin`` (the no-tool test with tool profiles), and re-choose it leaving each registry out.

    python benchmarks/choose_voice_margin.py [--out benchmarks/results/voice_margin.json]

The registries that may choose (``profile_rows.rows()`` with role ``chose``: the kit's dev
and paraphrase tuning requests, the ``dev_*`` registries, metatool's first 250 tool and
no-tool requests) are run through the real pipeline, with their profiles, at every margin
of a grid. The choice: the margin with the highest mean no-tool rejection whose false
abstain is at most ``--max-false-abstain`` on every registry choosing; ties go to the
larger (more careful) margin. Then, for each choosing registry, the same choice is made
without it and scored on it: that row says what the rule does on a registry that did not
choose. Held-out registries and bfcl live are never read here.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np
from profile_rows import ROOT, build, measure, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

GRID = [round(x, 3) for x in np.arange(-0.20, 0.301, 0.02)]


def choose(table: dict[str, dict[float, dict[str, Any]]], names: list[str], limit: float) -> float:
    """The margin with the best mean rejection under the false-abstain limit on every named registry."""
    best: tuple[float, float] | None = None
    for margin in GRID:
        if any((table[n][margin]["false_abstain"] or 0.0) > limit for n in names):
            continue
        rejections = [table[n][margin]["no_tool_rejection"] for n in names]
        mean = float(np.mean([r for r in rejections if r is not None] or [0.0]))
        if best is None or mean >= best[0]:
            best = (mean, margin)
    return best[1] if best is not None else GRID[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-false-abstain", type=float, default=0.01)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "voice_margin.json"))
    args = parser.parse_args()
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: dict[str, dict[float, dict[str, Any]]] = {}
    for row in rows():
        if row.role != "chose":
            continue
        tf = build(row, base, embedder, profiled=True)
        table[row.name] = {}
        for margin in GRID:
            tf.config = base.merged({"abstain_voice_margin": margin})
            d = measure(row, tf)
            table[row.name][margin] = {k: d[k] for k in ("false_abstain", "no_tool_rejection", "recall_mean")}
        print(row.name, "done", flush=True)
    names = sorted(table)
    chosen = choose(table, names, args.max_false_abstain)
    report: dict[str, Any] = {"grid": GRID, "chosen": chosen, "registries": names, "leave_one_out": {}}
    print(f"chosen on all {len(names)}: abstain_voice_margin = {chosen}")
    for name in names:
        margin = choose(table, [n for n in names if n != name], args.max_false_abstain)
        at = table[name][margin]
        report["leave_one_out"][name] = {"margin": margin, **at}
        print(
            f"  without {name:<30} margin {margin:+.2f}: on it false abstain {at['false_abstain']}, "
            f"no-tool rejection {at['no_tool_rejection']}, recall_mean {at['recall_mean']}"
        )
    report["table"] = {n: {str(m): v for m, v in t.items()} for n, t in table.items()}
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
