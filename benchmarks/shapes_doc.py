"""The benchmarks page's section on requests by shape, from ``message_shapes.py``'s results.

``make_report.py`` writes the section's frame (``section_lines``) and fills its table
(``fill_all``) from ``results/message_shapes.json`` (this code) and
``results/message_shapes_before.json`` (the same script run on eaafc62, before the ask, the
asks and the servers): ``python benchmarks/message_shapes.py --profiles --out FILE``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from profiles_doc import fill_block

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
KINDS = ("direct", "paraphrase", "multi", "long")


def section_lines() -> list[str]:
    """The section's frame: its title, how to read it, and the table's markers."""
    return [
        "## Requests by shape",
        "",
        "`python benchmarks/message_shapes.py --profiles` on every registry whose requests carry a kind: the share "
        "of tool requests **fully served** (every gold tool delivered) by kind, the share of no-tool requests "
        "(and of long requests with no ask) given no tool, and tools sent; before (eaafc62, "
        "`results/message_shapes_before.json`) → now, without and with the registry's profiles, and plain "
        "top-5 embedding (with profiles) beside them. `dev_mcp_fleet` may be tuned on (it chose the server "
        "weight); the `heldout_*` rows never shaped a choice. What each rule does: "
        "[scoring](scoring.md#pasted-material).",
        "",
        "<!-- shapes:table -->",
        "<!-- /shapes:table -->",
        "",
        "p95 of `select()` on 20,000-character messages (`python benchmarks/bench_long_request.py`: the "
        "dev registry's long requests grown to 20,000 characters, 174 tools, the default embedder):",
        "",
        "<!-- shapes:latency -->",
        "<!-- /shapes:latency -->",
        "",
        "On the registries no setting was chosen on, with profiles: long requests "
        "reach .88-1.00 on all four held-out registries and multi-ask requests .85-1.00 on three, .84 on "
        "heldout_mcp_workspace (184 tools from 11 servers). Without profiles long "
        "requests gain 25 points on the many-server registry and none elsewhere (one request fewer on "
        "heldout_ecom_ops_desk, -3), multi-ask requests 0-8 points (the rule that an "
        "ask reading like no tool's keeps none costs them a few, [scoring](scoring.md#asks)). With profiles "
        "one long request of eight on heldout_saas_billing is lost (1.00 -> .88). Tools sent fell on every "
        "row; the 20,000-character p95 is in the table above. What the misses are, read on the dev "
        "registry: an ask's best tool that the embedder ranks second or third among its own server's "
        '(`slack__schedule_message` for "tell #dba"), and asks the cut does not find ("reorder" alone is '
        "shorter than the 8 characters an ask needs, `MIN_CLAUSE_CHARS`). The largest single gain with "
        "profiles is the profile "
        "requests in the tools' BM25 text ([profiles](profiles.md#what-profiles-change)).",
        "",
        "The server as the tools' domain, through `McpRegistry` (`python benchmarks/mcp_server_prior.py "
        "--folders dev_mcp_fleet heldout_mcp_workspace`: each server's tools registered as that server, "
        "with its name as their category, or without a category): recall_mean .753 -> .796 and .754 -> .830, "
        "dangerous misselection .161 -> .123 and .160 -> .086, tools sent unchanged (7.3, 7.5); "
        "two-level routing (`route_domains: 2`) adds nothing on top. Here, unlike on the kit, the server "
        "prior matters: it is what lets a request that names a server (or its ids) prefer its tools.",
        "",
    ]


def _cell(before: dict[str, Any] | None, now: dict[str, Any], key: str, group: str) -> str:
    value = now[group].get(key)
    if value is None:
        return "–"
    old = None if before is None else before[group].get(key)
    return f"{old:.2f} → {value:.2f}" if old is not None else f"{value:.2f}"


def table(now: dict[str, Any], before: dict[str, Any]) -> str:
    """One row per registry and profile setting."""
    head = "| registry | profiles | " + " | ".join(KINDS) + " | no tool | long, no ask | tools | plain@5 multi / long |"
    lines = [head, "|" + "---|" * (len(KINDS) + 6)]
    for name, row in now.items():
        old = before.get(name, {})
        for label, plain in (("without", "plain@5"), ("with", "plain@5+p")):
            if label not in row:
                continue
            then = old.get(label)
            cells = [_cell(then, row[label], k, "served") for k in KINDS]
            cells += [_cell(then, row[label], "no_tool", "rejected"), _cell(then, row[label], "long", "rejected")]
            tools = row[label]["tools_sent"]
            was = f"{then['tools_sent']:.1f} → " if then else ""
            p = row.get(plain, {}).get("served", {})
            plain_cell = f"{p.get('multi', float('nan')):.2f} / {p.get('long', float('nan')):.2f}"
            role = "**held out**" if row["role"] == "held out" else row["role"]
            row_cells = " | ".join(cells)
            lines.append(f"| {name} ({role}) | {label} | {row_cells} | {was}{tools:.1f} | {plain_cell} |")
    return "\n".join(lines)


def latency(result: dict[str, Any]) -> str:
    """The 20,000-character p50/p95, without and with profiles."""
    rows = ["| registry | messages | profiles | p50 ms | p95 ms |", "|---|---:|---|---:|---:|"]
    for label in ("without", "with"):
        figures = result[label]
        rows.append(
            f"| {result['registry']} | {result['messages']} | {label} | {figures['p50_ms']} | {figures['p95_ms']} |"
        )
    return "\n".join(rows)


def fill(path: Path, name: str, text: str) -> None:
    fill_block(path, f"shapes:{name}", text, required=False)


def fill_all(doc: Path) -> None:
    """Fill the section's blocks from the results files present."""
    now, before = RESULTS / "message_shapes.json", RESULTS / "message_shapes_before.json"
    if now.exists():
        old = json.loads(before.read_text(encoding="utf-8")) if before.exists() else {}
        fill(doc, "table", table(json.loads(now.read_text(encoding="utf-8")), old))
    timing = RESULTS / "long_request_latency.json"
    if timing.exists():
        fill(doc, "latency", latency(json.loads(timing.read_text(encoding="utf-8"))))


if __name__ == "__main__":
    fill_all(ROOT / "docs" / "benchmarks.md")
