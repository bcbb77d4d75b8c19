"""Open the record store a ``StoreConfig`` (and the caller's overrides) name."""

from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._config import StoreConfig
from .._exceptions import ConfigError
from ._records import MemoryRecords, RecordStore

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

__all__ = ["open_records"]


def open_records(
    settings: StoreConfig,
    *,
    store: str | Path | None = None,
    client: ClientAPI | Any | None = None,
    collection: str | None = None,
) -> RecordStore:
    """The store for ``ToolFilter`` and ``toolfilter index``: injected client, directory, server, or memory.

    An injected ``client`` wins, then ``store`` (a directory), then ``settings.path`` or
    ``settings.host``; with none of them the records live in memory. A server is reached
    with ``settings``' credentials (``token`` or ``basic_auth``) and ``ssl``. Opening reads
    only: a collection that does not exist is created by the first write, never by a read.

    Raises:
        ConfigError: ``store`` is not a path.
        StoreError: the directory or server cannot be opened (the message names it).
    """
    if store is not None and not isinstance(store, str | PathLike):
        msg = f"store: got {store!r:.80} ({type(store).__name__}); allowed: a directory path (str or Path), or None"
        raise ConfigError(msg)
    name = collection or settings.collection
    if client is None and store is None and settings.path is None and settings.host is None:
        return MemoryRecords()
    from ._chroma_connect import connect
    from .chroma import ChromaRecords

    if client is None:
        if store is not None:
            client = connect(path=store, timeout_s=settings.timeout_s)
        else:
            client = connect(
                path=settings.path,
                host=settings.host,
                port=settings.port,
                timeout_s=settings.timeout_s,
                headers=settings.headers(),
                ssl=settings.ssl,
            )
    return ChromaRecords(client, name, timeout_s=settings.timeout_s)
