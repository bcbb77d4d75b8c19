"""Two checkouts' ``select()`` on the same requests, interleaved in one run: p95 of each, and against plain top-k.

    python benchmarks/ab_select.py --a /path/to/before --b .          # sealtools' 4,076 tools
    python benchmarks/ab_select.py --a OLD --b NEW --server           # through one Chroma server
    python benchmarks/ab_select.py --a OLD --b NEW --limit 500        # a smoke run

Each checkout runs in a worker process of its own (its ``toolfilter_core`` first on the path),
one BLAS thread, the default model loaded. Each indexes sealtools' registry into a
directory store of its own with the vectors ``bench_latency.py`` caches (``--cache``), or
with ``--server`` A indexes it into one ``chroma run`` on 127.0.0.1 (stopped at the end) and
both read it; then each opens it as an agent would: ``select()`` and plain top-k (``enabled: false``) over the same
store, the request embedded by the model on every call. The driver hands every request to
both workers in turn, A then B on even requests and B then A on odd ones, and each worker
times its ``select()`` and its plain top-k on it: a load the shared machine puts on one
falls on both. Prints p50/p95 per checkout and kind, each checkout's p95 over its plain
top-k, and B's p95 over A's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REQUESTS = 200
WARM_UP = 10


def worker(store: str, cache: Path, limit: int | None, build: bool) -> None:
    """Build (``build``) and open the store, then answer each request line with the ms of select and plain.

    ``store``: a directory, or ``port:N`` for a Chroma server on 127.0.0.1.
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from threadpoolctl import threadpool_limits

    from benchmarks.bench_latency import SEALTOOLS, Bank, config
    from toolfilter_core import ToolFilter, get_embedder, read_tools_file

    def where() -> dict[str, Any]:
        if not store.startswith("port:"):
            return {"store": store}
        import chromadb

        return {"client": chromadb.HttpClient(host="127.0.0.1", port=int(store[5:]))}

    model = get_embedder("default")
    model.embed_queries(["load the model"])
    if build:
        tools = read_tools_file(SEALTOOLS / "tools.jsonl")[:limit]
        ToolFilter(tools, embedder=Bank(model, cache), config=config(), **where())
    chosen = ToolFilter(embedder=model, config=config(), **where())
    plain = ToolFilter(embedder=model, config=config(enabled=False), **where())
    print(json.dumps({"ready": True}), flush=True)
    with threadpool_limits(1):
        for line in sys.stdin:
            text = json.loads(line)
            out = {}
            for kind, tf in (("select", chosen), ("plain", plain)):
                began = time.perf_counter()
                tf.select(text)
                out[kind] = (time.perf_counter() - began) * 1000
            print(json.dumps(out), flush=True)


def _start(tree: Path, store: str, cache: Path, limit: int | None, build: bool) -> subprocess.Popen[str]:
    """A worker on ``tree``, ready (its store built and opened) when this returns."""
    env = {**os.environ, "PYTHONPATH": str(tree), "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    argv = [sys.executable, str(ROOT / "benchmarks" / "ab_select.py"), "--worker", store, "--cache", str(cache)]
    argv += (["--limit", str(limit)] if limit else []) + (["--build"] if build else [])
    process = subprocess.Popen(argv, cwd=tree, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    json.loads(process.stdout.readline())  # ready
    return process


def _ask(process: subprocess.Popen[str], text: str) -> dict[str, float]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(text) + "\n")
    process.stdin.flush()
    return dict(json.loads(process.stdout.readline()))


def _p(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2)}


def drive(a: Path, b: Path, cache: Path, limit: int | None, server: bool) -> dict[str, Any]:
    """Both workers, every request to each in turn; the percentiles and ratios.

    ``server``: both read one Chroma server on 127.0.0.1 (A indexes it), else a directory each.
    """
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_latency import SEALTOOLS, start_server
    from toolfilter_core import read_queries

    asked = [q.query for q in read_queries(SEALTOOLS / "queries.jsonl") if q.query and len(q.query) <= 2000]
    texts = asked[:: max(1, len(asked) // REQUESTS)][:REQUESTS]
    times: dict[str, dict[str, list[float]]] = {"A": {"select": [], "plain": []}, "B": {"select": [], "plain": []}}
    with tempfile.TemporaryDirectory(prefix="tf-ab-") as tmp:
        chroma, port = start_server(Path(tmp) / "chroma") if server else (None, 0)
        stores = {name: f"port:{port}" if server else str(Path(tmp) / name) for name in ("A", "B")}
        workers: dict[str, subprocess.Popen[str]] = {}
        try:
            for name, tree in (("A", a), ("B", b)):
                workers[name] = _start(tree, stores[name], cache, limit, build=name == "A" or not server)
            for text in texts[:WARM_UP]:
                for process in workers.values():
                    _ask(process, text)
            for i, text in enumerate(texts):
                for name in ("A", "B") if i % 2 == 0 else ("B", "A"):
                    for kind, ms in _ask(workers[name], text).items():
                        times[name][kind].append(ms)
        finally:
            for process in workers.values():
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=60)
            if chroma is not None:
                chroma.terminate()
                chroma.wait(timeout=30)
    out: dict[str, Any] = {
        "a": str(a),
        "b": str(b),
        "store": "server" if server else "directory",
        "requests": len(texts),
    }
    for name, kinds in times.items():
        out[name] = {kind: _p(values) for kind, values in kinds.items()}
        out[name]["select p95 / plain p95"] = round(out[name]["select"]["p95"] / out[name]["plain"]["p95"], 2)
    out["B / A select p95"] = round(out["B"]["select"]["p95"] / out["A"]["select"]["p95"], 2)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", type=Path, help="the checkout measured first (before)")
    parser.add_argument("--b", type=Path, help="the other checkout (after)")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "toolfilter" / "bench_latency.npz")
    parser.add_argument("--limit", type=int, default=None, help="only the first N tools")
    parser.add_argument("--server", action="store_true", help="both read one Chroma server on 127.0.0.1")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--build", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.cache, args.limit, args.build)
        return 0
    print(json.dumps(drive(args.a.resolve(), args.b.resolve(), args.cache, args.limit, args.server), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
