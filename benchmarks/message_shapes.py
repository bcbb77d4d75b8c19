"""Requests by shape: direct, paraphrase, several asks, pasted material, no tool; many servers.

    python benchmarks/message_shapes.py [--only FOLDER ...] [--profiles] [--out FILE]

For every registry under benchmarks/data whose requests carry ``kind`` (direct, paraphrase,
multi, long, no_tool): the share of tool requests fully served (every gold tool delivered)
by kind, by where a long request's ask sits (``ask_at``), for requests that name a server
(``names_server``), the share of no-tool requests given no tool (``no_tool`` kind, and
long requests with no ask), tools sent on average, p95 of ``select()`` end to end, and
plain top-5 embedding beside it. The shipped preset; with ``--profiles`` the registry's
``profiles.jsonl`` too (where it has one). Roles: ``dev_*`` may choose numbers;
``heldout_*`` never do.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import (  # noqa: E402
    ToolFilter,
    ToolFilterConfig,
    get_embedder,
    read_profiles,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
KINDS = ("direct", "paraphrase", "multi", "long", "no_tool")
LONG = 8000  # p95 apart for requests of at least this many characters


def folders(only: list[str] | None) -> list[Path]:
    """Registries whose requests carry a kind."""
    out = []
    for folder in sorted(DATA.iterdir()):
        queries = folder / "queries.jsonl"
        if not queries.is_file() or (only and folder.name not in only):
            continue
        with queries.open(encoding="utf-8") as f:
            if "kind" in json.loads(f.readline()):
                out.append(folder)
    return out


def run(folder: Path, config: ToolFilterConfig, embedder: Any, *, profiled: bool) -> dict[str, Any]:
    """Every request of ``folder`` through ``select()``: served by kind, rejection, tools, latency."""
    profiles = read_profiles(folder / "profiles.jsonl") if profiled else None
    tf = ToolFilter(read_tools_file(folder / "tools.jsonl"), config=config, embedder=embedder, profiles=profiles)
    tf.select("warm up")
    rows = [json.loads(line) for line in (folder / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    served: dict[str, list[bool]] = {}
    rejected: dict[str, list[bool]] = {}
    sent: list[int] = []
    took: list[float] = []
    took_long: list[float] = []
    for row in rows:
        start = time.perf_counter()
        names = set(tf.select(row["query"]).names)
        took.append((time.perf_counter() - start) * 1000)
        if len(row["query"]) >= LONG:
            took_long.append(took[-1])
        sent.append(len(names))
        groups = [row["kind"]]
        if row["kind"] == "long":
            groups.append(f"long@{row.get('ask_at', '?')}")
        if row.get("names_server"):
            groups.append("names server")
        if row.get("lang"):
            groups.append(f"lang {row['lang']}")
        target = served if row["gold"] else rejected
        ok = set(row["gold"]) <= names if row["gold"] else not names
        for g in groups:
            target.setdefault(g, []).append(ok)
    tool_rows = [r for r in rows if r["gold"]]
    return {
        "served": {k: round(statistics.mean(v), 3) for k, v in sorted(served.items())},
        "served_all": round(statistics.mean(x for v in [served[r] for r in KINDS if r in served] for x in v), 3),
        "rejected": {k: round(statistics.mean(v), 3) for k, v in sorted(rejected.items())},
        "counts": {k: len(v) for k, v in sorted(served.items())},
        "tools_sent": round(statistics.mean(sent), 2),
        "tools_sent_tool_requests": round(statistics.mean(s for s, r in zip(sent, rows, strict=True) if r["gold"]), 2),
        "p95_ms": round(sorted(took)[int(0.95 * (len(took) - 1))], 1),
        "p95_long_ms": round(sorted(took_long)[int(0.95 * (len(took_long) - 1))], 1) if took_long else None,
        "long_requests": len(took_long),
        "requests": len(rows),
        "tool_requests": len(tool_rows),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="folder names (default: every folder with kinds)")
    parser.add_argument("--profiles", action="store_true", help="also run with each registry's profiles")
    parser.add_argument("--out", help="write the figures as JSON here")
    args = parser.parse_args()
    inner = get_embedder(recommended_config().embedder)
    plain = ToolFilterConfig(enabled=False, top_k=5)
    report: dict[str, Any] = {}
    for folder in folders(args.only):
        role = "held out" if folder.name.startswith("heldout_") else "dev" if folder.name.startswith("dev_") else "?"
        out: dict[str, Any] = {"role": role}
        variants = [("without", recommended_config(), False), ("plain@5", plain, False)]
        if args.profiles and (folder / "profiles.jsonl").exists():
            variants += [("with", recommended_config(), True), ("plain@5+p", plain, True)]
        for label, config, profiled in variants:
            out[label] = run(folder, config, CachingEmbedder(inner), profiled=profiled)
            r = out[label]
            kinds = "  ".join(f"{k} {r['served'].get(k, float('nan')):.2f}" for k in KINDS if k != "no_tool")
            places = "  ".join(f"{k[5:]} {v:.2f}" for k, v in r["served"].items() if k.startswith("long@"))
            reject = r["rejected"].get("no_tool", float("nan"))
            print(
                f"{folder.name:<24}{role:<9}{label:<10} {kinds}  | no-tool rejected {reject:.2f}"
                f"  long w/o ask {r['rejected'].get('long', float('nan')):.2f}"
                f"  names-server {r['served'].get('names server', float('nan')):.2f}"
                f"  tools {r['tools_sent']:.1f}  p95 {r['p95_ms']:.0f} ms (>= {LONG:,} chars: {r['p95_long_ms']})"
                f"  | {places}",
                flush=True,
            )
        report[folder.name] = out
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
