"""What the tool index stores: records, the store interface, the in-memory store, the layout.

A record is one vector with its metadata and text. ``RecordStore`` is what the tool index
needs from a store; Chroma is the real one (``index/chroma.py``), ``MemoryRecords`` serves
``ToolFilter`` without a store.

The layout (storage schema 2): a record is a tool's main text (``kind="doc"``, whose
document is the whole tool definition as JSON), one of its trigger phrases
(``kind="trigger"``) or profile requests, a learned example, a near-miss request, or a
part of the manifest. ``ToolIndex`` (``_tool_index.py``) writes and reads them.

Several processes may share one store (a Chroma server) while one of them re-indexes, so
a write never changes what a reader assembles until it is complete:

1. record ids carry the tool's content hash, so a changed tool's records are written
   beside the old version's, never over them;
2. a *manifest* (records of kind ``manifest``: the registry's ``(name, hash)`` pairs)
   is written under a new version stamp;
3. one write of the store-level info (embedder, version, manifest size, the digest of
   the registry's near-miss requests) commits it;
4. what the new manifest no longer needs is deleted.

A reader assembles exactly the committed manifest, every tool complete (its doc record
and each of its trigger and profile records), or reads again. A sync that fails part-way
(disk full, server gone) leaves the previous registry in force, and running it again
embeds only the records that were not written yet.

Records of kind ``"example"`` are requests a tool was confirmed to serve (written by
``toolfilter_core._learning``). They are outside the manifest and belong to the tool's
name, not its hash: a tool's examples join its vectors whatever version of it is served,
survive re-syncs of a changed tool, are re-embedded when the store is rebuilt, and stay
when the tool leaves the registry (a server that is down, a tool taken out for a while):
they join it again when it comes back. ``UsageMemory.forget`` deletes them.

Records of kind ``no_tool`` are the registry's near-miss requests (tool profiles); the
set in force is the one whose digest the committed store info names. Records of kind
``phrase`` are the abstain phrases of the config that wrote the registry, embedded as
queries: a process that opens the store with the same phrases reads their vectors instead
of embedding them (the set in force is named by the info's ``phrases`` digest, like the
near misses). Both are sets keyed by digest (``SETS``): a new kind of per-registry set is
one more entry there, one more info key, and nothing else in the layout changes.

The version stamp (``version``) names the committed manifest; ``learned`` is a record
(``LEARNED_ID``) whose stamp changes when examples are written: learning from use never
writes the store info, so it can never commit an older registry over a newer one.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from .._types import ToolSpec

__all__ = [
    "DESTROY_KIND",
    "EXAMPLE_KIND",
    "LEARNED_ID",
    "MENTION_KIND",
    "NO_TOOL_KIND",
    "PHRASE_KIND",
    "PROFILE_KIND",
    "SCHEMA",
    "SETS",
    "MemoryRecords",
    "Record",
    "RecordStore",
    "StoreRead",
    "manifest_records",
    "metadata",
    "no_tool_digest",
    "record_id",
    "scan",
]


@dataclass(frozen=True, slots=True)
class Record:
    """One stored vector with its metadata and text."""

    id: str
    metadata: Mapping[str, Any]
    document: str
    embedding: NDArray[np.float32] | None = None


class RecordStore(Protocol):
    """What the tool index needs from a vector store."""

    def read_info(self) -> dict[str, Any]:
        """Store-level metadata: embedder id, version stamp."""
        ...

    def write_info(self, info: Mapping[str, Any]) -> None:
        """Replace store-level metadata."""
        ...

    def read(self, *, embeddings: bool) -> list[Record]:
        """Every record, with or without its vector."""
        ...

    def upsert(self, records: Sequence[Record]) -> None:
        """Insert or replace records (each with its embedding)."""
        ...

    def delete(self, ids: Sequence[str]) -> None:
        """Remove records by id."""
        ...

    def get(self, ids: Sequence[str], *, embeddings: bool = False) -> list[Record]:
        """The records among ``ids`` that exist, with their vectors only if ``embeddings``."""
        ...

    def reset(self) -> None:
        """Drop every record and the store-level metadata (vector size included)."""
        ...

    def describe(self) -> str:
        """Where the records live, for error messages."""
        ...

    def writing(self) -> AbstractContextManager[None]:
        """Hold the store for one writer while the block runs (readers keep reading).

        Raises:
            StoreError: another writer holds the store and does not let go in time.
        """
        ...


class MemoryRecords:
    """Records held in a dict: nothing persists past the process."""

    persistent = False
    """Nothing outlives the process, so a registry that shrinks here is never refused."""

    def __init__(self) -> None:
        """Start empty."""
        self._records: dict[str, Record] = {}
        self._info: dict[str, Any] = {}
        self._writer = threading.Lock()

    def read_info(self) -> dict[str, Any]:
        """Store-level metadata."""
        return dict(self._info)

    def write_info(self, info: Mapping[str, Any]) -> None:
        """Replace store-level metadata."""
        self._info = dict(info)

    def read(self, *, embeddings: bool) -> list[Record]:
        """Every record, in insertion order."""
        if embeddings:
            return list(self._records.values())
        return [Record(r.id, r.metadata, r.document) for r in self._records.values()]

    def upsert(self, records: Sequence[Record]) -> None:
        """Insert or replace records."""
        for record in records:
            self._records[record.id] = record

    def delete(self, ids: Sequence[str]) -> None:
        """Remove records by id (unknown ids are ignored)."""
        for record_id in ids:
            self._records.pop(record_id, None)

    def get(self, ids: Sequence[str], *, embeddings: bool = False) -> list[Record]:
        """The records among ``ids`` that exist, with their vectors only if ``embeddings``."""
        found = [self._records[i] for i in ids if i in self._records]
        return found if embeddings else [Record(r.id, r.metadata, r.document) for r in found]

    def reset(self) -> None:
        """Drop everything."""
        self._records.clear()
        self._info.clear()

    def describe(self) -> str:
        """``memory``."""
        return "memory"

    @contextmanager
    def writing(self) -> Iterator[None]:
        """One writer at a time (threads of this process)."""
        with self._writer:
            yield


SCHEMA = 2
"""Storage layout version written to the store-level info."""

EXAMPLE_KIND = "example"
"""Record kind of a learned (request, tool) example: tied to the tool's name, not its hash."""

PROFILE_KIND = "profile"
"""Record kind of a profile request (``ToolProfile.requests``): part of its tool version."""

DESTROY_KIND = "destroy"
"""Record kind of a profile's destroy-asking request (``ToolProfile.destroy``)."""

MENTION_KIND = "mention"
"""Record kind of a profile's mention (``ToolProfile.mentions``): never ranked, never a voice; the guard reads it."""

NO_TOOL_KIND = "no_tool"
"""Record kind of a registry's near-miss request; the set in force is named in the store info."""

PHRASE_KIND = "phrase"
"""Record kind of an abstain phrase's vector; the set in force is named in the store info."""

SETS = {NO_TOOL_KIND: "no_tool", PHRASE_KIND: "phrases"}
"""Per-registry sets of query vectors, by record kind: the info key naming the set in force."""

LEARNED_ID = "stamp:learned"
"""The record whose ``stamp`` changes whenever learned examples are written or deleted."""

_TOOL_KINDS = {"doc": 0, "trigger": 1, PROFILE_KIND: 2, DESTROY_KIND: 3, MENTION_KIND: 4}
"""The kinds of a tool version's records, in the order they are served."""

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
        profiled = len(tool.profile.texts) + len(tool.profile.mentions) if tool.profile else 0
        meta["parts"] = 1 + len(tool.triggers) + profiled
        if tool.profile is not None and tool.profile.same_job_as:  # no key for none: Chroma refuses an empty list
            meta["same_job_as"] = list(tool.profile.same_job_as)
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
class StoreRead:
    """One read of a store: its info, its records, and what they add up to."""

    info: dict[str, Any]
    records: list[Record]
    complete: dict[tuple[str, str], list[Record]] = field(default_factory=dict)
    """``(name, hash)`` to the records of that tool version, doc first, when none is missing."""
    manifest: dict[str, str] | None = None
    """The committed registry (name to hash); None when its manifest records are not all there."""
    examples: dict[str, list[Record]] = field(default_factory=dict)
    """Tool name to its example records (any version of the tool)."""
    sets: dict[str, dict[str, list[Record]]] = field(default_factory=dict)
    """Per kind of ``SETS``: record sets by digest (``no_tool_digest``), each in its order."""

    @property
    def no_tool(self) -> dict[str, list[Record]]:
        """Near-miss record sets by digest."""
        return self.sets.get(NO_TOOL_KIND, {})

    def in_force(self, kind: str) -> list[Record]:
        """The records of the set of ``kind`` the committed info names (empty when none)."""
        return self.sets.get(kind, {}).get(str(self.info.get(SETS[kind]) or ""), [])


def no_tool_digest(texts: tuple[str, ...]) -> str:
    """The digest naming one set of near-miss requests ('' for none)."""
    if not texts:
        return ""
    return hashlib.sha256(json.dumps(list(texts), ensure_ascii=False).encode("utf-8")).hexdigest()[:24]


def _position(record: Record) -> tuple[int, int, str]:
    tail = record.id.rsplit(":", 1)[-1]
    kind = _TOOL_KINDS.get(str(record.metadata.get("kind")), 9)
    return (kind, int(tail) if tail.isdigit() else 0, record.id)


def scan(info: dict[str, Any], records: list[Record]) -> StoreRead:
    """Group one read of a store: complete tool versions, the committed manifest, examples."""
    snap = StoreRead(info, records)
    groups: dict[tuple[str, str], list[Record]] = {}
    parts: dict[int, Record] = {}
    version = info.get("version")
    for record in records:
        meta = record.metadata
        kind = meta.get("kind")
        if kind == "manifest":
            if meta.get("version") == version:
                parts[int(meta.get("part", -1))] = record
        elif kind in _TOOL_KINDS:
            groups.setdefault((str(meta.get("tool", "")), str(meta.get("hash", ""))), []).append(record)
        elif kind == EXAMPLE_KIND:
            snap.examples.setdefault(str(meta.get("tool", "")), []).append(record)
        elif kind in SETS:
            snap.sets.setdefault(str(kind), {}).setdefault(str(meta.get("digest", "")), []).append(record)
    for key, group in groups.items():
        docs = [r for r in group if r.metadata.get("kind") == "doc"]
        if len(docs) == 1 and len(group) == docs[0].metadata.get("parts"):
            snap.complete[key] = sorted(group, key=_position)  # doc, triggers, profile, destroy, mentions
    for by_digest in snap.sets.values():
        for members in by_digest.values():
            members.sort(key=_position)
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
