"""Choose how a question's words are found in the tool results (the loop's "answered" reading).

    PYTHONPATH=. python benchmarks/choose_answered_words.py [--out FILE]

A later question whose best tool reads, was called, and whose words are in the last tool
results gets no tool (``_conversation_read.answered``). A word is found as it is, or without
its last letter; a CJK question needs two of its character pairs in the results. Candidates:
English endings a word is also found without ("cancelling" in "cancelled"), and a CJK pair
also found in a clause of the results that holds its two characters in order (收费 in
"24小时内取消收取100元取消费"); and the question's tool: its best-scored, or the best-scored read of its
selection the conversation called. Every later user turn of each ``dev_*`` registry's
``conversations.jsonl`` (held-out registries are never read) that the loop reads as a
question is selected as the policy selects it (without and with the registry's profiles), and
each candidate counts its errors: a turn that needs no tool not read as answered, and a turn
that needs a tool read as answered (its tools would be taken away: a turn served no more). A
candidate is chosen with each registry left out: the fewest turns whose tools are taken on the
others, then the fewest missed, ties to the one that finds more (a later point of the grid). The
points in force are ``CHOSEN_ENDINGS``, ``CHOSEN_SPLIT_PAIRS`` and ``CHOSEN_CALLED_READ``. No dev row
tells the endings and the split pairs apart: on every development cell they tie with the reading
before them, and the tie goes to the new rule (kept for the dental clinic's "will I be charged for
cancelling?" and "取消要收费吗？"); the called read takes the tools of turns that need them (not taken).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from toolfilter_core import ToolFilter
from toolfilter_core._conversation_eval import openai_turns, read_conversations
from toolfilter_core._conversation_read import answered, question_tool, read_turn
from toolfilter_core._tool_defs import read_tools_file

ROOT = Path(__file__).resolve().parents[1]
Point = tuple[tuple[str, ...], bool, bool]
GRID: list[Point] = [
    (endings, split, called)
    for called in (False, True)
    for split in (False, True)
    for endings in ((), ("ing",), ("ing", "ed"))
]
"""(endings, split pairs, the question's tool a called read), the reading before the change first; ties go
to the later point."""


def label(point: Point) -> str:
    """A grid point as text."""
    return f"endings={'/'.join(point[0]) or '-'} split_pairs={point[1]} called_read={point[2]}"


def questions(folder: Path) -> list[dict[str, Any]]:
    """Every later question turn of a registry, with its best tool, without and with profiles."""
    tools = read_tools_file(folder / "tools.jsonl")
    profiles = folder / "profiles.jsonl"
    out: list[dict[str, Any]] = []
    for profiled in (False, True) if profiles.exists() else (False,):
        tf = ToolFilter(tools, profiles=profiles if profiled else None)
        for conversation in read_conversations(folder / "conversations.jsonl"):
            messages = conversation.messages
            for end, message in enumerate(messages):
                if message.get("role") != "user":
                    continue
                turns = openai_turns(messages[: end + 1])
                reading = read_turn(turns, history_turns=max(tf.config.history_turns, 1))
                if reading.kind != "request" or not reading.question:
                    continue
                fresh = tf.select(reading.query, context=reading.context)
                about = {
                    called: question_tool(fresh.selected, turns, called_read=called) if fresh.selected else None
                    for called in (False, True)
                }
                out.append({"text": reading.query, "none": not message.get("gold"), "tools": about, "turns": turns})
    return out


def errors(rows: list[dict[str, Any]], point: Point) -> dict[str, int]:
    """Turns needing no tool not read as answered (``missed``); needing one, read as answered (``taken``)."""
    said = [answered(r["tools"][point[2]], r["text"], r["turns"], endings=point[0], split_pairs=point[1]) for r in rows]
    missed = sum(1 for r, a in zip(rows, said, strict=True) if r["none"] and not a)
    taken = sum(1 for r, a in zip(rows, said, strict=True) if not r["none"] and a)
    return {"missed": missed, "taken": taken}


def choose(table: dict[str, dict[str, dict[str, int]]], names: list[str]) -> Point:
    """The fewest turns whose tools are taken on ``names``, then the fewest missed, ties to the later grid point."""

    def cost(point: Point) -> tuple[int, int, int]:
        taken = sum(table[n][label(point)]["taken"] for n in names)
        return taken, sum(table[n][label(point)]["missed"] for n in names), -GRID.index(point)

    return min(GRID, key=cost)


def main() -> int:
    """Print each candidate's errors per registry and the choice with each registry left out."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"))
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "answered_words.json"))
    args = parser.parse_args()
    folders = sorted(p.parent for p in Path(args.data).glob("dev_*/conversations.jsonl"))
    table: dict[str, dict[str, dict[str, int]]] = {}
    for folder in folders:
        rows = questions(folder)
        table[folder.name] = {label(p): errors(rows, p) for p in GRID}
        print(f"{folder.name}: {len(rows)} question turns")
        for point in GRID:
            print(f"  {label(point):<52} {table[folder.name][label(point)]}")
    names = list(table)
    report: dict[str, Any] = {"table": table, "left_out": {}}
    for name in names:
        point = choose(table, [n for n in names if n != name])
        report["left_out"][name] = label(point)
        print(f"  without {name:<18} {label(point)}: on it {table[name][label(point)]}")
    report["chosen"] = label(choose(table, names))
    print(f"on every dev registry (ties to the later point): {report['chosen']}")
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
