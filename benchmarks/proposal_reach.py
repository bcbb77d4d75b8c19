"""How far from its end an assistant's message puts the proposal a user's "yes" takes (dev conversations).

    PYTHONPATH=. python benchmarks/proposal_reach.py [--data DIR] [--leave-out NAME]

For every user turn of kind ``confirmation`` in the ``dev_*`` registries' conversations, the
assistant message it answers is split into sentences as the conversation reading splits them,
and the proposing sentence nearest the end is counted by its place from the end (1: the last;
0: none proposes). ``_LAST_SENTENCES`` in ``toolfilter_core/_conversation_read.py`` is the
smallest reach that finds every proposal found at any reach.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from toolfilter_core._conversation_read import _PROPOSES, _SENTENCE

ROOT = Path(__file__).resolve().parents[1]


def places(path: Path) -> Counter[int]:
    """The proposing sentence's place from the end, per confirmation turn of one conversations file."""
    out: Counter[int] = Counter()
    for line in path.read_text(encoding="utf-8").splitlines():
        messages = json.loads(line)["messages"] if line.strip() else []
        for index, message in enumerate(messages):
            if message.get("role") != "user" or message.get("kind") != "confirmation":
                continue
            asked = [m for m in messages[:index] if m.get("role") == "assistant" and not m.get("tool_calls")]
            text = str(asked[-1].get("content") or "") if asked else ""
            parts = [p.strip() for p in _SENTENCE.split(text.strip()) if p and p.strip()]
            found = [len(parts) - i for i, p in enumerate(parts) if _PROPOSES.search(p)]
            out[min(found) if found else 0] += 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"))
    parser.add_argument("--leave-out", metavar="NAME", help="leave this registry out")
    args = parser.parse_args()
    total: Counter[int] = Counter()
    for path in sorted(Path(args.data).glob("dev_*/conversations.jsonl")):
        if path.parent.name != args.leave_out:
            found = places(path)
            total += found
            print(f"{path.parent.name:<20} {dict(sorted(found.items()))}")
    reach = max((k for k in total if k), default=1)
    print(f"pooled {dict(sorted(total.items()))}: a reach of {reach} sentence(s) finds every proposal found")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
