"""The first ``select()`` after a process opens a stored registry, against the calls after it.

In a fresh process: load the model (its own start is not the store's), open the store with
``ToolFilter(store=DIR)``, time the first select, then the median of the next 20 (the same
kind of request, each embedded). ``first ÷ median`` is 1 when the first call waits for
nothing but its request. Run it on two checkouts in turn to compare them in one run::

    python benchmarks/bench_first_call.py --store DIR [--runs 3]
    PYTHONPATH=OTHER_CHECKOUT python benchmarks/bench_first_call.py --store DIR

Build DIR first, e.g. ``toolfilter index`` of the kit, or ``bench_latency.py``'s registries.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REQUESTS = [
    "send an email to bob about the meeting",
    "what's the weather in paris tomorrow",
    "find flights from Boston to Denver next Friday",
    "how much disk space is left on the server",
    "book a table for two at 7pm",
]


def once(store: str) -> dict[str, float]:
    """One fresh measurement (in this process)."""
    import toolfilter_core
    from toolfilter_core import ToolFilter, get_embedder

    embedder = get_embedder("default")
    embedder.embed_queries(["load the model"])
    started = time.perf_counter()
    tf = ToolFilter(store=store, embedder=embedder)
    opened = time.perf_counter() - started
    started = time.perf_counter()
    tf.select(REQUESTS[0])
    first = (time.perf_counter() - started) * 1000
    later = []
    for n in range(20):
        started = time.perf_counter()
        tf.select(REQUESTS[1 + n % (len(REQUESTS) - 1)] + f" ({n})")
        later.append((time.perf_counter() - started) * 1000)
    median = statistics.median(later)
    return {
        "code": os.path.dirname(os.path.dirname(toolfilter_core.__file__)),
        "open_s": round(opened, 2),
        "first_ms": round(first, 1),
        "median_ms": round(median, 1),
        "first_over_median": round(first / median, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", required=True)
    parser.add_argument("--runs", type=int, default=3, help="fresh processes")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(once(args.store)))
        return 0
    for _ in range(args.runs):
        done = subprocess.run(
            [sys.executable, __file__, "--store", args.store, "--child"], capture_output=True, text=True, check=True
        )
        print(done.stdout.strip().splitlines()[-1], flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
