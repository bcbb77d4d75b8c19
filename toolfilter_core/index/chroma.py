"""Chroma as the tool index's record store: embedded directory or a Chroma server.

chromadb itself is imported only by ``_chroma_connect.py`` (opening a client); the directory
lock is in ``_chroma_lock.py``, the damage check in ``_chroma_check.py``. Vectors are always
passed explicitly (``embeddings=``), and the collection is opened with
``embedding_function=None``, so Chroma never loads or downloads a model of its own.

Sharing. A Chroma server (``chroma run``) serves any number of processes; it is the way
to share one registry. An embedded directory serves one process at a time while it is
being written: Chroma keeps a per-process copy of the directory's vector index and does
not coordinate processes, so a write from a second process corrupts the store silently
(measured with chromadb 1.5.9: both writers succeed, then reading vectors fails with
"Error getting embedding"; a reader that opened the directory before another process
wrote fails with "Error finding id"). toolfilter therefore keeps an advisory lock file in
the directory (``.toolfilter.lock``, POSIX record locks): each process that opens it holds a shared lock for
the rest of its life (chromadb caches the open store per process), and a write needs the
lock alone. A write while another process has the directory open is refused with a
``StoreError`` that says so, instead of corrupting the store.

Time limits. chromadb's HTTP client waits forever by default; ``connect`` first asks the
server's heartbeat with ``timeout_s``, and every client toolfilter uses (injected ones too,
when they have no limit of their own) gets ``timeout_s`` per request.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .._exceptions import StoreError
from ._chroma_check import READ_ONLY_HINT, DamagedStore, excerpt_text, failure_of, is_panic, rebuild_hint
from ._chroma_connect import connect, forget_client, limit_time
from ._chroma_lock import SHARE_HINT, DirectoryLock
from ._records import Record

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["ChromaRecords", "clear_store"]

_INFO_PREFIX = "toolfilter:"


def _is_missing(error: BaseException) -> bool:
    """True for chromadb's "no such collection" (``NotFoundError``, or its text from a server)."""
    text = str(error).lower()
    return type(error).__name__ in ("NotFoundError", "InvalidCollectionException") or "does not exist" in text


def _where(client: Any) -> str:
    try:
        settings = client.get_settings()
    except Exception:
        return "chroma"
    if getattr(settings, "is_persistent", False) and getattr(settings, "persist_directory", None):
        return f"directory {str(settings.persist_directory)!r}"
    host = getattr(settings, "chroma_server_host", None)
    if host:
        return f"server {host}:{getattr(settings, 'chroma_server_http_port', '?')}"
    return "in memory"


class ChromaRecords:
    """Records in one Chroma collection; store-level info in the collection metadata.

    Args:
        client: A chromadb client: ``PersistentClient``, ``HttpClient`` or ``EphemeralClient``.
        collection: The collection name.
        timeout_s: Seconds to wait for a server's answer (HTTP clients without a limit of
            their own), or for another process to let go of an embedded directory.
    """

    page_size = 1000
    """Records per ``get`` when reading the whole collection. Small pages keep the peak
    memory of a read low (measured at 10,000 tools: 5,000 a page added 195 MB while reading,
    1,000 added 125 MB) and were no slower (docs/scaling.md)."""

    def __init__(self, client: ClientAPI, collection: str = "toolfilter", *, timeout_s: float = 10.0) -> None:
        """Open (or create) the collection on an existing client."""
        self._client = client
        self._name = collection
        self._timeout_s = timeout_s
        self._location = _where(client)
        self._lock: DirectoryLock | None = None
        settings: Any = None
        try:
            settings = client.get_settings()
        except Exception:
            settings = None
        if settings is not None and getattr(settings, "is_persistent", False) and settings.persist_directory:
            self._lock = DirectoryLock.of(settings.persist_directory)
            self._lock.share(timeout_s)
        limit_time(client, timeout_s)
        self.persistent = self._location.startswith(("directory", "server"))
        """True for a directory or a server: a registry there outlives this process."""
        self._collection: Any = None
        self._found_once = False
        self._get()

    def _get(self) -> bool:
        """Open the collection if it exists; reading never creates it. True when it is there."""
        if self._collection is not None:
            return True
        try:
            self._collection = self._client.get_collection(name=self._name, embedding_function=None)
        except BaseException as caught:
            error = failure_of(caught)
            if _is_missing(error):
                return False
            raise self._error("open the collection", error) from None
        self._found_once = True
        return True

    def _create(self) -> Any:
        """The collection, created on the first write."""
        if self._collection is None:
            try:
                self._collection = self._client.get_or_create_collection(name=self._name, embedding_function=None)
            except BaseException as caught:
                raise self._error("create the collection", failure_of(caught)) from None
            self._found_once = True
        return self._collection

    def _error(self, action: str, error: BaseException) -> StoreError:
        text = excerpt_text(str(error), 300)
        lowered = text.lower()
        hint = ""
        directory = str(self._lock.directory) if self._lock is not None else None
        if is_panic(error) or (
            directory is not None and any(word in lowered for word in ("malformed", "not a database", "utf8error"))
        ):
            msg = (
                f"store {self.describe()}: cannot {action}: {type(error).__name__}: {text} (the store is damaged; "
                f"{rebuild_hint(directory)})"
            )
            return DamagedStore(msg)
        if "locked" in lowered:
            hint = f" ({SHARE_HINT})"
        elif "readonly" in lowered.replace("-", "") or isinstance(error, PermissionError):
            hint = f" ({READ_ONLY_HINT})"
        elif "timeout" in type(error).__name__.lower() or "timed out" in lowered:
            hint = f" (no answer within {self._timeout_s:g} s, store.timeout_s)"
        elif "connect" in lowered or "connection" in type(error).__name__.lower():
            hint = " (is the Chroma server up?)"
        elif any(s in lowered for s in ("not a database", "malformed")):
            hint = f" (the store is damaged; {rebuild_hint(directory)})"
        elif any(s in lowered for s in ("error getting embedding", "error finding id")):
            hint = (
                " (records changed while they were read: a writer was busy, and the read is retried; "
                f"if it persists the store is damaged: {rebuild_hint(directory)})"
            )
        elif "disk i/o error" in lowered:
            hint = (
                " (the disk refused the write: the store's files are read-only, the disk is full, or the "
                "device failed; nothing half-written is served: fix it and run the same command again)"
            )
        elif "no space" in lowered or "disk full" in lowered or "database or disk is full" in lowered:
            hint = " (the disk is full; free space and run the same command again: nothing half-written is served)"
        msg = f"store {self.describe()}: cannot {action}: {type(error).__name__}: {text}{hint}"
        return StoreError(msg)

    def describe(self) -> str:
        """The collection and where it lives (directory, or server host:port)."""
        return f"chroma collection {self._name!r} ({self._location})"

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold an embedded directory alone while writing (a no-op for a server)."""
        if self._lock is None:
            yield
            return
        with self._lock.exclusive(self._timeout_s):
            yield

    def reset(self) -> None:
        """Delete and re-create the collection: a new embedder may have another vector size."""
        try:
            self._client.delete_collection(self._name)
        except BaseException as caught:
            error = failure_of(caught)
            if "does not exist" not in str(error).lower() and "not found" not in str(error).lower():
                raise self._error("reset the collection", error) from None
        self._collection = None
        self._create()

    def read_info(self) -> dict[str, Any]:
        """Toolfilter's keys from the collection metadata; empty when there is no collection yet."""
        try:
            self._collection = self._client.get_collection(self._name, embedding_function=None)
            self._found_once = True
        except BaseException as caught:
            error = failure_of(caught)
            if not (_is_missing(error) and not self._found_once):  # gone under a reader: an error, as before
                raise self._error("read the collection metadata", error) from None
            self._collection = None
            return {}
        meta = self._collection.metadata or {}
        return {k[len(_INFO_PREFIX) :]: v for k, v in meta.items() if k.startswith(_INFO_PREFIX)}

    def write_info(self, info: Mapping[str, Any]) -> None:
        """Replace the collection metadata with toolfilter's keys (one atomic write)."""
        meta = {f"{_INFO_PREFIX}{k}": v for k, v in info.items()}
        collection = self._create()
        try:
            collection.modify(metadata=meta)
        except BaseException as caught:
            raise self._error("write the collection metadata", failure_of(caught)) from None

    def read(self, *, embeddings: bool) -> list[Record]:
        """Every record, paged."""
        include: list[Any] = ["metadatas", "documents"]
        if embeddings:
            include.append("embeddings")
        records: list[Record] = []
        page = self.page_size
        if not self._get():
            return records
        try:
            total = self._collection.count()
            for offset in range(0, total, page):
                got = self._collection.get(include=include, limit=page, offset=offset)
                vectors = got.get("embeddings")
                # one float32 block per page, rows handed out as views: a copy per row
                # fragments the heap (chromadb returns float64), see docs/scaling.md
                block = np.asarray(vectors, dtype=np.float32) if embeddings and vectors is not None else None
                metadatas = got.get("metadatas") or []
                documents = got.get("documents") or []
                for i, record_id in enumerate(got["ids"]):
                    metadata = metadatas[i] if i < len(metadatas) else None
                    document = documents[i] if i < len(documents) else None
                    vector = block[i] if block is not None and block.ndim == 2 else None
                    records.append(Record(record_id, dict(metadata or {}), document or "", vector))
        except BaseException as caught:
            raise self._error("read the records", failure_of(caught)) from None
        return records

    def upsert(self, records: Sequence[Record]) -> None:
        """Write records in batches no larger than the client allows."""
        if not records:
            return
        collection = self._create()
        try:
            batch = max(1, min(self._client.get_max_batch_size(), 4096))
            for start in range(0, len(records), batch):
                part = records[start : start + batch]
                collection.upsert(
                    ids=[r.id for r in part],
                    embeddings=np.vstack([np.asarray(r.embedding, dtype=np.float32) for r in part]),
                    metadatas=[dict(r.metadata) for r in part],
                    documents=[r.document for r in part],
                )
        except BaseException as caught:
            raise self._error("write records", failure_of(caught)) from None

    def delete(self, ids: Sequence[str]) -> None:
        """Remove records by id."""
        if not ids or not self._get():
            return
        try:
            batch = 4096
            for start in range(0, len(ids), batch):
                self._collection.delete(ids=list(ids[start : start + batch]))
        except BaseException as caught:
            raise self._error("delete records", failure_of(caught)) from None


def clear_store(
    *,
    path: str | Path | None = None,
    client: ClientAPI | None = None,
    collection: str = "toolfilter",
    timeout_s: float = 10.0,
) -> str:
    """Drop a collection so that it can be rebuilt from the registry (``toolfilter index --rebuild``).

    For a directory Chroma cannot open (corrupt), the directory is moved aside to
    ``DIR.broken-<time>``, never deleted. Nothing is lost: the registry file is the
    source of truth, and the next index embeds it again.

    Args:
        path: An embedded store directory.
        client: A chromadb client (e.g. an ``HttpClient``); used when no path is given.
        collection: The collection to drop.
        timeout_s: Seconds to wait for other processes to let go of the directory.

    Returns:
        What was done, in one line.

    Raises:
        StoreError: another process has the directory open, the path is not a Chroma
            store, or the server refused.
    """
    if path is None:
        if client is None:
            msg = "clear_store: give a store directory or a client"
            raise StoreError(msg)
        records = ChromaRecords(client, collection, timeout_s=timeout_s)
        with records.writing():
            records.reset()
        return f"dropped {records.describe()}"
    directory = Path(path)
    if not directory.exists():
        return f"nothing to drop: {str(directory)!r} does not exist"
    try:
        records = ChromaRecords(connect(path=directory, timeout_s=timeout_s), collection, timeout_s=timeout_s)
        with records.writing():
            records.reset()
    except DamagedStore:
        if not (directory / "chroma.sqlite3").exists():
            msg = f"store: {str(directory)!r} is not a Chroma store (no chroma.sqlite3); not touching it"
            raise StoreError(msg) from None
        return f"moved the unreadable store {str(directory)!r} to {str(_move_aside(directory, timeout_s))!r}"
    return f"dropped {records.describe()}"


def _move_aside(directory: Path, timeout_s: float) -> Path:
    """Rename a damaged store directory to ``DIR.broken-<time>`` (never deleted) and forget it."""
    with DirectoryLock.of(directory).exclusive(timeout_s):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = directory.with_name(f"{directory.name}.broken-{stamp}")
        for number in range(2, 100):  # two rebuilds in one second keep both copies
            if not aside.exists():
                break
            aside = directory.with_name(f"{directory.name}.broken-{stamp}-{number}")
        try:
            directory.rename(aside)
        except OSError as error:
            msg = f"store: cannot move the damaged directory {str(directory)!r} aside: {error.strerror or error}"
            raise StoreError(msg) from None
    DirectoryLock.drop(directory)
    forget_client(str(directory))
    forget_client(str(directory.resolve()))
    return aside
