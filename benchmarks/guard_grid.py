"""The destructive guard's settings over a grid, on the dev registries: the counts and the choice rule.

Shared by ``choose_asked_rank.py``, ``choose_guard_words.py``, ``choose_destroy_reading.py`` and
``choose_state_questions.py``:
each names its grid and how to set a point; every point runs each ``dev_*`` registry without
and with its profiles (``destructive_ridealong``'s counts, summed). ``run_chooser`` is the ``main`` of
``choose_shared_verb.py``, ``choose_one_object.py`` and ``choose_id_prefix.py``. The rule: among the points
that serve as many tool requests as the reference within one in ``per``, the fewest guard
errors (destructive tools outside the gold plus destroy requests not sent their tool), then
the most served, then the fewest outside the gold; each script breaks the last ties.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from destructive_ridealong import figures, outcomes, question_rows
from profile_rows import Row, build, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

COUNTS = ("tool_requests", "extra", "ride_along", "destroy_unserved", "served")
SETS = ("queries", "questions", "both")
"""Which requests of each dev registry a grid runs: its ``queries.jsonl``, its ``<name>_questions.jsonl``
(``destructive_ridealong.question_rows``) or both, counted under the registry's name."""


def dev_rows(which: str = "queries") -> list[Row]:
    """The dev registries' request sets a grid runs (``SETS``)."""
    dev = [r for r in rows() if r.name.startswith("dev_")]
    return (dev if which != "questions" else []) + (question_rows(dev) if which != "queries" else [])


P = TypeVar("P", bound=Hashable)


def measure_grid(
    grid: Sequence[P],
    set_point: Callable[[P], None],
    embedder: CachingEmbedder | None = None,
    selected: list[Row] | None = None,
) -> dict[str, dict[P, dict[str, int]]]:
    """Per dev registry and grid point: the counts over its two runs (without, with profiles).

    ``selected``: the request sets to run (``dev_rows``; default its ``queries.jsonl``), summed per registry.
    """
    base = recommended_config()
    embedder = embedder or CachingEmbedder(get_embedder(base.embedder))
    table: dict[str, dict[P, dict[str, int]]] = {}
    for row in dev_rows() if selected is None else selected:
        if row.name not in table:
            table[row.name] = {p: dict.fromkeys(COUNTS, 0) for p in grid}
        for profiled in (False, True):
            tf = build(row, base, embedder, profiled=profiled)
            for point in grid:
                set_point(point)
                found = figures(outcomes(row, tf))
                for k in COUNTS:
                    table[row.name][point][k] += found[k]
        print(row.name, "done", flush=True)
    return table


def total(table: dict[str, dict[P, dict[str, int]]], names: list[str], point: P) -> dict[str, int]:
    """The counts of ``point`` summed over ``names``."""
    return {k: sum(table[n][point][k] for n in names) for k in COUNTS}


def serving(
    table: dict[str, dict[P, dict[str, int]]], names: list[str], points: Sequence[P], reference: P, per: int
) -> list[P]:
    """The ``points`` that serve as many tool requests as ``reference`` on ``names``, within one in ``per``."""
    before = total(table, names, reference)
    allowed = before["tool_requests"] / per
    return [p for p in points if before["served"] - total(table, names, p)["served"] <= allowed]


def errors(counts: dict[str, int]) -> tuple[int, int, int]:
    """The rule's order: guard errors, then served (most first), then destructive tools outside the gold."""
    return counts["extra"] + counts["destroy_unserved"], -counts["served"], counts["extra"]


def fewest_errors(
    table: dict[str, dict[P, dict[str, int]]], names: list[str], grid: Sequence[P], reference: P, per: int
) -> P:
    """Of the ``grid`` points serving as ``reference`` does (``serving``), the fewest ``errors``, then the first."""
    return min(
        serving(table, names, grid, reference, per) or grid,
        key=lambda p: (*errors(total(table, names, p)), list(grid).index(p)),
    )


Q = TypeVar("Q", bound=tuple[Any, ...])


def left_out(
    table: dict[str, dict[Q, dict[str, int]]],
    names: list[str],
    choose_without: Callable[[list[str]], Q],
    label: Callable[[Q], str],
    reference: Q,
    key: str = "reference",
) -> dict[str, dict[str, Any]]:
    """Per registry: the point chosen on the others, its counts there and at ``reference`` (as ``key``), printed."""
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        point = choose_without([n for n in names if n != name])
        at, before = table[name][point], table[name][reference]
        out[name] = {"point": list(point), "at": at, key: before}
        print(f"  without {name:<24} {label(point)}: on it {at} ({key} {before})")
    return out


def write_report(
    out: str, report: dict[str, Any], table: dict[str, dict[Q, dict[str, int]]], label: Callable[[Q], str]
) -> None:
    """``report`` with every registry's counts per point (by ``label``), written as JSON to ``out``."""
    report["table"] = {n: {label(p): v for p, v in t.items()} for n, t in table.items()}
    Path(out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def run_chooser(
    description: str,
    out: Path,
    grid: Sequence[Q],
    reference: Q,
    label: Callable[[Q], str],
    measure: Callable[[], dict[str, dict[Q, dict[str, int]]]],
    choose: Callable[[dict[str, dict[Q, dict[str, int]]], list[str], int], Q],
    width: int = 32,
    shown: Callable[[dict[str, dict[Q, dict[str, int]]], list[str], Q], list[Any]] | None = None,
) -> int:
    """A chooser's command line (``--per``, ``--out``): measure, print each point's counts, choose, write.

    Each ``grid`` point's ``label`` (padded to ``width``) is printed with its counts summed over the registries and
    ``shown``'s values; then the point ``choose`` picks on all, each registry left out (``left_out``) and the
    report written to ``--out`` (default ``out``).
    """
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--per", type=int, default=400)
    parser.add_argument("--out", default=str(out))
    args = parser.parse_args()
    table = measure()
    names = sorted(table)
    for p in grid:
        print(f"{label(p):<{width}}", total(table, names, p), *(shown(table, names, p) if shown else []))
    chosen = choose(table, names, args.per)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept, args.per), label, reference)
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    write_report(args.out, report, table, label)
    return 0
