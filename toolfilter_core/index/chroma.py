"""Chroma as the tool index's record store: embedded directory or a Chroma server.

The only module that imports chromadb, inside its functions (``open_records`` opens the
store a ``StoreConfig`` names: a client, a directory, a server, or memory). Vectors are
always passed explicitly (``embeddings=``), and the collection is opened with
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

Damage. chromadb's Rust code reports some damage by panicking (a ``BaseException``) or by
aborting the process; ``check_sqlite`` refuses such a file first, and ``failure_of``
decides which caught ``BaseException`` becomes a ``StoreError``.

Time limits. chromadb's HTTP client waits forever by default; ``connect`` first asks the
server's heartbeat with ``timeout_s``, and every client toolfilter uses (injected ones too,
when they have no limit of their own) gets ``timeout_s`` per request.
"""

from __future__ import annotations

import errno
import os
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .._config import StoreConfig, host_problem
from .._exceptions import ConfigError, StoreError
from .._files import one_line
from ._records import MemoryRecords, Record, RecordStore

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, one process per directory is on the user
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from chromadb.api import ClientAPI
    from chromadb.config import Settings

__all__ = ["LOCK_FILE", "ChromaRecords", "clear_store", "close_client", "connect", "hold_directory", "open_records"]


READ_ONLY_HINT = (
    "the store is read-only, and Chroma writes to its directory even to open it: give this process "
    "write access, or copy the directory somewhere writable"
)


def rebuild_hint(directory: str | None) -> str:
    """How to rebuild a damaged store: from a directory (``--store DIR``) or on a server (no directory)."""
    if directory is None:
        return "rebuild it from the registry: toolfilter index TOOLS --chroma-host H --chroma-port P --rebuild"
    return (
        f"rebuild it from the registry: toolfilter index TOOLS --store {directory} --rebuild "
        "(an unreadable directory is kept beside the new one)"
    )


class DamagedStore(StoreError):
    """A store directory Chroma cannot read: ``clear_store`` moves it aside (``index --rebuild``)."""


def failure_of(error: BaseException) -> BaseException:
    """The error to turn into a ``StoreError``; interrupts and exits are raised again.

    chromadb's Rust code reports a damaged store by panicking: ``pyo3_runtime.PanicException``
    derives from ``BaseException``, so ``except Exception`` misses it, and its class cannot
    be imported before the first panic. Any other ``BaseException`` (Ctrl-C, ``SystemExit``,
    a cancelled task) goes on up.
    """
    if isinstance(error, Exception) or is_panic(error):
        return error
    raise error


def is_panic(error: BaseException) -> bool:
    """True for the panic of chromadb's Rust code (``pyo3_runtime.PanicException``)."""
    return type(error).__name__ == "PanicException"


_SYSTEM_TABLES = ("migrations", "collections", "collection_metadata", "segments", "segment_metadata", "tenants")
DAMAGE_WORDS = ("not a database", "malformed", "corrupt", "migration", "no such table", "inconsistent hash")


def check_sqlite(directory: Path, timeout_s: float) -> None:
    """Refuse a damaged ``chroma.sqlite3`` before chromadb's Rust code opens it.

    Some damage makes chromadb abort the whole process (a panic while it reports an
    error whose text is not UTF-8: no Python code runs after it), so the file is checked
    first with Python's own sqlite3, read-only: ``PRAGMA quick_check`` (the b-tree
    structure, linear in the file's size: 0.8 s for a 228 MB file on a 2-core machine,
    about 3.4 s a gigabyte), then every text value of Chroma's small system tables must be
    valid UTF-8 (chromadb panics on one that is not). A file another process is writing
    (locked) is not judged.

    Raises:
        DamagedStore: the file is damaged; the message names the directory and the fix.
    """
    import sqlite3

    database = directory / "chroma.sqlite3"
    if not database.is_file():
        return
    problem: str | None = None
    try:
        connection = sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True, timeout=timeout_s)
    except sqlite3.Error:  # cannot even open it read-only: chromadb will say why
        return
    else:
        try:
            rows = connection.execute("PRAGMA quick_check(1)").fetchall()
            if rows != [("ok",)]:
                problem = str(rows[0][0]) if rows else "quick_check found damage"
            else:
                tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                for table in _SYSTEM_TABLES:
                    if table in tables:
                        connection.execute(f'SELECT * FROM "{table}"').fetchall()  # decodes every text value
        except sqlite3.OperationalError as error:  # locked, read-only, I/O: not ours to judge
            if any(word in str(error).lower() for word in ("malformed", "not a database", "could not decode")):
                problem = str(error)
        except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError) as error:
            problem = f"{type(error).__name__}: {error}"
        finally:
            connection.close()
    if problem is not None:
        msg = (
            f"store: Chroma directory {str(directory)!r} is damaged ({one_line(problem, 160)}); "
            f"the directory is not a readable Chroma store: {rebuild_hint(str(directory))}"
        )
        raise DamagedStore(msg)


LOCK_FILE = ".toolfilter.lock"
"""Advisory lock file toolfilter keeps inside an embedded store directory."""

SHARE_HINT = (
    "an embedded Chroma directory can be written only while no other process has it open; "
    "stop the other process, or share the registry through a Chroma server "
    "(chroma run --path DIR, then --chroma-host/--chroma-port)"
)


class DirectoryLock:
    """A shared/exclusive POSIX lock on ``DIR/.toolfilter.lock``: one per directory per process.

    POSIX record locks (``lockf``), not ``flock``: turning a shared lock into an exclusive
    one is atomic, so a writer that has to wait keeps its shared lock meanwhile, and no
    other process can write the directory under this process's cached copy of it.
    """

    _by_path: dict[str, DirectoryLock] = {}
    _guard = threading.Lock()

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._mutex = threading.RLock()
        self._shared = False
        self._depth = 0
        self._fd: int | None = None
        if fcntl is not None:
            try:
                self._fd = os.open(directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:  # a read-only directory: nobody writes it through toolfilter
                self._fd = None

    @classmethod
    def of(cls, directory: str | Path) -> DirectoryLock:
        key = os.path.realpath(directory)
        with cls._guard:
            lock = cls._by_path.get(key)
            if lock is None:
                lock = cls._by_path[key] = cls(Path(key))
            return lock

    @classmethod
    def drop(cls, directory: str | Path) -> None:
        """Forget (and release) the lock of a directory that was moved away."""
        with cls._guard:
            lock = cls._by_path.pop(os.path.realpath(directory), None)
        if lock is not None and lock._fd is not None:
            os.close(lock._fd)
            lock._fd = None

    def _try(self, mode: int, wait_s: float) -> bool:
        assert self._fd is not None and fcntl is not None
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.lockf(self._fd, mode | fcntl.LOCK_NB)
                return True
            except OSError as error:
                if error.errno not in (errno.EACCES, errno.EAGAIN) or time.monotonic() >= deadline:
                    return False
                time.sleep(0.05)

    def share(self, wait_s: float) -> None:
        """Hold the directory open (many processes may), waiting out a writer."""
        with self._mutex:
            if self._fd is None or self._shared or self._depth:  # held exclusively: already ours
                return
            if not self._try(fcntl.LOCK_SH, wait_s):
                msg = (
                    f"store directory {str(self.directory)!r}: another process is writing it "
                    f"(waited {wait_s:g} s); retry when it is done, or {SHARE_HINT}"
                )
                raise StoreError(msg)
            self._shared = True

    @contextmanager
    def exclusive(self, wait_s: float) -> Iterator[None]:
        """Hold the directory alone for a write; other processes must not have it open."""
        with self._mutex:
            if self._fd is None:
                yield
                return
            if self._depth == 0 and not self._try(fcntl.LOCK_EX, wait_s):
                msg = (
                    f"store directory {str(self.directory)!r} is open in another process "
                    f"(waited {wait_s:g} s for it to let go); {SHARE_HINT}"
                )
                raise StoreError(msg)
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0 and self._fd is not None:
                    fcntl.lockf(self._fd, fcntl.LOCK_SH)  # back to shared: never blocks
                    self._shared = True


def _make_directory(directory: Path) -> None:
    """Create a store directory (and its parents) if need be.

    Raises:
        StoreError: it cannot be created.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        msg = f"store: cannot create directory {str(directory)!r}: {error.strerror or error}"
        raise StoreError(msg) from None


@contextmanager
def hold_directory(path: str | Path, timeout_s: float = 10.0) -> Iterator[None]:
    """Hold an embedded store directory alone for a whole block (``toolfilter index``).

    A process that knows it will write takes the lock before it opens the store, so that
    two such processes run one after the other instead of waiting on each other's shared
    lock. Other processes that have the directory open make it wait up to ``timeout_s``.

    Raises:
        StoreError: another process keeps the directory open for longer than ``timeout_s``.
    """
    directory = Path(path)
    _make_directory(directory)
    with DirectoryLock.of(directory).exclusive(timeout_s):
        yield


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


def close_client(client: Any) -> None:
    """Close a chromadb HTTP client's connections, its own and its admin client's, and the client.

    chromadb's ``close()`` leaves both HTTP sessions open (1.5.9): their sockets were reported unclosed
    (``ResourceWarning``) when the process ended.
    """
    try:
        import httpx

        for owner in (client, getattr(client, "_admin_client", None)):
            session = getattr(getattr(owner, "_server", None), "_session", None)
            if isinstance(session, httpx.Client):
                session.close()
        close = getattr(client, "close", None)
        if callable(close):
            close()
    except Exception as error:  # private attributes of chromadb: best effort
        failure_of(error)


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
        shown = f"{type(failure).__name__}: {one_line(str(failure), 160)}"
        raise StoreError(f"store: cannot open Chroma server {host}:{port}: {shown}") from None
    limit_time(client, timeout_s)
    return client


def _directory_client(directory: Path, timeout_s: float, settings: Settings) -> ClientAPI:
    """``PersistentClient(directory)``, created if need be, shared-locked, its SQLite file checked."""
    import chromadb

    if directory.exists() and not directory.is_dir():
        msg = f"store: {str(directory)!r} exists and is not a directory"
        raise StoreError(msg)
    _make_directory(directory)
    DirectoryLock.of(directory).share(timeout_s)
    check_sqlite(directory, timeout_s)
    try:
        return chromadb.PersistentClient(path=str(directory), settings=settings)
    except BaseException as caught:
        failure = failure_of(caught)
        forget_client(str(directory))
        text = one_line(str(failure), 300)
        prefix = f"store: cannot open Chroma directory {str(directory)!r}: {type(failure).__name__}: {text}"
        if is_panic(failure) or any(word in text.lower() for word in DAMAGE_WORDS):
            hint = f"; the directory is not a readable Chroma store: {rebuild_hint(str(directory))}"
            raise DamagedStore(prefix + hint) from None
        hint = ""
        if "readonly" in text.lower().replace("-", "") or isinstance(failure, PermissionError):
            hint = f"; {READ_ONLY_HINT}"
        raise StoreError(prefix + hint) from None


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
        text = one_line(str(error), 300)
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

    def collection_names(self) -> list[str]:
        """The names of the collections the client holds (a server's, a directory's), sorted; none if unread."""
        try:
            found = self._client.list_collections()
        except Exception:
            return []
        return sorted(str(getattr(c, "name", c)) for c in found)

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

    def get(self, ids: Sequence[str], *, embeddings: bool = False) -> list[Record]:
        """The records among ``ids`` that exist, with their vectors only if ``embeddings`` (a request a page).

        Raises:
            StoreError: a page cannot be read, or the collection was dropped after the first page.
        """
        if not ids or not self._get():
            return []
        include: list[Any] = ["metadatas", "documents", *(["embeddings"] if embeddings else [])]
        wanted = list(ids)
        records: list[Record] = []
        for start in range(0, len(wanted), self.page_size):
            try:
                got = self._collection.get(ids=wanted[start : start + self.page_size], include=include)
            except BaseException as caught:
                error = failure_of(caught)
                if _is_missing(error) and not start:  # dropped under us before a page was read: nothing there
                    return []
                # a later page: the pages read would be thrown away, or handed out as all there is
                raise self._error("read records", error) from None
            records += _records_of(got, embeddings=embeddings)
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
        ConfigError: ``store`` is not a path, or is an empty or blank one ("": the current directory, "  ": a
            directory with an invisible name; a caller's mistake).
        StoreError: the directory or server cannot be opened (the message names it).
    """
    if store is not None and not isinstance(store, str | PathLike):
        msg = f"store: got {store!r:.80} ({type(store).__name__}); allowed: a directory path (str or Path), or None"
        raise ConfigError(msg)
    if isinstance(store, str) and not store.strip():  # "  " or "\n": a directory with an invisible name
        msg = f"store: got {store!r}, an empty path (it would be the current directory); allowed: a directory path "
        raise ConfigError(msg + "(str or Path, '.' for the current directory), or None (in memory)")
    name = collection or settings.collection
    if client is None and store is None and settings.path is None and settings.host is None:
        return MemoryRecords()
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


def _records_of(got: Mapping[str, Any], *, embeddings: bool) -> list[Record]:
    """The records of one ``collection.get`` answer (the vectors one float32 block, rows as views)."""
    vectors = got.get("embeddings")
    block = np.asarray(vectors, dtype=np.float32) if embeddings and vectors is not None else None
    metadatas = got.get("metadatas") or []
    documents = got.get("documents") or []
    return [
        Record(
            i,
            dict(metadatas[n] or {}) if n < len(metadatas) else {},
            (documents[n] if n < len(documents) else "") or "",
            block[n] if block is not None and block.ndim == 2 else None,
        )
        for n, i in enumerate(got["ids"])
    ]
