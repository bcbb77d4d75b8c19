"""Profiles at scale: ``select()`` with tool profiles against plain top-k and against no profiles, and the memory.

    python benchmarks/bench_profile_scale.py --sizes 2500 50000        # timing, one process per size
    python benchmarks/bench_profile_scale.py --memory 10000            # memory, one process per kind
    python benchmarks/bench_profile_scale.py --search 50000            # the search alone
    python benchmarks/bench_profile_scale.py --full 50000              # end to end: build, memory, select

Registries are ``bench_scale.synthesize`` (the public pools, then seeded variants), each
tool with a profile of 8 requests (``bench_latency._requests``) and 16 near misses. What a
search costs depends on how many vectors there are, not on what they say, so the tools'
texts get synthetic vectors (a seeded unit vector per description, each profile request
a seeded step away from it); requests are embedded by the real default model on every call.
Everything is in memory (no store: selection runs in memory with either store kind).

Timing (one process per size, one BLAS thread, 20 warm-up calls, then 200 requests, each
timed in turn by every filter, interleaved):

* ``profiled``: ``select()`` with profiles, the two-pass search (``index/_coverage.py``);
* ``one_pass``: the same with every profile request in one pass (before);
* ``plain``: plain top-k (``enabled: false``) over the same profiled tools;
* ``unprofiled`` and ``unprofiled_plain``: ``select()`` and plain top-k without profiles.

End to end (``--full``; one fresh process per kind, without and with profiles, one BLAS
thread throughout): the build timed (with the foreign-request check and the registry's
embedding, seeded vectors, timed apart), the memory as below, then ``select()`` p50/p95 over
the 200 requests after 20 warm-up calls.

Memory (one fresh process per kind): resident memory of the served registry, that is RSS
after building the filter and selecting once, with the in-memory store's own records dropped
(a reader of a store holds them only while it loads) and ``malloc_trim``, minus RSS with the
model loaded. Writes ``benchmarks/results/profile_scale.json``.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_latency import NEAR_MISSES, SEED, _requests  # noqa: E402
from benchmarks.bench_scale import queries, synthesize  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "profile_scale.json"
DIM = 512
WARM_UP = 20
KINDS = ("profiled", "one_pass", "plain", "unprofiled", "unprofiled_plain")


class SyntheticTools:
    """Seeded vectors for the registry's texts; the real model for every other text (the requests)."""

    def __init__(self, model: Any, requests_of: dict[str, str]) -> None:
        self.model = model
        self.requests_of = requests_of
        """A profile request's text to its tool's description."""

    @property
    def id(self) -> str:
        return f"synthetic+{self.model.id}"

    @staticmethod
    def _seeded(text: str) -> NDArray[np.float32]:
        seed = int.from_bytes(hashlib.sha1(text.encode("utf-8")).digest()[:8], "little")
        v = np.random.default_rng(seed).standard_normal(DIM)
        return (v / np.linalg.norm(v)).astype(np.float32)

    def embed_documents(self, texts: list[str]) -> NDArray[np.float32]:
        return np.stack([self._seeded(t) for t in texts]) if texts else np.zeros((0, DIM), dtype=np.float32)

    def embed_queries(self, texts: list[str]) -> NDArray[np.float32]:
        if not texts or not all(t in self.requests_of for t in texts):
            return np.asarray(self.model.embed_queries(texts), dtype=np.float32)
        out = []
        for text in texts:  # a profile request: a step away from its tool's description
            v = self._seeded(self.requests_of[text]) + 0.6 * self._seeded("request:" + text)
            out.append(v / np.linalg.norm(v))
        return np.stack(out).astype(np.float32)


def registry(size: int) -> tuple[list[Any], Any, dict[str, str]]:
    """``size`` tools, their profiles and near misses, and each request's tool document."""
    import random

    from toolfilter_core import Profiles, ToolProfile, load_tools

    tools = load_tools(synthesize(size))
    profiles, requests_of = {}, {}
    for tool in tools:
        asks = _requests(tool.description, tool.name, random.Random(f"{SEED}:{tool.name}"))
        profiles[tool.name] = ToolProfile(asks)
        requests_of.update({text: tool.document() for text in asks})
    near = tuple(f"just chatting about item {i}, no action needed" for i in range(NEAR_MISSES))
    requests_of.update({text: "near misses" for text in near})
    return tools, Profiles(profiles, near), requests_of


def filters(size: int, embedder: SyntheticTools, tools: list[Any], profiles: Any) -> dict[str, Any]:
    """One filter per kind of ``KINDS``."""
    from benchmarks.bench_latency import config
    from toolfilter_core import ToolFilter
    from toolfilter_core.index import _coverage

    chosen = _coverage.PROFILE_VECTORS
    out = {}
    for kind in KINDS:
        _coverage.PROFILE_VECTORS = 10**6 if kind == "one_pass" else chosen
        given = None if kind.startswith("unprofiled") else profiles
        out[kind] = ToolFilter(tools, embedder=embedder, profiles=given, config=config(enabled="plain" not in kind))
    _coverage.PROFILE_VECTORS = chosen
    return out


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
    }


def timing(size: int) -> dict[str, Any]:
    """p50/p95 of every kind over the same requests, interleaved, and the ratios within this run."""
    from toolfilter_core import get_embedder

    model = get_embedder("default")
    model.embed_queries(["load the model"])
    tools, profiles, requests_of = registry(size)
    embedder = SyntheticTools(model, requests_of)
    started = time.perf_counter()
    tfs = filters(size, embedder, tools, profiles)
    built = time.perf_counter() - started
    texts = queries()
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    with threadpool_limits(1):
        for text in texts[:WARM_UP]:
            for tf in tfs.values():
                tf.select(text)
        for text in texts:
            for kind, tf in tfs.items():
                began = time.perf_counter()
                tf.select(text)
                times[kind].append((time.perf_counter() - began) * 1000)
    out: dict[str, Any] = {k: _percentiles(v) for k, v in times.items()}
    rows = tfs["profiled"].index.rows
    out["rows"] = {"first_pass": len(rows.matrix), "rest": len(rows.rest), "tools": size}
    out["build_s"] = round(built, 1)
    p95 = {k: out[k]["p95"] for k in KINDS}
    out["ratios_p95"] = {
        "profiled / plain": round(p95["profiled"] / p95["plain"], 2),
        "profiled / unprofiled_plain": round(p95["profiled"] / p95["unprofiled_plain"], 2),
        "profiled / unprofiled": round(p95["profiled"] / p95["unprofiled"], 2),
        "one_pass / plain": round(p95["one_pass"] / p95["plain"], 2),
        "one_pass / profiled": round(p95["one_pass"] / p95["profiled"], 2),
    }
    return out


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def memory(size: int, profiled: bool) -> dict[str, Any]:
    """RSS of the served registry beyond the model (the store's own records dropped)."""
    from toolfilter_core import get_embedder

    model = get_embedder("default")
    model.embed_queries(["load the model"])
    tools, profiles, requests_of = registry(size)
    embedder = SyntheticTools(model, requests_of)
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    base = _rss_mb()
    from benchmarks.bench_latency import config
    from toolfilter_core import ToolFilter

    tf = ToolFilter(tools, embedder=embedder, profiles=profiles if profiled else None, config=config())
    tf.select("restart the nginx service on web-01")
    getattr(tf.index.store, "_records", {}).clear()  # what a store's reader no longer holds after loading
    del tools, profiles, requests_of
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    rows = tf.index.rows
    return {
        "rss_beyond_model_mb": round(_rss_mb() - base, 1),
        "first_pass_rows": len(rows.matrix),
        "rest_rows": len(rows.rest),
        "matrix_mb": round((rows.matrix.nbytes + rows.rest.nbytes) / 2**20, 1),
    }


def full(size: int, profiled: bool, trace: int = 0) -> dict[str, Any]:
    """One fresh process, end to end: the build (timed) and the memory beyond the model.

    The process with profiles then builds the same tools without them and times
    ``select()`` on both, interleaved over the same requests (so their ratio is of one
    moment of a shared machine). Everything under one BLAS thread. The foreign-request
    check is timed on its own (``foreign_check_s``), and so is embedding the registry's
    texts (seeded vectors: ``embed_s``; a real model would take far longer). ``trace``:
    the build under ``tracemalloc`` (slower), its ``trace`` largest holders by line kept.
    """
    from benchmarks.bench_latency import config
    from toolfilter_core import ToolFilter, get_embedder
    from toolfilter_core.index import _matrix

    model = get_embedder("default")
    model.embed_queries(["load the model"])
    tools, profiles, requests_of = registry(size)
    embedder = SyntheticTools(model, requests_of)
    spent = {"foreign_check_s": 0.0, "embed_s": 0.0}
    _matrix.ignore_foreign_triggers = _timed(spent, "foreign_check_s", _matrix.ignore_foreign_triggers)  # type: ignore[assignment]
    embedder.embed_documents = _timed(spent, "embed_s", embedder.embed_documents)  # type: ignore[method-assign]
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    base = _rss_mb()
    if trace:
        tracemalloc.start()
    with threadpool_limits(1):
        began = time.perf_counter()
        tf = ToolFilter(tools, embedder=embedder, profiles=profiles if profiled else None, config=config())
        built = time.perf_counter() - began
        tf.select("restart the nginx service on web-01")
        getattr(tf.index.store, "_records", {}).clear()  # what a store's reader no longer holds after loading
        gc.collect()
        ctypes.CDLL("libc.so.6").malloc_trim(0)
        rss = _rss_mb() - base
        held = tracemalloc.take_snapshot().statistics("lineno")[:trace] if trace else []
        tracemalloc.stop()
        rows = tf.index.rows
        out: dict[str, Any] = {
            "build_s": round(built, 1),
            **{k: round(v, 1) for k, v in spent.items()},
            "rss_beyond_model_mb": round(rss, 1),
            "rows": {"first_pass": len(rows.matrix), "rest": len(rows.rest), "foreign": int(rows.foreign.sum())},
            "matrix_mb": round((rows.matrix.nbytes + rows.rest.nbytes) / 2**20, 1),
        }
        if held:
            out["tracemalloc_top_mb"] = {str(h.traceback[0]): round(h.size / 2**20, 1) for h in held}
            return out
        if profiled:
            tfs = {"profiled": tf, "unprofiled": ToolFilter(tools, embedder=embedder, config=config())}
            out["select_ms"] = _interleaved(tfs)
            p95 = out["select_ms"]
            out["select_p95_profiled_over_unprofiled"] = round(p95["profiled"]["p95"] / p95["unprofiled"]["p95"], 2)
    return out


def _timed(spent: dict[str, float], key: str, function: Any) -> Any:
    """``function``, adding the seconds of every call to ``spent[key]``."""

    def run(*args: Any) -> Any:
        began = time.perf_counter()
        try:
            return function(*args)
        finally:
            spent[key] += time.perf_counter() - began

    return run


def _interleaved(tfs: dict[str, Any]) -> dict[str, dict[str, float]]:
    """p50/p95 of ``select()`` for each filter, every request timed by each in turn, after warm-up calls."""
    texts = queries()
    for text in texts[:WARM_UP]:
        for tf in tfs.values():
            tf.select(text)
    times: dict[str, list[float]] = {k: [] for k in tfs}
    for text in texts:
        for kind, tf in tfs.items():
            began = time.perf_counter()
            tf.select(text)
            times[kind].append((time.perf_counter() - began) * 1000)
    return {k: _percentiles(v) for k, v in times.items()}


def search_only(size: int, rounds: int = 200) -> dict[str, Any]:
    """The search alone at ``size`` tools (random unit vectors, 9 a tool): no profiles, one pass, two passes.

    The foreign-request check is left out of building these rows (``--full`` times it with
    the rest of a build).
    """
    from toolfilter_core._types import ToolSpec
    from toolfilter_core.index import _coverage, _matrix
    from toolfilter_core.index._records import PROFILE_KIND, Record

    rng = np.random.default_rng(SEED)
    specs = [ToolSpec(f"tool_{i}", "synthetic") for i in range(size)]
    docs = rng.standard_normal((size, DIM)).astype(np.float32)
    docs /= np.linalg.norm(docs, axis=1, keepdims=True)
    records, owner = [], []
    for i in range(size):
        asks = docs[i] + 0.06 * rng.standard_normal((8, DIM)).astype(np.float32)
        asks /= np.linalg.norm(asks, axis=1, keepdims=True)
        records.append(Record(f"{i}:0", {"kind": "doc"}, "doc", docs[i]))
        records += [Record(f"{i}:{j + 1}", {"kind": PROFILE_KIND}, "ask", a) for j, a in enumerate(asks)]
        owner += [i] * 9
    _matrix.ignore_foreign_triggers = lambda matrix, owner, *rest: np.zeros(len(owner), dtype=bool)  # type: ignore[assignment]
    chosen = _coverage.PROFILE_VECTORS
    _coverage.PROFILE_VECTORS = 10**6
    built = {"one_pass": _matrix.search_rows(specs, records, owner)}
    _coverage.PROFILE_VECTORS = chosen
    built["profiled"] = _matrix.search_rows(specs, records, owner)
    built["unprofiled"] = _matrix.search_rows(specs, records[::9], list(range(size)))
    del records
    times: dict[str, list[float]] = {k: [] for k in built}
    queries = built["one_pass"].matrix[rng.integers(0, 9 * size, rounds)]
    with threadpool_limits(1):
        for query in queries:
            q = (query + 0.05 * rng.standard_normal(DIM)).astype(np.float32)
            q /= np.linalg.norm(q)
            for kind, rows in built.items():
                began = time.perf_counter()
                _matrix.search(rows, q, size)
                times[kind].append((time.perf_counter() - began) * 1000)
    out: dict[str, Any] = {k: _percentiles(v) for k, v in times.items()}
    out["mb"] = {k: round((r.matrix.nbytes + r.rest.nbytes + r.rest_scale.nbytes) / 2**20, 1) for k, r in built.items()}
    out["rows"] = {k: [len(r.matrix), len(r.rest)] for k, r in built.items()}
    return out


def _child(argv: list[str]) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, *argv], check=True, cwd=ROOT, capture_output=True, text=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[])
    parser.add_argument("--memory", type=int, default=0, help="measure memory at this size")
    parser.add_argument("--search", type=int, default=0, help="time the search alone at this size")
    parser.add_argument("--full", type=int, default=0, help="end to end at this size: build, memory, select")
    parser.add_argument("--trace", type=int, default=0, help="with --full: the N largest holders (tracemalloc)")
    parser.add_argument("--child", choices=("timing", "memory", "search", "full"))
    parser.add_argument("--size", type=int, default=0)
    parser.add_argument("--profiled", type=int, default=1)
    parser.add_argument("--out", default=str(RESULTS))
    args = parser.parse_args()
    if args.child == "timing":
        print(json.dumps(timing(args.size)))
        return 0
    if args.child == "search":
        print(json.dumps(search_only(args.size)))
        return 0
    if args.child == "full":
        print(json.dumps(full(args.size, bool(args.profiled), args.trace)))
        return 0
    if args.child == "memory":
        print(json.dumps(memory(args.size, bool(args.profiled))))
        return 0
    path = Path(args.out)
    report: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for size in args.sizes:
        report[f"timing_{size}"] = found = _child(["--child", "timing", "--size", str(size)])
        print(size, json.dumps(found), flush=True)
    if args.search:
        report[f"search_{args.search}"] = found = _child(["--child", "search", "--size", str(args.search)])
        print(args.search, json.dumps(found), flush=True)
    if args.memory:
        found = {
            kind: _child(["--child", "memory", "--size", str(args.memory), "--profiled", str(int(kind == "profiled"))])
            for kind in ("unprofiled", "profiled")
        }
        found["ratio"] = round(found["profiled"]["rss_beyond_model_mb"] / found["unprofiled"]["rss_beyond_model_mb"], 2)
        report[f"memory_{args.memory}"] = found
        print(args.memory, json.dumps(found), flush=True)
    if args.full:
        found = {}
        for kind in ("unprofiled", "profiled"):
            argv = ["--child", "full", "--size", str(args.full), "--profiled", str(int(kind == "profiled"))]
            argv += ["--trace", str(args.trace)]
            found[kind] = _child(argv)
            print(args.full, kind, json.dumps(found[kind]), flush=True)
        found["memory_ratio"] = round(
            found["profiled"]["rss_beyond_model_mb"] / found["unprofiled"]["rss_beyond_model_mb"], 2
        )
        report[f"full_{args.full}" + ("_traced" if args.trace else "")] = found
        print(args.full, json.dumps(found), flush=True)
    path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
