"""What tool profiles cost at scale: ``select()`` latency and search-state memory, with and without.

    python benchmarks/bench_profiles.py [--tools 2500] [--big 50000] [--out benchmarks/results/profiles_scale.json]

Part 1, ``--tools`` tools (bfcl's pool, then sealtools'), the real default model: the same
registry indexed twice in memory, without profiles and with 8 profile requests a tool (3
destroy-asking ones for destructive tools) and 16 near-miss requests; both filters answer
the same 200 of bfcl's live requests in one run, interleaved, the request embedded each
call. Profiles here are the bfcl_live folder's (written by a model) where a tool has one,
and for every other tool 8 requests made from its own description's words: latency and
memory depend on how many vectors there are, not on what they say.

Part 2, ``--big`` tools: the search alone (the query vector given), on random unit vectors
of the model's width, 1 vector a tool against 1 + 8 (every profile request) and 1 + 1
(``profile_vectors: centroid``); p50/p95 of the search and the bytes of the search matrix.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import (  # noqa: E402
    Profiles,
    ToolFilter,
    ToolProfile,
    get_embedder,
    read_profiles,
    read_queries,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._hints import says_destructive  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
SEED = 20261201


def _synthetic(tool: Any, rng: random.Random) -> ToolProfile:
    words = (tool.description or tool.name.replace("_", " ")).split()[:24] or [tool.name]
    requests = []
    for i in range(8):
        rng.shuffle(words)
        requests.append(f"{('please', 'can you', '帮我', 'I need to')[i % 4]} {' '.join(words[:10])}")
    destroy = tuple(f"delete it now: {' '.join(words[:6])} #{i}" for i in range(3)) if says_destructive(tool) else ()
    return ToolProfile(tuple(dict.fromkeys(requests)), destroy)


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
    }


def part1(size: int) -> dict[str, Any]:
    pool = read_tools_file(DATA / "bfcl" / "tools.jsonl") + read_tools_file(DATA / "sealtools" / "tools.jsonl")
    seen: set[str] = set()
    tools = [t for t in pool if not (t.name in seen or seen.add(t.name))][:size]  # type: ignore[func-returns-value]
    written = read_profiles(DATA / "bfcl_live" / "profiles.jsonl")
    rng = random.Random(SEED)
    profiles = Profiles(
        {t.name: written.tools.get(t.name) or _synthetic(t, rng) for t in tools},
        written.no_tool,
    )
    config = recommended_config()
    embedder = get_embedder(config.embedder)
    plain = ToolFilter(tools, config=config, embedder=embedder)
    voiced = ToolFilter(tools, config=config, embedder=embedder, profiles=profiles)
    queries = [q.query for q in read_queries(DATA / "bfcl_live" / "queries.jsonl")][:200]
    times: dict[str, list[float]] = {"without": [], "with": []}
    for query in queries[:20]:
        plain.select(query)
        voiced.select(query)
    for query in queries:
        for label, tf in (("without", plain), ("with", voiced)):
            started = time.perf_counter()
            tf.select(query)
            times[label].append((time.perf_counter() - started) * 1000)
    rows = {label: tf.index._rows.matrix for label, tf in (("without", plain), ("with", voiced))}  # noqa: SLF001
    out = {
        "tools": len(tools),
        "vectors": {k: int(v.shape[0]) for k, v in rows.items()},
        "matrix_mb": {k: round(v.nbytes / 1e6, 1) for k, v in rows.items()},
        "select_ms": {k: _percentiles(v) for k, v in times.items()},
    }
    out["p95_ratio"] = round(out["select_ms"]["with"]["p95"] / out["select_ms"]["without"]["p95"], 2)
    return out


def part2(size: int, dim: int = 512) -> dict[str, Any]:
    rng = np.random.default_rng(SEED)
    out: dict[str, Any] = {"tools": size, "dim": dim, "search_ms": {}, "matrix_mb": {}}
    queries = rng.standard_normal((100, dim)).astype(np.float32)
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    for label, per_tool in (("without", 1), ("centroid", 2), ("every request", 9)):
        matrix = rng.standard_normal((size * per_tool, dim)).astype(np.float32)
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
        starts = np.arange(0, size * per_tool, per_tool)
        times = []
        with threadpool_limits(1):
            for q in queries:
                started = time.perf_counter()
                sims = matrix @ q
                if per_tool > 1:
                    np.maximum.reduceat(sims, starts)
                times.append((time.perf_counter() - started) * 1000)
        out["search_ms"][label] = _percentiles(times)
        out["matrix_mb"][label] = round(matrix.nbytes / 1e6, 1)
        del matrix
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tools", type=int, default=2500)
    parser.add_argument("--big", type=int, default=50000)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "profiles_scale.json"))
    args = parser.parse_args()
    report = {"part1": part1(args.tools), "part2": part2(args.big)}
    print(json.dumps(report, indent=1))
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
