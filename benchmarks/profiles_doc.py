"""Write the tool-profile figures into README.md, docs/profiles.md and docs/benchmarks.md, from the results files.

    python benchmarks/profiles_doc.py

Reads benchmarks/results/profiles_table.json (profiles_table.py), hostile_profiles.json
(hostile_profiles.py), hostile_caps.json (hostile_caps.py) and profiles_scale.json
(bench_profiles.py), and replaces what stands
between the ``<!-- profiles:NAME -->`` and ``<!-- /profiles:NAME -->`` markers. It measures nothing.
"""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

from toolfilter_core import ToolSpecWarning, read_tools_file

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
RUNS = ("uncapped", "capped")
ROLE = {
    "chose": "settings chosen on it",
    "held out": "no setting chosen on it",
    "people": "people's requests, no setting chosen on it",
}
MCP_ROW = "heldout_mcp_workspace"
PEOPLE_ROW = "bfcl live (people)"
FOLDERS = {PEOPLE_ROW: "bfcl_live"}  # a row's data folder, where it is not the row's name


def _c(a: float | None, b: float | None) -> str:
    if a is None and b is None:
        return "–"
    return f"{a:.3f} → {b:.3f}" if a is not None and b is not None else f"{a} → {b}"


def table() -> str:
    rows = json.loads((RESULTS / "profiles_table.json").read_text(encoding="utf-8"))["rows"]
    out = [
        "| registry | role | n | recall | served | dangerous | false abstain | no-tool rejected "
        "| destructive on read | tools sent | plain top-5 with profiles |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, r in rows.items():
        a, b = r["without"], r["with"]
        cells = [
            _c(a[k], b[k])
            for k in ("recall_mean", "served", "dangerous_misselect", "false_abstain", "no_tool_rejection")
        ]
        cells.append(_c(a["destructive_on_read"], b["destructive_on_read"]))
        cells.append(f"{a['mean_selected']:.1f} → {b['mean_selected']:.1f}")
        plain = r["plain_top5_with"]
        out.append(f"| {name} | {ROLE[r['role']]} | {b['queries']} | " + " | ".join(cells) + f" | {plain:.3f} |")
    kinds = [(n, r) for n, r in rows.items() if r["with"].get("served_by_kind")]
    if kinds:
        out += ["", "Served by kind of request (every gold tool delivered), without → with profiles:", ""]
        names = sorted({k for _, r in kinds for k in r["with"]["served_by_kind"]})
        out.append("| registry | " + " | ".join(names) + " |")
        out.append("|---|" + "---|" * len(names))
        for n, r in kinds:
            a, b = r["without"]["served_by_kind"], r["with"]["served_by_kind"]
            out.append(f"| {n} | " + " | ".join(_c(a.get(k), b.get(k)) for k in names) + " |")
    return "\n".join(out)


def pooled(rows: dict[str, dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The rows' requests as one set, with profiles: each figure the mean over the pooled requests.

    A row's mean times its count is the sum over its requests, so the pooled mean is the sum of
    those over the sum of the counts (recall and plain top-5 over the requests that need a tool,
    tools sent and no-tool rejection over theirs), not a mean of the rows' means.
    """

    def mean(value: Any, count: str) -> float | None:
        n = sum(rows[name]["with"][count] for name in names)
        return sum(value(rows[name]) * rows[name]["with"][count] for name in names) / n if n else None

    return {
        "requests": sum(rows[n]["with"]["queries"] for n in names),
        "no_tool_requests": sum(rows[n]["with"]["no_tool_queries"] for n in names),
        "plain_top5": mean(lambda r: r["plain_top5_with"], "tool_queries"),
        "recall": mean(lambda r: r["with"]["recall_mean"], "tool_queries"),
        "tools_sent": mean(lambda r: r["with"]["mean_selected"], "queries"),
        "no_tool_rejected": mean(lambda r: r["with"]["no_tool_rejection"] or 0.0, "no_tool_queries"),
    }


def _tools(name: str) -> list[Any]:
    with warnings.catch_warnings():  # bfcl's names with dots: counted here, not served
        warnings.simplefilter("ignore", ToolSpecWarning)
        return read_tools_file(ROOT / "benchmarks" / "data" / FOLDERS.get(name, name) / "tools.jsonl")


def readme_rows(rows: dict[str, dict[str, Any]]) -> list[tuple[str, str, dict[str, Any]]]:
    """README's rows (short name, label, figures): the MCP servers, every other held-out registry of
    a business pooled, bfcl live."""
    servers = _tools(MCP_ROW)
    business = [n for n, r in rows.items() if r["role"] == "held out" and n.startswith("heldout_") and n != MCP_ROW]
    sizes = sorted(len(_tools(n)) for n in business)
    mcp = f"an agent's {len({t.category for t in servers})} MCP servers ({len(servers)} tools)"
    shops = f"{len(business)} businesses' registries ({sizes[0]}-{sizes[-1]} tools each), pooled"
    people = f"bfcl live ({len(_tools(PEOPLE_ROW))} tools), requests written by people"
    return [
        ("the MCP servers'", mcp, pooled(rows, [MCP_ROW])),
        ("the businesses'", shops, pooled(rows, business)),
        ("bfcl live's", people, pooled(rows, [PEOPLE_ROW])),
    ]


def readme() -> str:
    """README's small table: plain top-5 and toolfilter, both with profiles, on data nobody tuned on."""
    rows = json.loads((RESULTS / "profiles_table.json").read_text(encoding="utf-8"))["rows"]
    out = [
        "| data nobody tuned on | requests | plain top-5, with profiles | toolfilter, with profiles "
        "| tools toolfilter sent |",
        "|---|---|---|---|---|",
    ]
    said = []
    for short, label, row in readme_rows(rows):
        figures = [_d3(row["plain_top5"]), _d3(row["recall"]), f"{row['tools_sent']:.1f}"]
        out.append(f"| {label} | {row['requests']:,} | " + " | ".join(figures) + " |")
        if row["no_tool_requests"]:
            said.append(f"{_d3(row['no_tool_rejected'])} of {short} {row['no_tool_requests']:,}")
    out += ["", "Requests that need no tool, given none by toolfilter with profiles: " + "; ".join(said) + "."]
    return "\n".join(out)


def _d3(value: float) -> str:
    return f"{value:.3f}".removeprefix("0")


def hostile() -> str:
    data = json.loads((RESULTS / "hostile_profiles.json").read_text(encoding="utf-8"))
    labels = {
        "without profiles": "without profiles",
        "with profiles": "with profiles (the writer kept to the fence)",
        "poisoned hostile profiles": "with poisoned profiles: 16 requests copied from other tools' profiles "
        "and 8 generic ones, what a writer that obeyed the injection would hand back",
    }
    out = ["| | requests that got a hostile tool |", "|---|---|"]
    for key, label in labels.items():
        share = data[key]["share_with_a_hostile_tool"]
        out.append(f"| {label} | {share:.1%} ({round(share * data[key]['requests'])} of {data[key]['requests']}) |")
    return "\n".join(out)


def caps() -> str:
    """Hostile claims without and with the caps, pooled over the development and held-out rows."""
    data = json.loads((RESULTS / "hostile_caps.json").read_text(encoding="utf-8"))
    groups = {"development (kit dev and tuning, dev_*)": [], "held out (kit check, heldout_*)": []}
    for name, row in data["rows"].items():
        chose = name in ("toolkit48 dev", "toolkit48 paraphrase tune") or name.startswith("dev_")
        groups[list(groups)[0 if chose else 1]].append(row)
    attacks = list(next(iter(data["rows"].values()))["uncapped"])
    out = [
        "| attack | " + " | ".join(f"{g}: all | URL or path | hostile tools sent" for g in groups) + " |",
        "|---|" + "---|---|---|" * len(groups),
    ]

    def pooled(rows: list[dict[str, Any]], run: str, attack: str, part: str) -> tuple[int, int]:
        hit = sum(round(r[run][attack][part]["share"] * r[run][attack][part]["of"]) for r in rows)
        return hit, sum(r[run][attack][part]["of"] for r in rows)

    for attack in attacks:
        cells = []
        for rows in groups.values():
            for part in ("all", "url_or_path"):
                (a, n), (b, _) = pooled(rows, "uncapped", attack, part), pooled(rows, "capped", attack, part)
                cells.append(f"{a / n:.1%} → {b / n:.1%} ({a} → {b} of {n})")
            sent = [
                sum(r[run][attack]["tools_per_request"] * r[run][attack]["all"]["of"] for r in rows) for run in RUNS
            ]
            n = sum(r["capped"][attack]["all"]["of"] for r in rows)
            cells.append(f"{sent[0] / n:.2f} → {sent[1] / n:.2f} a request")
        out.append(f"| {attack} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def scale() -> str:
    data: dict[str, Any] = json.loads((RESULTS / "profiles_scale.json").read_text(encoding="utf-8"))
    p1, p2 = data["part1"], data["part2"]
    s = p1["select_ms"]
    lines = [
        f"- {p1['tools']:,} tools, `select()` end to end with use-m3, the same 200 bfcl live requests "
        f"interleaved: p50 {s['without']['p50']} → {s['with']['p50']} ms, p95 {s['without']['p95']} → "
        f"{s['with']['p95']} ms (×{p1['p95_ratio']}); search matrix {p1['matrix_mb']['without']} → "
        f"{p1['matrix_mb']['with']} MB ({p1['vectors']['without']:,} → {p1['vectors']['with']:,} vectors).",
        f"- {p2['tools']:,} tools, the search alone (random unit vectors of {p2['dim']} dimensions): "
        + "; ".join(
            f"{label} p95 {p2['search_ms'][label]['p95']} ms, {p2['matrix_mb'][label]} MB" for label in p2["search_ms"]
        )
        + ".",
    ]
    return "\n".join(lines)


def fill_block(path: Path, block: str, text: str, *, required: bool = True) -> None:
    """Replace what stands between ``<!-- BLOCK -->`` and ``<!-- /BLOCK -->`` in ``path`` with ``text``.

    ``required``: a page without the markers is an error (else it is left as it is).
    """
    doc = path.read_text(encoding="utf-8")
    pattern = re.compile(rf"(<!-- {block} -->\n)(?:.*?\n)?(<!-- /{block} -->)", re.S)
    if not pattern.search(doc):
        if required:
            msg = f"{path}: no <!-- {block} --> markers"
            raise SystemExit(msg)
        return
    path.write_text(pattern.sub(lambda m: m.group(1) + text + "\n" + m.group(2), doc), encoding="utf-8")


def fill(path: Path, name: str, text: str) -> None:
    fill_block(path, f"profiles:{name}", text)


def fill_all(doc: Path) -> None:
    """Fill every profiles section of one page."""
    fill(doc, "results", table())
    fill(doc, "hostile", hostile())
    if "<!-- profiles:caps -->" in doc.read_text(encoding="utf-8"):
        fill(doc, "caps", caps())
    fill(doc, "scale", scale())


def main() -> int:
    fill(ROOT / "README.md", "readme", readme())
    for doc in (ROOT / "docs" / "profiles.md", ROOT / "docs" / "benchmarks.md"):
        fill_all(doc)
    fill(ROOT / "docs" / "reliability.md", "caps", caps())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
