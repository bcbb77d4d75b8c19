"""What chains cost a selection: ``select()`` p50/p95 with ``chains`` off and on, the requests' vectors cached.

    python benchmarks/chains_latency.py FOLDER [FOLDER ...] [--rounds 3]

Each folder holds ``tools.jsonl`` and ``queries.jsonl``. Every request is embedded once
(warm-up), then selected ``--rounds`` times with each setting, the two interleaved per request
so both meet the same machine load; the embedding is out of the timing, so the figures are
the pipeline's own (chains add nothing to the embedding). "first ms" is the chains filter's
first selection, timed apart: it works out what feeds what, and every other first-use cost
of a filter (the abstain phrases, the search rows) with it.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.harness.systems import switched_off  # noqa: E402
from toolfilter_core import ToolFilter, get_embedder, read_queries, read_tools_file, recommended_config  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    print(f"{'registry':<28}{'tools':>6}{'n':>5}  {'p50 off>on ms':>16}{'p95 off>on ms':>16}{'first ms':>11}")
    for folder in args.folders:
        tools = read_tools_file(folder / "tools.jsonl")
        queries = [q.query for q in read_queries(folder / "queries.jsonl")]
        filters = {}
        for chains in (False, True):
            start = time.perf_counter()
            with _chains(chains):
                filters[chains] = ToolFilter(tools, config=recommended_config(), embedder=embedder)
                filters[chains].select(queries[0])  # ready: with chains on, what feeds what is worked out
            derive = (time.perf_counter() - start) * 1000
        for q in queries:
            for chains, tf in filters.items():
                with _chains(chains):
                    tf.select(q)  # every request embedded once and seen once by each filter, out of the timing
        times: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(args.rounds):
            for q in queries:
                for chains in (False, True):
                    with _chains(chains):
                        start = time.perf_counter()
                        filters[chains].select(q)
                        times[chains].append((time.perf_counter() - start) * 1000)
        p50 = [statistics.median(times[c]) for c in (False, True)]
        p95 = [statistics.quantiles(times[c], n=20)[-1] for c in (False, True)]
        print(
            f"{folder.name[:27]:<28}{len(tools):>6}{len(queries):>5}  {p50[0]:>7.2f}>{p50[1]:<8.2f}"
            f"{p95[0]:>7.2f}>{p95[1]:<8.2f}{derive:>9.1f}",
            flush=True,
        )
    return 0


def _chains(on: bool) -> contextlib.AbstractContextManager[None]:
    """Chains as they are (on), or switched off while the block runs."""
    return contextlib.nullcontext() if on else switched_off(["chains"])


if __name__ == "__main__":
    raise SystemExit(main())
