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
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")


from bench_scale import RecordingEmbedder

from toolfilter_core import Embedder, ToolFilter, get_embedder, read_tools_file

HERE = Path(__file__).resolve().parent


def build_once(tools: list[Any], model: Embedder) -> dict[str, float]:
    embedder = RecordingEmbedder(model)  # times the model's share of the build
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
