"""The record store interface the tool index writes to, and an in-memory implementation.

A record is one vector: a tool's main text (``kind="doc"``, whose document is the whole tool
definition as JSON) or one of its trigger phrases (``kind="trigger"``). Chroma is the real
store (``index/chroma.py``); ``MemoryRecords`` serves ``ToolFilter`` without a store.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

__all__ = ["MemoryRecords", "Record", "RecordStore"]


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
