"""select() on 20,000-character messages: p50/p95 end to end, the ask at the start, middle, end or absent.

    python benchmarks/bench_long_request.py [--registry dev_mcp_fleet] [--chars 20000] [--rounds 5]
    python benchmarks/bench_long_request.py --shapes [--sizes 2000,20000,200000,2000000]

``--shapes``: hostile shapes instead (runs of spaces, tabs, NBSP, punctuation, brackets, line
separators, empty lines, a word every 40 characters, a log line repeated), each with a short
ask at its start, grown to each size: the time of reading the message (``matched``) and of
``select()`` end to end (p95 and worst over shapes and rounds). The targets (issue #33):
p95 at most 50 ms and worst at most 200 ms at every size up to 2,000,000 characters. The
reading budget (``_ask.READ_CHARS``, ``READ_LINES``) is the size at which the slowest shape's
reading stays under 25 ms: the figure printed as "read at the budget".

Each long request of the registry (``kind: long``) is grown to ``--chars`` characters by
repeating its pasted part (its own words kept where they were), so every message is as long
as the target. The shipped preset and embedder, without and with the registry's profiles;
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

import toolfilter_core._pipeline.request as request  # noqa: E402
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


SHAPES: dict[str, str] = {
    "spaces": " ",
    "tabs": "\t",
    "nbsp": "\u00a0",
    "punctuation": "!?.,;:",
    "brackets": "([{<",
    "closing": ">}])",
    "separators": "\u2028\u2029\x85",
    "empty lines": "\n",
    "word every 40": " " * 39 + "w",
    "key: value": "k: v\n",
    "log line": "2026-12-02 10:31:07 ERROR db pool exhausted at /var/lib/x.db\n",
}
ASK = "restart the payments worker, it keeps timing out!"


def hostile(shape: str, chars: int) -> str:
    """A short ask, then ``shape`` repeated to ``chars`` characters, then a bang."""
    unit = SHAPES[shape]
    body = unit * ((chars - len(ASK)) // len(unit) + 1)
    return (ASK + "\n" + body)[: chars - 1] + "!"


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return round(values[int(0.95 * (len(values) - 1))], 2)


def shapes(tf: ToolFilter, sizes: list[int], rounds: int) -> dict[str, Any]:
    """Reading and select() times per size over every hostile shape: wall time and this thread's CPU time.

    On a shared machine wall time includes waiting for the other processes; CPU time is the
    work select() does.
    """
    from toolfilter_core._pipeline.request import matched  # noqa: PLC0415 (the reading step alone)

    out: dict[str, Any] = {}
    for size in sizes:
        read: list[float] = []
        wall: list[float] = []
        cpu: list[float] = []
        for shape in SHAPES:
            message = hostile(shape, size)
            tf.select(message)  # warm
            for _ in range(rounds):
                start = time.thread_time()
                matched(message, 2500)
                read.append((time.thread_time() - start) * 1000)
                start, start_cpu = time.perf_counter(), time.thread_time()
                tf.select(message)
                wall.append((time.perf_counter() - start) * 1000)
                cpu.append((time.thread_time() - start_cpu) * 1000)
        row = {
            "read_cpu_worst_ms": round(max(read), 2),
            "select_p95_ms": _p95(wall),
            "select_worst_ms": round(max(wall), 2),
            "select_cpu_p95_ms": _p95(cpu),
            "select_cpu_worst_ms": round(max(cpu), 2),
        }
        out[str(size)] = row
        print(
            f"{size:>9,} chars, {len(SHAPES)} shapes x {rounds}: reading worst {row['read_cpu_worst_ms']} ms CPU; "
            f"select p95 {row['select_p95_ms']} ms, worst {row['select_worst_ms']} ms (wall); "
            f"p95 {row['select_cpu_p95_ms']} ms, worst {row['select_cpu_worst_ms']} ms (CPU)",
            flush=True,
        )
    return out


def budget_read() -> float:
    """The slowest shape's reading time (ms of CPU, best of 3) at exactly the reading budget."""
    from toolfilter_core._ask import READ_CHARS  # noqa: PLC0415
    from toolfilter_core._pipeline.request import matched  # noqa: PLC0415

    worst = 0.0
    for shape in SHAPES:
        message = hostile(shape, READ_CHARS)
        took = []
        for _ in range(3):
            start = time.thread_time()
            matched(message, 2500)
            took.append((time.thread_time() - start) * 1000)
        worst = max(worst, min(took))
    print(f"read at the budget ({READ_CHARS:,} characters): slowest shape {worst:.1f} ms CPU", flush=True)
    return round(worst, 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--registry", default="dev_mcp_fleet")
    parser.add_argument("--chars", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", default=None, help="the JSON file (default: benchmarks/results/...)")
    parser.add_argument("--shapes", action="store_true", help="hostile shapes at --sizes instead")
    parser.add_argument("--sizes", default="2000,20000,200000,2000000")
    args = parser.parse_args()
    folder = DATA / args.registry
    if args.shapes:
        tools, profiles = read_tools_file(folder / "tools.jsonl"), read_profiles(folder / "profiles.jsonl")
        request.MAX_QUERY_CHARS = 10_000_000  # the hostile shapes go up to 2,000,000 characters
        tf = ToolFilter(tools, profiles=profiles)
        sizes = [int(s) for s in args.sizes.split(",")]
        result = {"registry": args.registry, "budget_read_ms": budget_read(), "sizes": shapes(tf, sizes, args.rounds)}
        out = Path(args.out or ROOT / "benchmarks" / "results" / "long_request_shapes.json")
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        return 0
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
    path = Path(args.out or ROOT / "benchmarks" / "results" / "long_request_latency.json")
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
