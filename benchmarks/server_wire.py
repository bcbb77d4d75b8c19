"""What goes over the wire to a Chroma server while an agent selects: requests per select and per store check.

    python benchmarks/server_wire.py                 # sealtools' 4,076 tools, 200 of its requests
    python benchmarks/server_wire.py --limit 300     # the first 300 tools (a smoke run)

Starts ``chroma run`` on 127.0.0.1 (a free port, a temporary directory; stopped by its pid
at the end), indexes sealtools' registry into it with the hashing embedder (what crosses
the wire does not depend on the vectors), opens it again as an agent process would
(``ToolFilter(client=HttpClient(...))``), and counts every HTTP request the chromadb client
sends (method and path, the version prefix left out):

* ``open``: opening the store (reading the registry);
* ``select``: 200 selections at the default ``refresh_interval`` (2 s), and again with the
  store checked at every selection (``refresh_interval=0``);
* ``check``: one store check alone (``ToolIndex.stale``), timed 50 times (p50/p95 ms).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_latency import SEALTOOLS, start_server  # noqa: E402

SELECTS = 200
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
CHECKS = 50


class Wire:
    """Every request the chromadb client sends, by method and path."""

    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self._send = httpx.Client.send

        def send(client: httpx.Client, request: httpx.Request, **kwargs: Any) -> httpx.Response:
            path = _UUID.sub("{id}", request.url.path.split("/api/v2", 1)[-1])
            path = path.replace("/tenants/default_tenant/databases/default_database", "")
            self.sent[f"{request.method} {path}"] += 1
            return self._send(client, request, **kwargs)

        httpx.Client.send = send  # type: ignore[method-assign]

    def take(self) -> dict[str, int]:
        """The requests counted since the last take."""
        out = dict(self.sent)
        self.sent.clear()
        return out


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"p50": round(statistics.median(ordered), 2), "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 2)}


def run(limit: int | None) -> dict[str, Any]:
    """Index, open, select and check against one server; the requests counted at each step."""
    import chromadb

    from toolfilter_core import HashingEmbedder, ToolFilter, read_queries, read_tools_file

    tools = read_tools_file(SEALTOOLS / "tools.jsonl")[:limit]
    asked = [q.query for q in read_queries(SEALTOOLS / "queries.jsonl") if q.query and len(q.query) <= 2000]
    requests = asked[:: max(1, len(asked) // SELECTS)][:SELECTS]
    embedder = HashingEmbedder()
    out: dict[str, Any] = {"tools": len(tools), "selects": len(requests)}
    with tempfile.TemporaryDirectory(prefix="tf-wire-") as tmp:
        server, port = start_server(Path(tmp) / "chroma")
        try:
            ToolFilter(tools, embedder=embedder, client=chromadb.HttpClient(host="127.0.0.1", port=port))
            wire = Wire()
            client = chromadb.HttpClient(host="127.0.0.1", port=port)
            wire.take()
            tf = ToolFilter(embedder=embedder, client=client)
            out["open"] = wire.take()
            for interval in (2.0, 0.0):
                tf.refresh_interval = interval
                began = time.perf_counter()
                for text in requests:
                    tf.select(text)
                out[f"select, refresh_interval {interval:g}"] = {
                    "seconds": round(time.perf_counter() - began, 2),
                    "requests": wire.take(),
                }
            times = []
            for _ in range(CHECKS):
                began = time.perf_counter()
                tf.index.stale()
                times.append((time.perf_counter() - began) * 1000)
            out["check"] = {"ms": _ms(times), "requests per check": {k: v / CHECKS for k, v in wire.take().items()}}
        finally:
            server.terminate()
            server.wait(timeout=30)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N tools")
    args = parser.parse_args()
    print(json.dumps(run(args.limit), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
