"""``make bench``: how fast ``select()`` is from the first call, by registry size, beside plain top-k.

For each registry size (50 / 500 / 2,500 / 5,000 tools; 50,000 with ``--big``), without and
with tool profiles (up to ``--profiled-up-to``, 2,500), a store is built on disk and then, in
a fresh process that has loaded only the model:

* ``open``: ``ToolFilter(store=DIR)`` (what every agent process pays when it starts);
* ``first``: the first ``select()`` after it returns (issue #31's target: <= 50 ms);
* ``select``: p50/p95 of ``select()`` over 200 requests (sealtools' and bfcl's), the request
  embedded each call, and, interleaved in the same run, plain top-k (``enabled: false``:
  embedding top-k over the same stored vectors) and ``ratio`` = select p95 / plain p95;
* ``long``: p50/p95 over 40 long requests (a request with 3,000-12,000 characters of pasted
  log around it), both ways;
* ``turn``: 70 requests (50 short, 20 long) each selected twice in a row: the first and the
  next model call of an agent's turn (the next one reuses the request's vectors).

Then the same through a Chroma server (``chroma run`` on 127.0.0.1): sealtools' 4,076 tools,
its own requests.

Registries are ``bench_scale.synthesize`` (the public pools, then seeded variants of them).
Profiles are 8 requests a tool made from its description's words (``bench_profiles``),
and 16 near misses. The real default model embeds every request, every tool of the public
pools and their profiles; a synthetic variant (a permuted copy of a pool tool) and its
profile reuse the vectors of the tool it copies, so that 50,000 tools build in minutes: the
time of a search depends on how many vectors there are, not on what they say. Vectors are
cached in ``--cache`` between runs.

Timings are noisy on a shared machine: quote the ratios of one run. Commands::

    python benchmarks/bench_latency.py                   # the default run (about 10 minutes the first time)
    python benchmarks/bench_latency.py --big             # adds 50,000 tools (run once)
    python benchmarks/bench_latency.py --sizes 50 --no-server   # a smoke run
    python benchmarks/bench_latency.py --plot-from benchmarks/results/latency.json benchmarks/results/latency_50k.json

Writes ``benchmarks/results/latency.json`` and the plot ``docs/scaling_latency.png``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_scale import queries as pool_queries  # noqa: E402
from benchmarks.bench_scale import synthesize  # noqa: E402

SIZES = (50, 500, 2500, 5000)
BIG = 50000
PROFILE_REQUESTS = 8
NEAR_MISSES = 16
LONG_REQUESTS = 40
SEED = 20261203
RESULTS = ROOT / "benchmarks" / "results" / "latency.json"
PLOT = ROOT / "docs" / "scaling_latency.png"
SEALTOOLS = ROOT.parent / "shared" / "data" / "sealtools"


# ----- vectors: the real model, each distinct base text once, cached on disk -----


def _key(kind: str, text: str) -> str:
    return hashlib.sha1(f"{kind}\0{text}".encode()).hexdigest()


class Bank:
    """The real model's vectors by text; a synthetic variant's text maps to the text it copies."""

    def __init__(self, inner: Any, cache: Path) -> None:
        self.inner = inner
        self.cache = cache
        self.alias: dict[str, str] = {}
        self.vectors: dict[str, np.ndarray] = {}
        if cache.exists():
            saved = np.load(cache)
            self.vectors = dict(zip(saved["keys"].tolist(), saved["vectors"], strict=True))

    @property
    def id(self) -> str:
        return str(self.inner.id)

    def _get(self, kind: str, texts: list[str]) -> np.ndarray:
        bases = [self.alias.get(t, t) for t in texts]
        missing = list(dict.fromkeys(b for b in bases if _key(kind, b) not in self.vectors))
        embed = self.inner.embed_queries if kind == "q" else self.inner.embed_documents
        for start in range(0, len(missing), 256):
            chunk = missing[start : start + 256]
            for text, row in zip(chunk, embed(chunk), strict=True):
                self.vectors[_key(kind, text)] = np.asarray(row, dtype=np.float32)
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        return np.stack([self.vectors[_key(kind, b)] for b in bases]).astype(np.float32)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return self._get("d", list(texts))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._get("q", list(texts))

    def save(self) -> None:
        keys = sorted(self.vectors)
        self.cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(self.cache, keys=np.array(keys), vectors=np.stack([self.vectors[k] for k in keys]))


def _requests(description: str, name: str, rng: random.Random) -> tuple[str, ...]:
    words = (description or name.replace("_", " ")).split()[:24] or [name]
    out = []
    for i in range(PROFILE_REQUESTS):
        rng.shuffle(words)
        out.append(f"{('please', 'can you', '帮我', 'I need to')[i % 4]} {' '.join(words[:10])}")
    return tuple(dict.fromkeys(out))


def registry(size: int, bank: Bank, profiled: bool) -> tuple[list[Any], Any]:
    """``size`` synthetic tools (and their profiles); a variant's texts alias its pool tool's."""
    from toolfilter_core import Profiles, ToolProfile, load_tools

    rows = synthesize(size)
    tools = load_tools(rows)
    by_name = {t.name: t for t in tools}
    profiles: dict[str, Any] = {}
    for tool in tools:
        base_name = tool.name.rsplit("__s", 1)[0] if "__s" in tool.name else tool.name
        base = by_name.get(base_name) or tool
        if base is not tool:
            bank.alias[tool.document()] = base.document()
        if profiled:
            base_requests = _requests(base.description, base.name, random.Random(f"{SEED}:{base.name}"))
            requests = _requests(tool.description, tool.name, random.Random(f"{SEED}:{tool.name}"))
            for mine, theirs in zip(requests, base_requests, strict=False):
                if mine != theirs:
                    bank.alias[mine] = theirs
            profiles[tool.name] = ToolProfile(requests)
    near = tuple(f"just chatting about item {i}, no action needed" for i in range(NEAR_MISSES))
    return tools, (Profiles(profiles, near) if profiled else None)


# ----- the requests -----


def long_requests(base: list[str]) -> list[str]:
    """Requests with 3,000-12,000 characters of pasted log around them."""
    rng = random.Random(SEED)
    out = []
    for i, request in enumerate(base[:LONG_REQUESTS]):
        lines = [
            f"2026-12-0{1 + n % 9} 1{n % 10}:{n % 60:02d}:07 ERROR worker-{n} job={rng.randint(1000, 9999)} failed: "
            f"connection to 10.0.{n % 255}.{(n * 7) % 255}:5432 refused (retry {n % 5})"
            for n in range(25 + (i % 4) * 25)
        ]
        out.append(f"{request}\nhere is what the job printed:\n```\n" + "\n".join(lines) + "\n```\nthanks!")
    return out


# ----- the measuring process -----


def child(args: argparse.Namespace) -> None:
    """Open the store (model loaded first), time the first select, then select and plain top-k interleaved."""
    from toolfilter_core import ToolFilter, get_embedder

    embedder = get_embedder("default")
    embedder.embed_queries(["load the model"])  # the model's own start is not the store's
    where = _where(args)
    started = time.perf_counter()
    tf = ToolFilter(embedder=embedder, config=config(), **where)
    opened = time.perf_counter() - started
    requests = json.loads(Path(args.requests).read_text(encoding="utf-8"))
    started = time.perf_counter()
    tf.select(requests["short"][0])
    first = time.perf_counter() - started
    plain = ToolFilter(embedder=embedder, config=config(enabled=False), **_where(args))
    out: dict[str, Any] = {"open_s": round(opened, 3), "first_ms": round(first * 1000, 1), "tools": len(tf.tools)}
    for label in ("short", "long"):
        texts = requests[label]
        for text in texts[:10]:  # warm-up
            tf.select(text)
            plain.select(text)
        times: dict[str, list[float]] = {"select": [], "plain": []}
        for text in texts:
            for name, selector in (("select", tf), ("plain", plain)):
                started = time.perf_counter()
                selector.select(text)
                times[name].append((time.perf_counter() - started) * 1000)
        out[label] = {k: _percentiles(v) for k, v in times.items()}
        out[label]["ratio_p95"] = round(out[label]["select"]["p95"] / max(out[label]["plain"]["p95"], 1e-9), 2)
    calls: dict[str, list[float]] = {"first call": [], "next call": []}
    for text in requests["short"][:50] + requests["long"][:20]:
        for name in calls:  # the same message twice: an agent's first and next model call of a turn
            started = time.perf_counter()
            tf.select(text)
            calls[name].append((time.perf_counter() - started) * 1000)
    out["turn"] = {k: _percentiles(v) for k, v in calls.items()}
    Path(args.out).write_text(json.dumps(out), encoding="utf-8")


def config(*, enabled: bool = True) -> Any:
    """The recommended preset (plain top-k when not ``enabled``), with a patient store on a busy machine."""
    from toolfilter_core import recommended_config

    base = recommended_config()
    store = base.store.model_copy(update={"timeout_s": 120.0})
    return base.model_copy(update={"enabled": enabled, "store": store})


def _where(args: argparse.Namespace) -> dict[str, Any]:
    if args.port:
        import chromadb

        return {"client": chromadb.HttpClient(host="127.0.0.1", port=int(args.port))}
    return {"store": args.store}


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 2),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2),
    }


def measure(work: Path, requests: Path, *, store: Path | None = None, port: int | None = None) -> dict[str, Any]:
    """One fresh measuring process (``child``) on a built store."""
    out = work / f"m-{time.time_ns()}.json"
    argv = [sys.executable, __file__, "--child", "--requests", str(requests), "--out", str(out)]
    argv += ["--store", str(store)] if store is not None else ["--port", str(port)]
    subprocess.run(argv, check=True, cwd=ROOT)
    return dict(json.loads(out.read_text(encoding="utf-8")))


# ----- the server -----


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(path: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    chroma = shutil.which("chroma") or str(Path(sys.executable).with_name("chroma"))
    process = subprocess.Popen(
        [chroma, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # bounded: the server answers or the run stops
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process, port
        except OSError:
            time.sleep(0.5)
    process.kill()
    raise SystemExit("the Chroma server did not start within 60 s")


# ----- the run -----


def build(bank: Bank, size: int, profiled: bool, where: dict[str, Any]) -> float:
    """Index ``size`` tools (with profiles or not) into ``where``; seconds taken."""
    from toolfilter_core import ToolFilter

    tools, profiles = registry(size, bank, profiled)
    started = time.perf_counter()
    ToolFilter(tools, embedder=bank, profiles=profiles, config=config(), **where)
    bank.save()
    return time.perf_counter() - started


def run_sizes(args: argparse.Namespace, bank: Bank, work: Path, requests: Path) -> list[dict[str, Any]]:
    rows = []
    sizes = [*args.sizes, *([BIG] if args.big else [])]
    for size in sizes:
        for profiled in (False, True):
            if profiled and size > args.profiled_up_to:
                continue
            store = work / f"store-{size}-{int(profiled)}"
            built = build(bank, size, profiled, {"store": store})
            row = {"tools": size, "profiles": profiled, "store": "directory", "build_s": round(built, 1)}
            row.update(measure(work, requests, store=store))
            print(json.dumps(row), flush=True)
            rows.append(row)
            shutil.rmtree(store, ignore_errors=True)
    return rows


def run_server(bank: Bank, work: Path) -> dict[str, Any]:
    """Sealtools' registry on a Chroma server, its own requests."""
    import chromadb

    from toolfilter_core import ToolFilter, read_queries, read_tools_file

    tools = read_tools_file(SEALTOOLS / "tools.jsonl")
    asked = [q.query for q in read_queries(SEALTOOLS / "queries.jsonl") if q.query and len(q.query) <= 2000]
    step = max(1, len(asked) // 200)
    short = asked[::step][:200]
    requests = work / "sealtools-requests.json"
    requests.write_text(json.dumps({"short": short, "long": long_requests(short)}), encoding="utf-8")
    server, port = start_server(work / "chroma-server")
    try:
        started = time.perf_counter()
        ToolFilter(tools, embedder=bank, config=config(), client=chromadb.HttpClient(host="127.0.0.1", port=port))
        bank.save()
        row = {"tools": len(tools), "profiles": False, "store": "server", "registry": "sealtools"}
        row["build_s"] = round(time.perf_counter() - started, 1)
        row.update(measure(work, requests, port=port))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(json.dumps(row), flush=True)
    return row


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """p95 of select() (with and without profiles) and of plain top-k, by registry size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    local = [r for r in rows if r["store"] == "directory"]
    for profiled, style in ((False, "-"), (True, "--")):
        mine = sorted((r for r in local if r["profiles"] == profiled), key=lambda r: r["tools"])
        if not mine:
            continue
        sizes = [r["tools"] for r in mine]
        suffix = " with profiles" if profiled else ""
        ax.plot(sizes, [r["short"]["select"]["p95"] for r in mine], "o" + style, label=f"select() p95{suffix}")
        ax.plot(sizes, [r["short"]["plain"]["p95"] for r in mine], "s" + style, label=f"plain top-k p95{suffix}")
        ax.plot(sizes, [r["first_ms"] for r in mine], "^" + style, label=f"first select(){suffix}")
    ax.set_xscale("log")
    ax.set_xlabel("tools in the registry")
    ax.set_ylabel("ms (request embedded each call)")
    ax.axhline(50, color="grey", linewidth=0.8, linestyle=":")
    ax.legend(fontsize=7)
    ax.set_title("select() latency by registry size (one run, benchmarks/bench_latency.py)", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def table(rows: list[dict[str, Any]]) -> str:
    """The figures of docs/scaling.md, as ratios within each run's row and as measured (ms)."""
    head = (
        "| tools | profiles | store | open s | first select ms | first ÷ p50 | p50 | p95 | plain p95 | "
        "p95 ÷ plain | long p95 | long ÷ plain | next call ÷ first call (p50) |"
    )
    out = [head, "|" + "---|" * (head.count("|") - 1)]
    for r in rows:
        short, long_, turn = r["short"], r["long"], r["turn"]
        out.append(
            f"| {r['tools']:,} | {'yes' if r['profiles'] else 'no'} | {r['store']} | {r['open_s']:.1f} | "
            f"{r['first_ms']:.1f} | {r['first_ms'] / short['select']['p50']:.2f} | {short['select']['p50']:.1f} | "
            f"{short['select']['p95']:.1f} | {short['plain']['p95']:.1f} | {short['ratio_p95']:.2f} | "
            f"{long_['select']['p95']:.1f} | {long_['ratio_p95']:.2f} | "
            f"{turn['next call']['p50'] / turn['first call']['p50']:.2f} |"
        )
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--big", action="store_true", help=f"add {BIG:,} tools (run once: it takes a while)")
    parser.add_argument("--profiled-up-to", type=int, default=2500, help="largest size measured with profiles")
    parser.add_argument("--no-server", action="store_true", help="skip the Chroma server run")
    parser.add_argument("--server-only", action="store_true", help="only the Chroma server run")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "toolfilter" / "bench_latency.npz")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--plot", type=Path, default=PLOT)
    parser.add_argument("--plot-from", type=Path, nargs="+", help="only draw the plot from these result files")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--store", help=argparse.SUPPRESS)
    parser.add_argument("--port", help=argparse.SUPPRESS)
    parser.add_argument("--requests", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return 0
    if args.plot_from:
        rows = [row for f in args.plot_from for row in json.loads(f.read_text(encoding="utf-8"))["rows"]]
        print(table(rows))
        plot(rows, args.plot)
        print(f"wrote {args.plot}")
        return 0
    from toolfilter_core import get_embedder

    bank = Bank(get_embedder("default"), args.cache)
    with tempfile.TemporaryDirectory(prefix="tf-bench-") as tmp:
        work = Path(tmp)
        short = pool_queries()
        requests = work / "requests.json"
        requests.write_text(json.dumps({"short": short, "long": long_requests(short)}), encoding="utf-8")
        rows = [] if args.server_only else run_sizes(args, bank, work, requests)
        if not args.no_server:
            rows.append(run_server(bank, work))
    report = {"command": " ".join(["python", "benchmarks/bench_latency.py", *sys.argv[1:]]), "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    plot(rows, args.plot)
    print(table(rows))
    print(f"wrote {args.out} and {args.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
