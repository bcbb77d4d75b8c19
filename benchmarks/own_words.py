"""Where the own-words reading fires on the development requests, with their gold.

    PYTHONPATH=. python benchmarks/own_words.py [--out benchmarks/results/own_words.txt]

The development requests of ``benchmarks/social_only.py`` and metatool's first 250 tool and first 250 no-tool
requests (``profile_rows``'s choosing part; held-out sets are never read); a conversation's user turn is read
alone, on its registry. The reading: a request that asks the model's own words (``model_job``: to
write, reword, translate, explain, advise or give ideas) where no usable tool does that job or holds a record it
names (``in_own_words``). For each request its words match, the verdict of the registry's filter (shipped preset,
with its profiles) with the reading and without it. The bar: no request whose gold has a tool is abstained by it.
The no-tool requests it answers that were not "no tool needed" without it are newly served.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from profile_rows import CHOSE_PUBLIC
from social_only import DATA, requests

from toolfilter_core import ToolFilter, read_profiles, read_tools_file, recommended_config
from toolfilter_core._pipeline.model_job import MODEL_JOB, model_job

decide_step = importlib.import_module("toolfilter_core._pipeline.decide")


def verdicts(folder: str, query: str, filters: dict[str, ToolFilter]) -> tuple[str, str]:
    """The registry filter's status for ``query`` with the reading (its own detail: ``own words``) and without."""
    if folder not in filters:
        f = DATA / folder
        profiles = read_profiles(f / "profiles.jsonl") if (f / "profiles.jsonl").exists() else None
        tools = read_tools_file(f / "tools.jsonl")
        filters[folder] = ToolFilter(
            tools, config=recommended_config(), profiles=profiles, store=f"/tmp/own_words/{folder}"
        )
    chosen = filters[folder].select(query)
    now = "own words" if chosen.detail == MODEL_JOB else chosen.status.value
    saved = decide_step.in_own_words
    decide_step.in_own_words = lambda *_args: False
    try:
        return now, filters[folder].select(query).status.value
    finally:
        decide_step.in_own_words = saved


def metatool() -> list[dict[str, Any]]:
    """Metatool's first ``CHOSE_PUBLIC`` tool and no-tool requests (the rest is held out)."""
    rows = [json.loads(line) for line in (DATA / "metatool" / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    chosen = [r for r in rows if r["gold"]][:CHOSE_PUBLIC] + [r for r in rows if not r["gold"]][:CHOSE_PUBLIC]
    return [
        {"set": "metatool", "folder": "metatool", "id": r["id"], "query": r["query"], "gold": r["gold"]} for r in chosen
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    rows = requests() + metatool()
    for r in rows:  # a conversation's turn is read on its registry
        r["folder"] = r["folder"] or r["set"].split()[0]
    matched = [r for r in rows if model_job(r["query"])]
    lines = [f"{len(rows)} development requests; the own-words reading's words match {len(matched)}:"]
    filters: dict[str, ToolFilter] = {}
    fired: list[dict[str, Any]] = []
    for r in matched:
        now, base = verdicts(r["folder"], r["query"], filters)
        fired += [r] if now == "own words" else []
        r["base"] = base
        gold = "-" if r["gold"] is None else str(r["gold"])
        lines.append(f"  {r['set']:34} {r['id']:22} gold={gold:24} {base:15} -> {now:15} {r['query']!r}")
    tooled = [r for r in fired if r["gold"]]
    newly = [r for r in fired if r["gold"] == [] and r["base"] != "no_tool_needed"]
    lines += [
        f"fired on {len(fired)}; on requests whose gold has a tool: {len(tooled)} (the bar: 0)",
        f"no-tool requests (gold []): {sum(r['gold'] == [] for r in rows)}; fired on "
        f"{sum(r['gold'] == [] for r in fired)}; newly served (the base gave tools or not sure): {len(newly)}",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
