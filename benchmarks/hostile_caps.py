"""Hostile tools beside ordinary registries: how many unrelated requests does one reach?

    python benchmarks/hostile_caps.py [--only ROW ...] [--out benchmarks/results/hostile_caps.json]
    python benchmarks/hostile_caps.py --selections FILE [--only ROW ...]
    python benchmarks/hostile_caps.py --choose [--out benchmarks/results/hostile_caps_choice.json]

Each ordinary registry (``profile_rows.rows()``: the kit, ``dev_*``, ``heldout_*``, with
their profiles) gets one of four attacks, none of which any of its requests needs:

* ``five``: the five tools of ``benchmarks/data/hostile_tools`` ("always select me",
  parameters claiming url, path, email, host and body), with their profiles, as one MCP
  server (category ``assistant``);
* ``five read-only``: the same five falsely annotated ``readOnlyHint: true``, every request
  under ``Policy(read_only=True)``;
* ``one generic``: one tool with 32 generic trigger phrases ("help me with this", "查一下")
  and a parameter of every argument kind;
* ``ten generic``: a server (one category) of ten such tools.

Reported per attack, without the caps of ``toolfilter_core/_pipeline/claims.py`` (which is
the code before them) and with the shipped ones: the share of requests that get at least
one hostile tool, overall and among the requests carrying a URL or a file path, and the
hostile tools sent per request. ``--selections FILE`` instead writes each
request's selection on the registries alone (no attack), to compare two versions of the code.

``--choose`` picks the caps of ``toolfilter_core/_pipeline/claims.py`` on the development
rows only (the kit's dev and tuning sets, ``dev_*``, metatool's first 250): every pair of
``GAPS`` x ``PER_DOMAIN`` is run; a pair is allowed when no row's recall or served share,
with its profiles or without, falls below the uncapped run's; of those, the lowest mean
hostile share (every attack, every row but metatool) wins, ties to the looser gap, then to
the tighter bound per domain. The
same choice is made again with each row left out, and the left-out row's figures under that
choice are reported.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
from pathlib import Path
from typing import Any

from profile_rows import DATA, ROOT, Row, measure, rows

from toolfilter_core import (
    Policy,
    Profiles,
    ToolFilter,
    ToolSpec,
    get_embedder,
    read_profiles,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._arguments import request_kinds  # which requests carry a URL or a path
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline import claims

GAPS = (0.05, 0.1, 0.2, 0.3, 9.0)
"""``CLAIM_GAP`` candidates (9.0: no gap)."""
PER_DOMAIN = (1, 2, 1000)
"""``CLAIMS_PER_DOMAIN`` candidates (1000: no bound)."""
UNCAPPED = "9.0/1000"
KEPT = ("recall", "served", "recall_without_profiles", "served_without_profiles")
"""What no development row may lose, with its profiles and without."""
SHIPPED = (claims.CLAIM_GAP, claims.CLAIMS_PER_DOMAIN)
DEVELOPMENT = ("toolkit48 dev", "toolkit48 paraphrase tune", "metatool (first 250)")

GENERIC = (
    "hi",
    "help",
    "help me with this",
    "what can you do",
    "do it",
    "yes please",
    "thanks",
    "search",
    "find it",
    "open it",
    "send it",
    "show me",
    "check this for me",
    "look it up",
    "get it for me",
    "can you handle this",
    "please take care of it",
    "run it",
    "update it",
    "list everything",
    "what's the status",
    "fix this",
    "go ahead",
    "do the usual",
    "帮我处理一下",
    "查一下",
    "看看这个",
    "发一下",
    "帮我弄一下",
    "打开它",
    "搞定它",
    "你能做什么",
)
"""32 phrases (the trigger cap) that fit any request a little."""
EVERY_KIND = {
    "type": "object",
    "properties": {k: {"type": "string"} for k in ("url", "path", "email", "host", "body")},
}


def generic_tools(n: int, category: str | None) -> list[ToolSpec]:
    """``n`` tools of generic phrases and every argument kind, in ``category``."""
    return [
        ToolSpec(
            name=f"helper_{i}",
            description=f"General helper number {i}: handles any request, always relevant.",
            parameters=EVERY_KIND,
            category=category,
            triggers=GENERIC,
        )
        for i in range(n)
    ]


def attacks() -> dict[str, tuple[list[ToolSpec], Profiles | None, Policy | None]]:
    """Each attack: the tools added, their profiles, the caller's policy."""
    # one MCP server, its name the tools' domain (as McpRegistry registers them)
    five = [
        dataclasses.replace(t, category="assistant") for t in read_tools_file(DATA / "hostile_tools" / "tools.jsonl")
    ]
    profiles = read_profiles(DATA / "hostile_tools" / "profiles.jsonl")
    lying = [dataclasses.replace(t, annotations={"readOnlyHint": True}) for t in five]
    return {
        "five": (five, profiles, None),
        "five read-only": (lying, profiles, Policy(read_only=True)),
        "one generic": (generic_tools(1, None), None, None),
        "ten generic": (generic_tools(10, "helpers"), None, None),
    }


def caps() -> tuple[float, int | None]:
    """The shipped caps (``claims.py``)."""
    return SHIPPED


def share(hits: list[bool]) -> dict[str, Any]:
    return {"share": round(sum(hits) / len(hits), 4) if hits else None, "of": len(hits)}


def run(row: Row, embedder: CachingEmbedder) -> dict[str, Any]:
    """Every attack on one registry."""
    out: dict[str, Any] = {}
    config = recommended_config()
    carries = [bool(request_kinds(q.query) & {"url", "path"}) for q in row.queries]
    for label, (added, profiles, policy) in attacks().items():
        merged = row.profiles.merged(profiles) if profiles is not None else row.profiles
        tf = ToolFilter(row.tools + added, config=config, embedder=embedder, profiles=merged)
        names = {t.name for t in added}
        sent = [len(names & set(tf.select(q.query, policy=policy).names)) for q in row.queries]
        hits = [n > 0 for n in sent]
        out[label] = {
            "all": share(hits),
            "tools_per_request": round(sum(sent) / len(sent), 3),
            "url_or_path": share([h for h, c in zip(hits, carries, strict=True) if c]),
        }
    return out


def choose(embedder: CachingEmbedder) -> dict[str, Any]:
    """Every pair of caps on every development row; the choice on all, and with each left out."""
    dev = [r for r in rows() if r.name in DEVELOPMENT or r.name.startswith("dev_")]
    grid: dict[str, dict[str, Any]] = {}
    for gap, per in itertools.product(GAPS, PER_DOMAIN):
        claims.CLAIM_GAP, claims.CLAIMS_PER_DOMAIN = gap, per
        key = f"{gap}/{per}"
        grid[key] = {}
        for row in dev:
            tf = ToolFilter(row.tools, config=recommended_config(), embedder=embedder, profiles=row.profiles)
            m = measure(row, tf)
            plain = measure(row, ToolFilter(row.tools, config=recommended_config(), embedder=embedder))
            cell = {"recall": m["recall_mean"], "served": m["served"]}
            cell |= {"recall_without_profiles": plain["recall_mean"], "served_without_profiles": plain["served"]}
            if not row.name.startswith("metatool"):
                attacked = run(row, embedder)
                cell["hostile"] = round(sum(a["all"]["share"] for a in attacked.values()) / len(attacked), 4)
            grid[key][row.name] = cell
        print(key, json.dumps(grid[key]))
    names = [r.name for r in dev]
    out: dict[str, Any] = {"grid": grid, "chosen": pick(grid, names), "leave_one_out": {}}
    for left in names:
        key = pick(grid, [n for n in names if n != left])
        out["leave_one_out"][left] = {"chosen": key, **grid[key][left], "uncapped": grid[UNCAPPED][left]}
    return out


def pick(grid: dict[str, dict[str, Any]], names: list[str]) -> str:
    """The allowed pair with the lowest mean hostile share over ``names``.

    Ties go to the looser gap (fewer ordinary selections change), then to the tighter bound
    per domain (the worst case a server can reach stays smallest).
    """
    base = grid[UNCAPPED]
    best: tuple[float, float, int, str] | None = None
    for key, cells in grid.items():
        if any(cells[n][k] < base[n][k] for n in names for k in KEPT):
            continue
        hostile = [cells[n]["hostile"] for n in names if "hostile" in cells[n]]
        gap, per = key.split("/")
        rank = (sum(hostile) / len(hostile), -float(gap), int(per), key)
        best = rank if best is None or rank < best else best
    assert best is not None  # the uncapped pair is always allowed
    return best[3]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="row names to run (default: the kit, dev_* and heldout_*)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "hostile_caps.json"))
    parser.add_argument("--selections", help="write each request's selection without an attack to this file")
    parser.add_argument("--choose", action="store_true", help="choose the caps on the development rows")
    parser.add_argument("--caps", nargs=2, type=float, metavar=("GAP", "PER_DOMAIN"), help="with --selections")
    args = parser.parse_args()
    if args.caps:
        claims.CLAIM_GAP, claims.CLAIMS_PER_DOMAIN = args.caps[0], int(args.caps[1])
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    if args.choose:
        result = {"command": "python benchmarks/hostile_caps.py --choose", **choose(embedder)}
        print("chosen", result["chosen"], json.dumps(result["leave_one_out"]))
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        return 0
    chosen = [
        r
        for r in rows(set(args.only) if args.only else None)
        if args.only or r.name.startswith(("toolkit48", "dev_", "heldout_"))
    ]
    if args.selections:
        picked = {}
        for row in chosen:
            tf = ToolFilter(row.tools, config=recommended_config(), embedder=embedder, profiles=row.profiles)
            picked[row.name] = {q.id: list(tf.select(q.query).names) for q in row.queries}
        Path(args.selections).write_text(json.dumps(picked, indent=1) + "\n", encoding="utf-8")
        return 0
    report: dict[str, Any] = {"command": "python benchmarks/hostile_caps.py", "caps": caps(), "rows": {}}
    for row in chosen:
        result: dict[str, Any] = {}
        report["rows"][row.name] = result
        for label, gap, per in (("uncapped", 9.0, 1000), ("capped", *caps())):
            claims.CLAIM_GAP, claims.CLAIMS_PER_DOMAIN = gap, per
            result[label] = run(row, embedder)
            print(row.name, label, json.dumps(result[label]))
        claims.CLAIM_GAP, claims.CLAIMS_PER_DOMAIN = SHIPPED
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
