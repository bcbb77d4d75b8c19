"""Opening a Chroma client: an embedded directory (locked, checked first) or a server (probed first).

The only module that imports chromadb at run time (``chroma.py`` for type hints only).

chromadb's HTTP client waits forever by default; ``connect`` first asks the server's
heartbeat with ``timeout_s``, with the credentials, and every client gets ``timeout_s``
per request (``limit_time``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._config import host_problem
from .._exceptions import ConfigError, StoreError
from ._chroma_check import (
    DAMAGE_WORDS,
    READ_ONLY_HINT,
    DamagedStore,
    check_sqlite,
    excerpt_text,
    failure_of,
    is_panic,
    rebuild_hint,
)
from ._chroma_lock import DirectoryLock

if TYPE_CHECKING:
    from chromadb.api import ClientAPI
    from chromadb.config import Settings

__all__ = ["connect", "forget_client", "limit_time", "probe"]


def forget_client(directory: str) -> None:
    """Drop chromadb's cached client of a directory that failed to open.

    chromadb caches a half-started client per path, and every later open of that path in
    this process would fail on it (chromadb 1.5.9).
    """
    try:
        from chromadb.api.shared_system_client import SharedSystemClient

        system = SharedSystemClient._identifier_to_system.pop(directory, None)
        SharedSystemClient._identifier_to_refcount.pop(directory, None)
        if system is not None:
            system.stop()
    except BaseException as error:  # a private cache of chromadb: best effort
        failure_of(error)


def limit_time(client: Any, timeout_s: float) -> None:
    """Give a chromadb HTTP client a per-request time limit if it has none (it waits forever)."""
    session = getattr(getattr(client, "_server", None), "_session", None)
    try:
        import httpx

        if isinstance(session, httpx.Client) and session.timeout == httpx.Timeout(None):
            session.timeout = httpx.Timeout(timeout_s)
    except Exception:  # private attributes of chromadb: best effort
        pass


def probe(host: str, port: int, timeout_s: float, headers: Mapping[str, str], ssl: bool) -> None:
    """Ask the server's heartbeat, within ``timeout_s``, with the credentials."""
    import httpx

    url = f"{'https' if ssl else 'http'}://{host}:{port}/api/v2/heartbeat"
    try:
        response = httpx.get(url, timeout=timeout_s, headers=dict(headers))
    except httpx.TimeoutException:
        msg = f"store: Chroma server {host}:{port} did not answer within {timeout_s:g} s (store.timeout_s)"
        raise StoreError(msg) from None
    except httpx.HTTPError as error:
        msg = (
            f"store: cannot reach Chroma server {host}:{port} ({type(error).__name__}: {error}); "
            "is `chroma run` up on that host and port?"
        )
        raise StoreError(msg) from None
    if response.status_code in (401, 403):
        given = "the credentials given were refused" if headers else "no credentials were given"
        msg = (
            f"store: Chroma server {host}:{port} answered HTTP {response.status_code} ({given}): pass the "
            "server's token with --chroma-token (or TOOLFILTER_CHROMA_TOKEN, store.token), or --chroma-basic-auth "
            "USER:PASSWORD (store.basic_auth)"
        )
        raise StoreError(msg)
    if response.status_code != 200:
        msg = (
            f"store: {host}:{port} answered HTTP {response.status_code} at /api/v2/heartbeat; "
            "is it a Chroma server (chromadb 1.x)?"
        )
        raise StoreError(msg)


def connect(
    *,
    path: str | Path | None = None,
    host: str | None = None,
    port: int = 8000,
    timeout_s: float = 10.0,
    headers: Mapping[str, str] | None = None,
    ssl: bool = False,
) -> ClientAPI:
    """Open a Chroma client: ``PersistentClient(path)`` or ``HttpClient(host, port)``.

    ``headers`` (credentials, ``StoreConfig.headers()``) go with every request to a server,
    the heartbeat probe included; ``ssl`` talks HTTPS.

    Raises:
        ConfigError: the host name holds a space or a control character.
        StoreError: both or neither given, the directory is unusable, corrupt or being
            written by another process, or the server does not answer within ``timeout_s``
            (the message names the directory or ``host:port``).
    """
    from chromadb.config import Settings

    if (path is None) == (host is None):
        msg = f"store: give exactly one of 'path' and 'host', got path={path!r}, host={host!r}"
        raise StoreError(msg)
    settings = Settings(anonymized_telemetry=False)
    if host is not None:
        return _server_client(host, port, timeout_s, headers or {}, ssl, settings)
    return _directory_client(Path(path or "."), timeout_s, settings)


def _server_client(
    host: str, port: int, timeout_s: float, headers: Mapping[str, str], ssl: bool, settings: Settings
) -> ClientAPI:
    """``HttpClient(host, port)`` once the server answered its heartbeat, calls limited to ``timeout_s``."""
    import chromadb

    problem = host_problem(host)
    if problem is not None:
        raise ConfigError(problem)
    probe(host, port, timeout_s, headers, ssl)
    try:
        client = chromadb.HttpClient(host=host, port=port, ssl=ssl, headers=dict(headers), settings=settings)
    except BaseException as caught:  # chromadb raises many unrelated types
        failure = failure_of(caught)
        shown = f"{type(failure).__name__}: {excerpt_text(str(failure))}"
        raise StoreError(f"store: cannot open Chroma server {host}:{port}: {shown}") from None
    limit_time(client, timeout_s)
    return client


def _directory_client(directory: Path, timeout_s: float, settings: Settings) -> ClientAPI:
    """``PersistentClient(directory)``, created if need be, shared-locked, its SQLite file checked."""
    import chromadb

    if directory.exists() and not directory.is_dir():
        msg = f"store: {str(directory)!r} exists and is not a directory"
        raise StoreError(msg)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        msg = f"store: cannot create directory {str(directory)!r}: {error.strerror or error}"
        raise StoreError(msg) from None
    DirectoryLock.of(directory).share(timeout_s)
    check_sqlite(directory, timeout_s)
    try:
        return chromadb.PersistentClient(path=str(directory), settings=settings)
    except BaseException as caught:
        failure = failure_of(caught)
        forget_client(str(directory))
        text = excerpt_text(str(failure), 300)
        prefix = f"store: cannot open Chroma directory {str(directory)!r}: {type(failure).__name__}: {text}"
        if is_panic(failure) or any(word in text.lower() for word in DAMAGE_WORDS):
            hint = f"; the directory is not a readable Chroma store: {rebuild_hint(str(directory))}"
            raise DamagedStore(prefix + hint) from None
        hint = ""
        if "readonly" in text.lower().replace("-", "") or isinstance(failure, PermissionError):
            hint = f"; {READ_ONLY_HINT}"
        raise StoreError(prefix + hint) from None
