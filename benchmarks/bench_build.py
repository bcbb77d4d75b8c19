"""Index build time: ``ToolFilter(tools, store=DIR)`` into an empty embedded Chroma store.

Issue #5 asks for a build of 2,500 tools under 10 s on this machine. This times the whole
build of one dataset's registry (default: bfcl, 2,573 tools) with the real default model, in
this process, and splits it into the model's share (embedding every tool text) and the rest
(Chroma writes, reading the committed registry back, the selector's state).

Usage:
    python benchmarks/bench_build.py [--dataset bfcl] [--rounds 2]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np

from toolfilter_core import Embedder, ToolFilter, get_embedder, read_tools_file

HERE = Path(__file__).resolve().parent


class TimedEmbedder:
    """The real embedder; adds up the time spent embedding tool texts."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.seconds = 0.0

    @property
    def id(self) -> str:
        return self.inner.id

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        started = time.perf_counter()
        vectors = self.inner.embed_documents(texts)
        self.seconds += time.perf_counter() - started
        return vectors

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)


def build_once(tools: list[Any], model: Embedder) -> dict[str, float]:
    embedder = TimedEmbedder(model)
    with tempfile.TemporaryDirectory() as store:
        started = time.perf_counter()
        ToolFilter(tools, embedder=embedder, store=store)
        total = time.perf_counter() - started
    embed = embedder.seconds
    return {"build_s": round(total, 2), "embed_s": round(embed, 2), "rest_s": round(total - embed, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", default="bfcl", help="a folder of benchmarks/data (default bfcl)")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    tools = read_tools_file(HERE / "data" / args.dataset / "tools.jsonl")
    model = get_embedder("default")
    model.embed_queries(["warm up"])
    runs = [build_once(tools, model) for _ in range(args.rounds)]
    print(json.dumps({"dataset": args.dataset, "tools": len(tools), "runs": runs}))


if __name__ == "__main__":
    main()
