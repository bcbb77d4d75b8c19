"""Choose how the guard reads an id's prefix no tool describes, each dev registry left out.

    python benchmarks/choose_id_prefix.py [--per 400] [--out benchmarks/results/id_prefix.json]

Issue #32 item 12: in a registry whose tools describe no id format, "R-22018 不要了" (R-22018,
not wanted any more) reads as asking to destroy and was sent the best-ranked destructive tool,
``invoice_void``: another record's. ``decide.ASKED_BY_PREFIX`` reads the prefix as its record's
noun (``id_nouns``): a destructive tool it contradicts is not the act's. Grid points
(``ASKED_BY_PREFIX``, ``NAMED_BACK``, ``SEVERAL``, ``VERB_OVER_PREFIX``, ``id_nouns.LABELS``): off (the
reference, the rule before); on, with or without the fitting destructive tools that only
``min_combined_score`` dropped brought back, where several destructive candidates fit, the
best-ranked, all or none (each one whose act the request says still sent), or none where it says the acts of
several of them (``said``: "remove student ST-1999 …", where ``student_delete`` and ``enrolment_withdraw`` both
take the student's id); a contradicted tool let in for its own verb said (``said``), unless a destroyer
of the id's record has its act said (``unrivalled``), or unless the id's record has a destroyer at all
(``fits``), or only where the request names its object too (``object``): "INV-3002 作废" sent
``prescription_void``, described "作废一张处方", alone; and the id's own
label ("客户号 C-1180") read as its record before its prefix, or not.

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets (terse requests carrying an
id, acts that are not destroying) and its ``<name>_questions.jsonl``, without and with its
profiles, through the real pipeline (``choose_state_questions.request_sets``); the counts are
summed per registry, with ``held_empty`` (empty selections where the guard held a candidate).
The rule is ``guard_grid``'s: among the points that serve as many tool requests as the
reference within one in ``--per`` and leave no more selections empty, the fewest guard errors
(destructive tools outside the gold plus destroy requests not sent their tool), then the most
served, then the fewest outside the gold, then the first in the grid's order (``GRID``: the
rule before, then the more cautious points first). Then each dev
registry is left out, the choice made on the others and scored on it. Held-out registries are
never read.
"""

from __future__ import annotations

import importlib
from typing import Any

from choose_state_questions import request_sets
from destructive_ridealong import figures, outcomes
from guard_grid import COUNTS, errors, run_chooser, serving, total
from profile_rows import ROOT, build

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")
Point = tuple[bool, bool, str, str, bool]
"""``ASKED_BY_PREFIX``, ``NAMED_BACK``, ``SEVERAL``, ``VERB_OVER_PREFIX``, ``id_nouns.LABELS``."""
GRID: list[Point] = [
    (False, False, "best", "said", False),
    *(
        (True, back, several, verb, labels)
        for verb in ("object", "fits", "unrivalled", "said")
        for labels in (True, False)
        for back in (False, True)
        for several in ("said", "none", "best", "all")
    ),
]
"""Off first, then the points that send fewer destructive tools first: a contradicted tool's own verb enough
only with its object named, then unless the id's record has a destroyer, then unless that destroyer has its act
said, then always; the
label read (the request's own word for the record) before not; dropped tools left; and of several that fit,
none even where the request says several's acts, then none, the best-ranked, all (the last tie-break)."""
REFERENCE: Point = GRID[0]
KEYS = (*COUNTS, "held_empty")
Table = dict[str, dict[Point, dict[str, int]]]


def label(point: Point) -> str:
    """A grid point in words."""
    on, back, several, verb, labels = point
    if not on:
        return "off"
    words = f"on, dropped {'brought back' if back else 'left'}, several: {several}"
    return words + f", own verb: {verb}, labels {'read' if labels else 'not read'}"


def set_point(point: Point) -> None:
    """Read ids' prefixes as ``point`` says."""
    decide.ASKED_BY_PREFIX, decide.NAMED_BACK, decide.SEVERAL, decide.VERB_OVER_PREFIX, id_nouns.LABELS = point


def measure() -> Table:
    """Per dev registry and point: the counts over its request sets and both runs."""
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    table: Table = {}
    shipped = (decide.ASKED_BY_PREFIX, decide.NAMED_BACK, decide.SEVERAL, decide.VERB_OVER_PREFIX, id_nouns.LABELS)
    for row in request_sets():
        cells = table.setdefault(row.name, {p: dict.fromkeys(KEYS, 0) for p in GRID})
        for profiled in (False, True):
            tf = build(row, base, embedder, profiled=profiled)
            for point in GRID:
                set_point(point)
                found = figures(outcomes(row, tf))
                for k in KEYS:
                    cells[point][k] += found[k]
        print(row.name, "done", flush=True)
    set_point(shipped)
    return table


def choose(table: Table, names: list[str], per: int) -> Point:
    """The rule of the module docstring on ``names``."""
    empty = sum(table[n][REFERENCE]["held_empty"] for n in names)
    kept = [p for p in GRID if sum(table[n][p]["held_empty"] for n in names) <= empty]
    allowed = serving(table, names, kept, REFERENCE, per) or [REFERENCE]
    return min(allowed, key=lambda p: (*errors(total(table, names, p)), GRID.index(p)))


def held_empty(table: Table, names: list[str], point: Point) -> list[Any]:
    """The empty selections where the guard held a candidate, at ``point`` over ``names``: printed after its counts."""
    return ["held_empty", sum(table[n][point]["held_empty"] for n in names)]


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "id_prefix.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose, 80, held_empty)


if __name__ == "__main__":
    raise SystemExit(main())
