"""Where the social-only reading fires on the development requests, with their gold.

    PYTHONPATH=. python benchmarks/social_only.py [--out benchmarks/results/social_only.txt]

Every development request: each ``dev_*`` registry's ``queries.jsonl``, the ``dev_*_questions``,
``_reads``, ``_terse`` and ``_acts`` sets, toolkit48's dev requests and paraphrase tune set, and the user
turns of the ``dev_*`` conversations (held-out sets are never read). For each request the reading
(a message that is only a greeting, a wish, thanks, an acknowledgement; ``_social.is_social``) fires
on, its gold. The bar: it fires on no request whose gold has a tool. For each no-tool request it fires
on, the verdict the registry's filter (shipped preset, with its profiles) gives without the reading:
those not already "no tool needed" are newly served.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from toolfilter_core import Status, ToolFilter, read_profiles, read_tools_file, recommended_config
from toolfilter_core._social import is_social

decide_step = importlib.import_module("toolfilter_core._pipeline.decide")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "benchmarks" / "data"
SIDE_SETS = ("questions", "reads", "terse", "acts")


def requests() -> list[dict[str, Any]]:
    """Every development request: set, registry folder, id, text, gold (None: a turn without one)."""
    out: list[dict[str, Any]] = []

    def add(name: str, folder: str, path: Path) -> None:
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            out.append({"set": name, "folder": folder, "id": row["id"], "query": row["query"], "gold": row["gold"]})

    add("toolkit48", "toolkit48", DATA / "toolkit48" / "queries.jsonl")
    add("toolkit48_paraphrase_tune", "toolkit48", DATA / "toolkit48_paraphrase_tune.jsonl")
    for folder in sorted(f for f in DATA.glob("dev_*") if f.is_dir()):
        add(folder.name, folder.name, folder / "queries.jsonl")
        for side in SIDE_SETS:
            if (DATA / f"{folder.name}_{side}.jsonl").exists():
                add(f"{folder.name}_{side}", folder.name, DATA / f"{folder.name}_{side}.jsonl")
        if (folder / "conversations.jsonl").exists():
            out += _turns(folder)
    return out


def _turns(folder: Path) -> list[dict[str, Any]]:
    """The user turns of a registry's conversations (gold None where the turn carries none)."""
    out = []
    for line in (folder / "conversations.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        for n, m in enumerate(row["messages"]):
            if m["role"] == "user" and isinstance(m.get("content"), str):
                turn = {"set": f"{folder.name} conversations", "folder": "", "id": f"{row['id']}#{n}"}
                out.append({**turn, "query": m["content"], "gold": m.get("gold")})
    return out


def base_verdict(folder: str, query: str, filters: dict[str, ToolFilter]) -> str:
    """The registry filter's status for ``query`` without the social-only reading."""
    if folder not in filters:
        f = DATA / folder
        profiles = read_profiles(f / "profiles.jsonl") if (f / "profiles.jsonl").exists() else None
        tools = read_tools_file(f / "tools.jsonl")
        store = f"/tmp/social_only/{folder}"
        filters[folder] = ToolFilter(tools, config=recommended_config(), profiles=profiles, store=store)
    saved = decide_step.is_social
    decide_step.is_social = lambda _text: False
    try:
        return filters[folder].select(query).status.value
    finally:
        decide_step.is_social = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    rows = requests()
    fired = [r for r in rows if is_social(r["query"])]
    lines = [f"{len(rows)} development requests; the social-only reading fires on {len(fired)}:"]
    filters: dict[str, ToolFilter] = {}
    tooled, newly = 0, 0
    for r in fired:
        base = base_verdict(r["folder"], r["query"], filters) if r["folder"] and r["gold"] == [] else "-"
        tooled += bool(r["gold"])
        newly += base not in ("-", Status.NO_TOOL_NEEDED.value)
        lines.append(f"  {r['set']:34} {r['id']:22} gold={r['gold']!s:24} base={base:15} {r['query']!r}")
    no_tool = sum(r["gold"] == [] for r in rows)
    lines += [
        f"fired on requests whose gold has a tool: {tooled} (the bar: 0)",
        f"no-tool requests (gold []): {no_tool}; fired on {sum(r['gold'] == [] for r in fired)}; "
        f"newly served (the base gave tools or not sure): {newly}",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
