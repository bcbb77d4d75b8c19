"""A registry profiled in part: does selection lean toward the profiled tools?

    python benchmarks/partly_profiled.py [--only dev_hotel_pms ...] [--out benchmarks/results/partly_profiled.json]

For each development registry with profiles (``dev_*``; never ``heldout_*``), its tools are
split in two halves by sorted name (even and odd positions), and each half in turn loses its
profiles. On the requests whose every gold tool is in the unprofiled half, recall (every gold
tool sent) is measured three ways, with the shipped preset and the default embedder:

- ``none``: no tool has a profile (before: what those requests got without profiles);
- ``half``: the other half keeps its profiles (after: the registry profiled in part);
- ``half_no_near_misses``: ``half`` without the registry's near misses (no-tool requests);
- ``all``: every tool has its profile (what profiling the rest gives back).

``half`` below ``none`` is selection leaning toward the profiled tools. The near misses
(the profiles' no-tool requests) are kept in ``half`` and ``all``. Beside recall: how many
of the unprofiled half's requests got no tool at all (``given_none``; the no-tool verdict
or nothing fit), the tools sent per request, and the share of the registry's own no-tool
requests given no tool (``no_tool_rejection``). Nothing here is chosen: the script
measures; it fixes no number.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from profile_rows import DATA, ROOT, cached

from toolfilter_core import (
    LabelledQuery,
    Profiles,
    ToolFilter,
    evaluate,
    get_embedder,
    read_profiles,
    read_queries,
    read_tools_file,
    recommended_config,
)


def _recall(tf: ToolFilter, queries: list[LabelledQuery]) -> float | None:
    result = evaluate(tf.select, queries)
    return None if result.recall is None else round(result.recall, 4)


def _figures(
    tf: ToolFilter, own: list[LabelledQuery], other: list[LabelledQuery], nothing: list[LabelledQuery]
) -> dict[str, Any]:
    """Recall of each half's requests, the unprofiled half's given nothing, the no-tool requests refused."""
    mine = evaluate(tf.select, own)
    refused = evaluate(tf.select, nothing).no_tool_rejection if nothing else None
    return {
        "unprofiled_half": None if mine.recall is None else round(mine.recall, 4),
        "profiled_half": _recall(tf, other),
        "given_none": round((mine.false_abstain or 0.0) * mine.tool_queries),
        "mean_sent": round(mine.mean_selected, 2),
        "no_tool_rejection": None if refused is None else round(refused, 4),
    }


def measure(folder: Path, embedder: Any) -> dict[str, Any]:
    """Recall of each half's requests with no profiles, with the other half's, with all."""
    tools = read_tools_file(folder / "tools.jsonl")
    profiles = read_profiles(folder / "profiles.jsonl")
    queries = read_queries(folder / "queries.jsonl")
    names = sorted(t.name for t in tools)
    config = recommended_config()
    nothing = [q for q in queries if not q.gold]
    out: dict[str, Any] = {"tools": len(tools), "no_tool_requests": len(nothing), "halves": []}
    for parity in (0, 1):
        bare = set(names[parity::2])
        own = [q for q in queries if q.gold and set(q.gold) <= bare]
        other = [q for q in queries if q.gold and not set(q.gold) & bare]
        half = Profiles({n: p for n, p in profiles.tools.items() if n not in bare}, profiles.no_tool)
        row: dict[str, Any] = {"unprofiled_tools": len(bare), "their_requests": len(own), "other_requests": len(other)}
        bare_half = Profiles(half.tools)  # without the near misses: are they what leans?
        for label, given in (("none", None), ("half", half), ("half_no_near_misses", bare_half), ("all", profiles)):
            tf = ToolFilter(tools, config=config, embedder=embedder, profiles=given)
            row[label] = _figures(tf, own, other, nothing)
        out["halves"].append(row)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="registries to run (default: every dev_* with profiles)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "partly_profiled.json"))
    args = parser.parse_args()
    folders = [f for f in sorted(DATA.glob("dev_*")) if (f / "profiles.jsonl").exists()]
    folders = [f for f in folders if not args.only or f.name in args.only]
    embedder = cached(get_embedder(recommended_config().embedder))
    report: dict[str, Any] = {}
    head = "unprofiled half: none -> half (all; half, no near misses) [given none]   profiled half: none -> half"
    print(f"{'registry':<26}{'half':>5}{'n':>5}  {head}   no-tool refused: none -> half (all)")
    for folder in folders:
        report[folder.name] = measure(folder, embedder)
        for parity, row in enumerate(report[folder.name]["halves"]):
            u = [row[k]["unprofiled_half"] for k in ("none", "half", "all", "half_no_near_misses")]
            g = [row[k]["given_none"] for k in ("none", "half", "all", "half_no_near_misses")]
            p = [row[k]["profiled_half"] for k in ("none", "half")]
            r = [row[k]["no_tool_rejection"] for k in ("none", "half", "all")]
            shown = f"{u[0]} -> {u[1]} ({u[2]}; {u[3]}) [{g[0]} -> {g[1]} ({g[2]}; {g[3]})]   {p[0]} -> {p[1]}"
            print(f"{folder.name:<26}{parity:>5}{row['their_requests']:>5}  {shown}   {r[0]} -> {r[1]} ({r[2]})")
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
