"""Latency of ``ToolFilter.select`` on the bundled 48-tool kit, with the model loaded (``make bench``).

End to end, as an agent sees it: every call embeds its query (no cache), scores and selects.
The queries are the kit's 60 dev queries and our 120 paraphrases (Chinese and English), each
selected ``--rounds`` times after one warm-up pass. Issue #5's target: p95 < 15 ms.

BLAS and OpenMP are limited to one thread with threadpoolctl, as the core does around its
vector search (on a small shared machine, more threads fight each other).

Usage:
    python benchmarks/bench_select.py [--embedder NAME] [--rounds 5] [--out benchmarks/results/select_latency.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from threadpoolctl import threadpool_limits

# the checkout's root: the benchmark harness (benchmarks.harness) and the packages
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness import machine_info  # noqa: E402
from toolfilter_core import (  # noqa: E402
    Embedder,
    ToolFilter,
    get_embedder,
    load_bundled_tools,
    read_queries,
    recommended_config,
)

HERE = Path(__file__).resolve().parent
QUERY_FILES = (
    HERE / "data" / "toolkit48" / "queries.jsonl",
    HERE / "data" / "toolkit48_paraphrase_tune.jsonl",
    HERE / "data" / "toolkit48_paraphrase_check.jsonl",
)
TARGET_P95_MS = 15.0


def percentiles(values: Sequence[float], keys: Sequence[str] = ("p50", "p95", "p99", "mean")) -> dict[str, float]:
    """The named figures of ``values`` in ms, rounded: ``pN`` is the N-th percentile, ``mean`` the mean."""
    array = np.asarray(values)
    return {
        key: round(float(array.mean() if key == "mean" else np.percentile(array, float(key[1:]))), 3) for key in keys
    }


def bench_parser(description: str, rounds_help: str) -> argparse.ArgumentParser:
    """The flags every latency benchmark here takes: --embedder, --rounds, --out."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--embedder", help="embedder name (default: the recommended preset's)")
    parser.add_argument("--rounds", type=int, default=5, help=rounds_help)
    parser.add_argument("--out", help="write the figures as JSON to this file")
    return parser


def loaded_embedder(name: str) -> Embedder:
    """The embedder, with its model loaded: threadpoolctl limits only the thread pools already loaded."""
    embedder = get_embedder(name)
    embedder.embed_queries(["warm up"])
    return embedder


def main(argv: list[str] | None = None) -> int:
    args = bench_parser(__doc__.split("\n\n")[0], "timed passes over the queries (default 5)").parse_args(argv)

    config = recommended_config(**({"embedder": args.embedder} if args.embedder else {}))
    queries = [q for path in QUERY_FILES for q in read_queries(path)]
    embedder = loaded_embedder(config.embedder)
    with threadpool_limits(limits=1):
        started = time.perf_counter()
        tf = ToolFilter(load_bundled_tools(), config=config, embedder=embedder)
        build_s = time.perf_counter() - started
        for item in queries:  # warm-up pass, not timed
            tf.select(item.query)
        times: dict[str, list[float]] = {"all": [], "zh": [], "en": []}
        for _ in range(args.rounds):
            for item in queries:
                begin = time.perf_counter()
                tf.select(item.query)
                elapsed = (time.perf_counter() - begin) * 1000.0
                times["all"].append(elapsed)
                times.setdefault(item.lang, []).append(elapsed)
        embed: list[float] = []
        for item in queries:
            begin = time.perf_counter()
            tf.embedder.embed_queries([item.query])
            embed.append((time.perf_counter() - begin) * 1000.0)

    report = {
        "command": "python benchmarks/bench_select.py" + "".join(f" {a}" for a in (argv or sys.argv[1:])),
        "embedder": tf.embedder.id,
        "tools": len(tf.tools),
        "queries": len(queries),
        "rounds": args.rounds,
        "calls": len(times["all"]),
        "build_s": round(build_s, 2),
        "select_ms": {lang: percentiles(values) for lang, values in times.items() if values},
        "embed_query_ms": percentiles(embed),
        "target_p95_ms": TARGET_P95_MS,
        "meets_target": percentiles(times["all"])["p95"] < TARGET_P95_MS,
        "machine": machine_info(),
    }
    overall = report["select_ms"]["all"]
    print(
        f"select() on {report['tools']} tools, {report['embedder']}, {report['calls']} calls "
        f"({report['queries']} queries x {args.rounds}): p50 {overall['p50']:.2f} ms, p95 {overall['p95']:.2f} ms, "
        f"p99 {overall['p99']:.2f} ms (target p95 < {TARGET_P95_MS:.0f} ms: "
        f"{'met' if report['meets_target'] else 'NOT met'})"
    )
    for lang in ("zh", "en"):
        if lang in report["select_ms"]:
            row = report["select_ms"][lang]
            print(f"  {lang}: p50 {row['p50']:.2f} ms, p95 {row['p95']:.2f} ms")
    print(f"  of which query embedding: p50 {report['embed_query_ms']['p50']:.2f} ms")
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
