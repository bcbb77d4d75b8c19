"""Choose the words that make the agent loop read a later turn as asking advice (no tool).

    PYTHONPATH=. python benchmarks/choose_turn_markers.py [--leave-out NAME] [--out FILE]

The conversation policy gives no tool to a later user turn that asks for advice, an
explanation or wording (``_conversation_read._ADVICE``), and none to a question a tool result
already answers (``answered``). Each candidate below is a further pattern for one of them.
It is matched on the text of every development request: the user turns of each ``dev_*``
registry's ``conversations.jsonl`` and the requests of its ``queries.jsonl`` (held-out
registries are never read). A candidate is **chosen** when it matches at least one request
whose gold is empty (no tool) that the loop's own advice words (``ADVICE_WORDS``) do not
already match, and no request whose gold names a tool: a word that also opens a request for
a tool ("上周群里谁提过那个登录 bug 来着？在 Slack 里搜一下") would take its tools away.
``--leave-out NAME`` chooses without that registry. The chosen advice patterns are
``_conversation_read.CHOSEN_ADVICE`` (``tests/unit/test_turn_markers.py`` re-runs this
choice and checks they agree).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from toolfilter_core._conversation_read import ADVICE_WORDS

ROOT = Path(__file__).resolve().parents[1]

CANDIDATES: dict[str, dict[str, str]] = {
    "advice": {
        "怎么…解释": r"怎么(?:跟|和|向|对|给)?.{0,6}解释",
        "怎么…比较好": r"怎么.{0,8}比较好",
        "…比较好？": r"比较好[？?]?\s*$",
        "解释一下": r"解释一下",
        "how to explain": r"\bhow (?:to|can i|could i|do i) (?:explain|word|phrase|put)\b",
    },
    "answered": {
        "来着": r"来着",
        "again": r"\bagain\b",
        "…again?": r"\bagain\s*[?？]?\s*$",
        "remind me": r"\bremind me\b",
    },
}
"""Candidate patterns, by the reading they would extend."""


def requests(data: Path, leave_out: str | None) -> list[tuple[str, str, bool]]:
    """(registry, text, needs no tool) of every dev request: conversation user turns and queries."""
    out: list[tuple[str, str, bool]] = []
    for folder in sorted(p for p in data.glob("dev_*") if p.is_dir() and p.name != leave_out):
        conversations = folder / "conversations.jsonl"
        if conversations.exists():
            for line in conversations.read_text(encoding="utf-8").splitlines():
                for message in json.loads(line)["messages"] if line.strip() else ():
                    if message.get("role") == "user" and isinstance(message.get("content"), str):
                        out.append((folder.name, message["content"], not message.get("gold")))
        queries = folder / "queries.jsonl"
        if queries.exists():
            for line in queries.read_text(encoding="utf-8").splitlines():
                row = json.loads(line) if line.strip() else None
                if row and isinstance(row.get("query"), str):
                    out.append((folder.name, row["query"], not row.get("gold")))
    return out


def choose(data: Path, leave_out: str | None = None) -> dict[str, Any]:
    """Each candidate's hits on no-tool and tool requests, and the chosen ones, by reading."""
    rows = requests(data, leave_out)
    out: dict[str, Any] = {"requests": len(rows), "no_tool": sum(r[2] for r in rows), "candidates": {}, "chosen": {}}
    for reading, candidates in CANDIDATES.items():
        chosen: list[str] = []
        for label, pattern in candidates.items():
            found = re.compile(pattern, re.IGNORECASE)
            none = [t for _, t, no_tool in rows if no_tool and found.search(t) and not ADVICE_WORDS.search(t)]
            tool = [t for _, t, no_tool in rows if not no_tool and found.search(t)]
            out["candidates"][label] = {"reading": reading, "pattern": pattern, "no_tool": none, "tool": tool}
            if none and not tool:
                chosen.append(pattern)
        out["chosen"][reading] = chosen
    return out


def main() -> int:
    """Print each candidate's hits and the chosen patterns; write them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"))
    parser.add_argument("--leave-out", metavar="NAME", help="choose without this dev registry")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "turn_markers.json"))
    args = parser.parse_args()
    result = choose(Path(args.data), args.leave_out)
    print(f"{result['requests']} dev requests, {result['no_tool']} of them need no tool")
    for label, row in result["candidates"].items():
        mark = "chosen" if row["pattern"] in result["chosen"][row["reading"]] else "-"
        print(f"  {row['reading']:<9} {label:<16} no tool {len(row['no_tool']):>2}  tool {len(row['tool']):>2}  {mark}")
        for text in row["tool"][:3]:
            print(f"      tool request: {text[:90]!r}")
    Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
