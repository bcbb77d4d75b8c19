"""The three verdicts on the held-out registries, without and with their tool profiles.

    python benchmarks/no_tool_table.py [--out benchmarks/results/no_tool_table.json]

Every ``heldout_*`` registry (``profile_rows.rows()``, never read by a choosing script),
with the shipped preset (``recommended_config()``). Each request's selection is read by
its status, as an adapter with the ``find_tools`` search acts on it:

* *none*: ``NO_TOOL_NEEDED``, nothing sent;
* *search*: ``NOT_SURE``, or no tool ranked (``NO_TOOL_FITS``): only the search is sent,
  from which any tool is one step away;
* *tools*: the selection's tools; a widened one (``WIDENED``, not confident) with the search
  beside them (LangChain's ``find_tools=True`` offers it then too).

For requests needing no tool: the share given none, given only the search, given tools.
For requests needing a tool: the share given nothing, served (the tools sent hold every
tool it needs), reachable in one search (only the search sent, or a widened selection that
misses a tool it needs, sent with the search: ``tool_missed_widened``), and served or
reachable. "tools" is the mean number of tools sent (0 for none and search). Pooled: every
request of every registry.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from profile_rows import ROOT, Row, build, rows

from toolfilter_core import Selection, Status, ToolFilter, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

SEARCH = {Status.NO_TOOL_FITS, *(s for s in Status if s.value == "not_sure")}  # (not_sure: none before it came)


def verdicts(row: Row, tf: ToolFilter) -> list[tuple[bool, str, int]]:
    """Per request: needs a tool, its verdict (none, search, served, widened, missed), tools sent."""
    out = []
    for q in row.queries:
        s: Selection = tf.select(q.query)
        if s.status is Status.NO_TOOL_NEEDED:
            verdict, sent = "none", 0
        elif s.status in SEARCH or not s.names:
            verdict, sent = "search", 0
        else:
            missed = "widened" if s.status is Status.WIDENED else "missed"  # widened: the search sent beside
            verdict, sent = ("served" if set(q.gold) <= set(s.names) else missed), len(s.names)
        out.append((bool(q.gold), verdict, sent))
    return out


def figures(found: list[tuple[bool, str, int]]) -> dict[str, Any]:
    """The shares of each verdict, for tool and no-tool requests apart."""
    tool = [v for needs, v, _ in found if needs]
    none = [v for needs, v, _ in found if not needs]

    def share(items: list[str], *kinds: str) -> float | None:
        return round(sum(v in kinds for v in items) / len(items), 4) if items else None

    return {
        "tool_requests": len(tool),
        "no_tool_requests": len(none),
        "tool_nothing": share(tool, "none"),
        "tool_served": share(tool, "served"),
        "tool_search": share(tool, "search"),
        "tool_missed_widened": share(tool, "widened"),
        "tool_served_or_reachable": share(tool, "served", "search", "widened"),
        "none_none": share(none, "none"),
        "none_search": share(none, "search"),
        "none_tools": share(none, "served", "missed", "widened"),
        "tools_sent": round(sum(n for *_, n in found) / len(found), 2) if found else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "no_tool_table.json"))
    args = parser.parse_args()
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    held = [r for r in rows() if r.role == "held out" and r.name.startswith("heldout_")]
    report: dict[str, Any] = {"registries": {}, "pooled": {}}
    pooled: dict[str, list[tuple[bool, str, int]]] = {"without": [], "with": []}
    keys = ("none_none", "none_search", "tool_nothing", "tool_missed_widened", "tool_served_or_reachable", "tools_sent")
    print(f"{'registry':<26}" + "".join(f"{k:>26}" for k in keys))
    for row in held:
        out = {}
        for label, profiled in (("without", False), ("with", True)):
            found = verdicts(row, build(row, base, embedder, profiled=profiled))
            pooled[label] += found
            out[label] = figures(found)
        report["registries"][row.name] = out
        print(f"{row.name:<26}" + "".join(f"{out['without'][k]!s:>12} > {out['with'][k]!s:<11}" for k in keys))
    report["pooled"] = {label: figures(found) for label, found in pooled.items()}
    p = report["pooled"]
    print(f"{'pooled':<26}" + "".join(f"{p['without'][k]!s:>12} > {p['with'][k]!s:<11}" for k in keys))
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
