"""How often a destroy request's object is a word the registry never says, on the dev registries.

    PYTHONPATH=. python benchmarks/study_foreign_object.py > benchmarks/results/foreign_object.txt

A reading considered for "cancel my subscription to the newsletter" in a language school's registry (no tool
serves newsletters; ``lesson_cancel`` was let through by its verb): hold every destroyer where each plain English
word of the request (lower case, four letters or more, no id, host or path), less the destroy words and a few
fillers, is a word no tool's name or description (nor, with profiles, profile request) says. Counted over every
``dev_*`` registry's request sets (``queries``, ``questions``, ``terse``, ``acts``): destroy requests (gold holds a
destructive tool) the reading would hold (lost), and the other requests it reads as foreign (where a destroyer
riding along would be held), each marked where it is Chinese too (a reading of English requests alone would leave
it). No held-out data.

With 移出 a destroy word: 262 destroy-worded requests; the reading holds 2 destroy requests (both Chinese with an
English word: "把 wangwu 移出 acme/frontend 团队") and reads no other request as foreign: it serves no dev request
more, so it is not kept; read on English requests alone it moves no dev request either way, and dev data cannot
choose it.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toolfilter_core import read_tools_file  # noqa: E402
from toolfilter_core._hints import is_destroy_word, request_is_destructive, says_destructive  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
FILLERS = frozenset(
    "please could would should can will just also what that this them they their there with from into about your "
    "mine ours want need like thanks thank some have been were does done make sure right away today tomorrow".split()
)
"""Words that name no object (written from the dev requests' forms: "please", "right away", "thanks")."""
_WORD = re.compile(r"(?<![\w./:#@-])[a-z]{4,}(?![\w./:#@-])")
"""A plain lower-case word of four letters or more: not a name ("Coldplay", "Jayden"), an id, a host
("switch-core") nor a path."""


_HAN = re.compile(r"[\u4e00-\u9fff]")


def _stem(word: str) -> str:
    return re.sub(r"(?:ies|es|s|ing|ed)$", "", word.lower())


def _vocabulary(folder: Path) -> set[str]:
    words: set[str] = set()
    for tool in read_tools_file(folder / "tools.jsonl"):
        words |= {_stem(w) for w in re.findall(r"[A-Za-z]+", f"{tool.name.replace('_', ' ')} {tool.description}")}
    profiles = folder / "profiles.jsonl"
    if profiles.exists():
        words |= {_stem(w) for w in re.findall(r"[A-Za-z]+", profiles.read_text(encoding="utf-8"))}
    return words


def foreign(text: str, vocabulary: set[str]) -> bool:
    """Every object word of ``text`` is one the registry never says (and it has one)."""
    said = [w for w in _WORD.findall(text) if w.lower() not in FILLERS and not is_destroy_word(w)]
    return bool(said) and not any(_stem(w) in vocabulary for w in said)


def main() -> None:
    lost: list[tuple[str, str]] = []
    other: list[tuple[str, str]] = []
    asks = 0
    for folder in sorted(f for f in DATA.glob("dev_*") if f.is_dir()):
        destructive = {t.name for t in read_tools_file(folder / "tools.jsonl") if says_destructive(t)}
        vocabulary = _vocabulary(folder)
        sets = [folder / "queries.jsonl", *(DATA / f"{folder.name}_{s}.jsonl" for s in ("questions", "terse", "acts"))]
        for path in (p for p in sets if p.exists()):
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                text, gold = str(row["query"]), set(row.get("gold") or [])
                if not request_is_destructive(text):
                    continue
                asks += 1
                if foreign(text, vocabulary):
                    han = " (Chinese too)" if _HAN.search(text) else ""
                    (lost if gold & destructive else other).append((folder.name, text + han))
    print(f"destroy-worded requests: {asks}")
    print(f"destroy requests the reading would hold (lost): {len(lost)}")
    for name, text in lost:
        print(f"  {name}: {text}")
    print(f"other destroy-worded requests read as foreign: {len(other)}")
    for name, text in other:
        print(f"  {name}: {text}")


if __name__ == "__main__":
    main()
