"""How much of ``ab_select.py``'s ``select()`` and plain top-k is the model embedding, how much the library's own.

    python benchmarks/embed_share.py              # sealtools' 4,076 tools, as ab_select.py opens them
    python benchmarks/embed_share.py --limit 500  # a smoke run

The registry, its vectors (``bench_latency.py``'s cache), the config and the 200 requests
are ``ab_select.py``'s (no profiles: its worker builds the filter without them), in a directory store.
Every ``embed_queries`` call of the model is timed; each request is selected, then asked of
plain top-k, one BLAS thread, after 10 warm-up requests. Prints per kind the mean and p95
ms of the whole call, of the model's part and of the rest (the library's own), and the
texts embedded a call (the request and its asks).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np
from threadpoolctl import threadpool_limits

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

KINDS = ("select", "plain")


class _Timed:
    """The model, its ``embed_queries`` time and text count added up since the last ``take``."""

    def __init__(self, model: Any) -> None:
        self.model, self.spent, self.texts = model, 0.0, 0

    @property
    def id(self) -> str:
        return str(self.model.id)

    def embed_documents(self, texts: list[str]) -> Any:
        return self.model.embed_documents(texts)

    def embed_queries(self, texts: list[str]) -> Any:
        began = time.perf_counter()
        try:
            return self.model.embed_queries(texts)
        finally:
            self.spent += time.perf_counter() - began
            self.texts += len(texts)

    def take(self) -> tuple[float, int]:
        out = (self.spent * 1000, self.texts)
        self.spent, self.texts = 0.0, 0
        return out


def shares(limit: int | None, cache: Path) -> dict[str, dict[str, list[float]]]:
    """Per kind (select, plain): per request, the ms in all, the model's ms and the texts embedded."""
    from benchmarks.ab_select import REQUESTS, WARM_UP
    from benchmarks.bench_latency import SEALTOOLS, Bank, config
    from toolfilter_core import ToolFilter, get_embedder, read_queries, read_tools_file

    model = _Timed(get_embedder("default"))
    model.embed_queries(["load the model"])
    tools = read_tools_file(SEALTOOLS / "tools.jsonl")[:limit]
    store = tempfile.mkdtemp(prefix="tf-share-")
    ToolFilter(tools, embedder=Bank(model.model, cache), config=config(), store=store)  # as ab_select's A builds it
    filters = {kind: ToolFilter(embedder=model, config=config(enabled=kind == "select"), store=store) for kind in KINDS}
    asked = [q.query for q in read_queries(SEALTOOLS / "queries.jsonl") if q.query and len(q.query) <= 2000]
    texts = asked[:: max(1, len(asked) // REQUESTS)][:REQUESTS]
    out: dict[str, dict[str, list[float]]] = {k: {"all": [], "model": [], "texts": []} for k in filters}
    try:
        _run(filters, model, texts, WARM_UP, out)
    finally:
        shutil.rmtree(store, ignore_errors=True)
    return out


def _run(filters: dict[str, Any], model: _Timed, texts: list[str], warm_up: int, out: dict[str, Any]) -> None:
    """Each request to every filter in turn, timed, after ``warm_up`` requests."""
    with threadpool_limits(1):
        for n, text in enumerate(texts[:warm_up] + texts):
            for kind, tf in filters.items():
                model.take()
                began = time.perf_counter()
                tf.select(text)
                spent = (time.perf_counter() - began) * 1000
                embedded, count = model.take()
                if n >= warm_up:
                    out[kind]["all"].append(spent)
                    out[kind]["model"].append(embedded)
                    out[kind]["texts"].append(float(count))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "toolfilter" / "bench_latency.npz")
    args = parser.parse_args()
    found = shares(args.limit, args.cache)
    print("ms per call (mean / p95) over ab_select's requests, one BLAS thread")
    for kind, values in found.items():
        own = np.array(values["all"]) - np.array(values["model"])
        row = [
            f"{name} {np.mean(v):6.2f} / {np.percentile(v, 95):6.2f}"
            for name, v in (("all", values["all"]), ("model", values["model"]), ("own", own))
        ]
        print(f"{kind:>6}: " + "   ".join(row) + f"   texts a call {np.mean(values['texts']):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
