"""Choose whether a question about an act's state asks for no destructive act, each dev registry left out.

    python benchmarks/choose_state_questions.py [--per 400] [--out benchmarks/results/state_questions.json]

Issue #32 item 12: "is invoice INV-1 void?", "did we already cancel Thursday's class?" name a
destructive act in a question and were sent its tool (by their verbs, the act phrases, a
profile neighbour or the tool's own verb). ``ask_form.about_state`` reads such a question by
its form (a question, no request marker, no command). Three points:

* off (``STATE_QUESTIONS`` False): the reference, the rule before;
* on for the readings that decide "asks to destroy" (words, act phrases, profile neighbours,
  a score's unlock), not for a tool's own verb or its users' words (``OWN_WORDS`` False);
* on for all of them (``OWN_WORDS`` True).

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets where it has them
(``destructive_ridealong.EXTRA_SETS``: terse requests carrying an id, acts that are not
destroying) and its ``<name>_questions.jsonl`` (reads that name a destructive act in a
question, destroy requests in question, polite and terse form), without and with its
profiles, through the real pipeline; the counts are summed per registry. Beside them, the
destroy requests in question form that must keep their tool, and the kit's integration case
(``CASES``: a point that fails one is not chosen). The rule is
``guard_grid``'s: among the points that serve as many tool requests as the reference within
one in ``--per``, the fewest guard errors (destructive tools outside the gold plus destroy
requests not sent their tool), then the most served, then the fewest outside the gold, then
the first in the grid's order. Then each dev registry is left out, the choice made on the
others and scored on it. Held-out registries are never read.
"""

from __future__ import annotations

import argparse
import importlib
from dataclasses import replace
from typing import Any

from choose_destroy_reading import case_filters
from destructive_ridealong import EXTRA_SETS, question_rows, with_terse
from guard_grid import errors, left_out, measure_grid, serving, total, write_report
from profile_rows import ROOT, Row, rows

from toolfilter_core import ToolFilter, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

ask_form = importlib.import_module("toolfilter_core._pipeline.ask_form")
Point = tuple[bool, bool]
GRID: list[Point] = [(False, False), (True, False), (True, True)]
REFERENCE: Point = (False, False)
Case = tuple[str, bool, str, tuple[str, ...]]
"""Registry, with profiles, a destroy request, the tools it must be sent."""
CASES: list[Case] = [
    ("kit", True, "把下周三的周会撤了", ("calendar_cancel",)),
    *(
        ("freight", profiled, request, (tool,))
        for profiled in (False, True)
        for request, tool in (
            ("can you cancel shipment SH-20417?", "shipment_cancel"),
            ("could you void INV-1 please?", "invoice_void"),
            ("能帮我把周三的会取消吗", "meeting_cancel"),
        )
    ),
]


def request_sets() -> list[Row]:
    """Every dev registry's request sets, each named for its registry (the counts sum per registry)."""
    dev = [r for r in rows() if r.name.startswith("dev_")]
    names = {f"{r.name}_{kind}": r.name for r in dev for kind in EXTRA_SETS}
    return [replace(r, name=names.get(r.name, r.name)) for r in with_terse(dev)] + question_rows(dev)


def label(point: Point) -> str:
    """A grid point in words."""
    on, own = point
    return f"state questions {'on' if on else 'off'}, own words {'held' if own else 'read'}"


def set_point(point: Point) -> None:
    """Read state questions as ``point`` says."""
    ask_form.STATE_QUESTIONS, ask_form.OWN_WORDS = point


def run_cases(filters: dict[tuple[str, bool], ToolFilter]) -> dict[Point, list[bool]]:
    """Per grid point: per case run, whether its request got the tools it must."""
    out: dict[Point, list[bool]] = {}
    for point in GRID:
        set_point(point)
        out[point] = []
        for registry, profiled, request, must in CASES:
            tf = filters.get((registry, profiled))
            if tf is not None:
                out[point].append(set(must) <= set(tf.select(request).names))
    return out


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int, passing: list[Point]) -> Point:
    """The point of the module docstring, chosen on ``names`` among ``passing``."""

    def key(p: Point) -> tuple[int, int, int, int]:
        return (*errors(total(table, names, p)), GRID.index(p))

    return min(serving(table, names, passing, REFERENCE, per) or passing, key=key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "state_questions.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    data = ROOT / "tests" / "integration" / "data"
    cases = run_cases(case_filters(embedder, str(data / "shop"), str(data / "freight")))
    table = measure_grid(GRID, set_point, embedder, request_sets())
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<40}", total(table, names, p), "cases", "".join("+" if ok else "-" for ok in cases[p]))
    passing = [p for p in GRID if all(cases[p])] or GRID
    chosen = choose(table, names, args.per, passing)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per, passing), label, REFERENCE)
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    report["cases"] = {label(p): v for p, v in cases.items()}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
