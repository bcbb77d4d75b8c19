"""The tool index: keeps a record store in step with the registry, and searches it.

Per tool it stores one vector for the tool's main text (name, description, parameter
names) and one per trigger phrase, with metadata: tool name, kind, category, tags, content
hash and embedder id. ``sync`` re-embeds only tools whose content hash changed, deletes
tools that left the registry, and embeds nothing when nothing changed. A store written by
another embedder is rebuilt (or refused, by ``on_embedder_change="error"``).

Searching happens in memory: the vectors are loaded once into one matrix, and reloaded
only when the store's version stamp changes (another process re-indexed).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._embedders import Embedder
from .._exceptions import EmbedderMismatchError, StoreError
from .._registry import load_tool
from .._types import ToolSpec
from ._records import Record, RecordStore

__all__ = ["IndexReport", "ToolIndex"]

_BATCH = 256


@dataclass(frozen=True, slots=True)
class IndexReport:
    """What one ``sync`` did."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    texts_embedded: int = 0
    rebuilt: bool = False
    """True when the store held another embedder's vectors and was rebuilt."""


def _record_id(name: str, kind: str, position: int) -> str:
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:20]
    return f"{digest}:{kind}:{position}"


def _metadata(tool: ToolSpec, kind: str, digest: str, embedder_id: str) -> dict[str, object]:
    meta: dict[str, object] = {"tool": tool.name, "kind": kind, "hash": digest, "embedder": embedder_id}
    if tool.category is not None:
        meta["category"] = tool.category
    if tool.tags:  # Chroma refuses an empty list: leave the key out
        meta["tags"] = list(tool.tags)
    return meta


class ToolIndex:
    """Vectors of a registry's tools in a record store, with an in-memory search matrix."""

    def __init__(self, store: RecordStore, embedder: Embedder, *, on_embedder_change: str = "rebuild") -> None:
        """Wrap a record store; nothing is read until ``sync`` or ``load``."""
        self.store = store
        self.embedder = embedder
        self.on_embedder_change = on_embedder_change
        self.tools: tuple[ToolSpec, ...] = ()
        self._stamp: object = None
        self._matrix: NDArray[np.float32] = np.zeros((0, 0), dtype=np.float32)
        self._owner: NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._starts: NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        self._texts: list[str] = []

    # ----- writing -----

    def _check_embedder(self) -> bool:
        """True when the store must be rebuilt for this embedder."""
        stored = self.store.read_info().get("embedder")
        if stored is None or stored == self.embedder.id:
            return False
        if self.on_embedder_change == "error":
            msg = (
                f"store {self.store.describe()} was built with embedder {stored!r}, but "
                f"{self.embedder.id!r} is in use; re-index with on_embedder_change='rebuild' "
                "or use the same embedder"
            )
            raise EmbedderMismatchError(msg)
        return True

    def sync(self, tools: Sequence[ToolSpec], *, progress: bool = False) -> IndexReport:
        """Make the store hold exactly these tools, embedding only what changed."""
        rebuilt = self._check_embedder()
        existing = self.store.read(embeddings=False)
        if rebuilt:
            self.store.reset()
            existing = []
        stored_hash: dict[str, str] = {}
        ids_by_tool: dict[str, list[str]] = {}
        for record in existing:
            name = str(record.metadata.get("tool", ""))
            ids_by_tool.setdefault(name, []).append(record.id)
            if record.metadata.get("kind") == "doc":
                stored_hash[name] = str(record.metadata.get("hash", ""))

        wanted = {t.name: t for t in tools}
        changed = [t for t in tools if stored_hash.get(t.name) != t.content_hash()]
        new_records = self._embed_records(changed, progress=progress)
        new_ids = {r.id for r in new_records}
        self.store.upsert(new_records)
        # Leftovers: tools that left the registry, and trigger records a changed tool no longer has.
        stale = [
            record_id
            for name, ids in ids_by_tool.items()
            for record_id in ids
            if name not in wanted or (wanted[name] in changed and record_id not in new_ids)
        ]
        self.store.delete(stale)
        removed = len([n for n in ids_by_tool if n not in wanted])
        if changed or stale or rebuilt or not self.store.read_info():
            self.store.write_info({"embedder": self.embedder.id, "version": f"{time.time_ns()}", "tools": len(tools)})
        self.load(force=True)
        added = len([t for t in changed if t.name not in stored_hash])
        return IndexReport(
            added=added,
            updated=len(changed) - added,
            removed=removed,
            unchanged=len(tools) - len(changed),
            texts_embedded=len(new_records),
            rebuilt=rebuilt,
        )

    def _embed_records(self, tools: Sequence[ToolSpec], *, progress: bool) -> list[Record]:
        items: list[tuple[ToolSpec, str, int, str]] = []
        for tool in tools:
            items.append((tool, "doc", 0, tool.document()))
            items.extend((tool, "trigger", i, text) for i, text in enumerate(tool.triggers))
        vectors = self._embed_texts([text for *_, text in items], progress=progress)
        records = []
        for (tool, kind, position, text), vector in zip(items, vectors, strict=True):
            digest = tool.content_hash()
            document = json.dumps(tool.to_dict(), ensure_ascii=False) if kind == "doc" else text
            records.append(
                Record(
                    id=_record_id(tool.name, kind, position),
                    metadata=_metadata(tool, kind, digest, self.embedder.id),
                    document=document,
                    embedding=vector,
                )
            )
        return records

    def _embed_texts(self, texts: list[str], *, progress: bool) -> NDArray[np.float32]:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        batches = range(0, len(texts), _BATCH)
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=len(texts), unit="text", desc="embedding tools")
        parts = []
        for start in batches:
            chunk = texts[start : start + _BATCH]
            parts.append(self.embedder.embed_documents(chunk))
            if bar is not None:
                bar.update(len(chunk))
        if bar is not None:
            bar.close()
        return np.vstack(parts)

    # ----- reading -----

    def stale(self) -> bool:
        """True when the store's version stamp differs from what is loaded."""
        return self.store.read_info().get("version") != self._stamp

    def load(self, *, force: bool = False) -> None:
        """Read tools and vectors from the store into memory (if the stamp changed)."""
        info = self.store.read_info()
        if not force and info.get("version") == self._stamp and self.tools:
            return
        stored = info.get("embedder")
        if stored is not None and stored != self.embedder.id:
            msg = (
                f"store {self.store.describe()} holds vectors of embedder {stored!r}, not "
                f"{self.embedder.id!r}; re-index it with this embedder (toolfilter index)"
            )
            raise EmbedderMismatchError(msg)
        records = self.store.read(embeddings=True)
        docs = {}
        for record in records:
            if record.metadata.get("kind") == "doc":
                try:
                    docs[str(record.metadata["tool"])] = (
                        record.metadata.get("hash"),
                        load_tool(json.loads(record.document)),
                    )
                except (ValueError, KeyError) as error:
                    where = self.store.describe()
                    msg = f"store {where}: record {record.id!r} is corrupt ({error}); rebuild it from the registry"
                    raise StoreError(msg) from None
        # Keep only records of the tool's current content: never a half-written tool.
        names = sorted(docs)
        position = {name: i for i, name in enumerate(names)}
        rows = [
            r
            for r in records
            if r.metadata.get("tool") in docs
            and r.metadata.get("hash") == docs[str(r.metadata["tool"])][0]
            and r.embedding is not None
        ]
        rows.sort(key=lambda r: (position[str(r.metadata["tool"])], r.metadata.get("kind") != "doc", r.id))
        self.tools = tuple(docs[name][1] for name in names)
        if rows:
            self._matrix = np.ascontiguousarray(
                np.vstack([r.embedding for r in rows if r.embedding is not None]), dtype=np.float32
            )
        else:
            self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._owner = np.array([position[str(r.metadata["tool"])] for r in rows], dtype=np.int64)
        self._texts = [
            json.loads(r.document)["description"] if r.metadata.get("kind") == "doc" else r.document for r in rows
        ]
        self._starts = (
            np.flatnonzero(np.r_[True, self._owner[1:] != self._owner[:-1]]) if rows else np.zeros(0, dtype=np.int64)
        )
        self._stamp = info.get("version")

    def similarities(self, query_vector: NDArray[np.float32]) -> NDArray[np.float32]:
        """Per tool (in ``self.tools`` order), the best cosine over its vectors."""
        if not len(self._owner):
            return np.zeros(len(self.tools), dtype=np.float32)
        sims = self._matrix @ query_vector
        return np.maximum.reduceat(sims, self._starts).astype(np.float32)

    def best_text(self, tool_position: int, query_vector: NDArray[np.float32]) -> str:
        """The stored text (description or trigger) of a tool whose vector matched best."""
        rows = np.flatnonzero(self._owner == tool_position)
        if not len(rows):
            return ""
        best = rows[int(np.argmax(self._matrix[rows] @ query_vector))]
        return str(self._texts[best])
