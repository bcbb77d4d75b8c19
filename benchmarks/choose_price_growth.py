"""Choose the conversation policy's ``growth``: the tokens a model call is expected to add, at a first call.

    PYTHONPATH=. python benchmarks/choose_price_growth.py [--out benchmarks/results/price_growth.json]
        [--also DIR ...]

At a conversation's first call the policy prices its set against every tool the turn may have
(``ConversationPolicy._priced``): a set under the cache minimum is written on every call until
the conversation grows past it, so the price depends on how fast it grows, which the first call
cannot see. Each point of the grid replays every ``dev_*`` registry's conversations without and
with its profiles (the policy's defaults otherwise) and sums the bill and the bill of every tool
(Anthropic's prices); the chosen point has the lowest pooled bill, ties to ``never``
(``growth=None``), then to the larger growth (the set kept more often). Each registry left out:
the point chosen on the others, and its bill there (``guard_grid.left_out``). No held-out
conversation is read. ``--also DIR``: a folder with ``tools.jsonl``, ``profiles.jsonl`` and
``conversations.jsonl`` (a user's own) is replayed at every point and printed, not chosen on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from guard_grid import left_out, write_report  # noqa: E402

from toolfilter_core import ToolFilter  # noqa: E402
from toolfilter_core._cache_bill import PROVIDERS  # noqa: E402
from toolfilter_core._conversation_eval import chooser, read_conversations, replay_conversations  # noqa: E402
from toolfilter_core._tool_defs import read_tools_file  # noqa: E402
from toolfilter_core.integration import ConversationPolicy  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NEVER = -1
GRID = [(0,), (50,), (100,), (200,), (400,), (800,), (NEVER,)]
"""Tokens per call; ``NEVER``: ``growth=None`` (the first call always keeps its set)."""
REFERENCE = (NEVER,)


def measure(folder: Path) -> dict[tuple[int, ...], dict[str, int]]:
    """Per point: the bill and every tool's bill, summed over its conversations, without and with profiles."""
    tools = read_tools_file(folder / "tools.jsonl")
    out = {p: {"bill": 0, "all_tools": 0} for p in GRID}
    for profiles in (None, folder / "profiles.jsonl"):
        tf = ToolFilter(tools, profiles=profiles if profiles and profiles.exists() else None)
        schemas = {t.name: t.to_openai() for t in tf.tools}
        conversations = read_conversations(folder / "conversations.jsonl", tools=set(schemas))
        for point in GRID:
            result = replay_conversations(conversations, _maker(tf, point[0]), schemas, PROVIDERS["anthropic"])
            out[point]["bill"] += round(result.bill)
            out[point]["all_tools"] += round(result.bill_all_tools)
    return out


def _maker(tf: ToolFilter, growth: int) -> Callable[[], Any]:
    return lambda: chooser(tf, policy=ConversationPolicy(growth=None if growth == NEVER else growth))


def choose(table: dict[str, dict[tuple[int, ...], dict[str, int]]], names: list[str]) -> tuple[int, ...]:
    """The point with the lowest pooled bill over ``names``; ties to never, then the larger growth."""
    return min(GRID, key=lambda p: (sum(table[n][p]["bill"] for n in names), p != REFERENCE, -p[0]))


def label(point: tuple[int, ...]) -> str:
    return "never" if point == REFERENCE else f"growth={point[0]}"


def main() -> int:
    """Measure the grid, choose, and write the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "price_growth.json"))
    parser.add_argument("--also", nargs="*", default=[], help="folders replayed and printed, not chosen on")
    args = parser.parse_args()
    for extra in args.also:
        rows = measure(Path(extra))
        print(extra, " ".join(f"{label(p)}={v['bill'] / v['all_tools']:.4f}" for p, v in rows.items()))
    if args.also:
        return 0
    folders = sorted(p.parent for p in (ROOT / "benchmarks" / "data").glob("dev_*/conversations.jsonl"))
    table = {f.name: measure(f) for f in folders}
    names = sorted(table)
    for p in GRID:
        bill = sum(table[n][p]["bill"] for n in names)
        every = sum(table[n][p]["all_tools"] for n in names)
        per = " ".join(f"{n}={table[n][p]['bill'] / table[n][p]['all_tools']:.4f}" for n in names)
        print(f"{label(p):<14} bill vs all tools {bill / every:.4f}  {per}")
    chosen = choose(table, names)
    print(f"chosen on all {len(names)}: {label(chosen)}")
    others = left_out(table, names, lambda kept: choose(table, kept), label, REFERENCE, key="never")
    report: dict[str, Any] = {"chosen": list(chosen), "registries": names, "leave_one_out": others}
    write_report(args.out, report, table, label)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
