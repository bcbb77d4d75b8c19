"""Why requests needing no tool get tools, with profiles: each request's evidence, and other rules tried on it.

    python benchmarks/no_tool_study.py [--show] [--without NAME ...] [--out benchmarks/results/no_tool_study.json]

On the registries that choose the no-tool bars (the kit's dev requests and every ``dev_*``,
with their profiles: ``choose_no_tool_bars.py``), each request is selected once with the
no-tool test off and its parts measured: the closest abstain phrase, the closest near miss,
the closest vector of a tool (a profile request or its own words), the second tool's, the
registry's no-tool level (the phrases' median closest vector here), the ranking's top
combined score, the best tool's mean over its two closest vectors (``pair``), the relative
rule's evidence over the tools' own words, no profile request (``own``), the closest tool's
cosine there (``ownc``), the share of the request's subject words some tool or profile
request holds (``subj``, ``_subject_words``), and percentiles of the registry's own profile
requests' evidence, each left out of the tool side (``self90`` .. ``self100``). ``--show``
prints them per request, no-tool requests first.

The rules added for issue #32 ("今天天气怎么样" given four tools in a tea shop's registry,
its closest tool vector "今天营业额怎么样", 0.556, above its closest near miss "明天杭州会下雨吗",
0.527) ask whether a general change lifts such a request over the bar without tool requests
given nothing: the best tool's two closest vectors (a sentence form shared with one profile
request, not its tool), the relative rule over the tools' own words beside the profile rule,
and a bar set by the registry's own profile requests. None moved the left-out rejection by
more than two requests of 95 (results/no_tool_study.json).

The last four rules ask the same for a request "whose best profile request is far and whose
subject is no tool's" (the same request in a language school's registry with profiles:
closest profile request "周日谁有空上课", 0.402, closest near miss "今天好累啊", 0.473,
evidence 0.071: not sure). Where no subject word is a tool's (``subj`` 0): the relative rule
over the tools' own words beside the profile rule, or the tool side from the tools' own
words alone; or the evidence raised by the share of subject words no tool holds, times the
registry's level or times how far the profile requests lift the closest tool over its own
words. The best, the tool side from the tools' own words where the subject is no tool's
(the school's weather request 0.393: no tool), gains three no-tool requests of 95 left out
(.432 -> .463) at the same bar, 0.10, the same tool requests given nothing (.0039) and one
more given only the search (.0058 -> .0077); metatool's check .056 -> .068, nothing .000.
Not shipped: it lifts a tool request whose subject is a person's name ("what's Jordan
Ellis's parent email", -0.194 -> +0.010), and names, ids and product names are the words
no tool's text holds; it would also need the request's words and the tools' own-words
cosine in the no-tool test (``decide.evidence``).

Each rule below turns the parts into one evidence value; its bar is chosen as
``choose_no_tool_bars.py`` chooses (the lowest at which tool requests given nothing stay at
most 1% on every choosing registry), each registry left out in turn and scored on at the
bar the others chose. metatool's first 250 tool and 250 no-tool requests (its tuning part,
never reported as held out) are a check the rules never choose on: scored at the bar all
choosing registries chose. Held-out registries are never read here.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from choose_no_tool_bars import NEVER, Requests, choose, figures
from profile_rows import ROOT, Row, build, rows

from toolfilter_core import ToolFilter, get_embedder, recommended_config
from toolfilter_core._config import ToolFilterConfig
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline.abstain import no_tool_level
from toolfilter_core._pipeline.decide import evidence
from toolfilter_core._pipeline.gates import gate
from toolfilter_core._pipeline.read import read
from toolfilter_core._pipeline.request import check_request
from toolfilter_core._pipeline.vectors import TurnCache
from toolfilter_core._tokenize import unique_tokens

PARTS = (
    "phrase",
    "near",
    "tool",
    "tool2",
    "pair",
    "level",
    "top",
    "own",
    "ownc",
    "subj",
    "self90",
    "self95",
    "self99",
    "self100",
)
Rule = Callable[[dict[str, np.ndarray]], np.ndarray]


def _closest(p: dict[str, np.ndarray]) -> np.ndarray:
    """The shipped profile rule: closest no-tool request minus closest tool vector."""
    return np.maximum(p["phrase"], p["near"]) - p["tool"]


OWN_OFFSET = recommended_config().abstain_threshold - recommended_config().abstain_voice_margin
"""The relative rule's bar above the profile rule's: either rule at its own bar says "no tool"."""
RULES: dict[str, Rule] = {
    "shipped: closest no-tool - closest tool": lambda p: np.maximum(p["phrase"], p["near"]) - p["tool"],
    "+ the registry's no-tool level": lambda p: np.maximum(p["phrase"], p["near"]) - p["tool"] + p["level"],
    "+ half the level": lambda p: np.maximum(p["phrase"], p["near"]) - p["tool"] + p["level"] / 2,
    "tool side: mean of the two best tools": lambda p: (
        np.maximum(p["phrase"], p["near"]) - (p["tool"] + p["tool2"]) / 2
    ),
    "tool side: the best tool's two closest vectors": lambda p: np.maximum(p["phrase"], p["near"]) - p["pair"],
    "or far from every tool's own words (relative rule)": lambda p: np.fmax(
        np.maximum(p["phrase"], p["near"]) - p["tool"], p["own"] - OWN_OFFSET
    ),
    "- profile requests' own evidence, 90th pct": lambda p: _closest(p) - p["self90"],
    "- profile requests' own evidence, 95th pct": lambda p: _closest(p) - p["self95"],
    "- profile requests' own evidence, 99th pct": lambda p: _closest(p) - p["self99"],
    "- profile requests' own evidence, max": lambda p: _closest(p) - p["self100"],
    "near misses alone": lambda p: p["near"] - p["tool"],
    "phrases alone": lambda p: p["phrase"] - p["tool"],
    "- a quarter of the top combined score": lambda p: np.maximum(p["phrase"], p["near"]) - p["tool"] - p["top"] / 4,
    "subject no tool's: or far from every tool's own words": lambda p: np.where(
        p["subj"] > 0, _closest(p), np.fmax(_closest(p), p["own"] - OWN_OFFSET)
    ),
    "subject no tool's: tool side the tools' own words": lambda p: np.where(
        p["subj"] > 0, _closest(p), np.maximum(p["phrase"], p["near"]) - p["ownc"]
    ),
    "+ the level times the subject's share no tool's": lambda p: _closest(p) + (1 - p["subj"]) * p["level"],
    "+ (profile - own words) times the share no tool's": lambda p: (
        _closest(p) + (1 - p["subj"]) * (p["tool"] - p["ownc"])
    ),
}


def parts(row: Row, base: ToolFilterConfig, embedder: CachingEmbedder) -> tuple[dict[str, np.ndarray], Requests]:
    """Each request's parts (NaN where no rule abstains: a value some tool takes, a tool's own action)."""
    tf = build(row, base.merged(NEVER), embedder, profiled=True)
    plain = build(row, base.merged(NEVER), embedder, profiled=False)
    config, snapshot = tf.config, tf.snapshot
    phrases = embedder.embed_queries(list(config.abstain_phrases))
    level = no_tool_level(snapshot, config.abstain_phrases, phrases)
    out: dict[str, list[float]] = {k: [] for k in PARTS}
    own_evidence = _profile_evidence(tf, phrases)
    generic, words = _subject_words(row, config)
    served, sent = [], []
    for q in row.queries:
        selection = tf.select(q.query)
        served.append(set(q.gold) <= set(selection.names))
        sent.append(len(selection.names))
        request = check_request(
            config, q.query, top_k=None, category=None, confidence=None, context=(), sticky=(), policy=None
        )
        reading = read(snapshot, config, tf.embedder, request, TurnCache(), lambda: phrases)
        found = evidence(snapshot, config, reading, gate(snapshot, config, reading).eligibility.usable)
        sims, vectors = reading.sims, reading.vectors
        if found is None or found.own_action or sims is None or vectors is None:
            for k in PARTS:
                out[k].append(np.nan)
            continue
        tools = np.sort(sims.authored)
        near = sims.near_miss if sims.near_miss is not None and len(sims.near_miss) else np.array([-1.0])
        values = {"phrase": float(np.max(phrases @ vectors.whole)), "near": float(np.max(near))}
        values |= {"tool": float(tools[-1]), "tool2": float(tools[-2]) if len(tools) > 1 else float(tools[-1])}
        pair = (sims.authored + np.minimum(sims.second, sims.authored)) / 2
        values["pair"] = float(np.max(pair))
        values["own"], values["ownc"] = _own(plain, phrases, q.query)
        subject = unique_tokens(q.query) - generic
        values["subj"] = len(subject & words) / len(subject) if subject else 1.0
        values |= {f"self{pct}": float(np.percentile(own_evidence, pct)) for pct in (90, 95, 99, 100)}
        values |= {"level": level, "top": selection.selected[0].score if selection.selected else 0.0}
        for k in PARTS:
            out[k].append(values[k])
    needs = np.array([bool(q.gold) for q in row.queries])
    found_parts = {k: np.array(v, dtype=np.float64) for k, v in out.items()}
    return found_parts, Requests(needs, np.zeros(len(needs)), np.array(served), np.array(sent, dtype=np.float64))


def _profile_evidence(tf: ToolFilter, phrases: np.ndarray) -> np.ndarray:
    """Each profile request's own no-tool evidence, itself left out of the tool side."""
    rows = tf.snapshot.index.all_rows()
    live = np.abs(rows.matrix).sum(axis=1) > 0
    voice = np.flatnonzero(rows.voice & live)
    no_tool = np.vstack([rows.no_tool, phrases]) if len(rows.no_tool) else phrases
    out = []
    for i in voice:
        v = rows.matrix[i]
        sims = rows.matrix @ v
        sims[i] = -np.inf
        out.append(float(np.max(no_tool @ v)) - float(np.max(sims)))
    return np.array(out) if out else np.zeros(1)


def _subject_words(row: Row, config: ToolFilterConfig) -> tuple[frozenset[str], frozenset[str]]:
    """The words of requests needing no tool, and every word of the tools and their profiles.

    A request's subject is its words that neither the abstain phrases nor the registry's
    near-miss requests hold ("今天天气怎么样" beside "今天好累啊": 天气, not 今天); ``subj`` is the
    share of them found in a tool's name, description, tags, parameters or profile requests
    (0: "its subject is no tool's"; 1 for a request of no such word).
    """
    generic = frozenset().union(*(unique_tokens(p) for p in (*config.abstain_phrases, *row.profiles.no_tool)))
    texts = [f"{t.name} {t.description} {t.category or ''} {' '.join(t.tags)}" for t in row.tools]
    texts += [json.dumps(t.parameters, ensure_ascii=False, default=str) for t in row.tools]
    texts += [r for profile in row.profiles.tools.values() for r in profile.requests]
    return generic, frozenset().union(*(unique_tokens(t) for t in texts))


def _own(tf: ToolFilter, phrases: np.ndarray, text: str) -> tuple[float, float]:
    """The out-of-the-box rule's evidence (``relative``: the tools' own words, no profiles), and the
    closest tool's cosine there; NaN where it has none."""
    config, snapshot = tf.config, tf.snapshot
    request = check_request(
        config, text, top_k=None, category=None, confidence=None, context=(), sticky=(), policy=None
    )
    reading = read(snapshot, config, tf.embedder, request, TurnCache(), lambda: phrases)
    found = evidence(snapshot, config, reading, gate(snapshot, config, reading).eligibility.usable)
    if found is None or found.own_action or reading.sims is None:
        return np.nan, np.nan
    return found.value, float(np.max(reading.sims.authored))


def scored(measured: dict[str, tuple[dict[str, np.ndarray], Requests]], rule: Rule) -> dict[str, Requests]:
    """Each registry's requests with ``rule``'s evidence as their value."""
    return {n: Requests(r.needs_tool, rule(p), r.served, r.sent) for n, (p, r) in measured.items()}


def pooled(found: list[tuple[Requests, dict[str, float]]]) -> dict[str, float]:
    """Shares over every request of the registries given (each at its own bar)."""
    tool = sum(int(r.needs_tool.sum()) for r, _ in found)
    none = sum(int((~r.needs_tool).sum()) for r, _ in found)
    keys = ("tool_nothing", "tool_search", "none_none", "none_search")
    total = {
        k: sum(f[k] * int((r.needs_tool if k.startswith("tool") else ~r.needs_tool).sum()) for r, f in found)
        for k in keys
    }
    return {k: v / max(1, tool if k.startswith("tool") else none) for k, v in total.items()}


def study(measured: dict[str, Any], check: dict[str, Any], band: float) -> dict[str, Any]:
    """Every rule: the bar on all choosing registries, each left out, and the check at the bar of all."""
    names, report = list(measured), {}
    for label, rule in RULES.items():
        table, checks = scored(measured, rule), scored(check, rule)
        bar = choose(table, names, 0.01)
        left = []
        for name in names:
            own = choose(table, [n for n in names if n != name], 0.01)
            left.append((table[name], figures(table[name], own, band)))
        found = {
            "bar": bar,
            "left_out": pooled(left),
            "per_registry": {n: f for n, (_, f) in zip(names, left, strict=True)},
        }
        found["check"] = {n: figures(r, bar, band) for n, r in checks.items()}
        report[label] = found
        f, c = found["left_out"], next(iter(found["check"].values()), None)
        line = f"{label:<42} bar {bar:+.2f}  left out: no-tool none {f['none_none']:.3f} "
        line += f"tool nothing {f['tool_nothing']:.4f}"
        if c is not None:
            line += f"  | check: no-tool none {c['none_none']:.3f} tool nothing {c['tool_nothing']:.4f}"
        print(line)
    return report


def show(measured: dict[str, tuple[dict[str, np.ndarray], Requests]], queries: dict[str, Row]) -> None:
    """Each request's parts and shipped evidence, no-tool requests first."""
    for name, (p, r) in measured.items():
        value = RULES["shipped: closest no-tool - closest tool"](p)
        for needs in (False, True):
            for i in np.flatnonzero(r.needs_tool == needs):
                cells = " ".join(f"{k} {p[k][i]:.3f}" for k in PARTS)
                text = queries[name].queries[i].query[:70]
                print(f"  {name[:20]:<20} {'tool' if needs else 'none'} {value[i]:+.3f} {cells} {text!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--without", nargs="*", default=[], help="registries to leave out of the choice altogether")
    parser.add_argument("--show", action="store_true", help="print each request's parts")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "no_tool_study.json"))
    args = parser.parse_args()
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    every = rows()
    chosen = [r for r in every if r.role == "chose" and (r.name == "toolkit48 dev" or r.name.startswith("dev_"))]
    chosen = [r for r in chosen if r.name not in args.without]
    checked = [r for r in every if r.name == "metatool (first 250)"]
    measured = {r.name: parts(r, base, embedder) for r in chosen}
    check = {r.name: parts(r, base, embedder) for r in checked}
    if args.show:
        show(measured, {r.name: r for r in chosen})
    report = {
        "registries": list(measured),
        "check": list(check),
        "rules": study(measured, check, base.abstain_mixed_band),
    }
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
