"""How far from its end an assistant's message is searched for the proposal a user's "yes" takes (dev conversations).

    PYTHONPATH=. python benchmarks/proposal_reach.py [--data DIR] [--leave-out NAME]

Every user turn of the ``dev_*`` registries' conversations is read (``read_turn``) with the
proposal searched in the assistant's last 1, 2 and 3 sentences; per reach it prints the
turns of kind ``confirmation`` read as one (found) and the other turns read as one
(misread). ``_LAST_SENTENCES`` in ``toolfilter_core/_conversation_read.py`` is the smallest
reach with the most found, then the fewest misread.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from toolfilter_core import _conversation_read
from toolfilter_core._conversation_eval import openai_turns, read_conversations

ROOT = Path(__file__).resolve().parents[1]
REACHES = (1, 2, 3)


def counts(paths: list[Path], reach: int) -> tuple[int, int, int]:
    """Confirmation turns, those read as one, and other turns read as one, at ``reach``."""
    saved = _conversation_read._LAST_SENTENCES
    _conversation_read._LAST_SENTENCES = reach
    try:
        total = found = misread = 0
        for path in paths:
            for conversation in read_conversations(path):
                turns = openai_turns(conversation.messages)
                for index, message in enumerate(conversation.messages):
                    if message.get("role") != "user":
                        continue
                    read = _conversation_read.read_turn(turns[: index + 1]).kind == "confirmation"
                    gold = message.get("kind") == "confirmation"
                    total += gold
                    found += read and gold
                    misread += read and not gold
        return total, found, misread
    finally:
        _conversation_read._LAST_SENTENCES = saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"))
    parser.add_argument("--leave-out", metavar="NAME", help="leave this registry out")
    args = parser.parse_args()
    paths = [p for p in sorted(Path(args.data).glob("dev_*/conversations.jsonl")) if p.parent.name != args.leave_out]
    best: tuple[int, int, int] | None = None
    for reach in REACHES:
        total, found, misread = counts(paths, reach)
        print(f"reach {reach}: {found}/{total} confirmations read as one, {misread} other turns misread")
        if best is None or (found, -misread) > (best[1], -best[2]):
            best = (reach, found, misread)
    print(f"chosen reach: {best[0] if best else 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
