"""The block size of the index's search (``index/_rest.py``, ``CHUNK_BYTES``): select() timed with each, interleaved.

    python benchmarks/rest_chunk.py                   # 2,500 tools
    python benchmarks/rest_chunk.py --size 10000 --rounds 2

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=2500)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    spent = timings(args.size, args.rounds)
    print(f"select() ms with profiles at {args.size} tools, by block size (interleaved)")
    for name, values in spent.items():
        print(f"{name:>8}: mean {np.mean(values):6.2f}  p95 {np.percentile(values, 95):6.2f}")
    best = min(spent, key=lambda name: float(np.mean(spent[name])))
    print(f"smallest mean: {best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
