"""The registries with tool profiles, and one evaluation of a registry with or without them.

Shared by ``choose_voice_margin.py`` (which chooses ``abstain_voice_margin`` on the
registries that may choose) and ``profiles_table.py`` (which reports every registry).
Profiles live beside each registry as ``profiles.jsonl`` (written through
``toolfilter profiles export`` / ``import``; benchmarks/data/PROFILES.md says by whom).
"""

from __future__ import annotations

import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import (  # noqa: E402
    Embedder,
    LabelledQuery,
    Profiles,
    ToolFilter,
    ToolFilterConfig,
    ToolSpec,
    evaluate,
    read_profiles,
    read_queries,
    read_tools_file,
)
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402
from toolfilter_core._hints import says_destructive  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
CHOSE_PUBLIC = 250  # metatool: the first 250 tool and no-tool requests may choose; the rest never


@dataclass
class Row:
    """One registry's requests in one role."""

    name: str
    role: str
    """``chose`` (may choose numbers), ``held out`` (never), ``people`` (bfcl live: never)."""
    tools: list[ToolSpec]
    queries: list[LabelledQuery]
    profiles: Profiles
    lenient: bool = False
    kinds: dict[str, str] | None = None
    """Query id to its kind (direct, paraphrase, multi, long, no_tool) where the data says."""


def _kinds(path: Path) -> dict[str, str] | None:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("kind"):
            out[str(row["id"])] = str(row["kind"])
    return out or None


def rows(include: set[str] | None = None) -> list[Row]:
    """Every profiled registry, by role."""
    out: list[Row] = []

    def add(name: str, role: str, folder: str, queries: list[LabelledQuery], *, lenient: bool = False) -> None:
        if include is not None and name not in include:
            return
        f = DATA / folder
        if not (f / "profiles.jsonl").exists():
            return
        tools = read_tools_file(f / "tools.jsonl")
        kinds = _kinds(f / "queries.jsonl") if (f / "queries.jsonl").exists() else None
        out.append(Row(name, role, tools, queries, read_profiles(f / "profiles.jsonl"), lenient, kinds))

    kit = DATA / "toolkit48"
    add("toolkit48 dev", "chose", "toolkit48", read_queries(kit / "queries.jsonl"))
    add("toolkit48 paraphrase tune", "chose", "toolkit48", read_queries(DATA / "toolkit48_paraphrase_tune.jsonl"))
    for folder in sorted(p for p in DATA.glob("dev_*") if p.is_dir()):
        add(folder.name, "chose", folder.name, read_queries(folder / "queries.jsonl"))
    meta = read_queries(DATA / "metatool" / "queries.jsonl")
    tool_q = [q for q in meta if q.gold]
    none_q = [q for q in meta if not q.gold]
    add("metatool (first 250)", "chose", "metatool", tool_q[:CHOSE_PUBLIC] + none_q[:CHOSE_PUBLIC])
    add("toolkit48 paraphrase check", "held out", "toolkit48", read_queries(DATA / "toolkit48_paraphrase_check.jsonl"))
    for folder in sorted(p for p in DATA.glob("heldout_*") if p.is_dir()):
        add(folder.name, "held out", folder.name, read_queries(folder / "queries.jsonl"))
    add(
        "metatool (after 250)",
        "held out",
        "metatool",
        tool_q[CHOSE_PUBLIC : CHOSE_PUBLIC + 500] + none_q[CHOSE_PUBLIC:],
    )
    add("bfcl live (people)", "people", "bfcl_live", read_queries(DATA / "bfcl_live" / "queries.jsonl"), lenient=True)
    return out


def build(row: Row, config: ToolFilterConfig, embedder: Embedder, *, profiled: bool) -> ToolFilter:
    """A filter over the row's tools, with its profiles or without."""
    return ToolFilter(row.tools, config=config, embedder=embedder, profiles=row.profiles if profiled else None)


def measure(row: Row, tf: ToolFilter, *, inner: Embedder | None = None) -> dict[str, Any]:
    """``evaluate`` on the row, plus the share of tool requests fully served, by kind where known."""
    if inner is not None:
        tf.embedder = inner  # requests embedded for real: p95 is end to end
    harmful = [t.name for t in row.tools if says_destructive(t)]
    result = evaluate(tf.select, row.queries, lenient=row.lenient, destructive=harmful)
    out = result.to_dict(with_misses=True)
    misses = {m["id"] for m in out.pop("misses") if m.get("gold")}
    tool_ids = [q.id for q in row.queries if q.gold]
    out["served"] = round(1 - len(misses & set(tool_ids)) / len(tool_ids), 4) if tool_ids else None
    if row.kinds:
        by_kind: dict[str, list[bool]] = {}
        for q in row.queries:
            if q.gold:
                by_kind.setdefault(row.kinds.get(q.id, "?"), []).append(q.id not in misses)
        out["served_by_kind"] = {k: round(statistics.mean(v), 4) for k, v in sorted(by_kind.items())}
    return out


def cached(inner: Embedder) -> CachingEmbedder:
    return CachingEmbedder(inner)
