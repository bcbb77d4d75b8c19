"""Choose how the guard reads "the request asks to destroy", each dev registry left out.

    python benchmarks/choose_destroy_reading.py [--per 400] [--out benchmarks/results/destroy_reading.json]

Issue #32 item 12. A destructive tool enters a selection only for a request that asks for
its act (``decide.SCORE_UNLOCKS`` off). Five readings of "asks",
one grid, every ``dev_*`` registry run through the real pipeline
(``destructive_ridealong.outcomes``), without and with its profiles:

* ``PHRASE_MARGIN`` (``destroy_ask``): the request's mean cosine to the bundled
  destroy-asking phrases less its mean cosine to the others (``act_phrases``) exceeds this
  (off: the phrases are not read);
* ``DESTRUCTIVE_REQUESTS_ASK`` (``destroy_ask``): a destructive tool's every profile request
  counts as destroy-asking for the profile-neighbour reading (off: only its ``destroy`` ones);
* ``SAID_IN`` (``act_words``): a destructive tool's users' words (0: none are read);
* ``SCORE_MARGIN`` (``destroy_ask``): a destructive tool that scores like a confident pick
  enters when the request's phrase margin exceeds this lower bar (never: a score unlocks
  nothing); measured at the two best phrase margins, the other readings as chosen there;
* ``ASKED_ACROSS_LANGUAGES`` (``decide``): a request that says a destructive tool's own verb
  in the other language ("取消" for ``shipment_cancel``) asks for the best-ranked such tool's act.

Beside the dev registries, the cases the guard must serve, each a request and what it must
(not) be sent: the kit's integration case ("把下周三的周会撤了" gets ``calendar_cancel``, with
the kit's profiles) and two business registries, a shop's and a freight forwarder's (``--shop``, ``--freight``:
folders with ``tools.jsonl`` and ``profiles.jsonl``; by default tests/integration/data's). A point that
fails one of them is not chosen. Among the rest, ``choose_asked_rank``'s rule: the points
whose served tool requests (both runs pooled) fall short of the reference's (``REFERENCE``:
the switches branch ``readguard`` left) by at most one in ``--per``, the fewest guard
errors (``extra`` plus ``destroy_unserved``), then the most served, then the fewest
``extra``, then the first in the grid's order. Then each dev registry is left out, the
choice made on the others and scored on it. Held-out registries are never read. ``--set
questions`` (or ``both``) runs each dev registry's ``<name>_questions.jsonl`` instead of (or
beside) its ``queries.jsonl`` (``guard_grid.SETS``).
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

from guard_grid import SETS, dev_rows, errors, left_out, measure_grid, serving, total, write_report
from profile_rows import ROOT

from toolfilter_core import ToolFilter, get_embedder, load_bundled_tools, read_tools_file, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")
act_words = importlib.import_module("toolfilter_core._pipeline.act_words")
decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
MARGINS: list[float | None] = [None, 0.06, 0.07, 0.08, 0.09]
BARS: list[float | None] = [0.02, 0.03, 0.04, 0.05, 0.06]
Point = tuple[float | None, bool, int, bool, float | None]
GRID: list[Point] = [
    (m, n, s, x, None) for m in MARGINS for n in (False, True) for s in (0, 1, 2) for x in (False, True)
] + [(m, False, 0, True, b) for m in (0.07, 0.08) for b in BARS]
REFERENCE: Point = (None, False, 2, False, None)
CASES_DATA = ROOT / "tests" / "integration" / "data"
KIT = ROOT / "benchmarks" / "data" / "toolkit48" / "profiles.jsonl"
Case = tuple[str, bool, str, tuple[str, ...], tuple[str, ...]]
"""Registry, with profiles, request, tools it must be sent, tools it must not be sent."""
CASES: list[Case] = [
    ("kit", True, "把下周三的周会撤了", ("calendar_cancel",), ()),
    ("shop", False, "is the code SPRING15 still valid?", (), ("coupon_delete",)),
    ("shop", True, "is the code SPRING15 still valid?", (), ("coupon_delete",)),
    ("shop", False, "SPRING15这个优惠码还能用吗？", (), ("coupon_delete",)),
    ("shop", True, "SPRING15这个优惠码还能用吗？", (), ("coupon_delete",)),
    ("freight", False, "把SH-61450这票取消掉", ("shipment_cancel",), ("customer_delete",)),
    ("freight", True, "reschedule friday's meeting", (), ("meeting_cancel",)),
]
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A grid point in words."""
    margin, neighbours, said_in, crossed, bar = point
    return (
        f"phrases {'off' if margin is None else margin}, destructive requests ask {'yes' if neighbours else 'no'}, "
        f"users' words {said_in or 'off'}, other language {'yes' if crossed else 'no'}, "
        f"score unlocks {'never' if bar is None else f'above {bar}'}"
    )


def set_point(point: Point) -> None:
    """Read "asks to destroy" as ``point`` says."""
    margin, neighbours, said_in, across, bar = point
    destroy_ask.PHRASE_MARGIN, destroy_ask.DESTRUCTIVE_REQUESTS_ASK, destroy_ask.SCORE_MARGIN = margin, neighbours, bar
    act_words.SAID_IN, decide.ASKED_ACROSS_LANGUAGES = said_in, across


def case_filters(embedder: CachingEmbedder, shop: str, freight: str) -> dict[tuple[str, bool], ToolFilter]:
    """The filters the cases run on (a folder not given: its cases left out)."""
    base = recommended_config()
    out = {("kit", True): ToolFilter(load_bundled_tools(), config=base, embedder=embedder, profiles=KIT)}
    for name, folder in (("shop", shop), ("freight", freight)):
        if folder:
            tools = read_tools_file(Path(folder) / "tools.jsonl")
            for profiled in (False, True):
                profiles = Path(folder) / "profiles.jsonl" if profiled else None
                out[(name, profiled)] = ToolFilter(tools, config=base, embedder=embedder, profiles=profiles)
    return out


def run_cases(filters: dict[tuple[str, bool], ToolFilter]) -> dict[Point, list[bool]]:
    """Per grid point: per case run, whether its request got what it must and not what it must not."""
    out: dict[Point, list[bool]] = {}
    for point in GRID:
        set_point(point)
        out[point] = []
        for registry, profiled, request, must, must_not in CASES:
            tf = filters.get((registry, profiled))
            if tf is not None:
                names = set(tf.select(request).names)
                out[point].append(set(must) <= names and not set(must_not) & names)
    return out


def choose(table: Table, names: list[str], per: int, passing: list[Point]) -> Point:
    """The point of the module docstring, chosen on ``names`` among ``passing``."""

    def key(p: Point) -> tuple[int, int, int, int]:
        return (*errors(total(table, names, p)), GRID.index(p))

    return min(serving(table, names, passing, REFERENCE, per) or passing, key=key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--shop", default=str(CASES_DATA / "shop"), help="the shop registry's folder")
    parser.add_argument("--freight", default=str(CASES_DATA / "freight"), help="the freight registry's folder")
    parser.add_argument("--set", choices=SETS, default="queries", help="which requests of each dev registry")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "destroy_reading.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    cases = run_cases(case_filters(embedder, args.shop, args.freight))
    table = measure_grid(GRID, set_point, embedder, dev_rows(args.set))
    names = sorted(table)
    for p in GRID:
        print(f"{label(p):<96}", total(table, names, p), "cases", "".join("+" if ok else "-" for ok in cases[p]))
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
