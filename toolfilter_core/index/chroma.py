"""Chroma as the tool index's record store: embedded directory or a Chroma server.

The only module that imports chromadb. Vectors are always passed explicitly
(``embeddings=``), and the collection is opened with ``embedding_function=None``, so Chroma
never loads or downloads a model of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .._exceptions import StoreError
from ._records import Record

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["ChromaRecords", "connect"]

_INFO_PREFIX = "toolfilter:"


def connect(
    *,
    path: str | Path | None = None,
    host: str | None = None,
    port: int = 8000,
    timeout_s: float = 10.0,
) -> ClientAPI:
    """Open a Chroma client: ``PersistentClient(path)`` or ``HttpClient(host, port)``.

    Raises:
        StoreError: both or neither given, the directory is unusable, or the server does
            not answer.
    """
    import chromadb
    from chromadb.config import Settings

    if (path is None) == (host is None):
        msg = f"store: give exactly one of 'path' and 'host', got path={path!r}, host={host!r}"
        raise StoreError(msg)
    settings = Settings(anonymized_telemetry=False)
    try:
        if path is not None:
            directory = Path(path)
            if directory.exists() and not directory.is_dir():
                msg = f"store: {str(directory)!r} exists and is not a directory"
                raise StoreError(msg)
            directory.mkdir(parents=True, exist_ok=True)
            return chromadb.PersistentClient(path=str(directory), settings=settings)
        settings = Settings(anonymized_telemetry=False, chroma_server_http_timeout=timeout_s)  # type: ignore[call-arg]
        client = chromadb.HttpClient(host=host or "", port=port, settings=settings)
        client.heartbeat()
        return client
    except StoreError:
        raise
    except Exception as error:  # chromadb raises many unrelated types
        where = f"directory {str(path)!r}" if path is not None else f"server {host}:{port}"
        msg = f"store: cannot open Chroma {where}: {type(error).__name__}: {error}"
        raise StoreError(msg) from error


class ChromaRecords:
    """Records in one Chroma collection; store-level info in the collection metadata."""

    def __init__(self, client: ClientAPI, collection: str = "toolfilter") -> None:
        """Open (or create) the collection on an existing client."""
        self._client = client
        self._name = collection
        try:
            self._collection = client.get_or_create_collection(
                name=collection, embedding_function=None, metadata={"toolfilter:schema": 1}
            )
        except Exception as error:
            raise self._error("open the collection", error) from error

    def _error(self, action: str, error: Exception) -> StoreError:
        text = str(error)
        hint = ""
        if "locked" in text.lower():
            hint = " (another process holds the store; retry, or use a Chroma server to share it)"
        elif "readonly" in text.lower().replace("-", "") or "read-only" in text.lower():
            hint = " (the store directory is read-only)"
        msg = f"store {self.describe()}: cannot {action}: {type(error).__name__}: {text}{hint}"
        return StoreError(msg)

    def describe(self) -> str:
        """The collection and where it lives."""
        return f"chroma collection {self._name!r}"

    def reset(self) -> None:
        """Delete and re-create the collection: a new embedder may have another vector size."""
        try:
            self._client.delete_collection(self._name)
            self._collection = self._client.get_or_create_collection(
                name=self._name, embedding_function=None, metadata={"toolfilter:schema": 1}
            )
        except Exception as error:
            raise self._error("reset the collection", error) from error

    def read_info(self) -> dict[str, Any]:
        """Toolfilter's keys from the collection metadata."""
        try:
            self._collection = self._client.get_collection(self._name, embedding_function=None)
        except Exception as error:
            raise self._error("read the collection metadata", error) from error
        meta = self._collection.metadata or {}
        return {k[len(_INFO_PREFIX) :]: v for k, v in meta.items() if k.startswith(_INFO_PREFIX)}

    def write_info(self, info: Mapping[str, Any]) -> None:
        """Store toolfilter's keys in the collection metadata."""
        meta = {f"{_INFO_PREFIX}{k}": v for k, v in info.items()}
        try:
            self._collection.modify(metadata=meta)
        except Exception as error:
            raise self._error("write the collection metadata", error) from error

    def read(self, *, embeddings: bool) -> list[Record]:
        """Every record, paged."""
        include: list[Any] = ["metadatas", "documents"]
        if embeddings:
            include.append("embeddings")
        records: list[Record] = []
        page = 5000
        try:
            total = self._collection.count()
            for offset in range(0, total, page):
                got = self._collection.get(include=include, limit=page, offset=offset)
                vectors = got.get("embeddings")
                for i, record_id in enumerate(got["ids"]):
                    metadata = (got.get("metadatas") or [{}])[i] or {}
                    document = (got.get("documents") or [""])[i] or ""
                    vector = None
                    if embeddings and vectors is not None:
                        vector = np.asarray(vectors[i], dtype=np.float32)
                    records.append(Record(record_id, dict(metadata), document, vector))
        except Exception as error:
            raise self._error("read the records", error) from error
        return records

    def upsert(self, records: Sequence[Record]) -> None:
        """Write records in batches no larger than the client allows."""
        if not records:
            return
        try:
            batch = max(1, min(self._client.get_max_batch_size(), 4096))
            for start in range(0, len(records), batch):
                part = records[start : start + batch]
                self._collection.upsert(
                    ids=[r.id for r in part],
                    embeddings=np.vstack([np.asarray(r.embedding, dtype=np.float32) for r in part]),
                    metadatas=[dict(r.metadata) for r in part],
                    documents=[r.document for r in part],
                )
        except Exception as error:
            raise self._error("write records", error) from error

    def delete(self, ids: Sequence[str]) -> None:
        """Remove records by id."""
        if not ids:
            return
        try:
            batch = 4096
            for start in range(0, len(ids), batch):
                self._collection.delete(ids=list(ids[start : start + batch]))
        except Exception as error:
            raise self._error("delete records", error) from error
