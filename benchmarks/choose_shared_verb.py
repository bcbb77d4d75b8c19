"""Choose whether a verb several destructive candidates share lets each in, each dev registry left out.

    python benchmarks/choose_shared_verb.py [--per 400] [--out benchmarks/results/shared_verb.json]

Issue #32 item 12: a request that says a destructive tool's own verb lets that tool in wherever it
ranks (``decide.ASKED_BY_ITS_VERB``), and every destructive candidate that shares the verb with it:
"cancel stay B-88" ranks ``boarding_cancel`` first (.73) and was sent ``appointment_cancel`` (.47) too,
in a registry whose boarding tool says its object only in its parameter (``stay_id``), so the object
reading (``choose_one_object.py``) cannot tell them apart. Points (``decide.SHARED_VERB``):

* ``all``: the reference, the rule before: every candidate whose own verb the request says enters;
* ``best`` within a gap (0.2, 0.15, 0.1, 0.05, 0): the best-ranked of them, any that scores within the gap
  of it (``decide.SHARED_VERB_GAP``), and any that is the row's best or an ask's best (``decide.meant``:
  "cancel my appointment and the boarding stay" has an ask for each);
* ``named`` (gap 0): as ``best`` within 0, but an ask's best that shares an own act with a better-ranked
  destructive candidate counts only where its ask names an object or carries an id of its own
  (``decide.unowned_asks``): "那个续药不要了，帮我取消掉" cuts a "帮我取消掉" that refers back to the refill, and
  its best was ``vaccine_appointment_cancel``.

Every ``dev_*`` registry runs its ``queries.jsonl``, its extra sets (``destructive_ridealong.EXTRA_SETS``)
and its ``<name>_questions.jsonl``, without and with its profiles, and each user turn of its conversations
(``conversations.jsonl``: the window's selection, as an adapter makes it); the counts sum per registry.
The rule is ``guard_grid``'s: among the points that serve as many tool requests as the reference within
one in ``--per``, the fewest guard errors (destructive tools outside the gold plus destroy requests not
sent their tool), then the most served, then the fewest outside the gold, then the first in the grid's
order. Then each dev registry is left out, the choice made on the others and scored on it. Held-out
registries are never read.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from choose_state_questions import request_sets
from guard_grid import COUNTS, fewest_errors, measure_grid, run_chooser
from profile_rows import DATA, ROOT

from toolfilter_core import ToolFilter, get_embedder, recommended_config
from toolfilter_core._conversation_eval import chooser, destroyers, openai_turns, read_conversations
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._tool_defs import read_tools_file

decide = importlib.import_module("toolfilter_core._pipeline.decide")
Point = tuple[str, float]
GRID: list[Point] = [
    ("all", 0.0),
    ("best", 0.2),
    ("best", 0.15),
    ("best", 0.1),
    ("best", 0.05),
    ("best", 0.0),
    ("named", 0.0),
]
REFERENCE: Point = ("all", 0.0)


def label(point: Point) -> str:
    """A grid point in words."""
    if point[0] == "named":
        return "shared verb: best, an ask's best only where it names its own"
    return f"shared verb: {point[0]}" + (f" within {point[1]}" if point[0] == "best" else "")


def set_point(point: Point) -> None:
    """Read objects as ``point`` says."""
    decide.SHARED_VERB, decide.SHARED_VERB_GAP = point


def choose(table: dict[str, dict[Point, dict[str, int]]], names: list[str], per: int) -> Point:
    """The point of the module docstring, chosen on ``names``."""
    return fewest_errors(table, names, GRID, REFERENCE, per)


def conversation_counts(folder: Path, tf: ToolFilter) -> dict[Point, dict[str, int]]:
    """Per grid point, the counts over the registry's conversations: each user turn's window selection."""
    convs = read_conversations(folder / "conversations.jsonl", tools={t.name for t in tf.tools})
    harmful = destroyers(tf)
    out: dict[Point, dict[str, int]] = {p: dict.fromkeys(COUNTS, 0) for p in GRID}
    for conversation in convs:
        for end, message in enumerate(conversation.messages):
            gold = set(message.get("gold") or []) if message.get("role") == "user" else None
            if gold is None:
                continue
            turns = openai_turns(conversation.messages[: end + 1])
            for point in GRID:
                set_point(point)
                offered = set(chooser(tf)(turns))
                counts = out[point]
                counts["tool_requests"] += bool(gold)
                counts["served"] += bool(gold) and gold <= offered
                counts["extra"] += bool((offered & harmful) - gold)  # turns, as destructive_ridealong counts requests
                counts["ride_along"] += not gold & harmful and bool(offered & harmful)
                counts["destroy_unserved"] += bool(gold & harmful) and not gold & harmful <= offered
    return out


def add_conversations(table: dict[str, dict[Point, dict[str, int]]], embedder: CachingEmbedder) -> None:
    """Each dev registry's conversation turns (window selection, without and with profiles) added to its counts."""
    base = recommended_config()
    for folder in sorted(DATA.glob("dev_*/conversations.jsonl")):
        tools = read_tools_file(folder.parent / "tools.jsonl")
        profiles = folder.parent / "profiles.jsonl"
        for path in (None, profiles if profiles.exists() else None):
            tf = ToolFilter(tools, config=base, embedder=embedder, profiles=path)
            for point, counts in conversation_counts(folder.parent, tf).items():
                row = table.setdefault(folder.parent.name, {p: dict.fromkeys(COUNTS, 0) for p in GRID})[point]
                for key, value in counts.items():
                    row[key] += value
        print(folder.parent.name, "conversations done", flush=True)


def measure() -> dict[str, dict[Point, dict[str, int]]]:
    """Per dev registry and point: the counts over its request sets and conversations, both runs each."""
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    table = measure_grid(GRID, set_point, embedder, request_sets())
    add_conversations(table, embedder)
    return table


def main() -> int:
    out = ROOT / "benchmarks" / "results" / "shared_verb.json"
    return run_chooser(__doc__.split("\n")[0], out, GRID, REFERENCE, label, measure, choose)


if __name__ == "__main__":
    raise SystemExit(main())
