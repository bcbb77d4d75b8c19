"""Where one ``select()`` spends its milliseconds beyond embedding the request, step by step.

    python benchmarks/select_spans.py                  # 2,500 tools, with and without profiles
    python benchmarks/select_spans.py --size 500 --rounds 1
    python benchmarks/select_spans.py --cprofile       # cProfile's top functions too
    python benchmarks/select_spans.py --sealtools      # ab_select.py's registry (no profiles) and requests

The registry and its profiles are ``bench_profile_scale``'s (synthetic vectors for the tools'
texts, the real default model for the requests). Each request is embedded once, before the
timing: the spans are the library's own work around the model. Every span is a function
wrapped with ``perf_counter`` (inclusive of what it calls); the figures are the mean ms per
``select`` over the 200 requests of ``bench_scale.queries``, one BLAS thread, after one
warm-up round; ``rounds`` repeats the timed pass and keeps each span's smallest mean (the
machine is shared). Spans nest: the functions a step calls are listed under it.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import importlib
import io
import os
import pstats
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SPANS = (
    ("select", "toolfilter_core._filter:ToolFilter.select"),
    ("  1 read", "toolfilter_core._pipeline:read"),
    ("    request_vectors", "toolfilter_core._pipeline.read:request_vectors"),
    ("    search (index)", "toolfilter_core.index._tool_index:ToolIndex.search"),
    ("    request_kinds", "toolfilter_core._pipeline.read:request_kinds"),
    ("  2 gate", "toolfilter_core._pipeline:gate"),
    ("  3 rank", "toolfilter_core._pipeline:rank"),
    ("    bm25 scores", "toolfilter_core._bm25:BM25Index.scores"),
    ("    pool", "toolfilter_core._pipeline.rank:pool"),
    ("    each ask's tops", "toolfilter_core._pipeline.rank:_tops"),
    ("    servers named", "toolfilter_core._servers:ServerNames.named"),
    ("    score", "toolfilter_core._pipeline.rank:score"),
    ("  4 decide", "toolfilter_core._pipeline:decide"),
    ("    no_tool", "toolfilter_core._pipeline.decide:no_tool"),
    ("      abstain_score", "toolfilter_core._pipeline.decide:abstain_score"),
    ("      action_named", "toolfilter_core._pipeline.decide:action_named"),
    ("    table_of", "toolfilter_core._pipeline.decide:table_of"),
    ("    decide_rows", "toolfilter_core._pipeline.decide:decide_rows"),
    ("    says_acts", "toolfilter_core._pipeline.decide:says_acts"),
    ("    routed", "toolfilter_core._pipeline.decide:routed"),
    ("    with_chains", "toolfilter_core._pipeline.decide:with_chains"),
    ("  5 assemble", "toolfilter_core._pipeline:assemble"),
    ("    matched texts", "toolfilter_core._pipeline.assemble:_with_match"),
    ("    prompt chars", "toolfilter_core._pipeline.assemble:openai_tools_chars"),
    ("    prompt chars", "toolfilter_core._snapshot:Snapshot.tools_chars"),
)
KINDS = ("profiled", "unprofiled", "plain", "unprofiled_plain")


def _wrap(target: str, totals: dict[str, float]) -> Callable[[], None]:
    """Time every call of ``target`` (``module:attr`` or ``module:Class.attr``) into ``totals``; return the undo."""
    module_name, path = target.split(":")
    owner: Any = importlib.import_module(module_name)
    *classes, attr = path.split(".")
    for name in classes:
        owner = getattr(owner, name)
    original = (owner.__dict__ if classes else vars(owner)).get(attr)
    if original is None:  # not at this revision: the span reads 0
        return lambda: None

    @functools.wraps(original)
    def timed(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            totals[target] = totals.get(target, 0.0) + time.perf_counter() - began

    setattr(owner, attr, timed)
    return lambda: setattr(owner, attr, original)


class _Remembered:
    """The real model, each request embedded once (the spans leave the model out)."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.rows: dict[str, np.ndarray] = {}

    @property
    def id(self) -> str:
        return str(self.model.id)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in texts if t not in self.rows]
        if missing:
            self.rows.update(zip(missing, self.model.embed_queries(missing), strict=True))
        return np.stack([self.rows[t] for t in texts]) if texts else self.model.embed_queries(texts)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self.model.embed_documents(texts))


def _filters(size: int) -> tuple[dict[str, Any], list[str]]:
    from benchmarks import bench_profile_scale as scale
    from toolfilter_core import get_embedder

    model = get_embedder("default")
    tools, profiles, requests_of = scale.registry(size)
    remembered = _Remembered(model)
    embedder = scale.SyntheticTools(remembered, requests_of)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        built = scale.filters(size, embedder, tools, profiles)
    return {k: built[k] for k in KINDS}, scale.queries()


def _sealtools() -> tuple[dict[str, Any], list[str]]:
    """``ab_select.py``'s filters (sealtools' 4,076 tools in a directory store, no profiles) and requests."""
    import atexit
    import shutil
    import tempfile

    from benchmarks.ab_select import REQUESTS
    from benchmarks.bench_latency import SEALTOOLS, Bank, config
    from toolfilter_core import ToolFilter, get_embedder, read_queries, read_tools_file

    model = get_embedder("default")
    remembered = _Remembered(model)
    store = tempfile.mkdtemp(prefix="tf-spans-")
    atexit.register(shutil.rmtree, store, True)
    cache = Path.home() / ".cache" / "toolfilter" / "bench_latency.npz"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tools = read_tools_file(SEALTOOLS / "tools.jsonl")
        ToolFilter(tools, embedder=Bank(model, cache), config=config(), store=store)
        filters = {
            kind: ToolFilter(embedder=remembered, config=config(enabled=kind == "unprofiled"), store=store)
            for kind in ("unprofiled", "unprofiled_plain")
        }
    asked = [q.query for q in read_queries(SEALTOOLS / "queries.jsonl") if q.query and len(q.query) <= 2000]
    return filters, asked[:: max(1, len(asked) // REQUESTS)][:REQUESTS]


def spans(size: int, rounds: int) -> dict[str, dict[str, float]]:
    """Per kind, per span: the smallest over ``rounds`` of the mean ms per select (``size`` 0: sealtools)."""
    filters, texts = _filters(size) if size else _sealtools()
    out: dict[str, dict[str, float]] = {}
    with threadpool_limits(1):
        for tf in filters.values():  # warm-up: every request embedded, every lazy table built
            for text in texts:
                tf.select(text)
        for kind, tf in filters.items():
            best: dict[str, float] = {}
            for _ in range(rounds):
                totals: dict[str, float] = {}
                undo = [_wrap(target, totals) for _, target in SPANS]
                for text in texts:
                    tf.select(text)
                for step in reversed(undo):
                    step()
                means: dict[str, float] = {}
                for label, target in SPANS:  # a label of two targets: whichever this revision has
                    means[label] = means.get(label, 0.0) + totals.get(target, 0.0) * 1000 / len(texts)
                for label, mean in means.items():
                    best[label] = min(best.get(label, mean), mean)
            out[kind] = {k: round(v, 3) for k, v in best.items()}
    return out


def profile(size: int, kind: str) -> str:
    """cProfile's top 30 functions by their own time for one kind."""
    filters, texts = _filters(size)
    tf = filters[kind]
    with threadpool_limits(1):
        for text in texts:
            tf.select(text)
        profiler = cProfile.Profile()
        profiler.enable()
        for text in texts:
            tf.select(text)
        profiler.disable()
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(30)
    return stream.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=2500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cprofile", action="store_true", help="also print cProfile's top functions (profiled)")
    parser.add_argument("--sealtools", action="store_true", help="ab_select.py's registry and requests instead")
    args = parser.parse_args()
    found = spans(0 if args.sealtools else args.size, args.rounds)
    where = "sealtools' 4,076 tools, no profiles" if args.sealtools else f"{args.size} tools"
    print(f"mean ms per select at {where} (request vectors cached; min of {args.rounds} rounds)")
    print(f"{'span':24}" + "".join(f"{k:>18}" for k in found))
    for label in dict.fromkeys(label for label, _ in SPANS):
        print(f"{label:24}" + "".join(f"{found[k][label]:18.3f}" for k in found))
    if args.cprofile and not args.sealtools:
        print(profile(args.size, "profiled"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
