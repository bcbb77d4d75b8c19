"""How long ``toolfilter doctor`` takes on a large registry, without a model writing anything.

    python benchmarks/doctor_speed.py [--tools 500] [--embedder hashing|default] [--requests 8]

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

from bench_scale import synthesize

from toolfilter_core import HashingEmbedder, Profiles, ToolProfile, get_embedder, load_tools
from toolfilter_core._doctor import diagnose


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tools", type=int, default=500)
    parser.add_argument("--embedder", default="hashing", help="hashing (no model at all) or an embedder name")
    parser.add_argument("--requests", type=int, default=0, help="synthetic profile requests per tool (0: none)")
    args = parser.parse_args()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tools = load_tools(synthesize(args.tools))
    profiles = None
    if args.requests:
        rng = random.Random(7)
        rows = {}
        for tool in tools:
            words = tool.description.split()[:14] or [tool.name]
            rows[tool.name] = ToolProfile(tuple(" ".join(rng.sample(words, len(words))) for _ in range(args.requests)))
        profiles = Profiles(rows)
    embedder = HashingEmbedder() if args.embedder == "hashing" else get_embedder(args.embedder)
    embedder.embed_queries(["warm up"])
    started = time.perf_counter()
    report = diagnose(tools, profiles=profiles, embedder=embedder)
    seconds = time.perf_counter() - started
    counts = report.to_dict()["counts"]
    print(
        json.dumps(
            {
                "tools": args.tools,
                "embedder": args.embedder,
                "requests": args.requests,
                "seconds": round(seconds, 2),
                "counts": counts,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
