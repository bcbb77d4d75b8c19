"""Choose how a destroy request's object holds other objects' destroyers, each dev registry left out.

    python benchmarks/choose_one_object.py [--per 400] [--out benchmarks/results/one_object.json]

Issue #32 item 12: a destroy request's act ("cancel", "作废") unlocked every destructive candidate
whose verb it says: "Cancel appointment APT-7781" was sent ``boarding_cancel`` beside
``appointment_cancel``. ``objects.OBJECT_FROM`` reads the object a request names; where it names
one let-in destructive tool's object (a word of it, or an id the tool takes), the other let-in
destructive tools whose object it does not name are held (``decide.one_object``). Points:

* ``off``: the reference, the rule before (no object read);
* ``id``: only an id the tool takes (``id_shapes``) names its object;
* ``name``: and a tool's object words are its name's words, less a server and its destructive verbs;
* ``name_last``: as ``name``, but a path-like name (``owner``, ``*_id``, a plural then its singular:
  ``delete_repos_owner_repo_releases_release_id``) gives only its last resource noun group (``releases``),
  not every path word;
* ``params``: and the record its only id parameter names (``stay_id``: "cancel stay B-88" is
  ``boarding_cancel``'s, not ``appointment_cancel``'s);
* ``description``: and the words of its description's first clause (English words, Chinese pairs).

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets (``destructive_ridealong.EXTRA_SETS``)
and its ``<name>_questions.jsonl``, without and with its profiles; the counts sum per registry.
The rule is ``guard_grid``'s: among the points that serve as many tool requests as the reference within
one in ``--per``, the fewest guard errors (destructive tools outside the gold plus destroy requests not
sent their tool), then the most served, then the fewest outside the gold, then the first in the grid's
order. Then each dev registry is left out, the choice made on the others and scored on it. Held-out
registries are never read.
"""

from __future__ import annotations

import importlib

from choose_state_questions import request_sets
from guard_grid import fewest_errors, measure_grid, run_chooser
from profile_rows import ROOT

from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder

objects = importlib.import_module("toolfilter_core._pipeline.objects")
Point = tuple[str]
GRID: list[Point] = [("off",), ("id",), ("name",), ("name_last",), ("params",), ("description",)]
REFERENCE: Point = ("off",)


def label(point: Point) -> str:
    """A grid point in words."""
    return f"object words: {point[0]}"


def set_point(point: Point) -> None:
    """Read objects as ``point`` says."""
    objects.OBJECT_FROM = point[0]


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""
    return fewest_errors(table, names, GRID, REFERENCE, per)


def measure() -> dict[str, dict[Point, dict[str, int]]]:
    """Per dev registry and point: the counts over its request sets and both runs."""
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    return measure_grid(GRID, set_point, embedder, request_sets())


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "one_object.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose)


if __name__ == "__main__":
    raise SystemExit(main())
