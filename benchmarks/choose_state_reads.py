"""Choose which held destructive tools give way to their object's reads, each dev registry left out.

    python benchmarks/choose_state_reads.py [--per 400] [--out benchmarks/results/state_reads.json]

Issue #32 item 12: "R-22018 取消了没？" asks whether a reservation was cancelled; the guard holds
``reservation_cancel`` (a question about an act's state, ``ask_form.about_state``), and in a
registry without profiles every candidate that passed the gates was such a tool: nothing was
sent. ``state_reads.STATE_READS`` grid: ``off`` (the reference, the rule before), ``empty``
(only a selection left empty gets reads), ``each`` (each held tool's best read), ``all`` (every
read of every held tool), ``named`` (the best read of each held tool whose object the request
names; naming none, of the likeliest held tool alone: a home-cleaning registry's "S-778 这个班删了吗" got
``customer_find`` for ``customer_delete`` beside the shift's read).

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets and its
``<name>_questions.jsonl`` (``choose_state_questions.request_sets``), without and with its
profiles, through the real pipeline; counts summed per registry: *empty* (a tool request sent
nothing while the guard held a tool), *act served* / *act destroyer* (act questions, kind
``act_question``, sent their gold / sent a destructive tool outside the gold), *extra*
(any request sent a destructive tool outside its gold), *destroy unserved*, *served* (tool
requests sent every gold tool) and *sent* (tools sent, all requests). The rule: among the points
whose act destroyer, extra and destroy unserved are no higher than the reference's, those that
serve as many tool requests as the best of them within one in ``--per`` (``guard_grid.serving``'s
tolerance), the fewest tools sent, then the first in the grid's order. Then each dev registry
is left out, the choice made on the others and scored on it (``guard_grid.left_out``).
Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from choose_state_questions import request_sets
from guard_grid import left_out
from profile_rows import ROOT, Row, build

from toolfilter_core import Reason, ToolFilter, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._hints import says_destructive

state_reads = importlib.import_module("toolfilter_core._pipeline.state_reads")
Point = tuple[str]
GRID: list[Point] = [(p,) for p in state_reads.READS]
REFERENCE: Point = ("off",)
COUNTS = (
    "requests",
    "tool_requests",
    "empty",
    "act",
    "act_served",
    "act_destroyer",
    "extra",
    "destroy_unserved",
    "served",
    "sent",
)


def counts(row: Row, tf: ToolFilter) -> dict[str, int]:
    """The counts of the module docstring for ``row``'s requests through ``tf``."""
    harmful = {t.name for t in row.tools if says_destructive(t)}
    kinds = row.kinds or {}
    out = dict.fromkeys(COUNTS, 0)
    for q in row.queries:
        s = tf.select(q.query)
        sent, gold = set(s.names), set(q.gold)
        held = any(r.reason is Reason.DESTRUCTIVE_GUARD for r in s.rejected)
        outside = bool((sent & harmful) - gold)
        act = kinds.get(str(q.id)) == "act_question"
        out["requests"] += 1
        out["tool_requests"] += bool(gold)
        out["empty"] += bool(gold) and not sent and held
        out["act"] += act
        out["act_served"] += act and bool(gold) and gold <= sent
        out["act_destroyer"] += act and outside
        out["extra"] += outside
        out["destroy_unserved"] += bool(gold & harmful) and not (gold & harmful) <= sent
        out["served"] += bool(gold) and gold <= sent
        out["sent"] += len(sent)
    return out


def measure(sets: list[Row], embedder: CachingEmbedder) -> dict[str, dict[Point, dict[str, int]]]:
    """Per registry and grid point, the counts over its request sets, without and with profiles."""
    base, shipped = recommended_config(), state_reads.STATE_READS
    table: dict[str, dict[Point, dict[str, int]]] = {}
    for row in sets:
        per = table.setdefault(row.name, {p: dict.fromkeys(COUNTS, 0) for p in GRID})
        for profiled in (False, True):
            tf = build(row, base, embedder, profiled=profiled)
            for point in GRID:
                state_reads.STATE_READS = point[0]
                for k, v in counts(row, tf).items():
                    per[point][k] += v
        print(row.name, "done", flush=True)
    state_reads.STATE_READS = shipped
    return table


def total(table: dict[str, dict[Point, dict[str, int]]], names: list[str], point: Point) -> dict[str, int]:
    """The counts of ``point`` summed over ``names``."""
    return {k: sum(table[n][point][k] for n in names) for k in COUNTS}


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int = 400) -> Point:
    """The rule of the module docstring on ``names``."""
    ref = total(table, names, REFERENCE)
    keys = ("act_destroyer", "extra", "destroy_unserved")
    fair = [p for p in GRID if all(total(table, names, p)[k] <= ref[k] for k in keys)]
    most = max(total(table, names, p)["served"] for p in fair)
    near = [p for p in fair if most - total(table, names, p)["served"] <= ref["tool_requests"] / per]
    return min(near, key=lambda p: (total(table, names, p)["sent"], GRID.index(p)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "state_reads.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    table = measure(request_sets(), embedder)
    names = sorted(table)
    for p in GRID:
        print(f"{p[0]:<8}", total(table, names, p))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {chosen[0]}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), lambda p: p[0], REFERENCE)
    report: dict[str, Any] = {"chosen": chosen[0], "registries": names, "leave_one_out": others}
    report["totals"] = {p[0]: total(table, names, p) for p in GRID}
    report["table"] = {n: {p[0]: v for p, v in t.items()} for n, t in table.items()}
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
