"""The near-miss guard on the development registries: near misses kept, and tool requests caught.

    python benchmarks/near_miss_guard.py [--registries dev_mcp_fleet,dev_hotel_pms,...] [--leave-out NAME]

For each registry (its tools and profiles, the default embedder): how many of its own
``no_tool`` requests the guard leaves out (each a false alarm: the writer wrote them as
requests no tool serves), and, with a poisoned list (one profile request of each of 32
tools added to the near misses, what a weak or obedient writer or an edited file hands
back), how many of the added tool requests it leaves out, and how many of the registry's
tool requests (``queries.jsonl``, those with a gold tool) are served (a tool sent) without
and with the poisoned list. ``--leave-out`` drops one registry (the figure is then on the
others alone).
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from toolfilter_core import Profiles, ToolFilter, read_profiles, read_tools_file  # noqa: E402
from toolfilter_core.index import _matrix as matrix  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
DEV = "dev_mcp_fleet,dev_hotel_pms,dev_homelab_net,dev_photo_studio,dev_school_lms"


def served(tf: ToolFilter, queries: list[str]) -> float:
    """Share of the requests that got at least one tool."""
    return sum(1 for q in queries if tf.select(q).names) / max(len(queries), 1)


def one(name: str, seed: int) -> dict[str, Any]:
    folder = DATA / name
    tools = read_tools_file(folder / "tools.jsonl")
    profiles = read_profiles(folder / "profiles.jsonl")
    rows = [json.loads(line) for line in (folder / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    queries = [r["query"] for r in rows if r.get("gold")]
    rng = random.Random(seed)
    profiled = sorted(n for n, p in profiles.tools.items() if p.requests)
    poison = [rng.choice(profiles.tools[n].requests) for n in rng.sample(profiled, min(32, len(profiled)))]
    out: dict[str, Any] = {"registry": name, "tools": len(tools), "near_misses": len(profiles.no_tool)}
    poisoned = Profiles(profiles.tools, (*profiles.no_tool, *poison))
    for label, given in (("clean", profiles), ("poisoned", poisoned), ("poisoned, no guard", poisoned)):
        guard = matrix.near_misses_apart
        if label.endswith("no guard"):  # the code before the guard: every near miss kept
            matrix.near_misses_apart = lambda no_tool, *_, **__: np.ones(len(no_tool), dtype=bool)  # type: ignore[assignment]
        try:
            tf = ToolFilter(tools, profiles=given)
        finally:
            matrix.near_misses_apart = guard
        kept = set(tf.index.no_tool_texts)
        out[label] = {
            "own_left_out": sum(1 for t in profiles.no_tool if t not in kept),
            "poison_left_out": sum(1 for t in poison if t not in kept) if label != "clean" else None,
            "served": round(served(tf, queries), 4),
        }
    out["poison"] = len(poison)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--registries", default=DEV)
    parser.add_argument("--leave-out", default="")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "near_miss_guard.json"))
    args = parser.parse_args()
    logging.getLogger("toolfilter").setLevel(logging.ERROR)
    warnings.simplefilter("ignore")
    names = [n for n in args.registries.split(",") if n and n != args.leave_out]
    results = []
    for name in names:
        row = one(name, args.seed)
        results.append(row)
        print(
            f"{name}: own near misses left out {row['clean']['own_left_out']} of {row['near_misses']}; "
            f"poisoned: tool requests left out {row['poisoned']['poison_left_out']} of {row['poison']}, "
            f"own left out {row['poisoned']['own_left_out']}; served {row['clean']['served']:.3f} clean, "
            f"{row['poisoned']['served']:.3f} poisoned, "
            f"{row['poisoned, no guard']['served']:.3f} poisoned without the guard",
            flush=True,
        )
    Path(args.out).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
