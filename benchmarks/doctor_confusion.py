"""With profiles, what the doctor's pair finding tells, and its crowded pairs (those that lose a request) alone.

    python benchmarks/doctor_confusion.py --told     # score what the doctor tells (run on an old checkout: before)
    python benchmarks/doctor_confusion.py --heldout  # report once: the held-out registries' listed pairs

The doctor's pair finding (the score of definitions and requests, ``crowding.CROWDED_SCORE``)
is unchanged; with profile requests on both tools it is told in two groups: ``crowded_pair``
(and ``crowded_cluster``), the pairs one of whose requests leaves its own tool out of the best
``top_k`` (5) with the other first (``served.lost_requests``: by cosine over every tool's
description and profile requests, leave-one-out; the bar is the simplest, one request), and
one ``close_pairs`` finding naming the others. ``--told`` scores the pair finding (both
groups, so the same pairs as before the split) and, as a report and not a choice, the
``crowded_pair`` group alone at the bars of 1, 2 and 3 requests.

Truth, never the profile requests and not tuned by hand, two kinds of cell per registry:
``queries``, the pairs whose confusion costs recall when the registry is served with its
profiles (a labelled one-tool query the profiled ``ToolFilter`` ranks another tool first for
gives the pair (gold, that tool)); ``listed``, the confusable pairs its PAIRS.md / NOTES.md
lists (the dev registries that have one). Rows: the kit and the ``dev_*`` registries with
profiles and queries. ``--truth lost``: only the labelled queries the profiled selection does
not serve at all (its gold tool not among the ``top_k`` sent), the pair (gold, the tool ranked
first). Rules that tell a pair by its requests alone were tried on the same cells and all scored
below the pair finding (mean F1 .217): one tool's requests ranking the other first, .168 (499
pairs flagged); their own tool out of the best ``top_k``, .135 (114); the real profiled
selection of 5 (two folds), .128 (48). The script keeps only what the doctor ships.

``--heldout`` scores what the doctor tells (any checkout) once against the confusable pairs the held-out
registries' notes list (``doctor_pairs.listed_pairs``): a report, never a choice.
Output: benchmarks/results/doctor_confusion.txt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import HELDOUT, listed_pairs  # noqa: E402
from benchmarks.doctor_unfed import DEV  # noqa: E402  (the kit and every dev registry)
from toolfilter_core import (  # noqa: E402
    ToolFilter,
    get_embedder,
    read_queries,
    read_tools_file,
)
from toolfilter_core._doctor import diagnose  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
BARS = (1, 2, 3)
"""Requests lost (one side) at which the ``crowded_pair`` group is reported alone; the doctor's is 1."""
Pair = frozenset[str]


def truth_pairs(folder: Path, embedder: CachingEmbedder, *, lost: bool = False) -> set[Pair]:
    """The pairs the profiled pipeline confuses on the registry's labelled one-tool queries.

    ``(gold, first)`` when another tool is ranked first; ``lost``: only when the gold tool is
    not in the selection at all (a request not served).
    """
    tools = read_tools_file(folder / "tools.jsonl")
    selector = ToolFilter(tools, embedder=embedder, profiles=folder / "profiles.jsonl")
    out: set[Pair] = set()
    for item in read_queries(folder / "queries.jsonl"):
        if len(item.gold) != 1:
            continue
        selection = selector.select(item.query)
        ranked = [*selection.selected, *sorted(selection.rejected, key=lambda s: (-s.score, s.name))]
        if lost and item.gold[0] in {s.name for s in selection.selected}:
            continue
        if ranked and ranked[0].name != item.gold[0]:
            out.add(frozenset((item.gold[0], ranked[0].name)))
    return out


def f1(found: set[Pair], truth: set[Pair]) -> float:
    hits = len(found & truth)
    return 2 * hits / (len(found) + len(truth)) if found or truth else 1.0


def cells(embedder: CachingEmbedder, truth: str) -> list[tuple[str, Path, set[Pair]]]:
    """``(row/truth, folder, pairs)`` per dev row and truth: ``queries``, ``listed`` or ``both`` (each a cell).

    ``lost`` (a report, not the choice's truth): the labelled queries the profiled selection does not serve.
    """
    out = []
    for name in DEV:
        folder = DATA / name
        if truth == "lost":
            out.append((f"{name}/lost", folder, truth_pairs(folder, embedder, lost=True)))
        if truth in ("queries", "both"):
            out.append((f"{name}/queries", folder, truth_pairs(folder, embedder)))
        notes = next((folder / n for n in ("PAIRS.md", "NOTES.md") if (folder / n).is_file()), None)
        if truth in ("listed", "both") and notes is not None:
            listed = listed_pairs(notes, {t.name for t in read_tools_file(folder / "tools.jsonl")})
            out.append((f"{name}/listed", folder, listed))
    return out


def told(report: Any) -> set[Pair]:
    """The pairs the pair finding tells: its crowded pairs, every pair of its clusters and of ``close_pairs``."""
    out = {frozenset(f.tools) for f in report.of_kind("crowded_pair")}
    kinds = ("crowded_cluster", "close_pairs")
    return out | {frozenset(p) for kind in kinds for f in report.of_kind(kind) for p in f.evidence.get("pairs", ())}


def losing(report: Any, bar: int) -> set[Pair]:
    """The told pairs of ``report`` at least ``bar`` of one of whose requests lose their tool (``lost_counts``)."""
    out = set()
    for pair in report.pairs:
        n_ab, _, n_ba, _ = getattr(pair, "lost_counts", (0, 0, 0, 0))
        if max(n_ab, n_ba) >= bar:
            out.add(frozenset((pair.a, pair.b)))
    return out & told(report)


def score_told(embedder: CachingEmbedder, *, truth: str) -> None:
    """The pair finding against the truth, per cell and in the mean (the before/after figure).

    Then, a report: the ``crowded_pair`` group alone (its pairs' requests lose their tool) at each of ``BARS``.
    """
    scores = []
    reports: dict[Path, Any] = {}
    by_bar: dict[int, list[tuple[int, float]]] = {bar: [] for bar in BARS}
    for cell, folder, pairs in cells(embedder, truth):
        if folder not in reports:
            reports[folder] = diagnose(folder / "tools.jsonl", profiles=folder / "profiles.jsonl", embedder=embedder)
        found = told(reports[folder])
        scores.append(f1(found, pairs))
        print(f"{cell}: told {len(found)}, truth {len(pairs)}, hits {len(found & pairs)}, F1 {scores[-1]:.3f}")
        for bar in BARS:
            lost = losing(reports[folder], bar)
            by_bar[bar].append((len(lost), f1(lost, pairs)))
    print(f"mean F1 {np.mean(scores):.3f}")
    for bar in BARS:
        cells_f1 = ", ".join(f"{f:.3f}" for _, f in by_bar[bar])
        flagged = sum(n for n, _ in by_bar[bar])
        print(f"crowded_pair group alone, {bar}+ requests lost: mean F1 {np.mean([f for _, f in by_bar[bar]]):.3f}, "
              f"flagged {flagged} (per cell {cells_f1})")  # fmt: skip


def held_out(embedder: CachingEmbedder) -> None:
    """What the doctor tells against the held-out notes' listed pairs, once (precision, recall, F1).

    Then the ``crowded_pair`` group alone (its pairs' requests lose their tool, one request): a report.
    """
    for name in HELDOUT:
        folder = DATA / name
        notes = folder / "NOTES.md"
        if not notes.is_file() or not (folder / "profiles.jsonl").is_file():
            print(f"{name}: no NOTES.md or profiles")
            continue
        truth = listed_pairs(notes, {t.name for t in read_tools_file(folder / "tools.jsonl")})
        report = diagnose(folder / "tools.jsonl", profiles=folder / "profiles.jsonl", embedder=embedder)
        _held_row(name, "told", told(report), truth)
        _held_row(name, "crowded_pair group", losing(report, 1), truth)


def _held_row(name: str, what: str, found: set[Pair], truth: set[Pair]) -> None:
    hits = len(found & truth)
    row: dict[str, Any] = {"listed": len(truth), what: len(found), "hits": hits}
    print(name, row, f"precision {hits / max(len(found), 1):.3f} recall {hits / max(len(truth), 1):.3f}"
          f" F1 {f1(found, truth):.3f}")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--truth", choices=("both", "queries", "listed", "lost"), default="both", help="what a real pair is"
    )
    parser.add_argument("--told", action="store_true", help="score what the doctor tells now")
    parser.add_argument("--heldout", action="store_true", help="report what the doctor tells on the held-out notes")
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    if args.heldout:
        held_out(embedder)
    elif args.told:
        score_told(embedder, truth=args.truth)
    else:
        parser.error("give --told or --heldout")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
