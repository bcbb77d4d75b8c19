"""Choose how BM25 reads an id's digits (``INV-5521``), each dev registry left out.

    python benchmarks/choose_id_reading.py [--per 400] [--out benchmarks/results/id_reading.json]

A request naming booking BK-5521 shared the token 5521 with a tool whose text carried INV-5521
(a description's example value; a profile request's ids were already masked for BM25). Four
readings of an id the tokenizer splits into letters and digits (``_id_words.READINGS``), each in the
tools' texts and the request: ``digits`` (the reference, the rule before); ``whole`` (its letters,
and the id as one word: only the same id matches its digits); ``letters`` (its letters alone);
``tools`` (its letters alone in the tools' texts, the request's ids as before: a tool's example id
matches by its prefix alone, and the request's words weigh as they did); ``examples`` (as ``tools`` for
an id a description gives as an example value, after "e.g.", "such as", "like", "例如"...; a tool's other
ids, in its name or said as its own, "press PR-5500 on line B", as before).

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets and its ``<name>_questions.jsonl``
(``choose_state_questions.request_sets``), without and with its profiles, through the real pipeline,
the filter built anew for each reading (BM25 reads the tools' texts when it is built); the counts are
summed per registry, with ``gold_sent`` (gold tools sent, over all tool requests: recall's numerator)
and ``moved`` (requests sent other tools, or in another order, than at the reference).
The rule is ``guard_grid``'s: among the readings that serve as many tool requests as the reference
within one in ``--per``, the fewest guard errors, then the most served, then the fewest destructive
tools outside the gold, then the most gold tools sent; then the fewest written ``CASES`` BM25 gets
wrong (where the counts tie, the registry shapes behind the issues decide), then the fewest ``moved``,
then the first in ``GRID``'s order.
Then each dev registry is left out, the choice made on the others and scored on it. Held-out
registries are never read.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from choose_state_questions import request_sets
from destructive_ridealong import figures, outcomes
from guard_grid import COUNTS, errors, run_chooser, serving, total
from profile_rows import ROOT, build, rows

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._bm25 import BM25Index
from toolfilter_core._embed_cache import CachingEmbedder

id_words = importlib.import_module("toolfilter_core._id_words")
RUN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9#_\-]*")
"""A run of letters, digits and id punctuation (as ``_id_words`` reads them)."""
Point = tuple[str]
GRID: list[Point] = [("whole",), ("letters",), ("tools",), ("examples",), ("digits",)]
REFERENCE: Point = ("digits",)
KEYS = (*COUNTS, "gold_sent", "gold", "moved")
Table = dict[str, dict[Point, dict[str, int]]]
CASES: list[tuple[list[str], str, int, int, bool]] = [
    (
        ["invoice_void Void an issued invoice by its number, e.g. INV-5521", "booking_status Look up a room booking"],
        "what's the status of booking BK-5521?",
        1,
        0,
        False,
    ),
    (
        [
            "press_line_a_status Status of stamping press PR-4200 on line A: tonnage, strokes per minute, faults.",
            "press_line_b_status Status of stamping press PR-5500 on line B: tonnage, strokes per minute, faults.",
            "printer_queue Show the print queue of printer HP-4200.",
        ],
        "status of press PR-5500",
        1,
        0,
        True,
    ),
]
"""Written from the issues' registries, not from the dev data: (the tools' texts, a request, the tool BM25 must
rank above another, that other, whether the other shares a word with the request but the id's; when not, it
must score 0). A booking's BK-5521 against an invoice tool's example INV-5521; a factory whose tools are
named for their presses."""


def label(point: Point) -> str:
    """A reading in words."""
    return f"ids read: {point[0]}"


def in_tools() -> None:
    """Print the ids in the dev registries' tools' texts (as BM25 reads them) that the readings read otherwise."""
    found, texts = [], 0
    for row in rows():
        if row.name.startswith("dev_"):
            for tool in row.tools:
                parts = [tool.name, tool.description, *tool.parameter_names, *tool.tags, *tool.triggers]
                text, texts = "\n".join([*parts, tool.category or ""]), texts + 1
                found += [(tool.name, m) for m in RUN.findall(text) if id_words.id_words(m, "whole") != m]
    tools = len({name for name, _ in found})
    print(f"ids read otherwise in the tools' texts: {len(found)} in {tools} of {texts} tools", found)
    print("written cases BM25 gets wrong:", {label(p): wrong_cases(p) for p in GRID})


def measure() -> Table:
    """Per dev registry and reading: the counts over its request sets and both runs."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    in_tools()
    shipped = id_words.ID_READING
    for row in request_sets():
        cells = table.setdefault(row.name, {p: dict.fromkeys(KEYS, 0) for p in GRID})
        for profiled in (False, True):
            found = {}
            for point in GRID:
                id_words.ID_READING = point[0]
                found[point] = outcomes(row, build(row, base, embedder, profiled=profiled))
            tally(cells, found, REFERENCE)
        print(row.name, "done", flush=True)
    id_words.ID_READING = shipped
    return table


def tally(cells: dict[Any, dict[str, int]], found: dict[Any, list[Any]], reference: Any) -> None:
    """Add each point's outcomes to its cells: the guard's counts, gold tools sent, requests moved off ``reference``."""
    for point, out in found.items():
        counts = figures(out)
        for k in COUNTS:
            cells[point][k] += counts[k]
        cells[point]["gold_sent"] += sum(len(set(o.gold) & set(o.sent)) for o in out)
        cells[point]["gold"] += sum(len(set(o.gold)) for o in out)
        cells[point]["moved"] += sum(o.sent != r.sent for o, r in zip(out, found[reference], strict=True))


def wrong_cases(point: Point) -> int:
    """How many of ``CASES`` BM25 gets wrong at ``point``: the right tool not above the other, or a stranger scored."""
    shipped, wrong = id_words.ID_READING, 0
    id_words.ID_READING = point[0]
    for texts, request, right, other, shares in CASES:
        scores = BM25Index(texts).scores(request)
        wrong += int(scores[right] <= scores[other] or (not shares and scores[other] > 0))
    id_words.ID_READING = shipped
    return wrong


def choose(table: Table, names: list[str], per: int) -> Point:
    """The rule of the module docstring on ``names``."""
    allowed = serving(table, names, GRID, REFERENCE, per) or [REFERENCE]

    def key(p: Point) -> tuple[int, ...]:
        sent, moved = (sum(table[n][p][k] for n in names) for k in ("gold_sent", "moved"))
        return (*errors(total(table, names, p)), -sent, wrong_cases(p), moved, GRID.index(p))

    return min(allowed, key=key)


def recall(table: Table, names: list[str], point: Point) -> list[Any]:
    """Gold tools sent over gold tools and the requests moved, at ``point`` over ``names``: printed after its counts."""
    sent, gold, moved = (sum(table[n][point][k] for n in names) for k in ("gold_sent", "gold", "moved"))
    return ["gold sent", f"{sent}/{gold}", "moved", moved]


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "id_reading.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose, 20, recall)


if __name__ == "__main__":
    raise SystemExit(main())
