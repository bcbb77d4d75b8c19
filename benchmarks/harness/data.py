"""The labelled datasets ``toolfilter bench`` runs: where they are found and how they are read."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolfilter_core import LabelledQuery, ToolSpec, read_tools_file
from toolfilter_core._tool_defs import lenient_name

__all__ = [
    "DATA_DIR",
    "EVALUATION_ONLY",
    "SHARED_DATA_DIR",
    "BenchDataset",
    "BenchUsageError",
    "DatasetSource",
    "discover_datasets",
    "load_dataset",
    "parse_limits",
    "strip_version",
]

_CHECKOUT = Path(__file__).resolve().parents[2]
DATA_DIR = _CHECKOUT / "benchmarks" / "data"
"""The checkout's ``benchmarks/data``: the datasets ``toolfilter bench`` reads by default."""
SHARED_DATA_DIR = _CHECKOUT.parent / "shared" / "data"
"""``../shared/data`` beside the checkout: the default ``--shared-data`` (used when present)."""

EVALUATION_ONLY = ("toollens", "ultratool_en", "ultratool_zh")
"""Datasets without a licence to copy: read from ``--shared-data`` only, skipped when absent."""


class BenchUsageError(ValueError):
    """A mistake in the ``toolfilter bench`` command line (unknown dataset, bad limit...)."""


def strip_version(name: str) -> str:
    """Drop a ``__vN`` rename suffix (bfcl, acebench): the core's ``lenient_name``."""
    return lenient_name(name)


@dataclass(frozen=True, slots=True)
class DatasetSource:
    """Where a dataset's two files are."""

    name: str
    tools: Path
    queries: Path
    origin: str
    """``data-dir`` or ``shared-data``."""


@dataclass(frozen=True, slots=True)
class BenchDataset:
    """A dataset as the bench runs it (after limits and the no-tool rule)."""

    name: str
    origin: str
    tools: tuple[ToolSpec, ...]
    queries: tuple[LabelledQuery, ...]
    pool_negatives: bool
    """True when no-tool labels hold against the whole pool (no per-question ``candidates``)."""
    lenient: bool
    """True when tool names carry ``__vN`` renames, so a lenient score is reported too."""
    available_tool_queries: int
    available_no_tool_queries: int
    limit: int | None = None

    @property
    def tool_queries(self) -> int:
        """Queries run that need a tool."""
        return sum(1 for q in self.queries if q.gold)

    @property
    def no_tool_queries(self) -> int:
        """Queries run that need none."""
        return sum(1 for q in self.queries if not q.gold)

    def info(self) -> dict[str, Any]:
        """What the JSON says about this dataset."""
        return {
            "name": self.name,
            "origin": self.origin,
            "tools": len(self.tools),
            "tool_queries": self.tool_queries,
            "no_tool_queries": self.no_tool_queries,
            "available_tool_queries": self.available_tool_queries,
            "available_no_tool_queries": self.available_no_tool_queries,
            "no_tool_scored": self.pool_negatives,
            "lenient": self.lenient,
            "limit": self.limit,
        }


def _datasets_in(base: Path, origin: str) -> dict[str, DatasetSource]:
    found: dict[str, DatasetSource] = {}
    if not base.is_dir():
        return found
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        if (folder / "tools.jsonl").is_file() and (folder / "queries.jsonl").is_file():
            found[folder.name] = DatasetSource(folder.name, folder / "tools.jsonl", folder / "queries.jsonl", origin)
    # A top-level <folder>_<x>.jsonl holds more queries for <folder>'s tools (toolkit48 paraphrases).
    for extra in sorted(base.glob("*.jsonl")):
        owners = [name for name in found if extra.stem.startswith(name + "_")]
        if owners:
            owner = found[max(owners, key=len)]
            found[extra.stem] = DatasetSource(extra.stem, owner.tools, extra, origin)
    return found


def discover_datasets(data_dir: Path, shared_dir: Path | None) -> dict[str, DatasetSource]:
    """Every dataset in ``data_dir``, plus those only found in ``shared_dir`` (when it exists)."""
    found = _datasets_in(data_dir, "data-dir")
    if shared_dir is not None:
        for name, source in _datasets_in(shared_dir, "shared-data").items():
            found.setdefault(name, source)
    return dict(sorted(found.items()))


def parse_limits(text: str | None) -> tuple[int | None, dict[str, int]]:
    """``"2000"`` or ``"500,metatool=2000"``: a default limit and per-dataset ones.

    Raises:
        BenchUsageError: a part is not a positive integer or ``name=integer``.
    """
    if text is None:
        return None, {}
    default: int | None = None
    named: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",")):
        name, _, value = part.rpartition("=")
        try:
            number = int(value)
        except ValueError:
            number = 0
        if number < 1:
            msg = f"--limit: got {part!r}; allowed: a positive integer N, or DATASET=N, comma-separated"
            raise BenchUsageError(msg)
        if name:
            named[name] = number
        else:
            default = number
    return default, named


def _read_rows(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        if not isinstance(row.get("query"), str) or not isinstance(row.get("gold"), list):
            msg = f"queries file {str(path)!r}: line {number} is not a labelled query"
            raise BenchUsageError(msg)
        rows.append(row)
    return rows


def load_dataset(source: DatasetSource, limit: int | None = None) -> BenchDataset:
    """Read a dataset, keeping at most ``limit`` tool queries and ``limit`` no-tool queries.

    No-tool queries of a dataset whose queries carry per-question ``candidates`` (bfcl,
    acebench) are left out: their labels hold against those candidates, not the pool.
    """
    tools = tuple(read_tools_file(source.tools))
    rows = _read_rows(source.queries)
    pool_negatives = not any("candidates" in row for row in rows)
    available_tool = sum(1 for r in rows if r["gold"])
    available_none = len(rows) - available_tool
    queries: list[LabelledQuery] = []
    taken = {True: 0, False: 0}
    for number, row in enumerate(rows, start=1):
        needs_tool = bool(row["gold"])
        if not needs_tool and not pool_negatives:
            continue
        if limit is not None and taken[needs_tool] >= limit:
            continue
        taken[needs_tool] += 1
        gold = tuple(str(g) for g in row["gold"])
        queries.append(LabelledQuery(str(row.get("id", number)), row["query"], gold, str(row.get("lang", ""))))
    return BenchDataset(
        name=source.name,
        origin=source.origin,
        tools=tools,
        queries=tuple(queries),
        pool_negatives=pool_negatives,
        lenient=any(lenient_name(t.name) != t.name for t in tools),
        available_tool_queries=available_tool,
        available_no_tool_queries=available_none,
        limit=limit,
    )
