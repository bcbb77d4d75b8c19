"""How long ``toolfilter doctor`` takes on a large registry, without a model writing anything.

    python benchmarks/doctor_speed.py [--tools 500] [--embedder hashing|default] [--requests 8] [--out FILE]
    python benchmarks/doctor_speed.py --all --out FILE      # hashing and default, without and with 8 requests
    python benchmarks/doctor_speed.py --tools 2500 --embedder default --requests 8 --out FILE --append

The tools are bench_scale.py's synthesized registry (a prefix of its 1k set). ``--requests``
gives every tool that many synthetic profile requests (its description's words reordered), so
the profiled path is timed too. The aims: at most 20 s for 2,500 tools with the default
embedder, at most 2 GB at 10,000 (issue #33). The time is ``diagnose`` end to end, the
embedder loaded first (the model's load is not the doctor's); ``cpu_seconds`` is the
process's CPU time (steadier than the wall clock on a shared machine); ``peak_rss_mb`` the
process's peak resident memory, model included (``rss_before_mb``: before ``diagnose``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
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
    parser.add_argument("--append", action="store_true", help="with --out: add the rows to the file's")
    args = parser.parse_args()
    runs = [(e, r) for e in ("hashing", "default") for r in (0, 8)] if args.all else [(args.embedder, args.requests)]
    command = "python benchmarks/doctor_speed.py " + " ".join(sys.argv[1:])
    rows = [{**measure(args.tools, embedder, requests), "command": command} for embedder, requests in runs]
    if args.out:
        path = Path(args.out)
        if args.append and path.is_file():
            rows = json.loads(path.read_text())["rows"] + rows
        path.write_text(json.dumps({"rows": rows}, indent=2) + "\n")
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
    before = _rss_mb()
    started, cpu = time.perf_counter(), time.process_time()
    report = diagnose(tools, profiles=profiles, embedder=embedder)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    row = {
        "tools": size,
        "embedder": embedder_name,
        "requests": requests,
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu, 2),
        "rss_before_mb": round(before),
        "peak_rss_mb": round(peak),
        "counts": report.to_dict()["counts"],
    }
    print(json.dumps(row))
    return row


def _rss_mb() -> float:
    """The resident memory now (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


if __name__ == "__main__":
    raise SystemExit(main())
