"""Run every benchmark of docs/benchmarks.md and regenerate it.

Steps (default: all of them, in this order):

* ``bench``: ``toolfilter bench --limit metatool=2000 --out benchmarks/results/bench.json``:
  every system on every dataset (metatool: its first 2,000 tool queries and all 520 no-tool
  queries, as in issue #5's goal table).
* ``embedders``: ``toolfilter bench --embedder E --systems embedding,toolfilter ...`` for
  use-m3, minilm, use-m3+minilm (and e5-small on the small sets) into
  ``benchmarks/results/embedder_<E>.json``: the default embedder decision.
* ``pool``: ``select()`` latency of the recommended ToolFilter on growing subsets of bfcl's
  tools (100, 500, 1,000, 2,500), end to end, into ``benchmarks/results/pool_latency.json``.
* ``select``: ``benchmarks/bench_select.py`` into ``benchmarks/results/select_latency.json``.
* ``abstain``: ``benchmarks/abstain_tradeoff.py``, MetaTool's no-tool rejection against recall for
  each abstention threshold, with the preset's phrases and with the candidates of
  ``benchmarks/data/abstain_candidates.txt``, into ``benchmarks/results/abstain_tradeoff*.json``.
* ``report``: ``benchmarks/make_report.py``: docs/benchmarks.md and docs/img/*.png; then
  ``benchmarks/profiles_doc.py``: the tool-profile figures in README.md and docs/profiles.md.

Usage:
    nice -n 10 python benchmarks/run_bench.py [bench] [embedders] [pool] [select] [abstain] [report]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the benchmark harness (benchmarks.harness)
RESULTS = Path("benchmarks/results")
BIN = Path(sys.executable).parent

BENCH = ["toolfilter", "bench", "--limit", "metatool=2000", "--out", str(RESULTS / "bench.json")]
EMBEDDER_SETS = {
    "use-m3": "toolkit48,toolkit48_paraphrase_tune,toolkit48_paraphrase_check,acebench_zh,bfcl,metatool",
    "minilm": "toolkit48,toolkit48_paraphrase_tune,toolkit48_paraphrase_check,acebench_zh,bfcl,metatool",
    "use-m3+minilm": "toolkit48,toolkit48_paraphrase_tune,toolkit48_paraphrase_check,acebench_zh,bfcl,metatool",
    "use-m3|minilm": "toolkit48,toolkit48_paraphrase_tune,toolkit48_paraphrase_check,acebench_zh,bfcl,metatool",
    # e5-small embeds about 10 ms per short text on this machine: only the small sets
    "e5-small": "toolkit48,toolkit48_paraphrase_tune,toolkit48_paraphrase_check,metatool",
}
EMBEDDER_LIMIT = "500"
POOL_SIZES = (100, 500, 1000, 2500)  # bfcl has 2,573
POOL_QUERIES = 200
POOL_ROUNDS = 3


def embedder_slug(name: str) -> str:
    """An embedder name as a file name part: ``use-m3+minilm`` -> ``use-m3_minilm``, ``a|b`` -> ``a_or_b``."""
    return name.replace("+", "_").replace("|", "_or_")


def embedder_command(name: str) -> list[str]:
    out = RESULTS / f"embedder_{embedder_slug(name)}.json"
    return [
        "toolfilter",
        "bench",
        "--embedder",
        name,
        "--systems",
        "embedding,toolfilter",
        "--datasets",
        EMBEDDER_SETS[name],
        "--limit",
        EMBEDDER_LIMIT,
        "--out",
        str(out),
    ]


def run(command: Sequence[str]) -> None:
    print(f"$ {shlex.join(command)}", flush=True)
    executable = [str(BIN / command[0]), *command[1:]] if command[0] == "toolfilter" else list(command)
    if command[0] == "python":
        executable = [sys.executable, *command[1:]]
    subprocess.run(executable, cwd=ROOT, check=True, stdout=subprocess.DEVNULL if "--out" in command else None)


class DocumentCache:
    """Caches tool-text vectors across pool sizes; queries are embedded on every call (end to end)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.cache: dict[str, NDArray[np.float32]] = {}

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def embed_queries(self, texts: Sequence[str]) -> NDArray[np.float32]:
        return np.asarray(self.inner.embed_queries(texts), dtype=np.float32)

    def embed_documents(self, texts: Sequence[str]) -> NDArray[np.float32]:
        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if missing:
            for text, row in zip(missing, self.inner.embed_documents(missing), strict=True):
                self.cache[text] = row
        if not texts:
            return np.asarray(self.inner.embed_documents([]), dtype=np.float32)
        return np.vstack([self.cache[t] for t in texts])


def pool_latency() -> None:
    """select() latency of the recommended ToolFilter against the number of tools (bfcl subsets)."""
    from threadpoolctl import threadpool_limits

    from benchmarks.harness import machine_info
    from toolfilter_core import ToolFilter, get_embedder, read_queries, read_tools_file, recommended_config

    command = "python benchmarks/run_bench.py pool"
    print(f"$ {command}", flush=True)
    tools = read_tools_file(ROOT / "benchmarks/data/bfcl/tools.jsonl")
    random.Random(0).shuffle(tools)
    queries = [q.query for q in read_queries(ROOT / "benchmarks/data/bfcl/queries.jsonl") if q.gold][:POOL_QUERIES]
    config = recommended_config()
    rows = []
    embedder = DocumentCache(get_embedder(config.embedder))  # loaded before limiting: see benchmarks.harness.bench
    embedder.embed_queries(["warm up"])
    with threadpool_limits(limits=1):
        filters = {size: ToolFilter(tools[:size], config=config, embedder=embedder) for size in POOL_SIZES}
        times: dict[int, list[float]] = {size: [] for size in POOL_SIZES}
        for round_ in range(POOL_ROUNDS + 1):  # round 0 warms up
            for query in queries:
                # sizes interleaved per query, so load from other jobs spreads evenly over them
                for size, tf in filters.items():
                    started = time.perf_counter()
                    tf.select(query)
                    if round_:
                        times[size].append((time.perf_counter() - started) * 1000.0)
        embed = []
        for query in queries:
            started = time.perf_counter()
            embedder.embed_queries([query])
            embed.append((time.perf_counter() - started) * 1000.0)
    for size in POOL_SIZES:
        row: dict[str, Any] = {
            "tools": size,
            "select_ms": {"p50": float(np.percentile(times[size], 50)), "p95": float(np.percentile(times[size], 95))},
            "embed_query_ms": {"p50": float(np.percentile(embed, 50)), "p95": float(np.percentile(embed, 95))},
        }
        print(f"  {size:>5} tools: select p50 {row['select_ms']['p50']:.2f} ms, p95 {row['select_ms']['p95']:.2f} ms")
        rows.append(row)
    report = {
        "command": command,
        "embedder": embedder.id,
        "dataset": "bfcl tools, shuffled with random.Random(0), first N",
        "queries": len(queries),
        "rounds": POOL_ROUNDS,
        "latency": "end to end: ToolFilter.select including the query embedding; sizes interleaved per query",
        "results": rows,
        "machine": machine_info(),
    }
    (ROOT / RESULTS).mkdir(parents=True, exist_ok=True)
    (ROOT / RESULTS / "pool_latency.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    steps = ("bench", "embedders", "pool", "select", "abstain", "report")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("steps", nargs="*", choices=[*steps, []], help="steps to run (default: all)")
    parser.add_argument("--embedders", default=",".join(EMBEDDER_SETS), help="embedders of the embedders step")
    args = parser.parse_args(argv)
    wanted = args.steps or list(steps)
    started = time.perf_counter()
    (ROOT / RESULTS).mkdir(parents=True, exist_ok=True)
    if "bench" in wanted:
        run(BENCH)
    if "embedders" in wanted:
        for name in args.embedders.split(","):
            run(embedder_command(name))
    if "pool" in wanted:
        pool_latency()
    if "select" in wanted:
        run(["python", "benchmarks/bench_select.py", "--out", str(RESULTS / "select_latency.json")])
    if "abstain" in wanted:
        run(["python", "benchmarks/abstain_tradeoff.py", "--out", str(RESULTS / "abstain_tradeoff.json")])
        candidates = ["--phrases", "benchmarks/data/abstain_candidates.txt"]
        run(
            [
                "python",
                "benchmarks/abstain_tradeoff.py",
                *candidates,
                "--out",
                str(RESULTS / "abstain_tradeoff_candidates.json"),
            ]
        )
    if "report" in wanted:
        run(["python", "benchmarks/make_report.py"])
        run(["python", "benchmarks/profiles_doc.py"])
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
