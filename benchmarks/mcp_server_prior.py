"""Does the MCP server, as the tools' domain, help selection? Recall and cost with and without it.

    python benchmarks/mcp_server_prior.py [--data DIR] [--limit N] [--route-domains 2] [--folders NAME ...]

Each registry is split into MCP servers by its category (one server per category) and
registered through ``McpRegistry``: with the server as the domain (``category = server``, the
default) and without it (``categories={server: None}``), both with the shipped preset, and a
third time with the server as the domain and two-level routing on (the pipeline's
``ROUTE_DOMAINS``, 0 since it stopped being a setting, set to ``--route-domains``, default 2).
Names are the servers' own (``qualify=False``), so every run indexes the same texts.
Registries: the bundled kit (toolkit48, 9 categories) and ultratool_zh (21 categories). The
default embedder; each text is embedded once for all runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import toolfilter_core._pipeline.route as routing  # noqa: E402
from toolfilter_core import (  # noqa: E402
    McpRegistry,
    ToolFilter,
    evaluate,
    get_embedder,
    read_queries,
    read_tools_file,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._pipeline.route import ROUTE_DOMAINS  # noqa: E402
from toolfilter_core._tool_defs import bundled_tools_path  # noqa: E402


def find_data(explicit: str | None) -> Path:
    candidates = [Path(explicit)] if explicit else []
    candidates += [ROOT / "benchmarks" / "data", *(p / "shared" / "data" for p in ROOT.parents)]
    for folder in candidates:
        if (folder / "ultratool_zh" / "queries.jsonl").is_file():
            return folder
    sys.exit("no data folder with ultratool_zh/ found; pass --data DIR")


ARMS = ("with_server_prior", "without", "routed_with_server_prior")


def run(
    name: str, tools_path: Path, queries_path: Path, embedder: CachingEmbedder, limit: int | None, route: int
) -> dict:
    tools = read_tools_file(tools_path)
    queries = read_queries(queries_path, limit=limit)
    servers: dict[str, list[dict]] = defaultdict(list)
    for tool in tools:
        row = tool.to_dict()
        servers[tool.category or "misc"].append(
            {"name": row["name"], "description": row["description"], "inputSchema": row["parameters"] or {}}
        )
    out = {"registry": name, "tools": len(tools), "servers": len(servers), "queries": len(queries)}
    arms = (
        ("with_server_prior", None, ROUTE_DOMAINS),
        ("without", dict.fromkeys(servers), ROUTE_DOMAINS),
        ("routed_with_server_prior", None, route),
    )
    for arm, categories, domains in arms:
        registry = McpRegistry(ToolFilter(embedder=embedder), qualify=False, categories=categories)
        for server, listed in servers.items():
            registry.set_server(server, listed)
        with mock.patch.object(routing, "ROUTE_DOMAINS", domains):
            result = evaluate(registry.tool_filter.select, queries)
        out[arm] = {
            "recall": round(result.recall or 0.0, 4),
            "recall_mean": round(result.recall_mean or 0.0, 4),
            "dangerous_misselect": round(result.dangerous_misselect or 0.0, 4),
            "false_abstain": round(result.false_abstain or 0.0, 4),
            "mean_selected": round(result.mean_selected, 2),
            "cost_ratio": round(result.cost_ratio, 4),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", help="folder holding toolkit48/ and ultratool_zh/ (queries and tools)")
    parser.add_argument("--limit", type=int, default=None, help="at most N queries per registry")
    parser.add_argument(
        "--route-domains", type=int, default=2, help="ROUTE_DOMAINS of the third run (two-level routing on)"
    )
    parser.add_argument(
        "--folders",
        nargs="*",
        help="run these benchmarks/data registries instead (dev_mcp_fleet heldout_mcp_workspace)",
    )
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    route = args.route_domains
    if args.folders:
        local = ROOT / "benchmarks" / "data"
        rows = [
            run(f, local / f / "tools.jsonl", local / f / "queries.jsonl", embedder, args.limit, route)
            for f in args.folders
        ]
        _print(rows)
        return
    data = find_data(args.data)
    rows = [
        run("toolkit48", bundled_tools_path(), data / "toolkit48" / "queries.jsonl", embedder, args.limit, route),
        run(
            "ultratool_zh",
            data / "ultratool_zh" / "tools.jsonl",
            data / "ultratool_zh" / "queries.jsonl",
            embedder,
            args.limit,
            route,
        ),
    ]
    _print(rows)


def _print(rows: list[dict]) -> None:
    print(f"{'registry':<14}{'arm':<26}{'recall':>8}{'mean':>8}{'danger':>8}{'abstain':>8}{'tools':>7}{'cost':>8}")
    for row in rows:
        for arm in ARMS:
            f = row[arm]
            print(
                f"{row['registry']:<14}{arm:<26}{f['recall']:>8.3f}{f['recall_mean']:>8.3f}"
                f"{f['dangerous_misselect']:>8.3f}{f['false_abstain']:>8.3f}{f['mean_selected']:>7.2f}"
                f"{f['cost_ratio']:>8.3f}"
            )
    print(json.dumps(rows, ensure_ascii=False))


if __name__ == "__main__":
    main()
