"""The block size of the index's search (``index/_rest.py``, ``CHUNK_BYTES``): select() timed with each, interleaved.

    python benchmarks/rest_chunk.py                   # 2,500 tools
    python benchmarks/rest_chunk.py --size 10000 --rounds 2
    python benchmarks/rest_chunk.py --overlap         # how much the asks' shortlists overlap

The search reads its rows a block at a time (the first pass's float32 rows, the second
pass's int8 rows converted into a float32 block), every vector of the request multiplied
with a block while it is in the cache. This times ``select()`` with profiles on
``bench_profile_scale``'s registry (``select_spans``' filters: each request embedded once
beforehand, one BLAS thread) with each block size in turn on every request, the order
rotating from one request to the next, and prints the mean and p95 ms per size; "whole"
is one block of every row (the products a vector at a time over the whole matrix, as
before blocks). ``CHUNK_BYTES`` is the size with the smallest mean; on a shared machine
read the sizes near it as ties.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SIZES = {"256 KiB": 1 << 18, "512 KiB": 1 << 19, "1 MiB": 1 << 20, "2 MiB": 1 << 21, "8 MiB": 1 << 23, "whole": 1 << 40}


def timings(size: int, rounds: int) -> dict[str, list[float]]:
    """Per block size, the ms of every select (``rounds`` passes over the requests)."""
    from benchmarks.select_spans import _filters
    from toolfilter_core.index import _rest

    filters, texts = _filters(size)
    tf = filters["profiled"]
    spent: dict[str, list[float]] = {name: [] for name in SIZES}
    names = list(SIZES)
    kept = _rest.CHUNK_BYTES
    try:
        with threadpool_limits(1):
            for text in texts:  # warm-up
                tf.select(text)
            for i, text in enumerate(texts * rounds):
                for name in names[i % len(names) :] + names[: i % len(names)]:
                    _rest.CHUNK_BYTES = SIZES[name]
                    began = time.perf_counter()
                    tf.select(text)
                    spent[name].append((time.perf_counter() - began) * 1000)
    finally:
        _rest.CHUNK_BYTES = kept
    return spent


def overlap(size: int) -> dict[str, float]:
    """How much the shortlists of a request and its asks overlap, over the requests' searches.

    Means per request: the shortlists' tools summed and distinct (the request's ranked by its
    first pass); and, for a request with asks, how many tools of its shortlist after the
    asks' are completed were not in the one ranked by the first-pass cosines.
    """
    from benchmarks.select_spans import _filters
    from toolfilter_core.index import _matrix, _tool_index

    filters, texts = _filters(size)
    tf = filters["profiled"]
    seen: list[tuple[Any, Any, Any]] = []
    search = _tool_index.search

    def kept(r: Any, query: Any, tools: int, clauses: Any = None) -> Any:
        seen.append((r, query, clauses))
        return search(r, query, tools, clauses)

    _tool_index.search = kept  # type: ignore[assignment]
    try:
        for text in texts:
            tf.select(text)
    finally:
        _tool_index.search = search  # type: ignore[assignment]
    summed, distinct, moved = [], [], []
    for r, query, clauses in seen:
        first = np.maximum.reduceat(r.matrix @ query, r.starts)
        lists = [_matrix._shortlist(r, first)]
        if clauses is not None and len(clauses):
            pre = _matrix._per_tool(r, _matrix._products(r.matrix, clauses))
            lists += [_matrix._shortlist(r, pre[:, c]) for c in range(pre.shape[1])]
            ranked = _matrix._shortlist(r, np.maximum(first, pre.max(axis=1)))
            after = _matrix._shortlist(r, np.maximum(first, _matrix.per_vector(r, clauses).max(axis=1)))
            moved.append(len(np.setdiff1d(after, ranked)))
        summed.append(sum(len(x) for x in lists))
        distinct.append(len(np.unique(np.concatenate(lists))))
    return {
        "searches": len(seen),
        "summed": float(np.mean(summed)),
        "distinct": float(np.mean(distinct)),
        "with asks": len(moved),
        "moved in": float(np.mean(moved)) if moved else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=2500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--overlap", action="store_true", help="how much the asks' shortlists overlap, no timing")
    args = parser.parse_args()
    if args.overlap:
        print(f"shortlists at {args.size} tools, means per request:", overlap(args.size))
        return 0
    spent = timings(args.size, args.rounds)
    print(f"select() ms with profiles at {args.size} tools, by block size (interleaved)")
    for name, values in spent.items():
        print(f"{name:>8}: mean {np.mean(values):6.2f}  p95 {np.percentile(values, 95):6.2f}")
    best = min(spent, key=lambda name: float(np.mean(spent[name])))
    print(f"smallest mean: {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
