"""select() on 20,000-character messages: p50/p95 end to end, the ask at the start, middle, end or absent.

    python benchmarks/bench_long_request.py [--registry dev_mcp_fleet] [--chars 20000] [--rounds 5]

Each long request of the registry (``kind: long``) is grown to ``--chars`` characters by
repeating its pasted part (its own words kept where they were), so every message is as long
as the target. The shipped profile and embedder, without and with the registry's profiles;
each message is selected ``--rounds`` times after a warm-up. The target (issue #21) is p95 at
most 50 ms on a 20,000-character request.
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

from toolfilter_core import ToolFilter, read_profiles, read_tools_file  # noqa: E402

DATA = ROOT / "benchmarks" / "data"


def grown(query: str, chars: int) -> str:
    """``query`` at ``chars`` characters: its longest block repeated in place, the rest kept."""
    blocks = query.split("\n\n")
    longest = max(range(len(blocks)), key=lambda i: len(blocks[i]))
    block = blocks[longest]
    rest = len(query) - len(block)
    times = max(1, (chars - rest) // max(len(block) + 1, 1) + 1)
    blocks[longest] = "\n".join([block] * times)[: max(chars - rest, len(block))]
    return "\n\n".join(blocks)[:chars] if len(query) < chars else query[:chars]


def measure(tf: ToolFilter, messages: list[str], rounds: int) -> dict[str, float]:
    """p50 and p95 of select() over every message, ``rounds`` times each."""
    for message in messages:
        tf.select(message)
    took = []
    for _ in range(rounds):
        for message in messages:
            start = time.perf_counter()
            tf.select(message)
            took.append((time.perf_counter() - start) * 1000)
    took.sort()
    return {"p50_ms": round(statistics.median(took), 2), "p95_ms": round(took[int(0.95 * (len(took) - 1))], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--registry", default="dev_mcp_fleet")
    parser.add_argument("--chars", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "long_request_latency.json"))
    args = parser.parse_args()
    folder = DATA / args.registry
    rows = [json.loads(line) for line in (folder / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    messages = [grown(r["query"], args.chars) for r in rows if r.get("kind") == "long"]
    tools = read_tools_file(folder / "tools.jsonl")
    out: dict[str, Any] = {"registry": args.registry, "chars": args.chars, "messages": len(messages)}
    for label, profiles in (("without", None), ("with", read_profiles(folder / "profiles.jsonl"))):
        out[label] = measure(ToolFilter(tools, profiles=profiles), messages, args.rounds)
        print(
            f"{args.registry} ({len(tools)} tools), {len(messages)} messages of {args.chars:,} characters, "
            f"{label} profiles: p50 {out[label]['p50_ms']} ms, p95 {out[label]['p95_ms']} ms",
            flush=True,
        )
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
