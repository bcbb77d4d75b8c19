"""Choose the words by which a correction points to or names another object ("the other one", "不对，是另一个").

    PYTHONPATH=. python benchmarks/choose_correction_pointers.py [--leave-out NAME] [--out FILE]

After the assistant proposed an act ("Shall I cancel HB-30101? A fee may apply."), a "no" that
points to another object of the same act ("no, the other one", "不对，是另一个", "错了，是19号那个")
keeps the proposed act's tool, while a bare "no" refuses it (``_conversation_read``). Each
candidate below is a kind of word by which a turn points to or names its object. It is matched
on every development user turn that the loop reads as a correction (``_CORRECTION``: "no, …",
"不对 …"; the user turns of each ``dev_*`` registry's ``conversations.jsonl`` and the requests
of its ``queries.jsonl``; held-out registries are never read). A candidate is **chosen** when
it matches at least one such turn whose gold names a tool (a correction that keeps a task's act
and changes its object: "no wait, the upstairs one!", "不对 我要看的是IoT那个") and none whose
gold is empty (a "no" that wants no tool). ``--leave-out NAME`` chooses without that registry; without it,
the choice is also made with each dev registry left out in turn. The chosen patterns are
``_conversation_read.CHOSEN_POINTERS`` (``tests/unit/test_correction_pointers.py`` re-runs this
choice and checks they agree). The words by which a "no" keeps or changes its object ("no, keep that
one", "不，这个先保留": ``KEEP_WORDS``, which make a pointer point nowhere) are not chosen here: the
script counts the development corrections that say one (none do, so they move no development turn). It also
prints the most clauses a development correction has: ``_conversation_read.READ_CLAUSES`` reads more than that.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

from toolfilter_core._conversation_read import KEEP_WORDS, correction_clauses, correction_marked

ROOT = Path(__file__).resolve().parents[1]

CANDIDATES: dict[str, str] = {
    "one (the other one, that one)": r"\bones?\b",
    "other, another": r"\b(?:an)?other\b",
    "instead": r"\binstead\b",
    "else": r"\belse\b",
    "a number (the 19th, 903, HB-30102)": r"\d",
    "这/那/另 + classifier (那个, 另一个, 这几个)": r"[这那另][一几]?[个位间张条笔单份台件]",
    "别的, 其他": r"别的|其[他它]",
    "换成": r"换成",
}
"""Candidate patterns: kinds of word by which a turn points to or names its object."""


def corrections(data: Path, leave_out: str | None) -> list[tuple[str, str, bool]]:
    """(registry, text, needs no tool) of every dev user turn read as a correction, and dev request so marked."""
    out: list[tuple[str, str, bool]] = []
    for folder in sorted(p for p in data.glob("dev_*") if p.is_dir() and p.name != leave_out):
        texts: list[tuple[str, bool]] = []
        conversations = folder / "conversations.jsonl"
        if conversations.exists():
            for line in conversations.read_text(encoding="utf-8").splitlines():
                for message in json.loads(line)["messages"] if line.strip() else ():
                    if message.get("role") == "user" and isinstance(message.get("content"), str):
                        texts.append((message["content"], not message.get("gold")))
        queries = folder / "queries.jsonl"
        if queries.exists():
            for line in queries.read_text(encoding="utf-8").splitlines():
                row = json.loads(line) if line.strip() else None
                if row and isinstance(row.get("query"), str):
                    texts.append((row["query"], not row.get("gold")))
        out.extend((folder.name, text, no_tool) for text, no_tool in texts if correction_marked(text))
    return out


def choose(data: Path, leave_out: str | None = None) -> dict[str, Any]:
    """Each candidate's hits on corrections with a tool and without one, and the chosen patterns."""
    rows = corrections(data, leave_out)
    out: dict[str, Any] = {"corrections": len(rows), "no_tool": sum(r[2] for r in rows), "candidates": {}}
    chosen: list[str] = []
    for label, pattern in CANDIDATES.items():
        found = re.compile(pattern, re.IGNORECASE)
        none = [t for _, t, no_tool in rows if no_tool and found.search(t)]
        tool = [t for _, t, no_tool in rows if not no_tool and found.search(t)]
        out["candidates"][label] = {"pattern": pattern, "no_tool": none, "tool": tool}
        if tool and not none:
            chosen.append(pattern)
    out["chosen"] = chosen
    out["keep_words"] = [t for _, t, _ in rows if KEEP_WORDS.search(t)]  # not chosen: a "no" that keeps its object
    out["most_clauses"] = max((len(correction_clauses(t)) for _, t, _ in rows), default=0)
    return out


def main() -> int:
    """Print each candidate's hits and the chosen patterns, with each registry left out; write them as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"))
    parser.add_argument("--leave-out", metavar="NAME", help="choose without this dev registry")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "correction_pointers.json"))
    args = parser.parse_args()
    data = Path(args.data)
    result = choose(data, args.leave_out)
    print(f"{result['corrections']} dev turns read as corrections, {result['no_tool']} of them need no tool")
    print(f"  corrections saying a keep word (KEEP_WORDS, not chosen here): {len(result['keep_words'])}")
    print(f"  most clauses in a correction: {result['most_clauses']}")
    for label, row in result["candidates"].items():
        mark = "chosen" if row["pattern"] in result["chosen"] else "-"
        print(f"  {label:<44} no tool {len(row['no_tool']):>2}  tool {len(row['tool']):>2}  {mark}")
        for text in row["tool"][:3]:
            print(f"      tool: {text[:90]!r}")
    if args.leave_out is None:
        names = sorted(p.name for p in data.glob("dev_*") if p.is_dir())
        result["left_out"] = {name: choose(data, name)["chosen"] for name in names}
        for name, chosen in result["left_out"].items():
            same = "the same" if chosen == result["chosen"] else f"{chosen}"
            print(f"  without {name:<28} chosen: {same}")
    Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
