"""Every profiled registry without and with its tool profiles, beside plain top-5 with them.

    python benchmarks/profiles_table.py [--only NAME ...] [--out benchmarks/results/profiles_table.json]

Rows by role (``profile_rows.rows()``): ``chose`` (may choose numbers: the kit's dev and
tuning sets, ``dev_*``, metatool's first 250), ``held out`` (never: the kit's held-out
paraphrases, every ``heldout_*``, metatool after 250) and ``people`` (bfcl's live requests,
written by people, over the 535 tools they need; lenient names). The shipped preset
(``recommended_config()``) in every column; "plain@5+p" is plain top-5 embedding over the
same tools with their profiles. p95 is ``select()`` end to end (the request embedded).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from profile_rows import ROOT, build, measure, rows

from toolfilter_core import ToolFilterConfig, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

KEYS = ("recall_mean", "served", "dangerous_misselect", "false_abstain", "no_tool_rejection", "destructive_on_read")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="row names to run (default: all)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "profiles_table.json"))
    args = parser.parse_args()
    base = recommended_config()
    inner = get_embedder(base.embedder)
    plain = ToolFilterConfig(enabled=False, top_k=5)
    report: dict[str, Any] = {"rows": {}}
    print(
        f"{'registry':<30}{'role':<9}{'n':>5}  {'recall':>13}{'served':>13}{'danger':>13}{'f.abst':>13}"
        f"{'reject':>13}{'d.read':>13}{'tools':>11}{'p95 ms':>13}{'plain@5+p':>10}"
    )
    for row in rows(set(args.only) if args.only else None):
        out: dict[str, Any] = {"role": row.role}
        for label, profiled in (("without", False), ("with", True)):
            tf = build(row, base, CachingEmbedder(inner), profiled=profiled)
            tf.select("warm up")
            out[label] = measure(row, tf, inner=inner)
        top5 = build(row, plain, CachingEmbedder(inner), profiled=True)
        tool_rows = [q for q in row.queries if q.gold]
        out["plain_top5_with"] = measure(type(row)(**{**row.__dict__, "queries": tool_rows}), top5)["recall_mean"]
        report["rows"][row.name] = out
        a, b = out["without"], out["with"]
        cells = "".join(f"{_f(a[k])}>{_f(b[k], 5)}" for k in KEYS)
        print(
            f"{row.name[:29]:<30}{row.role:<9}{b['queries']:>5}  {cells}"
            f"{a['mean_selected']:>5.1f}>{b['mean_selected']:<5.1f}"
            f"{a['latency_ms']['p95']:>6.1f}>{b['latency_ms']['p95']:<6.1f}{_f(out['plain_top5_with'], 10)}",
            flush=True,
        )
        if b.get("served_by_kind"):
            kinds = ", ".join(
                f"{k} {a['served_by_kind'].get(k, 0):.2f}>{v:.2f}" for k, v in b["served_by_kind"].items()
            )
            print(f"{'':<39}served by kind: {kinds}")
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def _f(value: float | None, width: int = 7) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:>{width}.3f}"


if __name__ == "__main__":
    raise SystemExit(main())
