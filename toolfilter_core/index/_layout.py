"""What the tool index stores (storage schema 2): record ids, metadata, the manifest, one read of it.

``ToolIndex`` (``_tool_index.py``) writes and reads these; the write order that keeps a
reader from ever seeing half a registry is described there.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._types import ToolSpec
from ._records import Record

__all__ = ["EXAMPLE_KIND", "MANIFEST_CHUNK", "SCHEMA", "Snapshot", "manifest_records", "metadata", "record_id", "scan"]

SCHEMA = 2
"""Storage layout version written to the store-level info."""

EXAMPLE_KIND = "example"
"""Record kind of a learned (request, tool) example: tied to the tool's name, not its hash."""

MANIFEST_CHUNK = 2000
"""Registry entries per manifest record."""


def record_id(name: str, digest: str, kind: str, position: int) -> str:
    """The id of one record of a tool version: it carries the tool's content hash."""
    key = hashlib.sha1(name.encode("utf-8")).hexdigest()[:20]
    return f"{key}:{digest}:{kind}:{position}"


def metadata(tool: ToolSpec, kind: str, digest: str, embedder_id: str) -> dict[str, object]:
    """The metadata of one record of a tool version (a doc record counts its tool's parts)."""
    meta: dict[str, object] = {"tool": tool.name, "kind": kind, "hash": digest, "embedder": embedder_id}
    if kind == "doc":
        meta["parts"] = 1 + len(tool.triggers)
    if tool.category is not None:
        meta["category"] = tool.category
    if tool.tags:  # Chroma refuses an empty list: leave the key out
        meta["tags"] = list(tool.tags)
    return meta


def manifest_records(version: str, entries: list[tuple[str, str]], dim: int) -> list[Record]:
    """The registry's (name, hash) pairs in chunks; the vector is a placeholder Chroma requires."""
    placeholder = np.zeros(dim, dtype=np.float32)
    placeholder[0] = 1.0
    out = []
    for part, start in enumerate(range(0, len(entries), MANIFEST_CHUNK)):
        chunk = entries[start : start + MANIFEST_CHUNK]
        out.append(
            Record(
                id=f"manifest:{version}:{part}",
                metadata={"tool": "", "kind": "manifest", "version": version, "part": part},
                document=json.dumps(chunk, ensure_ascii=False),
                embedding=placeholder,
            )
        )
    return out


@dataclass
class Snapshot:
    """One read of a store: its info, its records, and what they add up to."""

    info: dict[str, Any]
    records: list[Record]
    complete: dict[tuple[str, str], list[Record]] = field(default_factory=dict)
    """``(name, hash)`` to the records of that tool version, doc first, when none is missing."""
    manifest: dict[str, str] | None = None
    """The committed registry (name to hash); None when its manifest records are not all there."""
    examples: dict[str, list[Record]] = field(default_factory=dict)
    """Tool name to its example records (any version of the tool)."""


def _position(record: Record) -> tuple[int, str]:
    tail = record.id.rsplit(":", 1)[-1]
    return (int(tail) if tail.isdigit() else 0, record.id)


def scan(info: dict[str, Any], records: list[Record]) -> Snapshot:
    """Group one read of a store: complete tool versions, the committed manifest, examples."""
    snap = Snapshot(info, records)
    groups: dict[tuple[str, str], list[Record]] = {}
    parts: dict[int, Record] = {}
    version = info.get("version")
    for record in records:
        meta = record.metadata
        kind = meta.get("kind")
        if kind == "manifest":
            if meta.get("version") == version:
                parts[int(meta.get("part", -1))] = record
        elif kind in ("doc", "trigger"):
            groups.setdefault((str(meta.get("tool", "")), str(meta.get("hash", ""))), []).append(record)
        elif kind == EXAMPLE_KIND:
            snap.examples.setdefault(str(meta.get("tool", "")), []).append(record)
    for key, group in groups.items():
        docs = [r for r in group if r.metadata.get("kind") == "doc"]
        if len(docs) == 1 and len(group) == docs[0].metadata.get("parts"):
            triggers = sorted((r for r in group if r.metadata.get("kind") == "trigger"), key=_position)
            snap.complete[key] = [docs[0], *triggers]
    expected = int(info.get("parts", 0) or 0)
    if version is not None and sorted(parts) == list(range(expected)):
        manifest: dict[str, str] = {}
        for i in range(expected):
            try:
                manifest.update({str(n): str(h) for n, h in json.loads(parts[i].document)})
            except (ValueError, TypeError):
                return snap
        snap.manifest = manifest
    return snap
