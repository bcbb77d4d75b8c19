"""Which selections the relative cut from the best tool not held back changes, on the dev registries.

    python benchmarks/held_cut_study.py [--only NAME] [--out benchmarks/results/held_cut_study.json]

The destructive guard holds back a destructive tool the request does not ask for. When that
tool was the confident top, the cut (``relative_cut`` × the best score) was taken from it and
the rest could fall under it: "was Anna Schmidt's guest profile deleted after her GDPR
request?" (``dev_hotel_pms``, with profiles) was sent nothing. The cut is now taken from the
best tool not held back (``route.held_floor``). Every ``dev_*`` registry, its terse and acts
sets and its question set (``destructive_ridealong.py``'s rows), without and with profiles,
the shipped preset: each request selected under the cut from the top (as before) and from the
best tool not held, and every request whose tools sent differ listed, with the tool the guard
held (none: a change of another kind, which this study would show). Also counted: selections
left empty where the guard held a tool and another passed the score gates
(``destructive_ridealong.held_empty``), before -> after.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np
from destructive_ridealong import held_empty, question_rows, with_terse
from numpy.typing import NDArray
from profile_rows import ROOT, Row, build, rows

from toolfilter_core import Reason, Selection, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline import route

AFTER = route.held_floor


def from_top(score: NDArray[np.float64], sure: NDArray[np.bool_], routing: route.Routing) -> NDArray[np.float64]:
    """The cut as before: ``relative_cut`` times the top score, held back or not."""
    out: NDArray[np.float64] = (score[:, 0] * routing.relative_cut)[:, None]
    return out


def keep_best(score: NDArray[np.float64], sure: NDArray[np.bool_], routing: route.Routing) -> NDArray[np.float64]:
    """The other rule looked at: the top's cut, but never above the best tool not held (it alone let in)."""
    return np.minimum(from_top(score, sure, routing), AFTER(score, sure, routing) / max(routing.relative_cut, 1e-9))


def _select(row: Row, embedder: CachingEmbedder, profiled: bool, cut: Any) -> list[Selection]:
    route.held_floor = cut  # route_rows reads it from the module
    tf = build(row, recommended_config(), embedder, profiled=profiled)
    return [tf.select(q.query) for q in row.queries]


def compare(row: Row, embedder: CachingEmbedder, profiled: bool) -> dict[str, Any]:
    """One registry's changed requests and held-empty counts, before -> after."""
    before = _select(row, embedder, profiled, from_top)
    after = _select(row, embedder, profiled, AFTER)
    kept = _select(row, embedder, profiled, keep_best)
    changed = []
    for q, b, a, k in zip(row.queries, before, after, kept, strict=True):
        if b.names != a.names:
            held = [s.name for s in a.rejected if s.reason is Reason.DESTRUCTIVE_GUARD]
            changed.append(
                {
                    "id": str(q.id),
                    "query": q.query,
                    "gold": list(q.gold),
                    "held": held,
                    "before": list(b.names),
                    "after": list(a.names),
                    "keep_best": list(k.names),
                    "status": a.status.value,
                }
            )
    return {
        "held_empty": [sum(map(held_empty, before)), sum(map(held_empty, after))],
        "changed": changed,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="registries whose name holds this")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "held_cut_study.json"))
    args = parser.parse_args()
    dev = [r for r in rows() if r.name.startswith("dev_") and args.only in r.name]
    questions = [Row(f"{r.name}_questions", r.role, r.tools, r.queries, r.profiles) for r in question_rows(dev)]
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    report: dict[str, Any] = {"registries": {}, "pooled": {}}
    for row in with_terse(dev) + questions:
        for label, profiled in (("without", False), ("with", True)):
            out = report["registries"].setdefault(row.name, {})[label] = compare(row, embedder, profiled)
            pooled = report["pooled"].setdefault(label, {"held_empty": [0, 0], "changed": 0, "changed_held": 0})
            pooled["held_empty"] = [x + y for x, y in zip(pooled["held_empty"], out["held_empty"], strict=True)]
            pooled["changed"] += len(out["changed"])
            pooled["changed_held"] += sum(bool(c["held"]) for c in out["changed"])
            for c in out["changed"]:
                print(
                    f"{row.name:<28}{label:<8}{c['id']:<22}held {c['held']} {c['before']} -> {c['after']}", flush=True
                )
    for label, p in report["pooled"].items():
        print(
            f"pooled {label}: held_empty {p['held_empty'][0]} -> {p['held_empty'][1]}; "
            f"changed {p['changed']} (a tool held: {p['changed_held']})"
        )
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
