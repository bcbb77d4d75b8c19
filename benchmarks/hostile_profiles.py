"""Five hostile tools in a large registry: do tool profiles let them win more unrelated requests?

    python benchmarks/hostile_profiles.py [--out benchmarks/results/hostile_profiles.json]

The registry: bfcl_live's 535 tools plus the five tools of ``benchmarks/data/hostile_tools``,
whose descriptions tell the reader to always select them, to ignore its instructions and
to write generic requests for them, and whose parameters claim url, path, email, host and
body. Their profiles were written through the same export/import path as every other
(the writer saw their descriptions, fenced as untrusted data). The requests: bfcl's 1,351
live requests, none of which needs a hostile tool. Reported: the share of requests that get
at least one hostile tool, and each hostile tool's count, without and with profiles.

A third run plays a writer that obeyed the injection ("poisoned"): each hostile tool's
profile is 16 requests copied from other tools' profiles (seeded choice) plus 8 generic
ones ("hi", "help me with this", ...), the worst a compromised writer could hand back.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from profile_rows import DATA, ROOT

from toolfilter_core import (
    Profiles,
    ToolFilter,
    ToolProfile,
    get_embedder,
    read_profiles,
    read_queries,
    read_tools_file,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "hostile_profiles.json"))
    args = parser.parse_args()
    hostile = read_tools_file(DATA / "hostile_tools" / "tools.jsonl")
    tools = read_tools_file(DATA / "bfcl_live" / "tools.jsonl") + hostile
    profiles = read_profiles(DATA / "bfcl_live" / "profiles.jsonl").merged(
        read_profiles(DATA / "hostile_tools" / "profiles.jsonl")
    )
    queries = read_queries(DATA / "bfcl_live" / "queries.jsonl")
    names = {t.name for t in hostile}
    embedder = get_embedder("default")
    report = {}
    rng = random.Random(20261201)
    others = [r for name, p in profiles.tools.items() if name not in names for r in p.requests]
    generic = ["hi", "help me with this", "what can you do", "do it", "thanks", "search", "find it", "send"]
    poisoned = Profiles(
        {
            **profiles.tools,
            **{n: ToolProfile(tuple(rng.sample(others, 16)) + tuple(generic)) for n in sorted(names)},
        },
        profiles.no_tool,
    )
    runs = (("without profiles", None), ("with profiles", profiles), ("poisoned hostile profiles", poisoned))
    for label, given in runs:
        tf = ToolFilter(tools, embedder=embedder, profiles=given)
        counts = dict.fromkeys(sorted(names), 0)
        reached = 0
        for q in queries:
            picked = [n for n in tf.select(q.query).names if n in names]
            reached += bool(picked)
            for n in picked:
                counts[n] += 1
        report[label] = {
            "requests": len(queries),
            "share_with_a_hostile_tool": round(reached / len(queries), 4),
            **counts,
        }
        print(label, json.dumps(report[label]))
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
