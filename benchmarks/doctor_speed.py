"""How long ``toolfilter doctor`` takes on a large registry, without a model writing anything.

    python benchmarks/doctor_speed.py [--tools 500] [--embedder hashing|default] [--requests 8] [--out FILE]
    python benchmarks/doctor_speed.py --all --out benchmarks/results/doctor_speed.json   # the four rows of the docs

The tools are bench_scale.py's synthesized registry (a prefix of its 1k set). ``--requests``
gives every tool that many synthetic profile requests (its description's words reordered), so
the profiled path is timed too. The aim (issue #23): at most 10 s for 500 tools. The time is
``diagnose`` end to end, the embedder loaded first (the model's load is not the doctor's).
"""

from __future__ import annotations

import argparse
import json
import random
import time
import warnings
from pathlib import Path

from bench_scale import synthesize

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, get_embedder, load_tools
from toolfilter_core._doctor import diagnose


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--embedder", default="hashing", help="hashing (no model at all) or an embedder name")
    parser.add_argument("--requests", type=int, default=0, help="synthetic profile requests per tool (0: none)")
    parser.add_argument("--all", action="store_true", help="hashing and default, without and with 8 requests")
    parser.add_argument("--out", help="write the rows as JSON")
    args = parser.parse_args()
    runs = [(e, r) for e in ("hashing", "default") for r in (0, 8)] if args.all else [(args.embedder, args.requests)]
    rows = [measure(args.tools, embedder, requests) for embedder, requests in runs]
    if args.out:
        Path(args.out).write_text(
            json.dumps({"command": "python benchmarks/doctor_speed.py --all", "rows": rows}, indent=2) + "\n"
        )
    return 0


def measure(size: int, embedder_name: str, requests: int) -> dict[str, object]:
    """One timed run of ``diagnose``; prints and returns its row."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tools = load_tools(synthesize(size))
    profiles = None
    if requests:
        rng = random.Random(7)
        rows = {}
        for tool in tools:
            words = tool.description.split()[:14] or [tool.name]
            rows[tool.name] = ToolProfile(tuple(" ".join(rng.sample(words, len(words))) for _ in range(requests)))
        profiles = Profiles(rows)
    embedder = HashingEmbedder() if embedder_name == "hashing" else get_embedder(embedder_name)
    embedder.embed_queries(["warm up"])
    started = time.perf_counter()
    report = diagnose(tools, profiles=profiles, embedder=embedder)
    seconds = time.perf_counter() - started
    row = {
        "tools": size,
        "embedder": embedder_name,
        "requests": requests,
        "seconds": round(seconds, 2),
        "counts": report.to_dict()["counts"],
    }
    print(json.dumps(row))
    return row


if __name__ == "__main__":
    raise SystemExit(main())
