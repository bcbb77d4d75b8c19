"""Scale benchmark: 1k, 10k and 50k tools on an embedded Chroma directory and on a Chroma server.

Tools are synthesized deterministically from the public pools in benchmarks/data (sealtools
4,076 + bfcl 2,573 tools): the pool in a seeded order first, then variants of it: the name
gets a ``__s<k>`` suffix, the description's words and the parameters are permuted with a
seeded generator. Every size is a prefix of the next, so the 1k set is in the 10k set.

What is measured, each in a fresh process (docs/scaling.md explains the figures):

* build: ``ToolFilter(tools, store=...)`` from nothing: embedding, store writes, loading
  the registry back. On the embedded store with the real default model (use-m3) for
  every size; its vectors are cached, and the server builds reuse them (the cached-vector
  build is the store's share; the model's share is the same as on the embedded store).
* open: ``ToolFilter.open(...)`` of the built store (what every reader process pays).
* memory: resident memory beyond the model: RSS after opening, minus RSS with only the
  model loaded; and the peak (VmHWM) beyond the model.
* select: p50/p95/p99 of ``select()`` with the model loaded and the query embedded per
  call, over 200 queries from the pools' query files; plus the query embedding and the
  vector search alone.
* registry: time to build the selector's per-registry state (token sets, BM25 index)
  and the memory it allocates (tracemalloc).

Commands::

    nice -n 10 python benchmarks/bench_scale.py                      # everything (about 20 min)
    nice -n 10 python benchmarks/bench_scale.py --sizes 1000 --stores embedded   # a smoke run
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data"
SHARED = ROOT.parent / "shared" / "data"  # ../shared/data beside the checkout, as toolfilter bench
SEED = 20261130
QUERY_COUNT = 200
WARMUP = 20
EMBEDDER = "default"

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


# ----- the synthetic registries -----


def _pool_file(name: str, kind: str) -> Path:
    local = DATA / name / f"{kind}.jsonl"
    return local if local.exists() else SHARED / name / f"{kind}.jsonl"


def base_pool() -> list[dict[str, Any]]:
    """sealtools then bfcl, names unique (the first wins), in a seeded order."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for name in ("sealtools", "bfcl"):
        for line in _pool_file(name, "tools").read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if row["name"] not in seen:
                    seen.add(row["name"])
                    rows.append(row)
    random.Random(SEED).shuffle(rows)
    return rows


def synthesize(n: int) -> list[dict[str, Any]]:
    """The first ``n`` tools of the synthetic sequence (a prefix of every larger size)."""
    pool = base_pool()
    out: list[dict[str, Any]] = []
    variant = 0
    while len(out) < n:
        for i, row in enumerate(pool):
            if len(out) >= n:
                break
            if variant == 0:
                out.append(row)
                continue
            rng = random.Random(f"{SEED}:{variant}:{i}")
            words = row["description"].split()
            rng.shuffle(words)
            parameters = dict(row.get("parameters") or {})
            properties = list((parameters.get("properties") or {}).items())
            rng.shuffle(properties)
            if properties:
                parameters["properties"] = dict(properties)
            out.append(
                {**row, "name": f"{row['name']}__s{variant}", "description": " ".join(words), "parameters": parameters}
            )
        variant += 1
    return out


def queries() -> list[str]:
    """200 requests: every k-th query of sealtools and of bfcl, half each."""
    out: list[str] = []
    for name in ("sealtools", "bfcl"):
        rows = [
            json.loads(x) for x in _pool_file(name, "queries").read_text(encoding="utf-8").splitlines() if x.strip()
        ]
        rows = [r for r in rows if r.get("query") and len(r["query"]) <= 2000]  # requests, not documents
        step = max(1, len(rows) // (QUERY_COUNT // 2))
        out.extend(r["query"] for r in rows[::step][: QUERY_COUNT // 2])
    return out


# ----- embedders that reuse the real model's vectors -----


def _key(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


class RecordingEmbedder:
    """The real model; remembers every document vector it computes (to cache them)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.vectors: dict[str, np.ndarray] = {}
        self.seconds = 0.0

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        started = time.perf_counter()
        out = self.inner.embed_documents(texts)
        self.seconds += time.perf_counter() - started
        for text, row in zip(texts, out, strict=True):
            self.vectors[_key(text)] = row
        return out

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)


class CachedEmbedder:
    """Document vectors from the cache of a real-model build; queries by the real model."""

    def __init__(self, inner: Any, cache: dict[str, np.ndarray]) -> None:
        self.inner = inner
        self.cache = cache

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in texts if _key(t) not in self.cache]
        if missing:
            for text, row in zip(missing, self.inner.embed_documents(missing), strict=True):
                self.cache[_key(text)] = row
        return np.stack([self.cache[_key(t)] for t in texts]).astype(np.float32)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)


class _Precomputed:
    """Query vectors computed beforehand: times the selection pipeline without the model."""

    def __init__(self, inner: Any, vectors: dict[str, np.ndarray]) -> None:
        self.inner = inner
        self.vectors = vectors

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        if len(texts) == 1 and texts[0] in self.vectors:
            return self.vectors[texts[0]]
        return self.inner.embed_queries(texts)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_documents(texts)


def save_cache(path: Path, vectors: dict[str, np.ndarray]) -> None:
    keys = sorted(vectors)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez(path, keys=np.array(keys), vectors=np.stack([vectors[k] for k in keys]).astype(np.float32))


def load_cache(path: Path) -> dict[str, np.ndarray]:
    if not path.exists():
        return {}
    data = np.load(path)
    return {str(k): v for k, v in zip(data["keys"], data["vectors"], strict=True)}


# ----- measuring -----


def _status(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024.0
    return float("nan")


def rss_mb() -> float:
    return _status("VmRSS")


def peak_mb() -> float:
    return _status("VmHWM")


def reset_peak() -> None:
    """Reset VmHWM to the current RSS (Linux: write 5 to clear_refs)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _where(args: argparse.Namespace) -> dict[str, Any]:
    if args.store == "embedded":
        return {"store": args.path}
    from toolfilter_core.index.chroma import connect

    return {"client": connect(host="127.0.0.1", port=args.port, timeout_s=600.0)}


def cell_build(args: argparse.Namespace) -> dict[str, Any]:
    from toolfilter_core import ToolFilter, get_embedder, load_tools

    tools = load_tools(synthesize(args.size))
    real = get_embedder(EMBEDDER)
    real.embed_queries(["warm up"])
    cache_path = Path(args.cache)
    if args.vectors == "real":
        embedder: Any = RecordingEmbedder(real)
    else:
        embedder = CachedEmbedder(real, load_cache(cache_path))
    base = rss_mb()
    reset_peak()
    started = time.perf_counter()
    tf = ToolFilter(tools, embedder=embedder, collection=f"scale-{args.size}", refresh_interval=3600, **_where(args))
    seconds = time.perf_counter() - started
    result = {
        "tools": len(tf.tools),
        "texts_embedded": tf.last_report.texts_embedded,
        "build_s": round(seconds, 2),
        "tools_per_s": round(len(tools) / seconds, 1),
        "rss_beyond_model_mb": round(rss_mb() - base, 1),
        "peak_beyond_model_mb": round(peak_mb() - base, 1),
        "vectors": "use-m3, computed in this run"
        if args.vectors == "real"
        else "use-m3, cached from the embedded build",
    }
    if isinstance(embedder, RecordingEmbedder):
        result["embed_s"] = round(embedder.seconds, 2)
        result["embed_texts_per_s"] = round(len(embedder.vectors) / max(embedder.seconds, 1e-9), 1)
        result["store_and_registry_s"] = round(seconds - embedder.seconds, 2)
        merged = load_cache(cache_path)
        merged.update(embedder.vectors)
        save_cache(cache_path, merged)
    return result


def _select_timings(
    tf: Any, embedder: Any, asked: list[str], search_threads: int
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Milliseconds a query: select() end to end, the query's embedding, the vector search, and
    the pipeline alone (select() with each query's vector computed beforehand)."""
    from threadpoolctl import threadpool_limits

    for query in asked[:WARMUP]:
        tf.select(query)
    latencies, embeds, searches = [], [], []
    for query in asked:
        started = time.perf_counter()
        tf.select(query)
        latencies.append((time.perf_counter() - started) * 1000)
    for query in asked:
        started = time.perf_counter()
        vector = embedder.embed_queries([query])[0]
        embeds.append((time.perf_counter() - started) * 1000)
        with threadpool_limits(limits=search_threads, user_api="blas"):
            started = time.perf_counter()
            tf.index.similarities(vector)
            searches.append((time.perf_counter() - started) * 1000)
    vectors = {q: embedder.embed_queries([q]) for q in asked}
    tf.embedder = _Precomputed(embedder, vectors)
    pipeline = []
    for query in asked:
        started = time.perf_counter()
        tf.select(query)
        pipeline.append((time.perf_counter() - started) * 1000)
    tf.embedder = embedder
    return latencies, embeds, searches, pipeline


def _registry_cost(tf: Any) -> tuple[float, float, float]:
    """The per-registry state (``Snapshot``) measured on its own: MiB held, seconds to build it
    under tracemalloc, and seconds to build it plainly."""
    import tracemalloc

    from toolfilter_core._snapshot import Snapshot

    reg = tf._snapshot
    started = time.perf_counter()
    tracemalloc.start()
    kept = Snapshot(reg.tools, tf.index)
    registry_mb = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    del kept
    registry_s = time.perf_counter() - started  # under tracemalloc: slower than the plain build
    started = time.perf_counter()
    Snapshot(reg.tools, tf.index)
    registry_plain_s = time.perf_counter() - started
    return registry_mb, registry_s, registry_plain_s


def cell_select(args: argparse.Namespace) -> dict[str, Any]:
    from toolfilter_core import ToolFilter, get_embedder, recommended_config

    embedder = get_embedder(EMBEDDER)
    embedder.embed_queries(["warm up"])
    config = recommended_config(search_threads=args.search_threads)
    base = rss_mb()
    reset_peak()
    started = time.perf_counter()
    tf = ToolFilter.open(embedder=embedder, config=config, collection=f"scale-{args.size}", **_where(args))
    open_s = time.perf_counter() - started
    open_rss, open_peak = rss_mb() - base, peak_mb() - base

    latencies, embeds, searches, pipeline = _select_timings(tf, embedder, queries(), args.search_threads)
    after_rss = rss_mb() - base
    serving_peak = peak_mb() - base  # before the registry measurement below builds extra copies

    registry_mb, registry_s, registry_plain_s = _registry_cost(tf)
    return {
        "tools": len(tf.tools),
        "search_threads": args.search_threads,
        "open_s": round(open_s, 2),
        "rss_beyond_model_mb": round(after_rss, 1),
        "rss_after_open_beyond_model_mb": round(open_rss, 1),
        "peak_beyond_model_mb": round(max(open_peak, serving_peak), 1),
        "matrix_mb": round(tf.index._matrix.nbytes / 2**20, 1),
        "registry_build_s": round(registry_plain_s, 2),
        "registry_mb": round(registry_mb, 1),
        "registry_build_traced_s": round(registry_s, 2),
        "select_ms": {
            "p50": round(percentile(latencies, 0.50), 2),
            "p95": round(percentile(latencies, 0.95), 2),
            "p99": round(percentile(latencies, 0.99), 2),
            "max": round(max(latencies), 2),
            "mean": round(statistics.fmean(latencies), 2),
        },
        "pipeline_ms": {
            "p50": round(percentile(pipeline, 0.50), 2),
            "p95": round(percentile(pipeline, 0.95), 2),
            "p99": round(percentile(pipeline, 0.99), 2),
        },
        "query_embed_ms": {"p50": round(percentile(embeds, 0.5), 2), "p95": round(percentile(embeds, 0.95), 2)},
        "vector_search_ms": {"p50": round(percentile(searches, 0.5), 2), "p95": round(percentile(searches, 0.95), 2)},
        "queries": len(latencies),
    }


def cell_reload(args: argparse.Namespace) -> dict[str, Any]:
    """Selections while the reader reloads a re-indexed registry (one tool changed elsewhere)."""
    import dataclasses

    from toolfilter_core import ToolFilter, ToolIndex, get_embedder, load_tools

    embedder = get_embedder(EMBEDDER)
    embedder.embed_queries(["warm up"])
    tf = ToolFilter.open(embedder=embedder, collection=f"scale-{args.size}", **_where(args))
    tf.refresh_interval, tf.reload_wait = 0.0, args.reload_wait
    asked = queries()
    for query in asked[:WARMUP]:
        tf.select(query)

    # Another writer re-indexes with one description changed: a new version stamp for readers.
    tools = load_tools(synthesize(args.size))
    changed = dataclasses.replace(tools[0], description=f"{tools[0].description} (revised {time.time_ns()})")
    writer = ToolIndex(tf.index.store, CachedEmbedder(embedder, load_cache(Path(args.cache))))
    started = time.perf_counter()
    writer.sync([changed, *tools[1:]])
    write_s = time.perf_counter() - started

    latencies: list[float] = []
    swapped_after = None
    began = time.perf_counter()
    while swapped_after is None and time.perf_counter() - began < 300:
        query = asked[len(latencies) % len(asked)]
        started = time.perf_counter()
        tf.select(query)
        latencies.append((time.perf_counter() - started) * 1000)
        reg = tf._snapshot
        if reg.tools[reg.position[changed.name]].description == changed.description:
            swapped_after = time.perf_counter() - began
    return {
        "tools": len(tf.tools),
        "reload_wait_s": args.reload_wait,
        "writer_sync_s": round(write_s, 2),
        "new_registry_after_s": None if swapped_after is None else round(swapped_after, 2),
        "selections_until_swap": len(latencies),
        "select_ms_until_swap": {
            "p50": round(percentile(latencies, 0.50), 2),
            "p95": round(percentile(latencies, 0.95), 2),
            "max": round(max(latencies), 2),
        },
    }


# ----- orchestration -----


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(path: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    binary = Path(sys.executable).parent / "chroma"
    log = open(path.parent / "chroma.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [str(binary), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("chroma run did not start")


def run_cell(kind: str, size: int, store: str, path: Path, port: int, vectors: str, cache: Path) -> dict[str, Any]:
    argv = [sys.executable, __file__, "cell", kind, "--size", str(size), "--store", store, "--path", str(path)]
    argv += ["--port", str(port), "--vectors", vectors, "--cache", str(cache)]
    print(f"  {kind} {size} {store} ...", file=sys.stderr, flush=True)
    out = subprocess.run(argv, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"cell {kind} {size} {store} failed:\n{out.stderr[-4000:]}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"    {json.dumps(result)}", file=sys.stderr, flush=True)
    return dict(result)


def machine() -> dict[str, Any]:
    import chromadb

    cpu = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    memory = _meminfo_gb()
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": memory,
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(),
        "numpy": np.__version__,
        "chromadb": chromadb.__version__,
        "platform": platform.platform(),
        "note": "shared 2-core machine, other jobs running; every cell ran under nice -n 10",
    }


def _meminfo_gb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal"):
            return round(int(line.split()[1]) / 2**20, 1)
    return float("nan")


def _parser() -> argparse.ArgumentParser:
    """The command line: the whole run, or (``cell``) one measurement in this process."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command")
    cell = sub.add_parser("cell", help="(internal) one measurement in this process; prints JSON")
    cell.add_argument("kind", choices=["build", "select", "reload"])
    cell.add_argument("--size", type=int, required=True)
    cell.add_argument("--store", choices=["embedded", "server"], required=True)
    cell.add_argument("--path", required=True)
    cell.add_argument("--port", type=int, default=0)
    cell.add_argument("--vectors", choices=["real", "cached"], default="cached")
    cell.add_argument("--cache", required=True)
    cell.add_argument("--reload-wait", type=float, default=1.0, help="reload cell: ToolFilter.reload_wait")
    cell.add_argument("--search-threads", type=int, default=1, help="select cell: config search_threads")
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--stores", default="embedded,server")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "scale.json"))
    parser.add_argument("--cache", default=str(ROOT / ".toolfilter" / "bench-cache" / "scale-use-m3.npz"))
    parser.add_argument("--workdir", help="where the stores go (default: a temporary directory)")
    parser.add_argument(
        "--builds-from",
        metavar="JSON",
        help="reuse the stores in --workdir and the build figures of this earlier result instead of building",
    )
    return parser


def _measure(
    stores: list[str], sizes: list[int], work: Path, cache: Path, earlier: dict[tuple[str, int], Any]
) -> list[dict[str, Any]]:
    """Build (or reuse ``earlier``'s builds) and measure each store at each size, a server started for "server"."""
    results: list[dict[str, Any]] = []
    server = None
    try:
        for store in stores:
            port = 0
            if store == "server":
                server, port = start_server(work / "chroma-server")
            for size in sizes:
                path = work / f"embedded-{size}"
                vectors = "real" if store == "embedded" else "cached"
                if (store, size) in earlier:
                    build = earlier[(store, size)]
                else:
                    build = run_cell("build", size, store, path, port, vectors, cache)
                select = run_cell("select", size, store, path, port, vectors, cache)
                results.append({"store": store, "size": size, "build": build, "open_and_select": select})
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
                server = None
    finally:
        if server is not None:
            server.kill()
    return results


def main() -> None:
    args = _parser().parse_args()
    if args.command == "cell":
        cells = {"build": cell_build, "select": cell_select, "reload": cell_reload}
        result = cells[args.kind](args)
        print(json.dumps(result))
        return

    sizes = [int(s) for s in args.sizes.split(",")]
    stores = args.stores.split(",")
    cache = Path(args.cache)
    work = Path(args.workdir or tempfile.mkdtemp(prefix="toolfilter-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    started = time.time()
    report: dict[str, Any] = {
        "benchmark": "bench_scale",
        "command": "nice -n 10 python benchmarks/bench_scale.py " + " ".join(sys.argv[1:]),
        "machine": machine(),
        "embedder": EMBEDDER,
        "queries": QUERY_COUNT,
        "pool": {"sealtools": 4076, "bfcl": 2573, "seed": SEED},
        "results": [],
    }
    earlier: dict[tuple[str, int], Any] = {}
    if args.builds_from:
        previous = json.loads(Path(args.builds_from).read_text(encoding="utf-8"))
        earlier = {(r["store"], r["size"]): r["build"] for r in previous["results"]}
        report["builds_from"] = previous.get("command", "")
        report["builds_machine"] = previous.get("machine", {})
    try:
        report["results"] = _measure(stores, sizes, work, cache, earlier)
    finally:
        if not args.workdir:
            shutil.rmtree(work, ignore_errors=True)
    report["machine"]["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    report["wall_s"] = round(time.time() - started, 1)
    report["growth"] = growth(report["results"])
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(report["growth"], indent=2))


def growth(results: list[dict[str, Any]]) -> dict[str, Any]:
    """How each figure grows from the smallest size to the largest, per store."""
    out: dict[str, Any] = {}
    for store in sorted({r["store"] for r in results}):
        rows = sorted((r for r in results if r["store"] == store), key=lambda r: r["size"])
        if len(rows) < 2:
            continue
        first, last = rows[0], rows[-1]
        factor = last["size"] / first["size"]

        def ratio(get: Any, first: dict[str, Any] = first, last: dict[str, Any] = last) -> float:
            return round(get(last) / max(get(first), 1e-9), 2)

        out[store] = {
            "sizes": f"{first['size']} -> {last['size']} (x{factor:g})",
            "select_p50": ratio(lambda r: r["open_and_select"]["select_ms"]["p50"]),
            "select_p95": ratio(lambda r: r["open_and_select"]["select_ms"]["p95"]),
            "vector_search_p50": ratio(lambda r: r["open_and_select"]["vector_search_ms"]["p50"]),
            "rss_beyond_model": ratio(lambda r: r["open_and_select"]["rss_beyond_model_mb"]),
            "open_s": ratio(lambda r: r["open_and_select"]["open_s"]),
            "build_s": ratio(lambda r: r["build"]["build_s"]),
        }
    return out


if __name__ == "__main__":
    main()
