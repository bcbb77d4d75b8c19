"""Choose the no-tool bar and the not-sure band of each no-tool rule, and re-choose them leaving each registry out.

    python benchmarks/choose_no_tool_bars.py [--out benchmarks/results/no_tool_bars.json]

Three verdicts on the no-tool evidence ``decide.evidence`` measures (how much closer a
request sits to requests no tool serves than to any tool): at or above the bar, *no tool*
(nothing sent); within the band below it, *not sure* (only the ``find_tools`` search, so
any tool is one search away); below, the tools. Two rules, two bars: with tool profiles
(rule ``profiles``: ``abstain_voice_margin``) and out of the box (rule ``relative``:
``abstain_threshold``); one band (``abstain_mixed_band``) for both.

Chosen on the development registries only: the kit's dev requests and every ``dev_*``
registry (``profile_rows.rows()``), each with its profiles for the profile rule and without
for the relative one. Each request is selected once with the no-tool test off (whether its
tools serve it) and its evidence measured once; every bar and band is then simulated.

* The bar: the lowest of the grid at which tool requests given nothing are at most
  ``--max-nothing`` (1%) on every choosing registry.
* The band: the widest of the grid at which tool requests given only the search are at
  most ``--max-search`` (5%: one tool request in twenty pays one search step) on every
  choosing registry, at the chosen bars.

Then each registry is left out, the bars and the band chosen on the others, and scored on
it; the pooled line counts every request of every registry at its own left-out numbers.
``--without NAME`` leaves a registry out of the choice altogether; ``--show`` prints each
request's evidence. Held-out registries are never read here (``no_tool_table.py`` measures them).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from profile_rows import ROOT, Row, build, rows

from toolfilter_core import ToolFilter, ToolFilterConfig, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline.decide import evidence
from toolfilter_core._pipeline.gates import gate
from toolfilter_core._pipeline.read import read
from toolfilter_core._pipeline.request import check_request
from toolfilter_core._pipeline.vectors import TurnCache

BARS = [round(x, 3) for x in np.arange(-0.30, 0.601, 0.01)]
BANDS = [round(x, 3) for x in np.arange(0.0, 0.401, 0.01)]
RULES = {"profiles": ("abstain_voice_margin", True), "relative": ("abstain_threshold", False)}
NEVER = {"abstain_voice_margin": 2.0, "abstain_threshold": 3.0, "abstain_mixed_band": 0.0}
"""The no-tool test off: the highest bars, no band."""


@dataclass
class Requests:
    """One registry's requests under one rule: what the evidence and the tools say of each."""

    needs_tool: np.ndarray
    value: np.ndarray
    """The evidence; NaN where the rule never says "no tool" (a value some tool takes, a tool's own action)."""
    served: np.ndarray
    """The tools the ranking sends hold every tool the request needs."""
    sent: np.ndarray
    """How many tools the ranking sends."""


def measured(
    row: Row, base: ToolFilterConfig, embedder: CachingEmbedder, profiled: bool, show: bool = False
) -> Requests:
    """Select each request with the no-tool test off, and measure its evidence (``show``: print each)."""
    tf = build(row, base.merged(NEVER), embedder, profiled=profiled)
    phrases = embedder.embed_queries(list(tf.config.abstain_phrases))
    values, served, sent = [], [], []
    for q in row.queries:
        selection = tf.select(q.query)
        served.append(set(q.gold) <= set(selection.names))
        sent.append(len(selection.names))
        values.append(_evidence(tf, phrases, q.query))
        if show:
            print(f"  {row.name} {'tool' if q.gold else 'none'} {values[-1]:+.3f} {q.query[:90]!r}")
    needs = np.array([bool(q.gold) for q in row.queries])
    return Requests(needs, np.array(values, dtype=np.float64), np.array(served), np.array(sent, dtype=np.float64))


def _evidence(tf: ToolFilter, phrases: np.ndarray, text: str) -> float:
    config, snapshot = tf.config, tf.snapshot
    request = check_request(
        config, text, top_k=None, category=None, confidence=None, context=(), sticky=(), policy=None
    )
    reading = read(snapshot, config, tf.embedder, request, TurnCache(), lambda: phrases)
    found = evidence(snapshot, config, reading, gate(snapshot, config, reading).eligibility.usable)
    return np.nan if found is None or found.own_action else found.value


def figures(r: Requests, bar: float, band: float) -> dict[str, float]:
    """The three verdicts' shares at ``bar`` and ``band`` (NaN compares False: tools)."""
    with np.errstate(invalid="ignore"):
        none = r.value >= bar
        search = ~none & (r.value >= bar - band)
    tools, other = r.needs_tool, ~r.needs_tool
    n_tool, n_none = max(1, int(tools.sum())), max(1, int(other.sum()))
    return {
        "tool_nothing": float((none & tools).sum() / n_tool),
        "tool_search": float((search & tools).sum() / n_tool),
        "tool_served_or_reachable": float(((search | (~none & r.served)) & tools).sum() / n_tool),
        "none_none": float((none & other).sum() / n_none),
        "none_search": float((search & other).sum() / n_none),
        "none_tools": float((~none & ~search & other).sum() / n_none),
        "tools_sent": float(np.where(none | search, 0.0, r.sent).mean()) if len(r.sent) else 0.0,
    }


def choose(table: dict[str, Requests], names: list[str], max_nothing: float) -> float:
    """The lowest bar at which no named registry gives more than ``max_nothing`` of its tool requests nothing."""
    for bar in BARS:
        if all(figures(table[n], bar, 0.0)["tool_nothing"] <= max_nothing for n in names):
            return bar
    return BARS[-1]


def choose_band(tables: list[tuple[dict[str, Requests], float]], names: list[str], max_search: float) -> float:
    """The widest band at which no named registry sends more than ``max_search`` of its tool requests to the search."""
    best = 0.0
    for band in BANDS:
        if all(figures(t[n], bar, band)["tool_search"] <= max_search for t, bar in tables for n in names):
            best = band
        else:
            break
    return best


def leave_one_out(tables: dict[str, dict[str, Requests]], names: list[str], args: argparse.Namespace) -> dict[str, Any]:
    """Each registry left out: the bars and band chosen on the others, scored on it; and pooled over every one."""
    out: dict[str, Any] = {}
    pooled: dict[str, list[Requests]] = {rule: [] for rule in RULES}
    for name in names:
        others = [n for n in names if n != name]
        left = {rule: choose(tables[rule], others, args.max_nothing) for rule in RULES}
        left_band = choose_band([(tables[rule], left[rule]) for rule in RULES], others, args.max_search)
        on_it = {rule: figures(tables[rule][name], left[rule], left_band) for rule in RULES}
        out[name] = {"bars": left, "band": left_band, "on_it": on_it}
        for rule, f in on_it.items():
            pooled[rule].append(tables[rule][name])
            print(
                f"  without {name:<22} {rule:<9} bar {left[rule]:+.2f} band {left_band:.2f}: tool nothing "
                f"{f['tool_nothing']:.3f} search {f['tool_search']:.3f} served|reachable "
                f"{f['tool_served_or_reachable']:.3f}; no-tool none {f['none_none']:.3f} search {f['none_search']:.3f}"
            )
    return {"registries": out, "pooled": {rule: _pooled(found, out, names, rule) for rule, found in pooled.items()}}


def _pooled(found: list[Requests], out: dict[str, Any], names: list[str], rule: str) -> dict[str, float]:
    """The left-out figures over every request of every registry (each at its own left-out bar and band)."""
    counts: dict[str, float] = {}
    n_tool = n_none = 0
    for name, r in zip(names, found, strict=True):
        f = out[name]["on_it"][rule]
        tools, none = int(r.needs_tool.sum()), int((~r.needs_tool).sum())
        n_tool, n_none = n_tool + tools, n_none + none
        for key, value in f.items():
            weight = tools if key.startswith("tool_") else none if key.startswith("none_") else len(r.sent)
            counts[key] = counts.get(key, 0.0) + value * weight
    total = sum(len(r.sent) for r in found)
    denominators = {"tool": n_tool, "none": n_none}
    return {k: v / max(1, denominators.get(k.split("_")[0], total)) for k, v in counts.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max-nothing", type=float, default=0.01)
    parser.add_argument("--max-search", type=float, default=0.05)
    parser.add_argument("--without", nargs="*", default=[], help="registries to leave out of the choice altogether")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "no_tool_bars.json"))
    parser.add_argument("--show", action="store_true", help="print each request's evidence under each rule")
    args = parser.parse_args()
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    chosen_rows = [
        r
        for r in rows()
        if r.role == "chose" and (r.name == "toolkit48 dev" or r.name.startswith("dev_")) and r.name not in args.without
    ]
    tables: dict[str, dict[str, Requests]] = {rule: {} for rule in RULES}
    for row in chosen_rows:
        for rule, (_, profiled) in RULES.items():
            tables[rule][row.name] = measured(row, base, embedder, profiled, args.show)
        print(row.name, "measured", flush=True)
    names = [r.name for r in chosen_rows]
    report: dict[str, Any] = {"registries": names, "grid": {"bars": BARS, "bands": BANDS}}
    bars = {rule: choose(tables[rule], names, args.max_nothing) for rule in RULES}
    band = choose_band([(tables[rule], bars[rule]) for rule in RULES], names, args.max_search)
    report["chosen"] = {**{RULES[rule][0]: bar for rule, bar in bars.items()}, "abstain_mixed_band": band}
    print(f"chosen on all {len(names)}: {report['chosen']}")
    loo = leave_one_out(tables, names, args)
    report["leave_one_out"], report["leave_one_out_pooled"] = loo["registries"], loo["pooled"]
    for rule, f in loo["pooled"].items():
        print(
            f"left out, pooled, {rule:<9}: tool nothing {f['tool_nothing']:.3f} search {f['tool_search']:.3f} "
            f"served|reachable {f['tool_served_or_reachable']:.3f}; no-tool none {f['none_none']:.3f} "
            f"search {f['none_search']:.3f}"
        )
    report["on_all"] = {rule: {n: figures(tables[rule][n], bars[rule], band) for n in names} for rule in RULES}
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
